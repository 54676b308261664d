"""Contests with fixed faces: difficulty 0, extra successes compared, the
active side winning a draw (and needing a success of its own)."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.two_d20 import Contest, Side, Target, roll_contest, roll_skill_test
from bridge.schemas.encode import dump
from bridge.systems.two_d20.schemas import TwoD20Contest

ACTIVE, PASSIVE = Target(4, 4), Target(3, 3)  # targets 8 and 6


def contest(faces):
    dice = FixedDice(faces)
    result = roll_contest(ACTIVE, PASSIVE, dice=dice)
    assert dice.remaining == 0
    return result


def test_more_extra_successes_win():
    result = contest([1, 9, 5, 9])  # active 2, passive 1
    assert (result.winner, result.margin) == (Side.ACTIVE, 1)
    result = contest([5, 9, 1, 2])  # active 1, passive 3
    assert (result.winner, result.margin) == (Side.PASSIVE, 2)


def test_the_active_side_wins_a_draw():
    result = contest([5, 6, 1, 9])  # 2 each
    assert (result.winner, result.margin) == (Side.ACTIVE, 0)
    assert result.explanation == ["active 2 vs passive 2 extra successes: active wins (a draw goes to the active side)"]


def test_the_active_side_needs_a_success_of_its_own():
    result = contest([9, 12, 9, 12])  # no success either side
    assert result.winner is Side.PASSIVE
    assert "no success" in result.explanation[0]


def test_both_sides_roll_at_difficulty_zero():
    test = roll_skill_test(ACTIVE, 1, dice=FixedDice([1, 1]))
    with pytest.raises(ValueError, match="difficulty 0"):
        Contest(test, roll_skill_test(PASSIVE, 0, dice=FixedDice([1, 1])))


def test_the_card_holds_both_tests():
    card = dump(TwoD20Contest, contest([1, 9, 5, 9]))
    assert (card["active"]["faces"], card["passive"]["faces"], card["winner"]) == ([1, 9], [5, 9], "active")
    assert card["outcome"] == {"label": "active_wins"}
