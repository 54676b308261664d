"""Exact odds of the d10 skill roll: hand-counted cases, and every face tuple of small pools."""

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from bridge.rules.dice import TooManyDice
from bridge.rules.highest_d10 import Degree, Modifier, build_pool, read_roll, roll_odds
from bridge.rules.highest_d10.odds import DEGREES
from bridge.schemas.encode import dump
from bridge.systems.highest_d10.schemas import D10RollOdds


def test_one_die_against_tn_5():
    odds = roll_odds(1, 5)
    # 1 botches; 2, 3 fail; 4 is a partial (from 3.75); 5-7 succeed; 8-10 are solid (above 7.5)
    assert [odds.chance(degree) for degree in DEGREES] == [
        Fraction(3, 10), Fraction(3, 10), Fraction(1, 10), Fraction(2, 10), 0, Fraction(1, 10),
    ]
    assert odds.success == Fraction(6, 10)


def test_two_dice_botch_only_on_double_one_and_never_fail_automatically():
    odds = roll_odds(2, 5)
    assert odds.chance(Degree.BOTCH) == Fraction(1, 100)
    assert odds.chance(Degree.AUTOMATIC_FAILURE) == 0


def test_three_dice_fail_automatically_on_two_ones():
    odds = roll_odds(3, 5)
    assert odds.chance(Degree.AUTOMATIC_FAILURE) == Fraction(3 * 9, 1000)
    assert odds.chance(Degree.BOTCH) == Fraction(1, 1000)


def test_outside_stress_ones_do_nothing():
    calm, stressed = roll_odds(3, 3, stressful=False), roll_odds(3, 3)
    assert calm.chance(Degree.BOTCH) == calm.chance(Degree.AUTOMATIC_FAILURE) == 0
    # values 3 and 4 succeed against TN 3 (solid above 4.5): 16 + 34 tuples
    assert calm.chance(Degree.SUCCESS) == Fraction(16 + 34, 1000)
    # under stress 1 1 1 botches, and a 3 or a 4 with two 1s (3 ways each) fails automatically
    assert stressed.chance(Degree.SUCCESS) == Fraction(16 - 1 - 3 + 34 - 3, 1000)


def test_two_dice_read_values():
    values = roll_odds(2, 1).value_chances
    # 11 is a double 10; 10 is one 10 and a lower die (18 ways) or a double 9
    assert values[11] == Fraction(1, 100)
    assert values[10] == Fraction(18 + 1, 100)
    assert values[2] == Fraction(1 + 2, 100)  # double 1 reads 2, as does a 2 with a 1 (two ways)
    assert sum(values.values()) == 1


@pytest.mark.parametrize("dice", [0, -3])
def test_zero_dice_roll_one_die_and_botch_on_1_or_2(dice):
    odds = roll_odds(dice, 3, stressful=False)
    assert odds.total == 10
    assert odds.chance(Degree.BOTCH) == Fraction(2, 10)
    assert odds.success == Fraction(8, 10)


def test_modifiers_shift_the_total():
    assert roll_odds(1, 10, modifier=3).success == Fraction(4, 10)


def test_the_chances_add_up():
    odds = roll_odds(12, 14, 2)
    assert sum(odds.chance(degree) for degree in Degree) == 1
    assert sum(odds.value_chances.values()) == 1
    assert max(odds.value_chances) == 10 + 11


def test_the_odds_are_json_ready():
    card = json.loads(json.dumps(dump(D10RollOdds, roll_odds(1, 5))))
    assert card["botch"] == {"exact": "1/10", "value": 0.1}
    assert card["values"]["10"] == {"exact": "1/10", "value": 0.1}


def test_refusals():
    with pytest.raises(ValueError):
        roll_odds(3, 0)
    with pytest.raises(TooManyDice):
        roll_odds(301, 5)


def test_three_hundred_dice_are_counted_exactly():
    odds = roll_odds(300, 40)
    assert sum(odds.ways) == odds.total == 10**300


@pytest.mark.parametrize("dice", range(0, 5))
@pytest.mark.parametrize("stressful", [True, False])
def test_every_face_tuple_of_small_pools(dice, stressful):
    pool = build_pool(dice)
    for tn, modifier in ((1, 0), (4, 0), (7, -1), (9, 2), (12, 0), (16, 1)):
        counted = Counter(
            read_roll(pool, faces, [Modifier("m", modifier)], stressful, tn).verdict.degree
            for faces in itertools.product(range(1, 11), repeat=pool.rolled)
        )
        odds = roll_odds(dice, tn, modifier, stressful)
        assert {degree: odds.chance(degree) for degree in Degree} == {
            degree: Fraction(counted[degree], 10**pool.rolled) for degree in Degree
        }
