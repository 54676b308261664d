"""Our exact odds of the d10 skill roll against icepool's, computed independently.

icepool counts the dice; the rules are restated here from docs/rules/highest_d10.md,
not imported, so a wrong reading in either place
shows up as a mismatch.
"""

from fractions import Fraction
from functools import lru_cache

import icepool
import pytest
from icepool import d10

from bridge.rules.highest_d10 import Degree, roll_odds


class Highest(icepool.MultisetEvaluator):
    """(highest face, dice showing it, dice showing 1, dice) of a pool of d10s."""

    def initial_state(self, order, outcomes, *sizes):
        return (0, 0, 0, 0)

    def next_state(self, state, order, outcome, count):
        highest, showing, ones, dice = state
        if count and outcome > highest:
            highest, showing = outcome, count
        return (highest, showing, ones + count * (outcome == 1), dice + count)


@lru_cache(maxsize=None)
def shown(dice):
    """icepool's distribution of what a roll of ``dice`` d10s shows; a zero-dice roll is one d10."""
    if dice <= 0:
        return d10.map(lambda face: (face, 1, int(face == 1), 0))
    return Highest().evaluate(d10.pool(dice))


def restated_degree(highest, showing, ones, dice, tn, modifier, stressful):
    """Restated from docs/rules/highest_d10.md: zero dice botch on 1 or 2; under stress all 1s
    botch and more than half 1s fail; else success >= TN, partial >= 3/4 TN,
    solid > 3/2 TN, on the highest die + 1 per other die showing it."""
    total = highest + showing - 1 + modifier
    if dice == 0 and highest <= 2:
        return Degree.BOTCH
    if stressful and dice and ones == dice:
        return Degree.BOTCH
    if stressful and ones > Fraction(dice, 2):
        return Degree.AUTOMATIC_FAILURE
    if total > Fraction(3, 2) * tn:
        return Degree.SOLID_SUCCESS
    if total >= tn:
        return Degree.SUCCESS
    return Degree.PARTIAL_SUCCESS if total >= Fraction(3, 4) * tn else Degree.FAILURE


def icepool_chances(dice, tn, modifier, stressful):
    degrees = shown(dice).map(lambda *state: restated_degree(*state, tn, modifier, stressful), star=True)
    return {degree: degrees.probability(degree) for degree in Degree}


def icepool_values(dice):
    values = shown(dice).map(lambda highest, showing, ones, size: highest + showing - 1, star=True)
    return {value: values.probability(value) for value in values.outcomes()}


def ours(dice, tn, modifier, stressful):
    odds = roll_odds(dice, tn, modifier, stressful)
    return {degree: odds.chance(degree) for degree in Degree}


@pytest.mark.parametrize("dice", range(-1, 16))
@pytest.mark.parametrize("stressful", [True, False])
def test_every_degree_of_pools_up_to_15(dice, stressful):
    for tn in range(1, 26):
        for modifier in (-3, 0, 4):
            assert ours(dice, tn, modifier, stressful) == icepool_chances(dice, tn, modifier, stressful)


@pytest.mark.parametrize("dice", (20, 30, 45))
def test_spot_tns_of_larger_pools(dice):
    for tn in (5, 12, 30):
        assert ours(dice, tn, 0, True) == icepool_chances(dice, tn, 0, True)


@pytest.mark.parametrize("dice", (*range(0, 16), 30))
def test_read_values(dice):
    assert roll_odds(dice, 1).value_chances == icepool_values(dice)
