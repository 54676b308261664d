"""Exact odds of the basic roll's level of success, counted, not simulated.

Open-ended d10s have no last outcome, yet the reckoning is exact with no
depth limit: every roll is read as one chain per pool die (the die, then a
bonus die for each 10, ending on a die that is not a 10). The dice ending
the chains decide the Effect Number together with the number of 10s K,
which reach an EN of 9 + K; once 9 + K >= TN + 3 the roll is outstanding
whatever else shows, so only the finitely many K below that are counted
(negative binomial) and the rest is one minus them. The ending dice are
counted value by value: the EN is at most e when at most e - v + 1 dice
show each natural v (a bonus die's 1 read as 2, only pool dice showing a
natural 1). Cost grows with dice x (TN - 6) x TN**2: 300d10 at TN 20 takes
about a second, at TN 40 half a minute.

tests/rules/test_moc_odds.py judges enumerated rolls with ``judge_dice`` to keep
the two readings one; tests/rules/test_moc_odds_icepool.py restates the rule in
icepool, whose explosions stop at a depth, and checks equality at the depth
from which a deeper chain can only be outstanding (TN - 7 bonus dice), where
stopping changes no level.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm

from ..dice import check_count
from ..judging import Chance, check_tn
from ..refusal import RulesRefusal
from .levels import LEVELS, OUTSTANDING_AT, Level
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

    @property
    def levels_chances(self) -> dict[str, Chance]:
        """Each level's chance as the wire carries it, by the level's name."""
        total = lcm(*(chance.denominator for chance in self.levels))
        counts = [chance.numerator * (total // chance.denominator) for chance in self.levels]
        return {level.value: Chance(count, total) for level, count in zip(LEVELS, counts)}


@lru_cache(maxsize=1024)
def roll_odds(dice: int, sides: int, tn: int) -> Odds:
    if sides not in SIDES:
        raise RulesRefusal(f"Moment of Clarity rolls d6 or d10, not d{sides}")
    if dice < 1:
        raise RulesRefusal(f"a roll needs at least one die, not {dice}")
    check_count(dice)
    check_tn(tn)
    top = tn + OUTSTANDING_AT
    open_ended = sides == OPENS_ON
    weights = POOL_D10 if open_ended else POOL_D6
    # Chains that may explode short of outstanding: 9 + exploded < top.
    most_exploded = min(dice, max(0, top - 10)) if open_ended else 0
    endings = {en: _at_most(dice, most_exploded, en, weights) for en in range(tn - 1, top)}
    no_ones = _at_most(dice, most_exploded, tn - 1, {**weights, 1: 0})
    at_most = dict.fromkeys(endings, Fraction(0))  # P(EN <= en)
    plain_failure = Fraction(0)  # P(EN < TN and no natural 1)
    for exploded in range(most_exploded + 1):
        if open_ended:
            chains = Fraction(comb(dice, exploded) * 9 ** (dice - exploded), 10**dice * 9**dice)
        else:
            chains = Fraction(1, sides**dice)
        pool = dice - exploded
        for en, ways in endings.items():
            at_most[en] += chains * ways.get((pool, exploded), 0) * _tens_at_most(exploded, en)
        plain_failure += chains * no_ones.get((pool, exploded), 0) * _tens_at_most(exploded, tn - 1)
    below = at_most[tn - 1]
    levels = (below - plain_failure, plain_failure)
    levels += tuple(at_most[en] - at_most[en - 1] for en in range(tn, top)) + (1 - at_most[top - 1],)
    return Odds(dice, sides, tn, levels)


def _tens_at_most(exploded: int, en: int) -> Fraction:
    """The chance that the K = ``exploded`` + M 10s reach an EN of at most
    ``en`` (9 + K), M the bonus 10s past each exploded chain's first
    (negative binomial); with no 10s, certain."""
    if not exploded:
        return Fraction(1)
    return sum(
        (
            Fraction(comb(extra + exploded - 1, extra) * 9**exploded, 10 ** (extra + exploded))
            for extra in range(max(0, en - 8 - exploded))
        ),
        Fraction(0),
    )


def _at_most(dice: int, most_bonus: int, en: int, pool_weights: dict[int, int]) -> dict[tuple[int, int], int]:
    """Weighted ways for ``pool`` pool dice and ``bonus`` bonus dice, none a
    10, to show an EN of at most ``en``, for every pool + bonus = ``dice``
    with bonus <= ``most_bonus``: value by value, at most en - v + 1 dice
    may show a natural v. The dice are labelled, so placing ``more`` of the
    ``placed + more`` dice on a value counts C(placed + more, more) ways."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for value in sorted(pool_weights):
        pool_weight, bonus_weight = pool_weights[value], BONUS_D10.get(value, 0)
        cap = max(0, en - value + 1)
        following: dict[tuple[int, int], int] = defaultdict(int)
        for (pool, bonus), ways in states.items():
            for more_pool in range(min(cap, dice - pool - bonus) + 1 if pool_weight else 1):
                pool_ways = ways * comb(pool + more_pool, more_pool) * pool_weight**more_pool
                room = min(cap - more_pool, most_bonus - bonus, dice - pool - more_pool - bonus)
                for more_bonus in range(room + 1 if bonus_weight else 1):
                    key = (pool + more_pool, bonus + more_bonus)
                    following[key] += pool_ways * comb(bonus + more_bonus, more_bonus) * bonus_weight**more_bonus
        states = following
    return {(pool, bonus): ways for (pool, bonus), ways in states.items() if pool + bonus == dice}
