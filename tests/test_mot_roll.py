"""The chapter-one roll with fixed faces: pool, TN, counting and judging."""

import json
from dataclasses import dataclass

import pytest

from bridge.rules.dice import MAX_DICE_PER_ROLL, FixedDice, TooManyDice
from bridge.rules.moment_of_truth import (
    ImpossibleRoll,
    Label,
    Modifier,
    RollKind,
    build_pool,
    count_faces,
    judge,
    resolve_roll,
    target_number,
)

SKILL, UNSKILLED, PERIPHERAL, STATISTIC = RollKind.SKILL, RollKind.UNSKILLED, RollKind.PERIPHERAL, RollKind.STATISTIC


def roll(faces, kind=SKILL, statistic=None, skill_level=0, default_tn=1, **options):
    """Resolve a roll whose pool is exactly ``faces`` unless told otherwise."""
    if statistic is None:
        statistic = len(faces)
    if not kind.takes_skill:
        skill_level = None
    dice = FixedDice(faces)
    result = resolve_roll(kind, statistic, skill_level, default_tn, dice=dice, **options)
    assert dice.remaining == 0, "the roll rolls exactly its pool"
    return result


@dataclass(frozen=True)
class Shown:
    successes: int
    ones: int


# --- counting ---------------------------------------------------------------


def test_skilled_roll_counts_fives_and_sixes():
    result = roll([6, 5, 4, 1], SKILL, statistic=2, skill_level=2)
    assert result.counting.successes == 2
    assert [die.counts_as.value for die in result.counting.dice] == ["success", "success", "blank", "one"]


def test_skill_level_zero_is_still_skilled():
    result = roll([5, 5], SKILL, statistic=2, skill_level=0)
    assert result.counting.successes == 2


def test_unskilled_roll_counts_sixes_only():
    result = roll([6, 5, 4, 1], UNSKILLED)
    assert result.counting.successes == 1
    assert result.counting.success_faces == (6,)


def test_peripheral_skill_adds_dice_but_counts_sixes_only():
    pool = build_pool(PERIPHERAL, 2, 3)
    assert pool.dice == 5
    result = roll([6, 5, 5, 5, 5], PERIPHERAL, statistic=2, skill_level=3)
    assert result.counting.successes == 1


def test_statistic_roll_counts_fives_and_sixes():
    assert roll([5, 6, 2], STATISTIC).counting.successes == 2


def test_a_one_is_never_a_success():
    for kind in RollKind:
        counting = count_faces([1], kind)
        assert (counting.successes, counting.ones) == (0, 1)


def test_counting_refuses_a_face_not_on_a_d6():
    with pytest.raises(ValueError):
        count_faces([7], SKILL)


# --- the pool ---------------------------------------------------------------


def test_pool_is_statistic_plus_skill_plus_modifiers():
    pool = build_pool(SKILL, 3, 2, [Modifier("scope", 1)])
    assert pool.dice == 6
    assert [(part.source, part.dice, part.applied) for part in pool.parts] == [
        ("statistic", 3, True),
        ("skill", 2, True),
        ("scope", 1, True),
    ]


def test_helpers_add_one_die_each():
    assert build_pool(SKILL, 3, 1, helpers=2).dice == 6
    assert build_pool(STATISTIC, 3, None, helpers=1).dice == 4


def test_skill_roll_takes_penalties():
    pool = build_pool(SKILL, 3, 2, [Modifier("wounded", -2, penalty=True)])
    assert pool.dice == 3
    assert pool.parts[-1].applied


def test_statistic_roll_ignores_penalties_and_says_why():
    pool = build_pool(STATISTIC, 3, None, [Modifier("wounded", -2, penalty=True)])
    assert pool.dice == 3
    ignored = pool.parts[-1]
    assert (ignored.source, ignored.dice, ignored.applied) == ("wounded", -2, False)
    assert "statistic" in ignored.note


def test_statistic_roll_takes_modifiers_that_are_not_penalties():
    assert build_pool(STATISTIC, 3, None, [Modifier("darkness", -1)]).dice == 2


def test_pool_never_goes_below_zero():
    pool = build_pool(UNSKILLED, 1, None, [Modifier("wounded", -2, penalty=True)])
    assert pool.dice == 0
    assert sum(part.dice for part in pool.parts if part.applied) == 0


def test_pool_checks_the_skill_level_against_the_kind():
    for kind in (SKILL, PERIPHERAL):
        with pytest.raises(ValueError):
            build_pool(kind, 3, None)
    for kind in (UNSKILLED, STATISTIC):
        with pytest.raises(ValueError):
            build_pool(kind, 3, 0)


def test_pool_refuses_negative_ratings():
    with pytest.raises(ValueError):
        build_pool(STATISTIC, -1, None)
    with pytest.raises(ValueError):
        build_pool(SKILL, 2, -1)
    with pytest.raises(ValueError):
        build_pool(SKILL, 2, 1, helpers=-1)


def test_a_penalty_only_removes_dice():
    with pytest.raises(ValueError):
        Modifier("wounded", 2, penalty=True)


def test_pool_above_the_cap_is_too_many_dice():
    with pytest.raises(TooManyDice):
        build_pool(STATISTIC, 3, None, [Modifier("falling", MAX_DICE_PER_ROLL)])
    with pytest.raises(TooManyDice):
        roll([], STATISTIC, statistic=MAX_DICE_PER_ROLL, moments_spent=1)


# --- the target number -------------------------------------------------------


def test_tn_is_default_plus_difficulty():
    assert target_number(2, 1).value == 3
    assert target_number(1, 2).value == 3
    assert target_number(2).value == 2


def test_tn_never_goes_below_one():
    tn = target_number(1, -1)
    assert (tn.default, tn.difficulty, tn.value) == (1, -1, 1)


def test_default_tn_is_one_or_two():
    for default in (0, 3):
        with pytest.raises(ValueError):
            target_number(default)


def test_the_roll_uses_the_target_number():
    assert roll([5, 6, 2], default_tn=2, difficulty=1).outcome.label is Label.FAILURE
    assert roll([5, 6, 6], default_tn=2, difficulty=1).outcome.label is Label.SUCCESS


# --- impossible rolls --------------------------------------------------------


def test_pool_smaller_than_tn_is_refused_before_rolling():
    dice = FixedDice([6, 6])
    with pytest.raises(ImpossibleRoll) as refused:
        resolve_roll(UNSKILLED, 1, None, 2, dice=dice)
    assert (refused.value.pool.dice, refused.value.tn.value, refused.value.moments_needed) == (1, 2, 1)
    assert dice.remaining == 2


def test_moments_of_truth_rescue_an_impossible_roll():
    result = roll([6, 6], UNSKILLED, statistic=1, default_tn=2, moments_spent=1)
    assert result.pool.dice == 2
    assert result.pool.parts[-1].source == "Moment of Truth"
    assert result.outcome.success


def test_too_few_moments_leave_the_roll_impossible():
    with pytest.raises(ImpossibleRoll):
        resolve_roll(UNSKILLED, 1, None, 2, difficulty=2, moments_spent=2, dice=FixedDice([6] * 4))


def test_moments_count_from_a_pool_raised_to_zero():
    result = roll([6], SKILL, statistic=1, modifiers=[Modifier("wounded", -2, penalty=True)], moments_spent=1)
    assert result.pool.dice == 1


# --- critical success --------------------------------------------------------


def test_critical_success_needs_two_more_than_the_tn():
    assert roll([5, 6, 6, 5], default_tn=2).outcome.label is Label.CRITICAL_SUCCESS
    just_short = roll([5, 6, 6, 2], default_tn=2).outcome
    assert (just_short.label, just_short.critical_success) == (Label.SUCCESS, False)
    assert just_short.critical_success_at == 4


# --- critical failure --------------------------------------------------------


def test_pool_of_five_fails_critically_on_two_ones():
    outcome = roll([1, 1, 2, 3, 4]).outcome
    assert (outcome.label, outcome.critical_failure_ones_at) == (Label.CRITICAL_FAILURE, 2)
    assert roll([1, 2, 3, 4, 4]).outcome.label is Label.FAILURE


def test_pool_of_one_fails_critically_on_a_one():
    assert roll([1]).outcome.label is Label.CRITICAL_FAILURE


def test_no_ones_is_never_a_critical_failure():
    outcome = roll([2]).outcome
    assert (outcome.label, outcome.critical_failure) == (Label.FAILURE, False)


def test_unskilled_fives_are_no_successes_so_ones_can_fail_critically():
    assert roll([5, 5, 1, 1], UNSKILLED).outcome.label is Label.CRITICAL_FAILURE


def test_a_success_is_never_a_critical_failure():
    assert not roll([6, 1, 1, 1], default_tn=2, difficulty=1).outcome.critical_failure


# --- setbacks ---------------------------------------------------------------


def test_setback_is_a_success_with_more_ones_than_successes():
    outcome = roll([5, 1, 1]).outcome
    assert (outcome.label, outcome.success, outcome.setback) == (Label.SUCCESS_WITH_SETBACK, True, True)


def test_as_many_ones_as_successes_is_no_setback():
    assert roll([5, 6, 1, 1]).outcome.label is Label.SUCCESS


def test_a_failure_has_no_setback():
    assert not roll([5, 1, 1], default_tn=2).outcome.setback


def test_critical_success_with_a_setback_keeps_both():
    outcome = roll([6, 6, 6, 1, 1, 1, 1]).outcome
    assert (outcome.label, outcome.critical_success, outcome.setback) == (Label.CRITICAL_SUCCESS, True, True)


def test_judge_needs_only_successes_and_ones():
    assert judge(Shown(successes=2, ones=0), 4, 2).label is Label.SUCCESS
    with pytest.raises(ValueError):
        judge(Shown(successes=0, ones=0), 4, 0)


# --- the card ---------------------------------------------------------------


def test_result_is_a_json_ready_tree():
    result = roll([5, 1, 1, 1, 6], SKILL, statistic=3, skill_level=2, default_tn=2)
    tree = json.loads(json.dumps(result.to_dict()))
    assert tree["system"] == "moment_of_truth"
    assert tree["kind"] == "skill"
    assert tree["faces"] == [5, 1, 1, 1, 6]
    assert tree["dice"][1] == {"face": 1, "counts_as": "one"}
    assert (tree["successes"], tree["ones"]) == (2, 3)
    assert tree["pool"]["dice"] == 5
    assert tree["target"] == {"default": 2, "difficulty": 0, "value": 2}
    assert tree["outcome"]["label"] == "success_with_setback"
    assert tree["outcome"]["critical_success_at"] == 4


def test_explanation_shows_the_counting():
    explanation = roll([5, 1, 1, 2, 6], SKILL, statistic=3, skill_level=2, default_tn=2).explanation
    assert "5s and 6s count (skilled roll)" in explanation
    assert "2 successes vs TN 2: success" in explanation
    assert "critical success needs 4 successes" in explanation
    assert "critical failure needs no successes and at least 2 ones" in explanation


def test_explanation_names_the_ignored_penalty():
    wounded = Modifier("wounded", -2, penalty=True)
    explanation = roll([5, 6, 2], STATISTIC, modifiers=[wounded]).explanation
    assert "only 6s count" not in " ".join(explanation)
    assert any(line.startswith("wounded -2 not applied") for line in explanation)
