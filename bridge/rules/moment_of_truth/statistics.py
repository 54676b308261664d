"""The six basic statistics and the five derived ones (ch. 2)."""

from __future__ import annotations

from enum import Enum

from .dials import Dials


class Statistic(str, Enum):
    """Basic statistics, 1 to 6 for a normal human (ch. 2, Basic Statistics)."""

    ENDURANCE = "endurance"
    STRENGTH = "strength"
    AGILITY = "agility"
    WILL = "will"
    PERCEPTION = "perception"
    EDUCATION = "education"


class Derived(str, Enum):
    """Derived statistics (ch. 2, Derived Statistics); fractions dropped."""

    HIT_POINTS = "hit_points"
    MELEE_ATTACK = "melee_attack"
    RANGED_ATTACK = "ranged_attack"
    REACTION_TIME = "reaction_time"
    MOVE = "move"


_BUILT_FROM = {
    Derived.HIT_POINTS: (Statistic.ENDURANCE,),
    Derived.MELEE_ATTACK: (Statistic.STRENGTH, Statistic.AGILITY),
    Derived.RANGED_ATTACK: (Statistic.AGILITY, Statistic.PERCEPTION),
    Derived.MOVE: (Statistic.AGILITY, Statistic.ENDURANCE),
}


def built_from(derived: Derived, dials: Dials) -> tuple[Statistic, ...]:
    """The basic statistics a derived one is computed from (reaction time's second: the world's dial)."""
    if derived is Derived.REACTION_TIME:
        return Statistic.AGILITY, Statistic(dials.reaction_statistic.value)
    return _BUILT_FROM[derived]


def derive(derived: Derived, statistics: dict[Statistic, int], dials: Dials) -> int:
    """A derived statistic from the basic ones, as ch. 2 defines it."""
    if derived is Derived.HIT_POINTS:
        return dials.hit_points_base + dials.hit_points_per_endurance * statistics[Statistic.ENDURANCE]
    first, second = built_from(derived, dials)
    return (statistics[first] + statistics[second]) // 2


def derive_all(statistics: dict[Statistic, int], dials: Dials) -> dict[Derived, int]:
    return {derived: derive(derived, statistics, dials) for derived in Derived}
