"""Contests (Rules, Skill Test; Combat): both sides roll a skill test at
difficulty 0 and compare extra successes; the active side wins a draw.

The text is silent on a side without a success; the project reads the
Skill Test section's required success as binding here too: the
active side wins only with a success of its own, so when neither side has
one the passive side holds. Who gains Momentum from a contest is left to the
GM; each side's test still says its own (docs/rules/two_d20.md, Contests).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .skill_tests import SkillTest, Target, Verdict, roll_skill_test


class Side(str, Enum):
    ACTIVE = "active"
    PASSIVE = "passive"


@dataclass(frozen=True)
class Contest:
    active: SkillTest
    passive: SkillTest

    def __post_init__(self) -> None:
        if self.active.difficulty or self.passive.difficulty:
            raise RulesRefusal("both sides of a contest roll at difficulty 0")

    @property
    def winner(self) -> Side:
        active, passive = self.active, self.passive
        return Side.ACTIVE if active.passed and active.successes >= passive.successes else Side.PASSIVE

    @property
    def margin(self) -> int:
        """Extra successes the winner has over the loser (0 on a draw)."""
        return abs(self.active.successes - self.passive.successes)

    @property
    def outcome(self) -> Verdict:
        return Verdict(f"{self.winner.value}_wins")

    @property
    def explanation(self) -> list[str]:
        active, passive = self.active.successes, self.passive.successes
        if not self.active.passed:
            why = "the active side has no success"
        elif active == passive:
            why = "a draw goes to the active side"
        else:
            why = f"{max(active, passive)} extra successes beat {min(active, passive)}"
        return [f"active {active} vs passive {passive} extra successes: {self.winner.value} wins ({why})"]


def roll_contest(active: Target, passive: Target, *, dice: DiceSource) -> Contest:
    """The active side rolls first, then the passive side, both at difficulty 0."""
    return Contest(roll_skill_test(active, 0, dice=dice), roll_skill_test(passive, 0, dice=dice))
