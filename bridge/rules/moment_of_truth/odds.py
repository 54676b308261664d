"""Exact odds of a Moment of Truth roll, counted rather than simulated.

Judging looks only at how many successes and how many 1s a roll shows, so
the 6**pool face tuples fall into (successes, ones) classes. The thresholds
come from ``judge`` itself; the verdicts' tuples are then counted in closed
form (binomial sums in exact integers), which is what makes 60 dice cheap.
Counts stay integers out of 6**pool; a chance becomes a ``Fraction`` or a
reduced "n/d" only when asked for, since building those costs more than the
counting. tests/rules/test_mot_odds.py judges every class of pools up to 60 dice
with ``judge`` to keep the two readings one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..dice import check_count
from ..judging import Chance, chances
from .rolls import SIDES, RollKind, judge

VERDICTS = ("success", "critical_success", "critical_failure", "setback", "failure")


def _verdict(index: int) -> property:
    return property(lambda odds: Fraction(odds.ways[index], odds.total), doc=f"The chance of {VERDICTS[index]}.")


def _verdict_chance(index: int) -> property:
    return property(lambda odds: Chance(odds.ways[index], odds.total))


@dataclass(frozen=True)
class Odds:
    """Chances of each verdict as ``ways[i]`` face tuples, one for each of
    ``VERDICTS``, out of ``total`` (6**pool); ``failure`` includes critical
    failures and ``by_successes[k]`` counts exactly k successes."""

    pool: int
    tn: int
    kind: RollKind
    total: int
    ways: tuple[int, ...]
    by_successes: tuple[int, ...]

    success = _verdict(0)
    critical_success = _verdict(1)
    critical_failure = _verdict(2)
    setback = _verdict(3)
    failure = _verdict(4)

    # Each verdict's chance as the wire carries it.
    success_chance = _verdict_chance(0)
    critical_success_chance = _verdict_chance(1)
    critical_failure_chance = _verdict_chance(2)
    setback_chance = _verdict_chance(3)
    failure_chance = _verdict_chance(4)

    @property
    def successes(self) -> tuple[Fraction, ...]:
        """``successes[k]``: the chance of exactly k successes."""
        return tuple(Fraction(ways, self.total) for ways in self.by_successes)

    @property
    def successes_chances(self) -> tuple[Chance, ...]:
        return chances(self.by_successes, self.total)


@dataclass(frozen=True)
class _Class:
    successes: int
    ones: int


@lru_cache(maxsize=1024)
def roll_odds(pool_dice: int, tn: int, kind: RollKind, stakes_raised: bool = False) -> Odds:
    """Exact chances for ``pool_dice`` d6 against ``tn`` on a roll of ``kind``;
    when the stakes are raised, every failure is a critical failure (ch. 5)."""
    check_count(pool_dice)
    thresholds = judge(_Class(0, 0), pool_dice, tn, stakes_raised)
    success_faces = len(kind.success_faces)
    by_successes = _successes(pool_dice, success_faces)
    total = SIDES**pool_dice
    success = sum(by_successes[thresholds.needed :])
    failure = total - success
    ways = (
        success,
        sum(by_successes[thresholds.critical_success_at :]),
        failure if stakes_raised else _critical_failures(pool_dice, success_faces, thresholds.critical_failure_ones_at),
        _setbacks(pool_dice, success_faces, thresholds.needed),
        failure,
    )
    return Odds(pool_dice, tn, kind, total, ways, by_successes)


def _successes(pool_dice: int, success_faces: int) -> tuple[int, ...]:
    """Face tuples showing exactly k successes, for every k."""
    others = SIDES - success_faces
    return tuple(comb(pool_dice, k) * success_faces**k * others ** (pool_dice - k) for k in range(pool_dice + 1))


def _critical_failures(pool_dice: int, success_faces: int, ones_at: int) -> int:
    """Face tuples with no success and at least ``ones_at`` 1s."""
    blanks = SIDES - 1 - success_faces  # a 1 is never a success face
    return sum(_with_ones(pool_dice, ones, blanks) for ones in range(ones_at, pool_dice + 1))


def _setbacks(pool_dice: int, success_faces: int, needed: int) -> int:
    """Face tuples that succeed and show more 1s than successes (ch. 5, Setbacks).

    With s successes the other r = pool - s dice (a 1 or a blank each) show
    more 1s than s in (blanks + 1)**r tuples less ``at_most``, those showing
    at most s 1s. Walking s down from half the pool adds one die and lowers
    the limit by one, so ``at_most`` follows in two exact steps, not a sum.
    """
    blanks = SIDES - 1 - success_faces
    successes = (pool_dice + 1) // 2
    rest = pool_dice - successes
    at_most = (blanks + 1) ** rest  # rest <= successes: 1s cannot outnumber them
    count = 0
    while successes > needed:
        # One more die, a blank or a 1, less the tuples whose new 1 crosses the limit...
        at_most = (blanks + 1) * at_most - _with_ones(rest, successes, blanks)
        rest += 1
        # ...then the limit drops by one.
        at_most -= _with_ones(rest, successes, blanks)
        successes -= 1
        more_ones = (blanks + 1) ** rest - at_most
        count += comb(pool_dice, successes) * success_faces**successes * more_ones
    return count


def _with_ones(dice: int, ones: int, blanks: int) -> int:
    """Tuples of ``dice`` dice, each a 1 or a blank, showing exactly ``ones`` 1s."""
    return comb(dice, ones) * blanks ** (dice - ones) if ones <= dice else 0
