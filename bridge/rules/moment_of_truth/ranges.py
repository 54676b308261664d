"""Range bands of a ranged weapon (ch. 7, Ranged Weapons, Range Penalties).

A weapon lists close ``C-Xm`` (-1d6), optimal ``Ym`` (no modifier) and long
``Zm (N)``: N increments of Z metres past the optimal range, the k-th
costing -kd6. A scope doubles Z (ch. 10, Scope). Distance 0 is point blank
("C": close enough to punch or grapple); a close range printed as plain "C"
covers point blank only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from ..refusal import RulesRefusal
from .equipment import Quality, RangedWeapon


class RangeBand(str, Enum):
    CLOSE = "close"
    OPTIMAL = "optimal"
    LONG = "long"


class OutOfRange(RulesRefusal):
    """The target is beyond the weapon's last long-range increment."""


@dataclass(frozen=True)
class RangeReading:
    """Where the target falls among the weapon's bands, and the dice it costs."""

    distance: float
    band: RangeBand
    increment: int
    dice: int
    long_range: float
    scope: bool

    @property
    def explanation(self) -> list[str]:
        if self.band is RangeBand.LONG:
            scoped = ", doubled by the scope" if self.scope else ""
            return [
                f"{self.distance:g} m: long range increment {self.increment} "
                f"of {self.long_range:g} m{scoped}, {self.dice}d6"
            ]
        modifier = f"{self.dice}d6" if self.dice else "no modifier"
        return [f"{self.distance:g} m: {self.band.value} range, {modifier}"]


def read_range(
    distance: float,
    close: float,
    optimal: float,
    long_range: float,
    increments: int,
    scope: bool = False,
) -> RangeReading:
    """The band ``distance`` metres falls in for a weapon ranged ``C-close``,
    ``optimal``, ``long_range (increments)``; refuse it beyond the last increment."""
    _check(distance, close, optimal, long_range, increments)
    step = long_range * 2 if scope else long_range
    if distance <= close:
        return RangeReading(distance, RangeBand.CLOSE, 0, -1, step, scope)
    if distance <= optimal:
        return RangeReading(distance, RangeBand.OPTIMAL, 0, 0, step, scope)
    increment = math.ceil((distance - optimal) / step)
    if increment > increments:
        raise OutOfRange(
            f"{distance:g} m is beyond the last long range increment "
            f"({optimal:g} m + {increments} x {step:g} m = {optimal + increments * step:g} m)"
        )
    return RangeReading(distance, RangeBand.LONG, increment, -increment, step, scope)


def _check(distance: float, close: float, optimal: float, long_range: float, increments: int) -> None:
    if distance < 0:
        raise RulesRefusal(f"a distance cannot be negative: {distance}")
    if not 0 <= close < optimal:
        raise RulesRefusal(f"close range ({close} m) must be from 0 up to below the optimal range ({optimal} m)")
    if long_range <= 0:
        raise RulesRefusal(f"a long range increment must be positive: {long_range}")
    if increments < 0:
        raise RulesRefusal(f"long range increments cannot be negative: {increments}")


def weapon_range(weapon: RangedWeapon, distance: float) -> RangeReading:
    """The band ``distance`` metres falls in for ``weapon``, its scope included."""
    scope = Quality.SCOPE in weapon.qualities
    return read_range(distance, weapon.close_m, weapon.optimal_m, weapon.long_m, weapon.long_increments, scope)
