"""Character advancement (ch. 11): experience costs and the MoT buy-back.

Each step up a table is paid for separately, so raising several levels at
once sums the steps. A Perception or Agility step costs double when the
world turns ``Dials.double_cost_perception_agility`` on (ch. 11 suggests
it "for most games").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..refusal import RulesRefusal
from .dials import Dials
from .statistics import Statistic

#: Ch. 11, Skill Level Advancement Table: XP to reach each level.
SKILL_ADVANCEMENT_XP = {0: 5, 1: 10, 2: 15, 3: 20, 4: 25}
#: Ch. 11, Statistic Advancement Table: XP to reach each level.
STATISTIC_ADVANCEMENT_XP = {2: 10, 3: 20, 4: 30, 5: 40, 6: 50, 7: 60}
#: Ch. 11: Perception and Agility are "particularly problematic" to raise.
COSTLY_STATISTICS = frozenset({Statistic.PERCEPTION, Statistic.AGILITY})
COSTLY_MULTIPLIER = 2


class OffTheTable(RulesRefusal):
    """A raise the tables refuse; ``field`` names the culprit: ``name``,
    ``current`` or ``desired``."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Step:
    """One level gained and its price on the table."""

    level: int
    experience: int


@dataclass(frozen=True)
class AdvancementCost:
    """What raising a skill or statistic from ``current`` to ``desired`` costs;
    ``current`` is None for a skill the character lacks."""

    name: str
    current: int | None
    desired: int
    steps: tuple[Step, ...]
    multiplier: int

    @property
    def experience(self) -> int:
        return self.multiplier * sum(step.experience for step in self.steps)

    @property
    def explanation(self) -> list[str]:
        lines = [f"{self.name} to {step.level}: {step.experience} XP" for step in self.steps]
        if self.multiplier != 1:
            lines.append(f"{self.name} costs x {self.multiplier} to raise (world setting)")
        start = "none" if self.current is None else self.current
        return [*lines, f"{self.name} {start} -> {self.desired}: {self.experience} XP"]


def skill_advancement(skill: str, current: int | None, desired: int) -> AdvancementCost:
    """XP to raise ``skill`` from ``current`` (None: not possessed) to ``desired``."""
    if not skill.strip():
        raise OffTheTable("name", "a skill needs a name")
    if current is not None and current not in SKILL_ADVANCEMENT_XP:
        raise OffTheTable("current", f"a skill level is 0 to 4, not {current}")
    start = -1 if current is None else current
    return _advance(skill, current, start, desired, SKILL_ADVANCEMENT_XP, 1)


def statistic_advancement(statistic: Statistic, current: int, desired: int, dials: Dials) -> AdvancementCost:
    """XP to raise ``statistic`` from ``current`` to ``desired``."""
    if current < 1:
        raise OffTheTable("current", f"a statistic is at least 1, not {current}")
    costly = dials.double_cost_perception_agility and statistic in COSTLY_STATISTICS
    multiplier = COSTLY_MULTIPLIER if costly else 1
    return _advance(statistic.value, current, current, desired, STATISTIC_ADVANCEMENT_XP, multiplier)


def moment_buyback(moments: int, dials: Dials) -> int:
    """XP for unspent Moments of Truth bought back (ch. 11, Awarding Experience)."""
    if moments < 0:
        raise RulesRefusal(f"moments cannot be negative: {moments}")
    return moments * dials.moment_buyback_xp


def _advance(
    name: str, current: int | None, start: int, desired: int, table: dict[int, int], multiplier: int
) -> AdvancementCost:
    if desired not in table:
        raise OffTheTable("desired", f"{name} cannot be raised to {desired}: the table runs {min(table)} to {max(table)}")
    if desired <= start:
        raise OffTheTable("desired", f"{name} is already at {current}; {desired} is no advance")
    steps = tuple(Step(level, table[level]) for level in range(start + 1, desired + 1))
    return AdvancementCost(name, current, desired, steps, multiplier)
