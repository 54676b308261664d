"""A combatant's turn (ch. 7): end-of-turn condition rolls, moves and actions,
suppression and the charge flag."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.defense import Charge, to_hit
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.rolls import ImpossibleRoll, RollKind, resolve_roll
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.turns import (
    TurnFlags,
    condition_roll,
    end_turn,
    suppression_penalty,
    turn_allowance,
)
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import tracker
from bridge.systems.moment_of_truth.schemas.rolls import RollResult

END, WILL = Statistic.ENDURANCE, Statistic.WILL
STATS = {END: 3, WILL: 2, Statistic.AGILITY: 4}
GRITTY = Dials()


def test_stunned_ends_on_an_endurance_statistic_roll_success():
    dice = FixedDice([5, 6, 1])
    result = condition_roll(Condition.STUNNED, STATS, GRITTY, dice=dice)
    assert dice.remaining == 0
    assert result.statistic is END
    assert result.roll.kind is RollKind.STATISTIC
    assert result.roll.pool.dice == 3
    assert result.ends


def test_stunned_goes_on_when_the_endurance_roll_fails():
    result = condition_roll(Condition.STUNNED, STATS, GRITTY, dice=FixedDice([5, 4, 1]))
    assert not result.ends
    assert result.explanation[-1] == "stunned goes on into the next turn"


def test_confused_ends_on_a_will_statistic_roll_against_the_worlds_tn():
    assert condition_roll(Condition.CONFUSED, STATS, Dials(default_tn=1), dice=FixedDice([6, 2])).ends
    assert not condition_roll(Condition.CONFUSED, STATS, GRITTY, dice=FixedDice([6, 2])).ends


def test_condition_roll_counts_like_a_plain_statistic_roll():
    faces = [5, 2, 6]
    result = condition_roll(Condition.STUNNED, STATS, GRITTY, dice=FixedDice(faces))
    same = resolve_roll(RollKind.STATISTIC, 3, None, 2, dice=FixedDice(faces))
    assert dump(RollResult, result.roll) == dump(RollResult, same)


def test_condition_roll_takes_moments_of_truth_and_refuses_an_impossible_roll():
    weak = {WILL: 1}
    with pytest.raises(ImpossibleRoll):
        condition_roll(Condition.CONFUSED, weak, GRITTY, dice=FixedDice([6]))
    assert condition_roll(Condition.CONFUSED, weak, GRITTY, moments_spent=1, dice=FixedDice([6, 5])).ends


def test_condition_roll_refuses_a_condition_that_does_not_end_on_a_roll():
    with pytest.raises(ValueError, match="prone"):
        condition_roll(Condition.PRONE, STATS, GRITTY, dice=FixedDice([]))
    with pytest.raises(ValueError, match="endurance"):
        condition_roll(Condition.STUNNED, {WILL: 3}, GRITTY, dice=FixedDice([]))


def test_end_turn_rolls_for_confused_then_stunned_and_keeps_the_rest():
    # confused first (Will 2d6: 1 2 fails), then stunned (Endurance 3d6: 5 5 1 ends it)
    dice = FixedDice([1, 2, 5, 5, 1])
    result = end_turn({Condition.STUNNED, Condition.CONFUSED, Condition.PRONE}, STATS, GRITTY, dice=dice)
    assert dice.remaining == 0
    assert [roll.condition for roll in result.rolls] == [Condition.CONFUSED, Condition.STUNNED]
    assert result.conditions == {Condition.CONFUSED, Condition.PRONE}


def test_end_turn_without_such_conditions_rolls_nothing():
    result = end_turn({Condition.PRONE}, STATS, GRITTY, dice=FixedDice([]))
    assert result.rolls == ()
    assert result.explanation == ["no condition ends on a roll at the end of this turn"]


def test_a_turn_is_one_move_and_one_action_or_two_moves():
    allowance = turn_allowance(5, set())
    assert (allowance.actions, allowance.moves, allowance.meters_per_move) == (1, 2, 5)


def test_prone_halves_move_dropping_fractions():
    assert turn_allowance(5, {Condition.PRONE}).meters_per_move == 2
    assert turn_allowance(4, {Condition.PRONE}).meters_per_move == 2


def test_unconscious_characters_take_no_actions_and_do_not_move():
    allowance = turn_allowance(5, {Condition.UNCONSCIOUS, Condition.PRONE})
    assert (allowance.actions, allowance.moves, allowance.meters_per_move) == (0, 0, 0)
    assert json.loads(json.dumps(dump(tracker.Allowance, allowance)))["explanation"][-1] == "no action and no move this turn"


def test_turn_allowance_refuses_a_negative_move():
    with pytest.raises(ValueError):
        turn_allowance(-1, set())


def test_suppressed_with_fewer_than_two_defense_dice_takes_minus_one_die_into_the_fire():
    (penalty,) = suppression_penalty({Condition.SUPPRESSED}, 1, into_fire=True)
    assert penalty.dice == -1
    assert penalty.penalty


def test_suppressed_with_two_defense_dice_or_acting_elsewhere_takes_no_penalty():
    assert suppression_penalty({Condition.SUPPRESSED}, 2, into_fire=True) == []
    assert suppression_penalty({Condition.SUPPRESSED}, 0, into_fire=False) == []
    assert suppression_penalty(set(), 0, into_fire=True) == []
    with pytest.raises(ValueError):
        suppression_penalty({Condition.SUPPRESSED}, -2, into_fire=True)


def test_suppression_penalty_skips_statistic_rolls():
    penalties = suppression_penalty({Condition.SUPPRESSED}, 0, into_fire=True)
    assert resolve_roll(RollKind.SKILL, 3, 1, 2, modifiers=penalties, dice=FixedDice([5] * 3)).pool.dice == 3
    assert resolve_roll(RollKind.STATISTIC, 3, None, 2, modifiers=penalties, dice=FixedDice([5] * 3)).pool.dice == 3


def test_after_a_charge_attacks_ignore_the_chargers_defense_dice_until_their_next_turn():
    flags = TurnFlags(charge=Charge.CHARGED)
    charged = to_hit(dials=GRITTY, ranged=False, defense_dice=4, target_charge=flags.charge)
    next_turn = to_hit(dials=GRITTY, ranged=False, defense_dice=4, target_charge=TurnFlags().charge)
    assert (charged.value, next_turn.value) == (2, 4)
    assert flags.charge is Charge.CHARGED and TurnFlags().charge is None


@given(st.integers(0, 40), st.sets(st.sampled_from(list(Condition))))
def test_move_never_grows_with_conditions(move, conditions):
    assert turn_allowance(move, conditions).meters_per_move <= turn_allowance(move, set()).meters_per_move
