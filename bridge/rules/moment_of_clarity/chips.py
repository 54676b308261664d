"""Chips (Chips (Advanced)): white 1, red 3, blue 5, given by the GM.

Traded up at the end of a scene for value + 1 (four whites make a red), down
at no penalty; nobody holds more than 4 at a scene's start; a chip buys
cards equal to its value or twice as many beads; a white chip buys an
automatic success (GM approval); a blue chip at an arc's end buys a
character point. What a player over 4 must do is left to the GM."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from ..refusal import RulesRefusal
from .levels import Level

SCENE_START_LIMIT = 4


class Chip(str, Enum):
    WHITE = "white"
    RED = "red"
    BLUE = "blue"

    @property
    def worth(self) -> int:
        """"The level of chip is its value": white 1, red 3, blue 5."""
        return WORTH[self]

    @property
    def cards(self) -> int:
        return self.worth

    @property
    def beads(self) -> int:
        return 2 * self.worth


WORTH = {Chip.WHITE: 1, Chip.RED: 3, Chip.BLUE: 5}


@dataclass(frozen=True)
class Chips:
    """One player's chips, how many of each."""

    white: int = 0
    red: int = 0
    blue: int = 0

    def __post_init__(self) -> None:
        if min(self.white, self.red, self.blue) < 0:
            raise RulesRefusal("a player cannot hold fewer than no chips")

    @classmethod
    def of(cls, chips: Iterable[Chip]) -> Chips:
        counts = Counter(chips)
        return cls(counts[Chip.WHITE], counts[Chip.RED], counts[Chip.BLUE])

    def count(self, chip: Chip) -> int:
        return getattr(self, chip.value)

    @property
    def held(self) -> int:
        return self.white + self.red + self.blue

    @property
    def value(self) -> int:
        return sum(self.count(chip) * chip.worth for chip in Chip)

    def add(self, chips: Iterable[Chip]) -> Chips:
        given = Chips.of(chips)
        return Chips(self.white + given.white, self.red + given.red, self.blue + given.blue)

    def take(self, chips: Iterable[Chip]) -> Chips:
        taken = Chips.of(chips)
        if any(taken.count(chip) > self.count(chip) for chip in Chip):
            raise RulesRefusal(f"holds {self.told}, cannot give {taken.told}")
        return Chips(self.white - taken.white, self.red - taken.red, self.blue - taken.blue)

    def over_scene_limit(self) -> int:
        """How many chips too many to start a scene with."""
        return max(0, self.held - SCENE_START_LIMIT)

    @property
    def told(self) -> str:
        """The chips in words: "1 white and 2 blue", "no chips"."""
        counts = [f"{self.count(chip)} {chip.value}" for chip in Chip if self.count(chip)]
        return " and ".join(filter(None, [", ".join(counts[:-1]), counts[-1]])) if counts else "no chips"


def trade_up(chips: Chips, paid: Iterable[Chip], wanted: Chip) -> Chips:
    """``wanted`` for lower chips worth its value + 1, at a scene's end."""
    paid = list(paid)
    if any(chip.worth >= wanted.worth for chip in paid):
        raise RulesRefusal(f"a {wanted.value} chip is traded up for lower chips")
    if sum(chip.worth for chip in paid) != wanted.worth + 1:
        raise RulesRefusal(f"a {wanted.value} chip costs {wanted.worth + 1} in lower chips")
    return chips.take(paid).add([wanted])


def trade_down(chips: Chips, given: Chip, wanted: Iterable[Chip]) -> Chips:
    """A chip for lower chips of the same value, at a scene's end."""
    wanted = list(wanted)
    if any(chip.worth >= given.worth for chip in wanted) or sum(chip.worth for chip in wanted) != given.worth:
        raise RulesRefusal(f"a {given.value} chip trades down for lower chips worth {given.worth}")
    return chips.take([given]).add(wanted)


class Use(str, Enum):
    """What a chip is exchanged for."""

    CARDS = "cards"  # at any time: as many cards as its value
    BEADS = "beads"  # at any time: twice as many beads
    SUCCESS = "success"  # a white chip: an automatic success, even after the roll (GM approval)
    CHARACTER_POINT = "character_point"  # a blue chip, at an arc's end (not 5 points)


AUTOMATIC_SUCCESS = Level.SUCCESS


def exchange(chips: Chips, chip: Chip, use: Use) -> tuple[Chips, int]:
    """Spend ``chip`` for ``use``: the chips left and how many cards, beads,
    successes or character points it buys."""
    if use is Use.SUCCESS and chip is not Chip.WHITE:
        raise RulesRefusal("an automatic success takes a white chip")
    if use is Use.CHARACTER_POINT and chip is not Chip.BLUE:
        raise RulesRefusal("a character point takes a blue chip")
    bought = {Use.CARDS: chip.cards, Use.BEADS: chip.beads, Use.SUCCESS: 1, Use.CHARACTER_POINT: 1}[use]
    return chips.take([chip]), bought
