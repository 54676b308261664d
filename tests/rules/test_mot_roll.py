"""The chapter-one roll with fixed faces: pool, TN, counting and judging."""

import json
from dataclasses import asdict, dataclass, fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
from bridge.rules.moment_of_truth.rolls import Helper
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.rolls import RollResult as RollResultShape

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


def test_critical_success_with_a_setback_is_labelled_as_both():
    """docs/rules/moment_of_truth.md, Critical success with a setback."""
    result = roll([6, 6, 6, 1, 1, 1, 1])
    outcome = result.outcome
    assert (outcome.label, outcome.critical_success, outcome.setback) == (
        Label.CRITICAL_SUCCESS_WITH_SETBACK, True, True
    )
    assert "3 successes vs TN 1: critical success with setback" in result.explanation


def test_a_world_without_setbacks_judges_none():
    outcome = roll([5, 1, 1], setbacks=False).outcome
    assert (outcome.label, outcome.success, outcome.setback, outcome.setbacks_judged) == (Label.SUCCESS, True, False, False)
    assert "this world judges no setbacks" in roll([5, 1, 1], setbacks=False).explanation


def test_judge_needs_only_successes_and_ones():
    assert judge(Shown(successes=2, ones=0), 4, 2).label is Label.SUCCESS
    with pytest.raises(ValueError):
        judge(Shown(successes=0, ones=0), 4, 0)


# --- the card ---------------------------------------------------------------


def test_result_is_a_json_ready_tree():
    result = roll([5, 1, 1, 1, 6], SKILL, statistic=3, skill_level=2, default_tn=2)
    tree = json.loads(json.dumps(dump(RollResultShape, result)))
    assert tree["system"] == "moment_of_truth"
    assert tree["kind"] == "skill"
    assert tree["faces"] == [5, 1, 1, 1, 6]
    assert tree["dice"][1] == {"face": 1, "counts_as": "one"}
    assert (tree["successes"], tree["ones"]) == (2, 3)
    assert tree["pool"]["dice"] == 5
    assert tree["target"] == {"default": 2, "difficulty": 0, "value": 2, "every_success_counts": False}
    assert tree["outcome"]["label"] == "success_with_setback"
    assert tree["outcome"]["critical_success_at"] == 4


@given(
    faces=st.lists(st.integers(1, 6), min_size=3, max_size=12),
    kind=st.sampled_from(list(RollKind)),
    penalty=st.integers(-2, 0),
    difficulty=st.integers(-1, 1),
    stakes_raised=st.booleans(),
    setbacks=st.booleans(),
)
def test_card_records_carry_every_field(faces, kind, penalty, difficulty, stakes_raised, setbacks):
    """The card's pool parts, TN and outcome, as their output schemas write
    them, hold every field of their records, as asdict has it."""
    statistic = len(faces) - (penalty if kind.takes_penalties else 0)
    modifiers = [Modifier("wounded", penalty, penalty=True)] if penalty else []
    result = roll(faces, kind, statistic, default_tn=1, difficulty=difficulty, modifiers=modifiers,
                  stakes_raised=stakes_raised, setbacks=setbacks)
    card = dump(RollResultShape, result)
    assert card["pool"]["parts"] == [asdict(part) for part in result.pool.parts]
    assert card["target"] == asdict(result.target)
    assert card["outcome"] == {**asdict(result.outcome), "label": result.outcome.label.value}
    assert list(card["outcome"]) == [field.name for field in fields(result.outcome)]


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


# --- helping with a required skill (ch. 1, Helping) ---------------------------


def test_named_helpers_add_one_die_each():
    pool = build_pool(SKILL, 3, 1, helpers=[Helper("Dodger"), Helper("Dwight")])
    assert pool.dice == 6
    assert [(part.source, part.dice, part.applied) for part in pool.parts[2:]] == [
        ("helper Dodger", 1, True),
        ("helper Dwight", 1, True),
    ]


def test_without_a_required_skill_every_helper_counts():
    assert build_pool(SKILL, 3, 1, helpers=[Helper("Dodger", has_skill=False)]).dice == 5


def test_a_required_skill_counts_only_helpers_who_possess_it():
    # "conduct research about an ancient culture": a helper adds a die only
    # if they also possess the research skill.
    helpers = [Helper("Dodger", has_skill=False), Helper("Dwight", has_skill=True)]
    pool = build_pool(SKILL, 5, 2, helpers=helpers, required_skill="research")
    assert pool.dice == 8
    dodger, dwight = pool.parts[2:]
    assert (dodger.applied, dwight.applied) == (False, True)
    assert "lacks research" in dodger.note
    assert "possesses research" in dwight.note


def test_explanation_names_the_helper_not_counted():
    result = roll(
        [6, 6, 2],
        SKILL,
        statistic=2,
        skill_level=0,
        helpers=[Helper("Dodger", has_skill=False), Helper("Dwight")],
        required_skill="research",
    )
    assert result.pool.dice == 3
    assert "helper Dodger +1 not applied: lacks research, which the GM requires" in result.explanation


def test_a_required_skill_needs_named_helpers():
    with pytest.raises(ValueError):
        build_pool(SKILL, 3, 1, helpers=2, required_skill="research")


def test_a_character_helps_once():
    with pytest.raises(ValueError):
        build_pool(SKILL, 3, 1, helpers=[Helper("Dodger"), Helper("Dodger")])
    with pytest.raises(ValueError):
        Helper(" ")


# --- raising the stakes (docs/rules/moment_of_truth.md, Raising the stakes) ------


def test_raised_stakes_turn_a_failure_into_a_critical_failure():
    outcome = roll([5, 2, 3, 4], default_tn=2, stakes_raised=True).outcome
    assert (outcome.label, outcome.critical_failure, outcome.stakes_raised) == (Label.CRITICAL_FAILURE, True, True)
    assert roll([5, 2, 3, 4], default_tn=2).outcome.label is Label.FAILURE


def test_raised_stakes_leave_a_success_alone():
    outcome = roll([5, 6, 3, 1], default_tn=2, stakes_raised=True).outcome
    assert (outcome.label, outcome.critical_failure, outcome.stakes_raised) == (Label.SUCCESS, False, True)


def test_judge_takes_the_raised_stakes_flag():
    assert judge(Shown(successes=1, ones=0), 6, 2, stakes_raised=True).critical_failure
    assert not judge(Shown(successes=1, ones=0), 6, 2).critical_failure


def test_no_moments_of_truth_on_raised_stakes():
    dice = FixedDice([6, 6, 6])
    with pytest.raises(ValueError, match="stakes are raised"):
        resolve_roll(SKILL, 2, 0, 2, moments_spent=1, stakes_raised=True, dice=dice)
    assert dice.remaining == 3


def test_an_impossible_roll_with_raised_stakes_says_no_moment_can_rescue_it():
    with pytest.raises(ImpossibleRoll, match="no Moment of Truth can rescue it"):
        resolve_roll(UNSKILLED, 1, None, 2, stakes_raised=True, dice=FixedDice([6]))


def test_card_says_the_stakes_were_raised():
    result = roll([5, 2, 3, 4], default_tn=2, stakes_raised=True)
    assert dump(RollResultShape, result)["outcome"]["stakes_raised"] is True
    assert any(line.startswith("stakes raised: any failure is a critical failure") for line in result.explanation)
    assert not any(line.startswith("critical failure needs") for line in result.explanation)


@given(
    successes=st.integers(0, 20),
    ones=st.integers(0, 20),
    pool_dice=st.integers(0, 40),
    tn=st.integers(1, 6),
)
def test_raised_stakes_change_only_a_failure_into_a_critical_one(successes, ones, pool_dice, tn):
    shown = Shown(successes, ones)
    plain, raised = judge(shown, pool_dice, tn), judge(shown, pool_dice, tn, stakes_raised=True)
    assert (raised.success, raised.critical_success, raised.setback) == (
        plain.success,
        plain.critical_success,
        plain.setback,
    )
    assert raised.critical_failure == (not plain.success)
