"""Determination with fixed faces: the pool and the uses that change a test."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.two_d20 import Payer, Target, roll_skill_test
from bridge.rules.two_d20.determination import Determination, DeterminationUse, critical_die, die_to_turn, reroll
from bridge.rules.two_d20.momentum import NotEnough

TARGET = Target(3, 5)


def test_at_most_three_and_one_at_the_start_of_every_session():
    assert Determination(0).start_of_session()[0].tokens == 1
    assert Determination(3).start_of_session()[0].tokens == 1
    pool, change = Determination(3).gain("good roleplaying")
    assert (pool.tokens, change.lost) == (3, 1)
    with pytest.raises(ValueError):
        Determination(4)


@pytest.mark.parametrize("use", DeterminationUse)
def test_each_use_spends_one(use):
    pool, change = Determination(2).spend(use)
    assert (pool.tokens, change.reason) == (1, use.value)
    with pytest.raises(NotEnough):
        Determination(0).spend(use)


def test_a_die_turned_to_a_critical_success():
    test = roll_skill_test(TARGET, 3, dice=FixedDice([20, 5]))
    assert (test.successes, test.complications, test.passed) == (1, 1, False)
    turned = critical_die(test, 0)
    assert (turned.successes, turned.complications, turned.passed) == (3, 0, True)
    assert turned.dice[0].face == 20 and turned.dice[0].determined
    assert "20 (two successes; turned to a critical success by Determination)" in turned.explanation[1]
    with pytest.raises(ValueError, match="already"):
        critical_die(turned, 0)


def test_reroll_any_or_all_dice_keeping_what_they_showed():
    test = roll_skill_test(TARGET, 2, dice=FixedDice([12, 5, 20]), bought=1, paid_by=Payer.MOMENTUM)
    rerolled = reroll(test, [2, 0], FixedDice([1, 9]))
    assert [die.face for die in rerolled.dice] == [1, 5, 9]
    assert [die.rerolled_from for die in rerolled.dice] == [(12,), (), (20,)]
    assert (rerolled.successes, rerolled.complications, rerolled.passed) == (3, 0, True)
    again = reroll(rerolled, [0], FixedDice([4]))
    assert again.dice[0].rerolled_from == (12, 1)


def test_reroll_refuses_a_die_the_test_does_not_have():
    test = roll_skill_test(TARGET, 1, dice=FixedDice([1, 1]))
    with pytest.raises(ValueError, match="dice 0 to 1"):
        reroll(test, [2], FixedDice([3]))
    with pytest.raises(ValueError, match="at least one"):
        reroll(test, [], FixedDice([]))


@pytest.mark.parametrize(
    "faces, turned",
    [([5, 12], 1), ([12, 20], 1), ([20, 12], 0), ([1, 5], 1), ([12, 1, 9], 0)],
)
def test_the_die_turned_is_the_one_that_gains_most_a_complication_first(faces, turned):
    test = roll_skill_test(TARGET, 1, dice=FixedDice(faces), bought=len(faces) - 2, paid_by=Payer.CHAOS if len(faces) > 2 else None)
    assert die_to_turn(test) == turned


def test_no_die_to_turn_when_all_are_critical_successes():
    assert die_to_turn(roll_skill_test(TARGET, 1, dice=FixedDice([1, 1]))) is None
