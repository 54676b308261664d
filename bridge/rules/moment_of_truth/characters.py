"""Character creation (ch. 2 statistics, ch. 3 skills, ch. 4 traits).

A :class:`CharacterSheet` records the choices; :func:`check_creation` lists
every creation rule the sheet breaks (never only the first), with the point
totals and derived statistics a sheet shows.

Choices the book leaves open, written down here:

- Statistics not named on the sheet stay at 2 (Poor), where every
  character starts (ch. 2, Buying Statistics).
- Skill points come from the Education the character ends with, racial
  modifier included, since the modifier "applies after the player has spent
  stat points" and skills are bought after statistics.
- A talent names exactly one skill or one statistic, as ch. 4's "pick one
  skill (or a stat)" says, though some of its examples name two skills.
- Trait points are earned by at most four problems; a fifth problem is
  reported and earns nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import SimpleNamespace

from ..refusal import RulesRefusal
from .dials import Dials
from .statistics import Derived, Statistic, derive_all

#: Ch. 2, Initial Basic Statistic Costs: cost of a statistic bought from 2.
#: Buying one down to 1 (Abysmal) refunds a point.
STATISTIC_COSTS = {1: -1, 2: 0, 3: 1, 4: 2, 5: 4, 6: 6}
STARTING_STATISTIC = 2
#: Ch. 2: basic statistics are 1 to 6, racial modifiers included.
STATISTIC_MIN, STATISTIC_MAX = 1, 6
#: Ch. 3, Initial Skill Level Costs: 0 Familiar ... 4 Exceptional.
SKILL_COSTS = {0: 1, 1: 2, 2: 3, 3: 4, 4: 6}
#: Ch. 4, Trait Points: one per problem, at most four problems.
MAX_PROBLEMS = 4
SKILL_POINTS_PER_TRAIT_POINT = 3
STATISTIC_POINTS_PER_TRAIT_POINT = 1


class Rule(str, Enum):
    """The creation rule a violation breaks."""

    STATISTIC_COST = "statistic_cost"  # bought outside the cost table
    STATISTIC_STARTING_MAX = "statistic_starting_max"  # above the starting maximum, before racial modifiers
    STATISTIC_POINTS = "statistic_points"  # more statistic points spent than available
    STATISTIC_RANGE = "statistic_range"  # outside 1-6 after racial modifiers
    SKILL_LEVEL = "skill_level"  # not a level 0-4
    SKILL_POINTS = "skill_points"  # more skill points spent than available
    PROBLEMS = "problems"  # more than four problems
    TRAIT_POINTS = "trait_points"  # more trait points spent than earned
    TALENT_TARGET = "talent_target"  # a talent names not exactly one skill or statistic


@dataclass(frozen=True)
class Talent:
    """A knack for one skill or one statistic under some circumstances (ch. 4)."""

    name: str
    skill: str | None = None
    statistic: Statistic | None = None
    circumstances: str = ""


@dataclass(frozen=True)
class CharacterSheet:
    """A character's creation choices. ``statistics`` are as bought, before
    ``racial_modifiers``; ``skills`` map a skill's name to its level."""

    name: str
    statistics: Mapping[Statistic, int] = field(default_factory=dict)
    racial_modifiers: Mapping[Statistic, int] = field(default_factory=dict)
    skills: Mapping[str, int] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    talents: tuple[Talent, ...] = ()
    boons: tuple[str, ...] = ()
    # Ch. 4: a trait point buys 3 skill points or 1 statistic point.
    trait_points_to_skill_points: int = 0
    trait_points_to_statistic_points: int = 0

    def __post_init__(self) -> None:
        for name, mapping in (("statistics", self.statistics), ("racial_modifiers", self.racial_modifiers)):
            unknown = [key for key in mapping if not isinstance(key, Statistic)]
            if unknown:
                raise RulesRefusal(f"{name} names no basic statistic: {unknown}")
        if any(not skill.strip() for skill in self.skills):
            raise RulesRefusal("a skill needs a name")
        for name in ("trait_points_to_skill_points", "trait_points_to_statistic_points"):
            if getattr(self, name) < 0:
                raise RulesRefusal(f"{name} cannot be negative: {getattr(self, name)}")

    def purchased(self, statistic: Statistic) -> int:
        return self.statistics.get(statistic, STARTING_STATISTIC)

    @property
    def final_statistics(self) -> dict[Statistic, int]:
        """Each statistic as bought, plus its racial modifier (ch. 2)."""
        return {stat: self.purchased(stat) + self.racial_modifiers.get(stat, 0) for stat in Statistic}


@dataclass(frozen=True)
class Points:
    spent: int
    available: int

    @property
    def remaining(self) -> int:
        return self.available - self.spent


@dataclass(frozen=True)
class Violation:
    """One broken rule: which, where on the sheet, and why."""

    rule: Rule
    field: str
    message: str


@dataclass(frozen=True)
class CreationCheck:
    """Every violation, the final and derived statistics, and the points."""

    violations: tuple[Violation, ...]
    statistics: dict[Statistic, int]
    derived: dict[Derived, int]
    statistic_points: Points
    skill_points: Points
    trait_points: Points

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def statistics_by_name(self) -> SimpleNamespace:
        """The final statistics, each read by its name (``agility``)."""
        return SimpleNamespace(**{statistic.value: value for statistic, value in self.statistics.items()})

    @property
    def derived_by_name(self) -> SimpleNamespace:
        """The derived statistics, each read by its name (``move``)."""
        return SimpleNamespace(**{derived.value: value for derived, value in self.derived.items()})


def statistic_cost(value: int) -> int:
    """Statistic points to buy ``value`` from the starting 2 (ch. 2)."""
    if value not in STATISTIC_COSTS:
        raise RulesRefusal(f"a starting statistic is bought from 1 to 6, not {value}")
    return STATISTIC_COSTS[value]


def skill_cost(level: int) -> int:
    """Skill points to buy a skill at ``level`` (ch. 3)."""
    if level not in SKILL_COSTS:
        raise RulesRefusal(f"a skill level is 0 to 4, not {level}")
    return SKILL_COSTS[level]


def skill_points(education: int, dials: Dials) -> int:
    """Ch. 3, Skill Points as a Dial: Education x Y + X."""
    return education * dials.skill_points_per_education + dials.skill_points_base


def check_creation(sheet: CharacterSheet, dials: Dials) -> CreationCheck:
    """Check a new character against chapters two to four."""
    statistics = sheet.final_statistics
    statistic_points = _statistic_points(sheet, dials)
    skill_total = _skill_points(sheet, statistics[Statistic.EDUCATION], dials)
    trait_points = _trait_points(sheet)
    violations = [
        *_statistic_violations(sheet, dials),
        *_overspent(Rule.STATISTIC_POINTS, "statistics", "statistic points", statistic_points),
        *_skill_violations(sheet),
        *_overspent(Rule.SKILL_POINTS, "skills", "skill points", skill_total),
        *_trait_violations(sheet),
        *_overspent(Rule.TRAIT_POINTS, "trait_points", "trait points", trait_points),
    ]
    derived = derive_all(statistics, dials)
    return CreationCheck(tuple(violations), statistics, derived, statistic_points, skill_total, trait_points)


def _statistic_points(sheet: CharacterSheet, dials: Dials) -> Points:
    """Costs from the table (a statistic off it is reported, not costed)."""
    spent = sum(STATISTIC_COSTS.get(sheet.purchased(stat), 0) for stat in Statistic)
    converted = sheet.trait_points_to_statistic_points * STATISTIC_POINTS_PER_TRAIT_POINT
    return Points(spent, dials.starting_statistic_points + converted)


def _skill_points(sheet: CharacterSheet, education: int, dials: Dials) -> Points:
    spent = sum(SKILL_COSTS.get(level, 0) for level in sheet.skills.values())
    converted = sheet.trait_points_to_skill_points * SKILL_POINTS_PER_TRAIT_POINT
    return Points(spent, skill_points(education, dials) + converted)


def _trait_points(sheet: CharacterSheet) -> Points:
    """Each talent and boon costs one; each conversion one (ch. 4)."""
    conversions = sheet.trait_points_to_skill_points + sheet.trait_points_to_statistic_points
    return Points(len(sheet.talents) + len(sheet.boons) + conversions, min(len(sheet.problems), MAX_PROBLEMS))


def _statistic_violations(sheet: CharacterSheet, dials: Dials) -> list[Violation]:
    violations = []
    for stat, final in sheet.final_statistics.items():
        bought, where = sheet.purchased(stat), f"statistics.{stat.value}"
        if bought not in STATISTIC_COSTS:
            violations.append(
                Violation(Rule.STATISTIC_COST, where, f"{stat.value} {bought}: a statistic is bought from 1 to 6")
            )
        if bought > dials.starting_statistic_max:
            message = f"{stat.value} {bought} is above the starting maximum {dials.starting_statistic_max}"
            violations.append(Violation(Rule.STATISTIC_STARTING_MAX, where, message))
        if not STATISTIC_MIN <= final <= STATISTIC_MAX:
            message = f"{stat.value} {final} after racial modifiers: a basic statistic is 1 to 6"
            violations.append(Violation(Rule.STATISTIC_RANGE, where, message))
    return violations


def _skill_violations(sheet: CharacterSheet) -> list[Violation]:
    return [
        Violation(Rule.SKILL_LEVEL, f"skills.{skill}", f"{skill} level {level}: a skill level is 0 to 4")
        for skill, level in sheet.skills.items()
        if level not in SKILL_COSTS
    ]


def _trait_violations(sheet: CharacterSheet) -> list[Violation]:
    violations = []
    if len(sheet.problems) > MAX_PROBLEMS:
        message = f"{len(sheet.problems)} problems: at most {MAX_PROBLEMS} earn trait points"
        violations.append(Violation(Rule.PROBLEMS, "problems", message))
    for index, talent in enumerate(sheet.talents):
        if (talent.skill is None) == (talent.statistic is None):
            message = f"talent {talent.name!r} must name one skill or one statistic"
            violations.append(Violation(Rule.TALENT_TARGET, f"talents.{index}", message))
    return violations


def _overspent(rule: Rule, where: str, what: str, points: Points) -> list[Violation]:
    if points.spent <= points.available:
        return []
    return [Violation(rule, where, f"{points.spent} {what} spent, {points.available} available")]
