"""Exact odds of the Moment of Clarity roll against icepool's, computed
independently: the dice are counted by icepool and the rule is restated
here from docs/rules/moment_of_clarity.md (Effect Number, levels, open-ended), not imported."""

from functools import cache

import icepool
import pytest

from bridge.rules.moment_of_clarity.levels import LEVELS, Level
from bridge.rules.moment_of_clarity.odds import roll_odds

NAMES = [
    "spectacular_failure",
    "failure",
    "near_success",
    "marginal_success",
    "success",
    "outstanding_success",
]


def shown(value):
    """A die showing natural ``value``, as counts of each natural 1..10."""
    return icepool.Vector(tuple(int(value == natural) for natural in range(1, 11)))


@cache
def bonus_chain(depth):
    """A bonus d10 (a 1 read as 2) and, for a 10, the next, ``depth`` deep;
    the last die's 10 rolls nothing more."""
    bonus = icepool.Die([2, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    return bonus.map(lambda face: shown(face) + bonus_chain(depth - 1) if face == 10 and depth else shown(face))


@cache
def pool_die(sides, depth):
    if sides == 6:
        return icepool.d6.map(shown)
    return icepool.d10.map(lambda face: shown(face) + bonus_chain(depth) if face == 10 else shown(face))


def level_name(counts, tn):
    en = max(natural + count - 1 for natural, count in enumerate(counts, start=1) if count)
    if en < tn:
        return "spectacular_failure" if counts[0] else "failure"
    return NAMES[2 + min(en - tn, 3)]


def icepool_levels(dice, sides, tn):
    """Explosions stop ``tn - 7`` bonus dice deep: a chain that deep already
    holds tn - 6 tens, an EN of tn + 3, outstanding however it would go on."""
    die = pool_die(sides, max(0, tn - 7))
    total = sum([die] * (dice - 1), die)
    levels = total.map(lambda counts: level_name(counts, tn))
    return tuple(levels.probability(name) for name in NAMES)


@pytest.mark.parametrize("sides", (6, 10))
@pytest.mark.parametrize("dice", range(1, 5))
def test_every_tn_of_small_pools(dice, sides):
    for tn in range(1, 13):
        assert roll_odds(dice, sides, tn).levels == icepool_levels(dice, sides, tn), tn


@pytest.mark.parametrize("dice, sides, tn", [(6, 10, 7), (5, 10, 11), (7, 6, 9), (6, 6, 5)])
def test_spot_pools(dice, sides, tn):
    assert roll_odds(dice, sides, tn).levels == icepool_levels(dice, sides, tn)


def test_the_reckoning_is_exact_past_icepools_depth():
    """One level deeper than the test's depth changes nothing."""
    deeper = pool_die(10, 4)
    total = sum([deeper] * 2, deeper)
    levels = total.map(lambda counts: level_name(counts, 10))
    assert tuple(levels.probability(name) for name in NAMES) == icepool_levels(3, 10, 10)


def test_names_follow_the_levels():
    assert NAMES == [level.value for level in LEVELS]
    assert roll_odds(1, 10, 7).chance(Level.OUTSTANDING_SUCCESS) == icepool_levels(1, 10, 7)[5]
