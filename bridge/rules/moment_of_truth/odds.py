"""Exact odds of a Moment of Truth roll, counted rather than simulated.

Judging looks only at how many successes and how many 1s a roll shows, so
the 6**pool face tuples fall into (successes, ones) classes. Each class is
weighed by counting its tuples exactly and judged once by ``judge``: the
odds and the roll share one reading of the rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ..dice import check_count
from .rolls import SIDES, RollKind, judge


@dataclass(frozen=True)
class Odds:
    """Chances of each verdict; ``failure`` includes critical failures and
    ``successes[k]`` is the chance of exactly k successes."""

    pool: int
    tn: int
    kind: RollKind
    success: Fraction
    critical_success: Fraction
    critical_failure: Fraction
    setback: Fraction
    failure: Fraction
    successes: tuple[Fraction, ...]

    def to_dict(self) -> dict[str, Any]:
        verdicts = ("success", "critical_success", "critical_failure", "setback", "failure")
        return {
            "pool": self.pool,
            "tn": self.tn,
            "kind": self.kind.value,
            **{name: _chance(getattr(self, name)) for name in verdicts},
            "successes": [_chance(chance) for chance in self.successes],
        }


@dataclass(frozen=True)
class _Class:
    successes: int
    ones: int


def _chance(chance: Fraction) -> dict[str, Any]:
    return {"exact": f"{chance.numerator}/{chance.denominator}", "value": float(chance)}


@lru_cache(maxsize=1024)
def roll_odds(pool_dice: int, tn: int, kind: RollKind) -> Odds:
    """Exact chances for ``pool_dice`` d6 against ``tn`` on a roll of ``kind``."""
    check_count(pool_dice)
    ways = {"success": 0, "critical_success": 0, "critical_failure": 0, "setback": 0}
    by_successes = [0] * (pool_dice + 1)
    for successes, ones, count in _classes(pool_dice, len(kind.success_faces)):
        outcome = judge(_Class(successes, ones), pool_dice, tn)
        by_successes[successes] += count
        for verdict in ways:
            ways[verdict] += count if getattr(outcome, verdict) else 0
    total = SIDES**pool_dice
    return Odds(
        pool_dice,
        tn,
        kind,
        **{verdict: Fraction(count, total) for verdict, count in ways.items()},
        failure=Fraction(total - ways["success"], total),
        successes=tuple(Fraction(count, total) for count in by_successes),
    )


def _classes(pool_dice: int, success_faces: int) -> Iterator[tuple[int, int, int]]:
    """Yield (successes, ones, face tuples in that class). A 1 is never a
    success face, so the other faces are blanks."""
    blank_faces = SIDES - 1 - success_faces
    for successes in range(pool_dice + 1):
        picked = comb(pool_dice, successes) * success_faces**successes
        rest = pool_dice - successes
        for ones in range(rest + 1):
            yield successes, ones, picked * comb(rest, ones) * blank_faces ** (rest - ones)
