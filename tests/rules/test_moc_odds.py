"""Exact odds against every roll enumerated and judged by ``judge_dice``:
the counting in odds.py and the judging in rolls.py must be one reading."""

import json
from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from bridge.rules.dice import MAX_DICE_PER_ROLL, TooManyDice
from bridge.rules.moment_of_clarity.effect import DieKind, RolledDie
from bridge.rules.moment_of_clarity.levels import LEVELS, Level
from bridge.rules.moment_of_clarity.odds import roll_odds
from bridge.rules.moment_of_clarity.rolls import judge_dice
from bridge.schemas.encode import dump
from bridge.systems.moment_of_clarity.odds import MocOdds


@cache
def chains(sides, depth, kind=DieKind.SKILL):
    """(dice, chance) for one die and its bonus dice, ``depth`` bonus dice deep."""
    outcomes = []
    for face in range(1, sides + 1):
        die = RolledDie(face, sides, kind)
        if sides == 10 and face == 10 and (kind is DieKind.SKILL or depth):
            deeper = depth - (kind is DieKind.BONUS)
            outcomes += [((die, *rest), chance / 10) for rest, chance in chains(10, deeper, DieKind.BONUS)]
        else:
            outcomes.append(((die,), Fraction(1, sides)))
    return tuple(outcomes)


def enumerated(dice, sides, tn):
    levels = defaultdict(Fraction)
    for picked in product(chains(sides, max(0, tn - 7)), repeat=dice):
        rolled = [die for chain, _ in picked for die in chain]
        chance = Fraction(1)
        for _, part in picked:
            chance *= part
        levels[judge_dice(rolled, sides, tn).level] += chance
    return tuple(levels[level] for level in LEVELS)


@pytest.mark.parametrize("dice", range(1, 6))
def test_d6_pools_every_tn(dice):
    for tn in range(1, 10):
        assert roll_odds(dice, 6, tn).levels == enumerated(dice, 6, tn), tn


@pytest.mark.parametrize("dice, tns", [(1, range(1, 16)), (2, range(1, 13)), (3, range(1, 10))])
def test_d10_pools_every_tn(dice, tns):
    for tn in tns:
        assert roll_odds(dice, 10, tn).levels == enumerated(dice, 10, tn), tn


def test_chances_add_up_and_climb_with_the_pool():
    for dice in (1, 4, 12, 40):
        assert sum(roll_odds(dice, 10, 9).levels) == 1
    outstanding = [roll_odds(dice, 10, 11).chance(Level.OUTSTANDING_SUCCESS) for dice in range(1, 8)]
    assert outstanding == sorted(outstanding)


def test_a_big_pool_at_a_high_tn():
    """Pinned to what an earlier counting (EN bucket by bucket, every count
    of every value) gave, and a simulation of 100,000 rolls agreed with."""
    odds = roll_odds(30, 10, 20)
    assert sum(odds.levels) == 1
    assert round(float(odds.chance(Level.SPECTACULAR_FAILURE)), 5) == 0.95621


def test_refusals():
    with pytest.raises(TooManyDice):
        roll_odds(MAX_DICE_PER_ROLL + 1, 10, 7)
    with pytest.raises(ValueError, match="d6 or d10"):
        roll_odds(2, 8, 7)
    with pytest.raises(ValueError, match="at least one die"):
        roll_odds(0, 10, 7)


def test_the_card_gives_each_level_exact_and_as_a_float():
    """1d6 at TN 6: a 1 spectacular, 2-5 failure, a 6 near success, nothing higher."""
    card = json.loads(json.dumps(dump(MocOdds, roll_odds(1, 6, 6))))
    sixth, none = {"exact": "1/6", "value": 1 / 6}, {"exact": "0/1", "value": 0.0}
    assert card["levels"] == {
        "spectacular_failure": sixth,
        "failure": {"exact": "2/3", "value": 2 / 3},
        "near_success": sixth,
        "marginal_success": none,
        "success": none,
        "outstanding_success": none,
    }
