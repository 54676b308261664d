"""The four story Elements, their suits, and the five archetypes (Story
Elements; Archetypes)."""

from __future__ import annotations

from enum import Enum


class Element(str, Enum):
    ACTION = "action"
    STORYTELLING = "storytelling"
    PLOT = "plot"
    DRAMA = "drama"

    @property
    def suit(self) -> Suit:
        return SUITS[self]

    @property
    def related(self) -> Element:
        """Storytelling and Drama are related, as are Action and Plot."""
        return RELATED[self]


class Suit(str, Enum):
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    SPADES = "spades"
    HEARTS = "hearts"

    @property
    def element(self) -> Element:
        return next(element for element, suit in SUITS.items() if suit is self)


SUITS = {
    Element.ACTION: Suit.CLUBS,
    Element.STORYTELLING: Suit.DIAMONDS,
    Element.PLOT: Suit.SPADES,
    Element.DRAMA: Suit.HEARTS,
}
RELATED = {
    Element.ACTION: Element.PLOT,
    Element.PLOT: Element.ACTION,
    Element.STORYTELLING: Element.DRAMA,
    Element.DRAMA: Element.STORYTELLING,
}


class Archetype(str, Enum):
    """Each but the Wildcard has three beads a scene in its primary Element."""

    WILDCARD = "wildcard"
    HERO = "hero"
    ENIGMA = "enigma"
    PROTAGONIST = "protagonist"
    ARCHITECT = "architect"

    @property
    def primary(self) -> Element | None:
        """None for a Wildcard: all its Elements are secondary."""
        return ELEMENTS[self][0]

    @property
    def secondary(self) -> frozenset[Element]:
        return ELEMENTS[self][1]

    def covers(self, element: Element) -> bool:
        """``element`` is the archetype's primary or a secondary Element (Trump: beads played there come back)."""
        return element is self.primary or element in self.secondary

    @property
    def scene_beads(self) -> int:
        return 0 if self is Archetype.WILDCARD else ARCHETYPE_BEADS

    @property
    def cards_drawn(self) -> int:
        """Before each session: 2 cards, a Wildcard draws 4 and keeps 3."""
        return 4 if self is Archetype.WILDCARD else 2

    @property
    def cards_kept(self) -> int:
        return 3 if self is Archetype.WILDCARD else 2

    @property
    def any_suit(self) -> bool:
        """A Wildcard plays a card as if it had the suit of its choosing."""
        return self is Archetype.WILDCARD


ARCHETYPE_BEADS = 3
ELEMENTS: dict[Archetype, tuple[Element | None, frozenset[Element]]] = {
    Archetype.WILDCARD: (None, frozenset(Element)),
    Archetype.HERO: (Element.ACTION, frozenset({Element.PLOT})),
    Archetype.ENIGMA: (Element.STORYTELLING, frozenset({Element.DRAMA})),
    Archetype.PROTAGONIST: (Element.PLOT, frozenset({Element.ACTION})),
    Archetype.ARCHITECT: (Element.DRAMA, frozenset({Element.STORYTELLING})),
}
