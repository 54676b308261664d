"""Exact odds of the basic roll's level of success, counted, not simulated.

Open-ended d10s have no last outcome, yet the reckoning is exact with no
depth limit: every roll is read as one chain per pool die (the die, then a
bonus die for each 10, ending on a die that is not a 10). The non-10 dice
ending the chains decide the Effect Number together with the number of 10s
K, which reach an EN of 9 + K; once 9 + K >= TN + 3 the roll is outstanding
whatever else shows, so the chance of K past that point is one minus the
finitely many chances below it. The ending dice are counted by value (how
many dice show each natural value, ones only from pool dice, a bonus die's
1 read as 2), their EN kept only as far as the levels tell it apart.
tests/test_moc_odds_icepool.py restates the rule in icepool, whose
explosions stop at a depth; it checks equality at the depth from which a
deeper chain can only be outstanding (TN - 7), where stopping changes no
level.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ..dice import check_count
from .levels import LEVELS, OUTSTANDING_AT, Level, check_tn, level_for
from .rolls import OPENS_ON, SIDES

#: Weight of each natural value on a die ending a chain: a pool die that is
#: not a 10, and a bonus die that is not a 10 (its 1 read as a 2).
POOL_D6 = {value: 1 for value in range(1, 7)}
POOL_D10 = {value: 1 for value in range(1, 10)}
BONUS_D10 = {2: 2, **{value: 1 for value in range(3, 10)}}


@dataclass(frozen=True)
class Odds:
    """``levels[i]``: the chance of ``LEVELS[i]`` for ``dice`` dice of
    ``sides`` against ``tn``, open-ended when ``sides`` is 10."""

    dice: int
    sides: int
    tn: int
    levels: tuple[Fraction, ...]

    def chance(self, level: Level) -> Fraction:
        return self.levels[LEVELS.index(level)]

    def at_least(self, level: Level) -> Fraction:
        return sum(self.levels[LEVELS.index(level) :], Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "dice": self.dice,
            "sides": self.sides,
            "tn": self.tn,
            "levels": {
                level.value: {"exact": str(chance), "value": float(chance)}
                for level, chance in zip(LEVELS, self.levels)
            },
        }


@lru_cache(maxsize=1024)
def roll_odds(dice: int, sides: int, tn: int) -> Odds:
    if sides not in SIDES:
        raise ValueError(f"Moment of Clarity rolls d6 or d10, not d{sides}")
    if dice < 1:
        raise ValueError(f"a roll needs at least one die, not {dice}")
    check_count(dice)
    check_tn(tn)
    top = tn + OUTSTANDING_AT
    chances: dict[Level, Fraction] = defaultdict(Fraction)
    if sides != OPENS_ON:
        for (en, one), ways in _endings(dice, 0, tn, POOL_D6).items():
            chances[level_for(en, tn, one)] += Fraction(ways, sides**dice)
        return _odds(dice, sides, tn, chances)
    for exploded in range(dice + 1):
        chains = Fraction(comb(dice, exploded) * 9 ** (dice - exploded), 10**dice)
        if exploded and 9 + exploded >= top:  # the 10s alone are outstanding
            chances[Level.OUTSTANDING_SUCCESS] += chains
            continue
        endings = _endings(dice - exploded, exploded, tn, POOL_D10)
        for (en, one), ways in endings.items():
            ending = chains * Fraction(ways, 9**dice)
            for tens_en, chance in _tens(exploded, top):
                chances[level_for(max(en, tens_en), tn, one)] += ending * chance
    return _odds(dice, sides, tn, chances)


def _odds(dice: int, sides: int, tn: int, chances: dict[Level, Fraction]) -> Odds:
    return Odds(dice, sides, tn, tuple(chances[level] for level in LEVELS))


def _tens(exploded: int, top: int) -> list[tuple[int, Fraction]]:
    """(EN of the 10s, chance) for K = ``exploded`` + M tens, M the bonus
    10s past the first of each exploded chain (negative binomial); every K
    reaching ``top`` is lumped as ``top``."""
    if not exploded:
        return [(0, Fraction(1))]
    spread = []
    for extra in range(max(0, top - 9 - exploded)):
        ways = comb(extra + exploded - 1, extra) * 9**exploded
        spread.append((9 + exploded + extra, Fraction(ways, 10 ** (extra + exploded))))
    return [*spread, (top, 1 - sum(chance for _, chance in spread))]


def _endings(pool: int, bonus: int, tn: int, pool_weights: dict[int, int]) -> dict[tuple[int, bool], int]:
    """Weighted ways for ``pool`` pool dice and ``bonus`` bonus dice, none a
    10, to show (EN, a natural 1), the EN clamped to [TN - 1, TN + 3]."""
    top = tn + OUTSTANDING_AT
    states: dict[tuple[int, int, int, bool], int] = {(pool, bonus, tn - 1, False): 1}
    for value in sorted(pool_weights):
        pool_weight, bonus_weight = pool_weights[value], BONUS_D10.get(value, 0)
        following: dict[tuple[int, int, int, bool], int] = defaultdict(int)
        for (pool_left, bonus_left, en, one), ways in states.items():
            for from_pool in range(pool_left + 1):
                pool_ways = ways * comb(pool_left, from_pool) * pool_weight**from_pool
                for from_bonus in range(bonus_left + 1 if bonus_weight else 1):
                    count = from_pool + from_bonus
                    grown = min(top, max(en, value + count - 1)) if count else en
                    shows_one = one or (value == 1 and from_pool > 0)
                    key = (pool_left - from_pool, bonus_left - from_bonus, grown, shows_one)
                    following[key] += pool_ways * comb(bonus_left, from_bonus) * bonus_weight**from_bonus
        states = following
    return {(en, one): ways for (pool, bonus, en, one), ways in states.items() if pool == bonus == 0}
