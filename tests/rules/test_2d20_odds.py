"""Exact odds of the 2d20 skill test: hand-worked values, and every face
tuple of small tests read by ``roll_skill_test`` itself."""

import json
from fractions import Fraction
from itertools import product

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.two_d20 import Payer, Target, roll_skill_test, skill_test_odds
from bridge.schemas.encode import dump
from bridge.systems.two_d20.odds import TwoD20Odds


def test_two_dice_at_target_8_difficulty_1():
    odds = skill_test_odds(Target(3, 5), 1)
    assert odds.total == 400
    # No success: both dice 9-20.
    assert odds.passed == 1 - Fraction(12, 20) ** 2
    # Complications: a 20 on each die, independently.
    assert odds.complications == ((Fraction(19, 20)) ** 2, 2 * Fraction(19, 400), Fraction(1, 400))


def test_difficulty_zero_needs_one_success_like_difficulty_one():
    assert skill_test_odds(Target(3, 5), 0).passed == skill_test_odds(Target(3, 5), 1).passed


def test_a_focus_raises_the_chance_of_two_successes_per_die():
    plain, focused = skill_test_odds(Target(4, 4), 4), skill_test_odds(Target(4, 4, focus=4), 4)
    # Difficulty 4 on 2d20 needs two criticals: 1s only, or 1-4 with the focus.
    assert plain.passed == Fraction(1, 400)
    assert focused.passed == Fraction(16, 400)


def test_expected_momentum():
    odds = skill_test_odds(Target(0, 0), 0)  # only 1s succeed, 2 each
    # One 1: 2 Momentum (38 ways); two 1s: 4 (1 way).
    assert odds.momentum == Fraction(2 * 38 + 4, 400)


def enumerate_tests(target, difficulty, bought, assistants):
    """Every face tuple rolled through roll_skill_test, tallied."""
    dice = 2 + bought + len(assistants)
    named = [(f"a{i}", aim) for i, aim in enumerate(assistants)]
    passing, ways = 0, {}
    for faces in product(range(1, 21), repeat=dice):
        paid = {"paid_by": Payer.MOMENTUM} if bought else {}
        result = roll_skill_test(target, difficulty, dice=FixedDice(faces), bought=bought, assistants=named, **paid)
        key = (result.successes, result.complications)
        ways[key] = ways.get(key, 0) + 1
        passing += result.passed
    return passing, ways


@pytest.mark.parametrize(
    "target, difficulty, bought, assistants",
    [
        (Target(3, 5), 2, 0, ()),
        (Target(6, 6, focus=3), 3, 1, ()),
        (Target(12, 8), 5, 1, ()),
        (Target(2, 3, focus=2), 3, 0, (Target(4, 4, focus=1),)),
        (Target(0, 1), 1, 0, (Target(9, 1),)),
    ],
)
def test_odds_count_what_the_test_reads(target, difficulty, bought, assistants):
    odds = skill_test_odds(target, difficulty, bought, assistants)
    passing, ways = enumerate_tests(target, difficulty, bought, assistants)
    assert (odds.passing, odds.ways) == (passing, ways)


def test_the_card_gives_each_chance_exact_and_as_a_float():
    """Target 0: only a 1 succeeds (two successes), so one success is impossible."""
    card = json.loads(json.dumps(dump(TwoD20Odds, skill_test_odds(Target(0, 0), 0))))
    assert card["passed"] == {"exact": "39/400", "value": 0.0975}
    assert card["successes"] == [
        {"exact": "361/400", "value": 0.9025},
        {"exact": "0/1", "value": 0.0},
        {"exact": "19/200", "value": 0.095},
        {"exact": "0/1", "value": 0.0},
        {"exact": "1/400", "value": 0.0025},
    ]
    assert card["complications"] == [
        {"exact": "361/400", "value": 0.9025},
        {"exact": "19/200", "value": 0.095},
        {"exact": "1/400", "value": 0.0025},
    ]
