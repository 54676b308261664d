"""The d10 skill roll with fixed faces: reading, 1s, zero dice, conditions, degrees."""

import json

import pytest

from bridge.rules.dice import MAX_DICE_PER_ROLL, FixedDice, TooManyDice
from bridge.rules.highest_d10 import (
    Condition,
    Degree,
    Mishap,
    Modifier,
    build_pool,
    judge,
    read_faces,
    read_roll,
    roll_skill,
)
from bridge.schemas.encode import dump
from bridge.systems.highest_d10.schemas import D10SkillRoll


def roll(faces, called_for=None, **options):
    """Roll a pool of exactly ``faces`` unless told otherwise."""
    dice = FixedDice(faces)
    result = roll_skill(len(faces) if called_for is None else called_for, dice=dice, **options)
    assert dice.remaining == 0, "the roll rolls exactly its pool"
    return result


# --- reading the dice ---------------------------------------------------------


def test_the_texts_example_2_8_8_reads_9():
    result = roll([2, 8, 8])
    assert (result.reading.read, result.reading.matches, result.total) == (8, 1, 9)
    assert [die.counts_as.value for die in result.reading.dice] == ["unread", "read", "match"]


def test_one_die_reads_its_face():
    assert roll([7]).total == 7


def test_only_the_highest_die_is_read():
    assert roll([3, 9, 5, 5]).total == 9


def test_every_die_matching_the_highest_adds_one():
    assert roll([10, 10, 10, 4]).total == 12


def test_dice_matching_a_lower_face_add_nothing():
    assert roll([4, 4, 4, 6]).total == 6


def test_modifiers_add_to_the_read_value():
    result = roll([2, 8, 8], modifiers=[Modifier("aiming", 3), Modifier("darkness", -2)])
    assert result.total == 10


def test_faces_off_a_d10_are_refused():
    for faces in ([0], [11], []):
        with pytest.raises(ValueError):
            read_faces(faces)


# --- 1s in stressful situations -----------------------------------------------


def test_a_majority_of_ones_fails_automatically():
    result = roll([1, 1, 10], tn=5, modifiers=[Modifier("skill", 4)])
    assert result.mishap is Mishap.AUTOMATIC_FAILURE
    assert result.total == 14, "the total is still shown"
    assert result.verdict.degree is Degree.AUTOMATIC_FAILURE


def test_half_the_dice_showing_one_is_not_a_majority():
    result = roll([1, 1, 9, 4], tn=5)
    assert result.mishap is None
    assert result.verdict.degree is Degree.SOLID_SUCCESS


def test_all_ones_botch():
    for faces in ([1], [1, 1], [1, 1, 1, 1, 1]):
        result = roll(faces, tn=1)
        assert result.mishap is Mishap.BOTCH
        assert result.verdict.degree is Degree.BOTCH


def test_a_single_die_showing_one_botches():
    assert roll([1], tn=1, modifiers=[Modifier("skill", 5)]).verdict.degree is Degree.BOTCH


def test_ones_do_nothing_outside_a_stressful_situation():
    result = roll([1, 1, 1], stressful=False, tn=2)
    assert result.mishap is None
    assert (result.total, result.verdict.degree) == (3, Degree.SUCCESS)
    assert "not a stressful situation: 1s do not fail the roll" in result.explanation
    assert roll([1, 1, 7], stressful=False, tn=7).verdict.degree is Degree.SUCCESS


# --- zero dice --------------------------------------------------------------------


@pytest.mark.parametrize("called_for", [0, -1, -4])
def test_zero_or_fewer_dice_roll_one_die(called_for):
    result = roll([6], called_for=called_for, tn=6)
    assert result.pool.zero_dice and result.pool.rolled == 1
    assert (result.total, result.verdict.degree) == (6, Degree.SUCCESS)


@pytest.mark.parametrize("stressful", [True, False])
def test_zero_dice_botch_on_a_two_and_worse_on_a_one(stressful):
    two = roll([2], called_for=0, stressful=stressful, tn=1)
    one = roll([1], called_for=0, stressful=stressful, tn=1)
    assert (two.mishap, two.verdict.degree) == (Mishap.BOTCH, Degree.BOTCH)
    assert (one.mishap, one.verdict.degree) == (Mishap.WORSE_BOTCH, Degree.BOTCH)
    assert "zero dice and a 2: a botch" in two.explanation
    assert "zero dice and a 1: a botch worse than a normal one" in one.explanation


def test_zero_dice_three_is_no_botch():
    assert roll([3], called_for=0, tn=4).verdict.degree is Degree.PARTIAL_SUCCESS


# --- conditional modifiers ----------------------------------------------------------


def test_each_condition_removes_a_die():
    result = roll([5, 7], called_for=4, conditions=[Condition("wounded"), Condition("darkness")])
    assert (result.pool.dice, result.total) == (2, 7)
    assert result.explanation[0] == "pool 4d10, -1 for wounded, -1 for darkness: 2d10"


def test_conditions_can_take_a_pool_to_zero_dice():
    pool = build_pool(1, [Condition("prone"), Condition("blinded")])
    assert (pool.dice, pool.rolled, pool.zero_dice) == (-1, 1, True)
    result = read_roll(pool, [7])
    assert result.explanation[0] == (
        "pool 1d10, -1 for prone, -1 for blinded: -1 dice, so roll one die and a 1 or 2 is a botch"
    )


def test_a_condition_needs_a_name():
    with pytest.raises(ValueError):
        Condition(" ")


def test_the_dice_cap_holds():
    build_pool(MAX_DICE_PER_ROLL)
    with pytest.raises(TooManyDice):
        build_pool(MAX_DICE_PER_ROLL + 1)


def test_a_pool_rolls_as_many_faces_as_it_has_dice():
    with pytest.raises(ValueError):
        read_roll(build_pool(3), [4, 5])


# --- success, partial success, solid success -------------------------------------


@pytest.mark.parametrize(
    "total, degree",
    [(5, Degree.FAILURE), (6, Degree.PARTIAL_SUCCESS), (7, Degree.PARTIAL_SUCCESS), (8, Degree.SUCCESS),
     (12, Degree.SUCCESS), (13, Degree.SOLID_SUCCESS)],
)
def test_against_tn_8(total, degree):
    # the text: rolling a 6 or 7 against a TN of 8 is a partial success
    assert judge(total, 8).degree is degree


def test_thresholds_are_exact_fractions():
    verdict = judge(7, 10)  # partial from 7.5: 7 is a failure
    assert verdict.degree is Degree.FAILURE
    assert judge(8, 10).degree is Degree.PARTIAL_SUCCESS
    assert judge(15, 10).degree is Degree.SUCCESS  # not more than 50% over
    assert judge(16, 10).degree is Degree.SOLID_SUCCESS
    assert judge(2, 1).degree is Degree.SOLID_SUCCESS
    assert judge(1, 1).degree is Degree.SUCCESS


def test_only_success_and_solid_success_succeed():
    assert [degree for degree in Degree if degree.succeeded] == [Degree.SOLID_SUCCESS, Degree.SUCCESS]


def test_a_tn_is_at_least_one():
    with pytest.raises(ValueError):
        judge(5, 0)
    dice = FixedDice([5])
    with pytest.raises(ValueError):
        roll_skill(1, dice=dice, tn=0)
    assert dice.remaining == 1, "refused before rolling"


def test_a_roll_without_a_tn_has_no_verdict():
    assert roll([4, 4]).verdict is None


# --- the card ---------------------------------------------------------------------


def test_the_card_carries_every_face_and_the_working():
    result = roll([2, 8, 8], called_for=4, conditions=[Condition("wounded")], modifiers=[Modifier("skill", 2)], tn=8)
    card = json.loads(json.dumps(dump(D10SkillRoll, result)))
    assert card["faces"] == [2, 8, 8]
    assert card["dice"][1] == {"face": 8, "counts_as": "read"}
    assert card["pool"] == {"called_for": 4, "conditions": ["wounded"], "dice": 3, "rolled": 3, "zero_dice": False}
    assert (card["read"], card["matches"], card["total"]) == (8, 1, 11)
    assert card["verdict"] == {
        "degree": "success", "succeeded": True, "tn": 8, "total": 11, "mishap": None,
        "partial_at": "6", "solid_above": "12",
    }
    assert card["explanation"] == [
        "pool 4d10, -1 for wounded: 3d10",
        "rolled 2 8 8",
        "read the highest, 8 + 1 for dice matching it: 9",
        "skill +2",
        "total 11",
        "11 vs TN 8: success (partial from 6, solid above 12)",
    ]


def test_the_card_says_a_mishap_overrides_the_total():
    result = roll([1, 1, 1], tn=2)
    assert result.explanation[-2:] == ["every die shows 1: a botch", "vs TN 2: botch whatever the total"]


def test_the_cards_outcome_is_the_degree_else_what_the_ones_did():
    assert dump(D10SkillRoll, roll([2, 8, 8], tn=5))["outcome"] == {"label": "solid_success"}
    assert dump(D10SkillRoll, roll([2, 7], tn=8))["outcome"] == {"label": "partial_success"}
    assert dump(D10SkillRoll, roll([1, 1, 4]))["outcome"] == {"label": "automatic_failure"}
    assert dump(D10SkillRoll, roll([2], called_for=0, stressful=False))["outcome"] == {"label": "botch"}
    assert dump(D10SkillRoll, roll([1, 1, 4], stressful=False))["outcome"] is None
