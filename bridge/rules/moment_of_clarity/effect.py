"""Reading the dice: natural faces, bonus dice, and the Effect Number
(Game Mechanics, Generating Numbers; docs/rules/moment_of_clarity.md, Effect Number)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from ..refusal import RulesRefusal


class DieKind(str, Enum):
    SKILL = "skill"  # a die of the pool
    BONUS = "bonus"  # rolled for a natural 10 (Dice Rolling: open ended)


@dataclass(frozen=True)
class RolledDie:
    """One die as rolled, with what a card added to it (Cards and Dice).

    A bonus die reads a 1 as a 2 (docs/rules/moment_of_clarity.md, Open-ended dice): that reading is
    its natural value. A card's ``augment`` changes the value, never the
    natural value, so it makes no duplicates."""

    face: int
    sides: int
    kind: DieKind = DieKind.SKILL
    augment: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.face <= self.sides:
            raise RulesRefusal(f"{self.face} is not a face of a d{self.sides}")
        if self.augment < 0:
            raise RulesRefusal(f"a card adds to a die, it cannot take {self.augment} away")

    @property
    def natural(self) -> int:
        return 2 if self.kind is DieKind.BONUS and self.face == 1 else self.face

    @property
    def value(self) -> int:
        return self.natural + self.augment

    @property
    def shows_one(self) -> bool:
        """A natural 1 no card raised: what makes a failure spectacular. The
        text's Harry example lifts a 1 with a card and the move succeeds."""
        return self.natural == 1 and not self.augment

    def augmented(self, points: int) -> RolledDie:
        return replace(self, augment=self.augment + points)


@dataclass(frozen=True)
class Group:
    """Dice sharing a natural value: worth their highest value plus one for
    each die past the first."""

    natural: int
    count: int
    worth: int


@dataclass(frozen=True)
class EffectNumber:
    value: int
    groups: tuple[Group, ...]

    def explain(self) -> str:
        if not self.groups:
            return "no dice: Effect Number 0"
        terms = [f"{_group_term(group)} -> {group.worth}" for group in self.groups]
        return f"Effect Number {self.value} (highest of {', '.join(terms)})"


def _group_term(group: Group) -> str:
    return f"{group.count}x{group.natural}" if group.count > 1 else str(group.natural)


def effect_number(dice: Iterable[RolledDie]) -> EffectNumber:
    """max over natural values v of (v + count of natural v - 1).

    Where a card raised dice of a duplicate, the group counts from its
    highest value (docs/rules/moment_of_clarity.md, Cards on dice)."""
    by_natural: dict[int, list[int]] = {}
    for die in dice:
        by_natural.setdefault(die.natural, []).append(die.value)
    groups = tuple(
        Group(natural, len(values), max(values) + len(values) - 1)
        for natural, values in sorted(by_natural.items(), reverse=True)
    )
    return EffectNumber(max((group.worth for group in groups), default=0), groups)
