"""The playing-card deck: the session's draw, cards as beads and as dice
augments (Cards; Cards as Beads; Cards and Dice).

Read here where the text is short: a card that is not on suit (related or
off suit) adds half its value, rounded up, to one die; only an on-suit card
splits its value among dice, and may leave some unspent (the Harry example
spends 7 of an 8). A Wildcard's card is on suit for whatever it is played on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .elements import Archetype, Element, Suit
from .rolls import Roll, augment

RANKS = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


@dataclass(frozen=True)
class Card:
    """Face cards are 11-13 and the Ace is high at 14."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14:
            raise RulesRefusal(f"a card's rank is 2 to 14 (Ace), not {self.rank}")

    @property
    def name(self) -> str:
        return f"{RANKS.get(self.rank, str(self.rank))} of {self.suit.value.capitalize()}"

    @classmethod
    def of(cls, card: Mapping[str, Any]) -> Card:
        return cls(card["rank"], Suit(card["suit"]))


def full_deck() -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for suit in Suit for rank in range(2, 15))


def shuffle(cards: Sequence[Card], dice: DiceSource) -> tuple[Card, ...]:
    """Fisher-Yates with the injected dice: a d(n) picks among the n left."""
    return draw(cards, len(cards), dice)


def draw(cards: Sequence[Card], count: int, dice: DiceSource) -> tuple[Card, ...]:
    """``count`` cards at random from ``cards`` (what is left of the deck):
    a d(n) picks among the n left, so no order of the deck is ever kept."""
    if not 0 <= count <= len(cards):
        raise RulesRefusal(f"the deck has {len(cards)} cards left, not {count}")
    left = list(cards)
    return tuple(left.pop(dice.roll(1, len(left))[0] - 1) for _ in range(count))


def left_in_deck(drawn: Sequence[Card]) -> tuple[Card, ...]:
    """The deck less the cards drawn this session."""
    out = set(drawn)
    return tuple(card for card in full_deck() if card not in out)


@dataclass(frozen=True)
class SessionDraw:
    drawn: tuple[Card, ...]
    kept: tuple[Card, ...]
    deck: tuple[Card, ...]


def session_draw(deck: Sequence[Card], archetype: Archetype, keep: Sequence[Card] | None = None) -> SessionDraw:
    """Before each session a player draws 2 cards; a Wildcard draws 4 and
    keeps the 3 it chooses (``keep``). Cards never carry over."""
    count = archetype.cards_drawn
    if len(deck) < count:
        raise RulesRefusal(f"the deck has {len(deck)} cards, {count} to draw")
    drawn, rest = tuple(deck[:count]), tuple(deck[count:])
    kept = drawn if keep is None and count == archetype.cards_kept else tuple(keep or ())
    if len(kept) != archetype.cards_kept or any(card not in drawn for card in kept) or len(set(kept)) < len(kept):
        raise RulesRefusal(f"a {archetype.value} keeps {archetype.cards_kept} of the cards drawn")
    return SessionDraw(drawn, kept, rest)


# --- suiting ------------------------------------------------------------------


class Suiting(str, Enum):
    """How a card's suit stands to the Element it is played on."""

    OFF_SUIT = "off_suit"
    RELATED = "related"
    ON_SUIT = "on_suit"


def suiting(card: Card, element: Element, archetype: Archetype | None = None) -> Suiting:
    if card.suit is element.suit or (archetype is not None and archetype.any_suit):
        return Suiting.ON_SUIT
    return Suiting.RELATED if card.suit.element is element.related else Suiting.OFF_SUIT


# --- cards as beads -----------------------------------------------------------


def bead_value(card: Card, before_scene: bool = False) -> int:
    """Beads of the card's suit's Element: 1 for 2-9, 2 for a 10 or Jack, 3
    for a Queen, 4 for a King, 5 for an Ace; two more played before a scene."""
    beads = 1 if card.rank <= 9 else {10: 2, 11: 2, 12: 3, 13: 4, 14: 5}[card.rank]
    return beads + 2 * before_scene


def beads_shifted(card: Card) -> int:
    """Played before a scene instead, a card shifts half its face value
    (rounded down) of beads to any other Element at no cost."""
    return card.rank // 2


# --- cards on dice ------------------------------------------------------------


@dataclass(frozen=True)
class CardOnDice:
    card: Card
    suiting: Suiting
    points: int
    splits: bool


def card_on_dice(card: Card, element: Element, archetype: Archetype | None = None) -> CardOnDice:
    """On suit: the card's whole value, split among any dice of the pool;
    otherwise half of it, rounded up, on one die."""
    fit = suiting(card, element, archetype)
    if fit is Suiting.ON_SUIT:
        return CardOnDice(card, fit, card.rank, True)
    return CardOnDice(card, fit, -(-card.rank // 2), False)


def play_on_dice(play: CardOnDice, rolls: Sequence[Roll], points: Mapping[tuple[int, int], int]) -> tuple[Roll, ...]:
    """Add ``points[(roll, die)]`` to the dice of one pool (the rolls of a
    split pool count as one) and judge each roll again."""
    if sum(points.values()) > play.points:
        raise RulesRefusal(f"the {play.card.name} gives {play.points} points, not {sum(points.values())}")
    if not play.splits and len([added for added in points.values() if added]) > 1:
        raise RulesRefusal(f"the {play.card.name} is {play.suiting.value.replace('_', ' ')}: its points go on one die")
    if any(not 0 <= index < len(rolls) for index, _ in points):
        raise RulesRefusal(f"there are {len(rolls)} rolls in this pool")
    return tuple(
        augment(rolled, {die: added for (index, die), added in points.items() if index == at})
        for at, rolled in enumerate(rolls)
    )
