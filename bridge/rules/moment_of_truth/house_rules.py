"""A world's house rules at the hook points the rules consult (ch. 12:
"the GM is free to change any rule"). Each hook is held as a table over
its inputs, worked out once when the world's scripts load (in a worker),
so the rules stay pure and never run a script: absent, the book's rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .dials import Dials
from .health import Health
from .statistics import Derived, Statistic, built_from, derive

#: What a reaction-time house rule is worked out from, in its arguments' order.
REACTION_INPUTS = (Statistic.AGILITY, Statistic.WILL, Statistic.PERCEPTION)


@dataclass(frozen=True)
class HouseRules:
    """``hit_points``: Endurance -> hit points (None: the dials' base + per
    Endurance x Endurance, ch. 2). ``reaction_time``: reaction time by
    ``[agility][will][perception]`` (None: the book's average, ch. 2 and 7)."""

    hit_points: Mapping[int, int] | None = None
    reaction_time: Sequence[Sequence[Sequence[int]]] | None = None

    def hit_points_for(self, endurance: int, dials: Dials) -> int:
        """A character's hit points by the house rule, else by the book."""
        if self.hit_points is None:
            return Health.from_endurance(endurance, dials).hit_points
        return self.hit_points[endurance]

    def reaction_inputs(self, dials: Dials) -> tuple[Statistic, ...]:
        """The statistics reaction time is worked out from, by the house rule or the book."""
        return built_from(Derived.REACTION_TIME, dials) if self.reaction_time is None else REACTION_INPUTS

    def reaction_time_for(self, statistics: Mapping[Statistic, int], dials: Dials) -> int:
        """A character's reaction time by the house rule, else by the book."""
        if self.reaction_time is None:
            return derive(Derived.REACTION_TIME, dict(statistics), dials)
        agility, will, perception = (statistics[s] for s in REACTION_INPUTS)
        return self.reaction_time[agility][will][perception]

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> HouseRules:
        table = stored.get("hit_points")
        return cls(hit_points=None if table is None else {int(k): v for k, v in table.items()},
                   reaction_time=stored.get("reaction_time"))


#: The book's rules at every hook.
BOOK = HouseRules()
