"""Conditional modifiers: situations that each remove one die from the roll
(Conditional Modifiers).

The text breaks off before listing the situations ("The following situations
reduce the number of dice the character rolls by one:"), so which situations
apply is the GM's call: each one named here removes one die, and a pool taken
to zero or below becomes a zero-dice roll (``rolls``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..dice import check_count
from ..refusal import RulesRefusal


@dataclass(frozen=True)
class Condition:
    """A situation the GM names that costs the roller one die."""

    source: str

    def __post_init__(self) -> None:
        if not self.source.strip():
            raise RulesRefusal("a conditional modifier needs a name")


@dataclass(frozen=True)
class Pool:
    """The dice the situation calls for, less one per condition.

    ``dice`` may be zero or negative; ``rolled`` is what is thrown: one die
    when ``zero_dice`` (Rolling Zero Dice), else ``dice``."""

    called_for: int
    conditions: tuple[Condition, ...]
    dice: int

    @property
    def zero_dice(self) -> bool:
        return self.dice <= 0

    @property
    def rolled(self) -> int:
        return 1 if self.zero_dice else self.dice


def build_pool(called_for: int, conditions: Iterable[Condition] = ()) -> Pool:
    """``called_for`` dice (which may already be zero or fewer, from penalties
    or low attributes) less one die per condition; refuses more dice than the cap."""
    conditions = tuple(conditions)
    dice = called_for - len(conditions)
    check_count(max(1, dice))
    return Pool(called_for, conditions, dice)
