"""Advanced Skill Rolls: a primary skill rolled as a basic skill roll, a
secondary skill changing its result.

- additive: the secondary level (halved in some cases, rounded down: the
  text does not say how to round) is added to the primary roll;
- subtractive: the secondary level is taken from the primary result, which
  becomes a target number for the roller's allies (teaching: the subject is
  primary, teaching secondary);
- cumulative: several rolls toward a very high TN (their totals summed) or a
  number of successes, where a solid success may count as two at the GM's
  discretion (``solid_counts_double``).

Both additive and subtractive rolls are ``Modifier``s on the primary roll, so
the card shows them with the rest. Left to the GM: which skills pair, when to
halve, what a botched roll does to the whole effort beyond adding nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..refusal import RulesRefusal
from .rolls import Modifier, SkillRoll
from .success import Degree, Outcome


def additive(skill: str, level: int, halved: bool = False) -> Modifier:
    """The secondary ``skill``'s level added to the primary roll."""
    _check_level(skill, level)
    if halved:
        return Modifier(f"{skill} (secondary, additive, halved from {level})", level // 2)
    return Modifier(f"{skill} (secondary, additive)", level)


def subtractive(skill: str, level: int) -> Modifier:
    """The secondary ``skill``'s level taken from the primary roll."""
    _check_level(skill, level)
    return Modifier(f"{skill} (secondary, subtractive)", -level)


def target_for_allies(primary: SkillRoll) -> int:
    """A subtractive roll's total (``subtractive`` among its modifiers) as
    the allies' TN, never below 1 (the least TN)."""
    return max(1, primary.total)


def _check_level(skill: str, level: int) -> None:
    if level < 0:
        raise RulesRefusal(f"{skill}'s level cannot be negative: {level}")


class Goal(str, Enum):
    """What a cumulative roll works toward."""

    TOTAL = "total"  # a very high TN, the rolls' totals summed
    SUCCESSES = "successes"  # a number of successes, each roll against its own TN


@dataclass(frozen=True)
class Cumulative:
    """The rolls so far, what each added, and after which roll (1-based) the goal was reached."""

    goal: Goal
    target: int
    rolls: tuple[SkillRoll, ...]
    added: tuple[int, ...]
    solid_counts_double: bool = False

    @property
    def progress(self) -> int:
        return sum(self.added)

    @property
    def reached_at(self) -> int | None:
        running = 0
        for number, added in enumerate(self.added, 1):
            running += added
            if running >= self.target:
                return number
        return None

    @property
    def reached(self) -> bool:
        return self.reached_at is not None

    @property
    def explanation(self) -> list[str]:
        unit = "" if self.goal is Goal.TOTAL else " successes"
        lines = [f"cumulative roll toward {self.target}{unit}"]
        for number, (roll, added) in enumerate(zip(self.rolls, self.added), 1):
            lines.append(f"roll {number}: {_said(roll)}, adds {added}")
        if self.goal is Goal.SUCCESSES and self.solid_counts_double:
            lines.append("a solid success counts as two successes (the GM's choice)")
        reached = f"reached after roll {self.reached_at}" if self.reached else "not reached"
        lines.append(f"{self.progress} of {self.target}{unit}: {reached}")
        return lines

    @property
    def outcome(self) -> Outcome:
        return Outcome("reached" if self.reached else "not_reached")


def cumulative_total(rolls: Sequence[SkillRoll], tn: int) -> Cumulative:
    """Sum the rolls' totals toward a very high ``tn``; a roll its 1s failed, or
    a total below 0, adds nothing."""
    _check_target(tn)
    added = tuple(0 if roll.mishap else max(0, roll.total) for roll in rolls)
    return Cumulative(Goal.TOTAL, tn, tuple(rolls), added)


def cumulative_successes(rolls: Sequence[SkillRoll], needed: int, solid_counts_double: bool = False) -> Cumulative:
    """Count successes, each roll judged against its own TN; a solid success
    counts two when the GM allows (``solid_counts_double``)."""
    _check_target(needed)
    if any(roll.verdict is None for roll in rolls):
        raise RulesRefusal("each roll of a cumulative roll for successes needs a TN")
    added = tuple(_successes(roll, solid_counts_double) for roll in rolls)
    return Cumulative(Goal.SUCCESSES, needed, tuple(rolls), added, solid_counts_double)


def _successes(roll: SkillRoll, solid_counts_double: bool) -> int:
    if not roll.verdict.degree.succeeded:
        return 0
    return 2 if solid_counts_double and roll.verdict.degree is Degree.SOLID_SUCCESS else 1


def _check_target(target: int) -> None:
    if target < 1:
        raise RulesRefusal(f"a cumulative roll works toward at least 1, not {target}")


def _said(roll: SkillRoll) -> str:
    said = f"total {roll.total}"
    if roll.verdict:
        said += f" vs TN {roll.verdict.tn}, {roll.verdict.degree.value.replace('_', ' ')}"
    elif roll.mishap:
        said += f", {roll.mishap.value.replace('_', ' ')}"
    return said
