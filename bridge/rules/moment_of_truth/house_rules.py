"""A world's house rules at the hook points the rules consult (ch. 12:
"the GM is free to change any rule"). Each hook is held as a table over
its inputs, worked out once when the world's scripts load (in a worker),
so the rules stay pure and never run a script: absent, the book's rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .dials import Dials
from .health import Health


@dataclass(frozen=True)
class HouseRules:
    """``hit_points``: Endurance -> hit points (None: the dials' base + per
    Endurance x Endurance, ch. 2)."""

    hit_points: Mapping[int, int] | None = None

    def hit_points_for(self, endurance: int, dials: Dials) -> int:
        """A character's hit points by the house rule, else by the book."""
        if self.hit_points is None:
            return Health.from_endurance(endurance, dials).hit_points
        return self.hit_points[endurance]

    def to_dict(self) -> dict[str, Any]:
        return {"hit_points": None if self.hit_points is None else {str(k): v for k, v in self.hit_points.items()}}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> HouseRules:
        table = stored.get("hit_points")
        return cls(hit_points=None if table is None else {int(k): v for k, v in table.items()})


#: The book's rules at every hook.
BOOK = HouseRules()
