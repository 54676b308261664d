"""The Moment of Clarity roll with fixed faces: Effect Number, levels,
open-ended 10s, d6 and d10 pools, cards' augments."""

import json
from fractions import Fraction

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_clarity.effect import DieKind, RolledDie, effect_number
from bridge.rules.moment_of_clarity.levels import Difficulty, Level, level_for, level_of_successes
from bridge.rules.moment_of_clarity.odds import roll_odds
from bridge.rules.moment_of_clarity.rolls import Roll, augment, judge_dice, roll, roll_dice
from bridge.schemas.encode import dump
from bridge.systems.moment_of_clarity.odds import MocOdds
from bridge.systems.moment_of_clarity.schemas.rolls import MocRoll


def en(*faces, sides=10):
    return effect_number(RolledDie(face, sides) for face in faces).value


def rolled(faces, sides=10, tn=7, **options):
    dice = FixedDice(faces)
    result = roll(len(faces), sides, tn, dice, **options)
    assert dice.remaining == 0
    return result


# --- the Effect Number --------------------------------------------------------


def test_the_texts_examples():
    assert en(6, 6, 6, 4, 3, 2) == 8
    assert en(8, 8, 7, 7, 4, 2) == 9


def test_without_duplicates_the_highest_die():
    assert en(9, 3, 1) == 9
    assert en(2, 4, 6, sides=6) == 6


def test_lower_duplicates_can_beat_the_highest_die():
    assert en(5, 5, 5, 5, 9) == 9
    assert en(5, 5, 5, 5, 5, 9) == 9
    assert en(4, 4, 4, 4, 4, 4, 4, 9) == 10


def test_values_changed_by_cards_make_no_duplicates():
    dice = [RolledDie(6, 10, augment=1), RolledDie(7, 10)]
    assert effect_number(dice).value == 7
    # Two natural 6s stay a pair, counted from their highest value.
    assert effect_number([RolledDie(6, 10, augment=2), RolledDie(6, 10)]).value == 9


def test_a_bonus_die_reads_a_one_as_a_two_and_pairs_with_twos():
    bonus_one = RolledDie(1, 10, DieKind.BONUS)
    assert (bonus_one.natural, bonus_one.shows_one) == (2, False)
    assert effect_number([RolledDie(2, 10), bonus_one]).value == 3


# --- levels -------------------------------------------------------------------


@pytest.mark.parametrize(
    "effect, level",
    [
        (5, Level.FAILURE),
        (6, Level.NEAR_SUCCESS),
        (7, Level.MARGINAL_SUCCESS),
        (8, Level.SUCCESS),
        (9, Level.OUTSTANDING_SUCCESS),
        (14, Level.OUTSTANDING_SUCCESS),
    ],
)
def test_levels_climb_one_a_point_from_the_tn(effect, level):
    # "If the TN for a given action is 6, a 9 would be required for an outstanding success."
    assert level_for(effect, 6, shows_one=False) is level


def test_a_failure_showing_a_one_is_spectacular():
    assert level_for(6, 7, shows_one=True) is Level.SPECTACULAR_FAILURE
    assert level_for(7, 7, shows_one=True) is Level.NEAR_SUCCESS
    assert level_for(6, 7, shows_one=False, opponent_shifts=True) is Level.SPECTACULAR_FAILURE


def test_successes_count_from_near_success():
    assert [level.successes for level in Level] == [0, 0, 1, 2, 3, 4]
    assert level_of_successes(2) is Level.MARGINAL_SUCCESS
    assert level_of_successes(9) is Level.OUTSTANDING_SUCCESS


def test_the_named_tns():
    assert (Difficulty.STANDARD, Difficulty.DIFFICULT, Difficulty.VERY_DIFFICULT) == (7, 9, 11)


# --- rolling ------------------------------------------------------------------


def test_a_d10_roll_is_judged_and_explained():
    result = rolled([8, 8, 7, 7, 4, 2], tn=7)
    assert (result.effect.value, result.level, result.successes) == (9, Level.SUCCESS, 3)
    assert result.explanation == [
        "rolled 6d10: 8 8 7 7 4 2",
        "Effect Number 9 (highest of 2x8 -> 9, 2x7 -> 8, 4 -> 4, 2 -> 2)",
        "EN 9 vs TN 7: success (3 successes)",
    ]
    json.dumps(dump(MocRoll, result))


def test_every_natural_ten_rolls_a_bonus_die_which_is_open_ended_too():
    dice = FixedDice([10, 3, 10, 10, 1, 10, 4])
    result = roll(3, 10, 9, dice)
    assert dice.remaining == 0
    assert [(die.face, die.kind) for die in result.dice] == [
        (10, DieKind.SKILL),
        (3, DieKind.SKILL),
        (10, DieKind.SKILL),
        (10, DieKind.BONUS),
        (1, DieKind.BONUS),
        (10, DieKind.BONUS),
        (4, DieKind.BONUS),
    ]
    # Four 10s: 10 + 3; the bonus 1 reads as 2, so no spectacular anything.
    assert result.effect.value == 13
    assert result.level is Level.OUTSTANDING_SUCCESS
    assert "bonus d10" in result.explanation[1]


def test_a_roll_that_is_not_open_ended_keeps_its_tens():
    dice = FixedDice([10, 10])
    result = roll(2, 10, 12, dice, open_ended=False)
    assert (dice.remaining, result.effect.value, result.level) == (0, 11, Level.FAILURE)


def test_d6_pools_never_explode():
    result = rolled([6, 6, 1], sides=6, tn=7)
    assert (result.effect.value, result.level) == (7, Level.NEAR_SUCCESS)
    assert rolled([5, 1], sides=6).level is Level.SPECTACULAR_FAILURE


def test_only_d6_and_d10_and_at_least_one_die():
    with pytest.raises(ValueError, match="d6 or d10"):
        roll_dice(2, 8, FixedDice([1, 1]))
    with pytest.raises(ValueError, match="at least one die"):
        roll_dice(0, 10, FixedDice([]))
    with pytest.raises(ValueError, match="TN"):
        roll(1, 10, 0, FixedDice([5]))


# --- cards on dice ------------------------------------------------------------


def test_harrys_throw_and_defense_with_the_eight_of_clubs():
    """Splitting Dice Pools: +1 to the move, +1 to the third and fourth throw
    dice, +2 to the fifth, +2 to the first defense die."""
    move = augment(rolled([1]), {0: 1})
    assert (move.effect.value, move.level) == (2, Level.FAILURE)  # the 1 no longer shows
    throw = augment(rolled([7, 8, 6, 6, 5, 3, 2]), {2: 1, 3: 1, 4: 2})
    assert throw.effect.value == 8  # the 6s pair counts from 7; the raised 5 makes no duplicate
    assert throw.level is Level.MARGINAL_SUCCESS
    defense = augment(rolled([5, 4]), {0: 2})
    assert (defense.level, defense.successes) == (Level.NEAR_SUCCESS, 1)
    assert defense.explanation[0] == "rolled 2d10: 5+2 4"


def test_augment_checks_its_dice():
    with pytest.raises(ValueError, match="no die 3"):
        augment(rolled([5]), {3: 1})


def test_judge_dice_reads_the_dice_given():
    result = judge_dice([RolledDie(1, 6), RolledDie(3, 6)], 6, 5)
    assert result.level is Level.SPECTACULAR_FAILURE


# --- odds (fixed points; icepool checks the rest) -----------------------------


def test_one_d6_against_tn_five():
    odds = roll_odds(1, 6, 5)
    assert odds.levels == tuple(map(Fraction, ("1/6", "3/6", "1/6", "1/6", "0", "0")))
    assert odds.at_least(Level.NEAR_SUCCESS) == Fraction(1, 3)


def test_one_d10_at_the_standard_tn():
    odds = roll_odds(1, 10, 7)
    # 1: spectacular; 2-6 failure; 7, 8, 9 one level each; a 10 is EN 10 or more.
    assert [str(chance) for chance in odds.levels] == ["1/10", "1/2", "1/10", "1/10", "1/10", "1/10"]
    json.dumps(dump(MocOdds, odds))


def test_a_roll_read_again_from_its_card_and_how_each_die_counted():
    rolled = judge_dice([RolledDie(face, 10) for face in (8, 8, 7, 7, 4, 1)], 10, 9)
    card = dump(MocRoll, rolled)
    assert Roll.of(card) == rolled
    assert [die["counts_as"] for die in card["dice"]] == ["effect", "effect", "other", "other", "other", "one"]
    assert card["outcome"] == {"label": "near_success", "success": True} and card["target"] == {"value": 9}
    opened = roll(1, 10, 7, FixedDice([10, 1]))  # a bonus die reads its 1 as a 2
    assert Roll.of(dump(MocRoll, opened)) == opened and dump(MocRoll, opened)["dice"][1]["natural"] == 2
