"""Each character's Determination (Rules, Determination).

At most 3 tokens. "One token at the start of every session" is read as a
character starting each session with exactly one (docs/rules/two_d20.md,
Determination; a GM who lets tokens carry over gives them back with ``gain``). Tokens are
gained at the GM's word (good roleplaying, significant challenges, fun) and
spent on one of four uses; two of them change a rolled test here, the other
two (a trait, another action) are the table's to play out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .momentum import NotEnough, PoolChange
from .skill_tests import D20, SIDES, SkillTest, read_die

MAXIMUM = 3
AT_SESSION_START = 1


class DeterminationUse(str, Enum):
    CRITICAL_DIE = "critical_die"  # turn one d20 to a critical success
    REROLL = "reroll"  # re-roll any or all dice
    TRAIT = "trait"  # create, change or remove a trait
    EXTRA_ACTION = "extra_action"  # take another action immediately


@dataclass(frozen=True)
class Determination:
    tokens: int

    def __post_init__(self) -> None:
        if not 0 <= self.tokens <= MAXIMUM:
            raise RulesRefusal(f"Determination is 0 to {MAXIMUM}, not {self.tokens}")

    @property
    def maximum(self) -> int:
        return MAXIMUM

    def start_of_session(self) -> tuple[Determination, PoolChange]:
        return self._to(AT_SESSION_START, "start of session: one Determination")

    def gain(self, reason: str) -> tuple[Determination, PoolChange]:
        """One token at the GM's word; above the maximum it is lost."""
        if not reason.strip():
            raise RulesRefusal("say why Determination is gained")
        after = min(MAXIMUM, self.tokens + 1)
        return self._to(after, reason, lost=self.tokens + 1 - after)

    def spend(self, use: DeterminationUse) -> tuple[Determination, PoolChange]:
        if not self.tokens:
            raise NotEnough(f"{use.value} needs a Determination token; none left")
        return self._to(self.tokens - 1, use.value)

    def _to(self, after: int, reason: str, lost: int = 0) -> tuple[Determination, PoolChange]:
        return replace(self, tokens=after), PoolChange("determination", self.tokens, after, reason, lost)


def critical_die(test: SkillTest, index: int) -> SkillTest:
    """The leader's die at ``index`` counts two successes and no complication."""
    die = _die(test, index)
    if die.determined:
        raise RulesRefusal(f"die {index} is already a critical success by Determination")
    dice = list(test.dice)
    dice[index] = read_die(die.face, test.target, die.rerolled_from, determined=True)
    return test.with_dice(dice)


def die_to_turn(test: SkillTest) -> int | None:
    """The leader's die that gains most from turning: the fewest successes,
    a complication first among equals (turning it removes the complication);
    None when every die is already a critical success."""
    gains = [(2 - die.successes, die.complication) for die in test.dice]
    best = max(gains)
    return None if best == (0, False) else gains.index(best)


def reroll(test: SkillTest, indices: Iterable[int], dice: DiceSource) -> SkillTest:
    """Re-roll the leader's dice at ``indices`` (any or all), in order; each
    keeps the faces it showed before."""
    chosen = sorted(set(indices))
    if not chosen:
        raise RulesRefusal("re-roll at least one die")
    for index in chosen:
        _die(test, index)
    faces = dice.roll(len(chosen), SIDES)
    rolled = list(test.dice)
    for index, face in zip(chosen, faces):
        old = rolled[index]
        rolled[index] = read_die(face, test.target, (*old.rerolled_from, old.face))
    return test.with_dice(rolled)


def _die(test: SkillTest, index: int) -> D20:
    if not 0 <= index < len(test.dice):
        raise RulesRefusal(f"the test has dice 0 to {len(test.dice) - 1}, not {index}")
    return test.dice[index]
