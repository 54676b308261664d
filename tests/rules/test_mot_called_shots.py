"""Called shots (ch. 7, Armor and Called Shots; Aiming for Specific Body Parts)."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.called_shots import (
    CalledShot,
    called_consequences,
    called_damage,
    called_shot_tn,
)
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import combat

DIALS = Dials()
BOOK = Arsenal.book()


def consequences(shot, faces, damage="10d6 (3,4)", dr=0, **kwargs):
    result = read_damage(faces, DamageDice.parse(damage), dr)
    return called_consequences(shot, result, dials=DIALS, dice=kwargs.pop("dice", FixedDice([])), **kwargs)


@pytest.mark.parametrize(
    "shot, armor, tn",
    [
        (CalledShot.BYPASS_ARMOR, "Ballistic Vest", 1),
        (CalledShot.BYPASS_ARMOR, "Plate", 2),
        (CalledShot.LEGS, None, 1),
        (CalledShot.WEAPON_ARM, None, 2),
        (CalledShot.HEAD, None, 2),
        (CalledShot.NECK, None, 2),
    ],
)
def test_tn_increase(shot, armor, tn):
    assert called_shot_tn(shot, BOOK.armor_named(armor) if armor else None) == tn


def test_dodger_head_shot_damage():
    # "sniper rifle, which does skill + 14 (2,3) ... skill of 3 ... his serious
    # number for the rifle drops from 3 to 2 (his minor number doesn't move, as
    # no damage number can go lower than 2)". The example says 17d6 but leaves
    # out the head's +4d6; the rule adds it: 21d6.
    damage, lines = called_damage(CalledShot.HEAD, DamageDice(17, 2, 3))
    assert (damage.dice, damage.minor_at, damage.serious_at) == (21, 2, 2)
    assert lines == ["head shot: +4d6, damage numbers -1 (never below 2): 21d6 (2,2)"]


def test_neck_shot_lowers_the_numbers_only():
    damage, _ = called_damage(CalledShot.NECK, DamageDice(12, 3, 4))
    assert (damage.dice, damage.minor_at, damage.serious_at) == (12, 2, 3)


@pytest.mark.parametrize("shot", [None, CalledShot.BYPASS_ARMOR, CalledShot.LEGS, CalledShot.WEAPON_ARM])
def test_other_shots_leave_the_damage_alone(shot):
    assert called_damage(shot, DamageDice(12, 3, 4)) == (DamageDice(12, 3, 4), [])


@pytest.mark.parametrize(
    "shot, condition", [(CalledShot.LEGS, Condition.PRONE), (CalledShot.WEAPON_ARM, Condition.DISARMED)]
)
def test_legs_and_arm_on_four_damage_or_two_serious(shot, condition):
    # (3,4): a 3 is 1 minor; a 4 is 1 serious + 1 minor.
    assert consequences(shot, [3, 3, 3, 3]).conditions == (condition,)  # 4 minor
    assert consequences(shot, [4, 1, 1, 1]).conditions == ()  # 2 damage, 1 serious
    assert consequences(shot, [4, 4]).conditions == (condition,)  # 2 serious
    assert consequences(shot, [3, 3, 3]).conditions == ()  # 3 minor


def test_thresholds_read_the_damage_through_armor():
    # 3 serious + 3 minor rolled; DR 3 takes the serious: 3 minor get through.
    assert consequences(CalledShot.LEGS, [4, 4, 4], dr=3).conditions == ()
    assert consequences(CalledShot.LEGS, [4, 4, 4]).conditions == (Condition.PRONE,)


def test_six_serious_to_the_head_kills():
    # "even if he rolls eleven 1s and only six 2s, he still does enough damage
    # to kill the thug": 21d6 (2,2) after the head shot.
    outcome = consequences(CalledShot.HEAD, [1] * 15 + [2] * 6, damage="21d6 (2,2)")
    assert outcome.conditions == (Condition.DEAD,)
    assert outcome.endurance_roll is None


def test_damage_to_the_head_calls_for_an_endurance_roll():
    # 1 minor gets through; Endurance 3 rolls 5, 5, 1: 2 successes at TN 2.
    kept = consequences(CalledShot.HEAD, [3], target_endurance=3, dice=FixedDice([5, 5, 1]))
    assert kept.conditions == ()
    assert kept.endurance_roll.counting.faces == [5, 5, 1]
    stunned = consequences(CalledShot.HEAD, [3], target_endurance=3, dice=FixedDice([5, 4, 1]))
    assert stunned.conditions == (Condition.STUNNED,)
    assert dump(combat.CalledOutcome, stunned)["conditions"] == ["stunned"]


def test_no_damage_to_the_head_no_roll():
    assert consequences(CalledShot.HEAD, [1, 2]).endurance_roll is None


def test_endurance_below_the_tn_is_stunned_without_rolling():
    outcome = consequences(CalledShot.HEAD, [3], target_endurance=1)
    assert outcome.conditions == (Condition.STUNNED,) and outcome.endurance_roll is None


def test_head_damage_needs_the_targets_endurance():
    with pytest.raises(ValueError, match="endurance"):
        consequences(CalledShot.HEAD, [3])


def test_large_blade_decapitates_on_four_serious_to_the_neck():
    faces = [5, 5, 5, 5, 1]
    assert consequences(CalledShot.NECK, faces, damage="5d6 (3,4)", large_blade=True).conditions == (Condition.DEAD,)
    assert consequences(CalledShot.NECK, faces, damage="5d6 (3,4)").conditions == ()
    assert consequences(CalledShot.NECK, [5, 5, 5, 1], damage="4d6 (3,4)", large_blade=True).conditions == ()
