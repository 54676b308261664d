"""The 2d20 skill test with fixed faces: target, focus, criticals,
complications, difficulty, Momentum, bought dice and assistance."""

import json

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.two_d20 import Payer, Target, read_die, read_test, roll_skill_test
from bridge.rules.two_d20.determination import critical_die, reroll
from bridge.schemas.encode import dump
from bridge.systems.two_d20.schemas import TwoD20SkillTest

TARGET = Target(skill=3, style=5)  # target 8


def roll(faces, difficulty=1, target=TARGET, **options):
    """Roll a test whose dice show exactly ``faces``, leader first."""
    dice = FixedDice(faces)
    result = roll_skill_test(target, difficulty, dice=dice, **options)
    assert dice.remaining == 0, "the test rolls exactly its dice"
    return result



def test_each_die_at_most_skill_plus_style_is_one_success():
    assert [read_die(face, TARGET).successes for face in (8, 9, 2, 19)] == [1, 0, 1, 0]


def test_a_one_is_two_successes():
    assert read_die(1, TARGET).successes == 2
    assert read_die(1, Target(0, 0)).successes == 2


def test_a_die_at_most_the_focus_is_two_successes():
    focused = Target(3, 5, focus=3)
    assert [read_die(face, focused).successes for face in (1, 2, 3, 4, 8, 9)] == [2, 2, 2, 1, 1, 0]


def test_each_die_counts_as_one_word_a_twenty_a_complication_first():
    counted = [read_die(face, Target(12, 8)).counts_as.value for face in (1, 12, 19, 20)]
    assert counted == ["critical_success", "success", "success", "complication"]
    assert (read_die(9, TARGET).counts_as.value, read_die(20, TARGET).counts_as.value) == ("failure", "complication")


def test_a_twenty_is_a_complication_and_a_success_when_the_target_reaches_it():
    assert (read_die(20, TARGET).successes, read_die(20, TARGET).complication) == (0, True)
    assert (read_die(20, Target(12, 8)).successes, read_die(20, Target(12, 8)).complication) == (1, True)
    assert not read_die(19, TARGET).complication


def test_passing_gains_momentum_for_every_extra_success():
    result = roll([1, 5], difficulty=1)
    assert (result.successes, result.passed, result.momentum) == (3, True, 2)


def test_failing_the_difficulty_gains_nothing():
    result = roll([5, 12], difficulty=2)
    assert (result.successes, result.passed, result.momentum) == (1, False, 0)


def test_difficulty_zero_still_needs_one_success():
    assert not roll([9, 12], difficulty=0).passed
    result = roll([8, 12], difficulty=0)
    assert (result.passed, result.momentum) == (True, 1)


@pytest.mark.parametrize("difficulty", [-1, 6])
def test_difficulty_is_zero_to_five(difficulty):
    with pytest.raises(ValueError, match="0 to 5"):
        roll([], difficulty=difficulty)


def test_complications_count_on_a_passed_test():
    result = roll([20, 1], difficulty=2)
    assert (result.passed, result.complications, result.momentum) == (True, 1, 0)


def test_bought_dice_are_rolled_and_priced():
    result = roll([9, 9, 9, 2, 3], difficulty=2, bought=3, paid_by=Payer.MOMENTUM)
    assert (len(result.dice), result.cost, result.successes, result.passed) == (5, 6, 2, True)
    assert roll([9, 9, 9, 3], bought=2, paid_by=Payer.CHAOS).cost == 3
    assert roll([9, 9, 3], bought=1, paid_by=Payer.CHAOS).cost == 1


def test_at_most_three_bought_dice_and_someone_pays():
    with pytest.raises(ValueError, match="0 to 3"):
        roll([], bought=4, paid_by=Payer.MOMENTUM)
    with pytest.raises(ValueError, match="paid"):
        roll([], bought=1)
    with pytest.raises(ValueError, match="nothing bought"):
        roll([], paid_by=Payer.CHAOS)


def test_assistants_add_their_successes_when_the_leader_has_one():
    result = roll([7, 15, 1, 4], difficulty=4, assistants=[("Ana", Target(2, 2)), ("Bo", Target(2, 2))])
    assert (result.leader_successes, result.assistant_successes, result.successes) == (1, 3, 4)
    assert (result.passed, result.momentum) == (True, 0)


def test_assistants_count_for_nothing_when_the_leader_has_no_success():
    result = roll([15, 15, 1], difficulty=1, assistants=[("Ana", Target(2, 2))])
    assert (result.successes, result.assistant_successes, result.passed) == (0, 0, False)
    assert "the leader has no success" in " ".join(result.explanation)


def test_assistants_complications_are_everyones():
    result = roll([1, 9, 20], difficulty=1, assistants=[("Ana", Target(2, 2))])
    assert (result.passed, result.complications) == (True, 1)


def test_an_assistant_rolls_one_die_and_assists_once():
    with pytest.raises(ValueError, match="once"):
        roll([], assistants=[("Ana", TARGET), ("Ana", TARGET)])


def test_the_card_carries_every_face_and_its_counting():
    result = roll([1, 20, 4], difficulty=2, target=Target(3, 5, focus=2), assistants=[("Ana", Target(1, 1))])
    card = json.loads(json.dumps(dump(TwoD20SkillTest, result)))
    assert card["faces"] == [1, 20]
    assert [die["successes"] for die in card["dice"]] == [2, 0]
    assert [die["counts_as"] for die in card["dice"]] == ["critical_success", "complication"]
    assert card["outcome"] == {"label": "passed"}
    assert card["assistants"][0]["faces"] == [4]
    assert card["assistants"][0]["dice"] == [
        {"face": 4, "counts_as": "failure", "successes": 0, "complication": False, "rerolled_from": [], "determined": False}
    ]
    assert (card["successes"], card["complications"], card["passed"], card["momentum"]) == (2, 1, True, 0)
    assert card["explanation"] == [
        "target 8 (skill 3 + style 5), focus 2: a die at most 2 is two successes",
        "rolled 2d20: 1 (two successes), 20 (failure; complication)",
        "Ana assists, target 2: 4 (failure)",
        "2 successes vs difficulty 2",
        "passed: 0 Momentum from extra successes",
        "1 complication(s)",
    ]


def test_a_test_read_back_from_its_card_is_the_same_test():
    rolled = roll([20, 7, 3, 12], difficulty=3, target=Target(3, 5, focus=1), bought=1, paid_by=Payer.CHAOS, assistants=[("Ana", Target(2, 2, 3))])
    changed = reroll(critical_die(rolled, 0), [1], FixedDice([2]))
    for test in (rolled, changed):
        card = json.loads(json.dumps(dump(TwoD20SkillTest, test)))
        assert read_test(card) == test
