"""Healing, waking and the harsh-death rescue (ch. 7) with fixed faces."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.healing import (
    daily_recovery,
    medic_roll,
    recovery_wait,
    regain_consciousness,
    rescue,
    rest_hour,
)
from bridge.rules.moment_of_truth.health import Health, take_damage
from bridge.rules.moment_of_truth.rolls import ImpossibleRoll, Modifier
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import health as shapes

DIALS = Dials()


def hurt(minor=0, serious=0, hit_points=16, **flags):
    return Health(hit_points, minor, serious, **flags)


def changes(result):
    return [(change.condition, change.gained) for change in result.change.changes]


# --- the medic roll -----------------------------------------------------------


def test_every_medic_success_heals_one_serious():
    # Perception 2 + medic 1: 3 dice, two successes.
    result = medic_roll(hurt(serious=5), 2, 1, DIALS, dice=FixedDice([5, 6, 2]))
    assert result.healed_serious == 2
    assert result.change.after.serious == 3


def test_a_single_medic_success_helps_there_is_no_tn():
    result = medic_roll(hurt(serious=5), 2, 1, DIALS, dice=FixedDice([5, 2, 1]))
    assert result.roll.outcome.success
    assert result.healed_serious == 1


def test_a_medic_cannot_heal_more_than_the_serious_damage_or_any_minor():
    result = medic_roll(hurt(minor=4, serious=1), 2, 1, DIALS, dice=FixedDice([5, 6, 6]))
    assert result.healed_serious == 1
    assert (result.change.after.serious, result.change.after.minor) == (0, 4)


def test_one_medic_roll_per_injury():
    treated = medic_roll(hurt(serious=5), 2, 1, DIALS, dice=FixedDice([1, 2, 1])).change.after
    assert treated.treated
    with pytest.raises(ValueError, match="medic roll"):
        medic_roll(treated, 2, 1, DIALS, dice=FixedDice([6, 6, 6]))


def test_a_new_injury_allows_another_medic_roll():
    treated = hurt(serious=5, treated=True)
    again = take_damage(treated, 0, 1, DIALS)
    result = medic_roll(again, 2, 1, DIALS, dice=FixedDice([6, 2, 1]))
    assert result.healed_serious == 1


@pytest.mark.parametrize("circumstances, pool", [(-2, 1), (-1, 2), (0, 3), (1, 4), (2, 5)])
def test_the_gm_gives_one_or_two_dice_either_way(circumstances, pool):
    dice = FixedDice([1] * pool)
    result = medic_roll(hurt(serious=5), 2, 1, DIALS, circumstances=circumstances, dice=dice)
    assert result.roll.pool.dice == pool and dice.remaining == 0


def test_circumstances_beyond_two_dice_are_refused():
    with pytest.raises(ValueError, match="circumstances"):
        medic_roll(hurt(serious=5), 2, 1, DIALS, circumstances=3, dice=FixedDice([1] * 6))


def test_the_medics_own_wounds_are_skill_penalties():
    wounded = Modifier("wounded", -2, penalty=True)
    result = medic_roll(hurt(serious=5), 2, 1, DIALS, modifiers=[wounded], dice=FixedDice([6]))
    assert result.roll.pool.dice == 1


def test_a_medic_roll_that_brings_serious_below_a_third_stops_the_bleeding():
    bleeding = Dials(bleeding=True)
    result = medic_roll(hurt(serious=6), 2, 1, bleeding, dice=FixedDice([5, 6, 1]))
    assert result.change.after.serious == 4
    assert (Condition.BLEEDING, False) in changes(result)


def test_a_medic_roll_that_heals_to_positive_hit_points_wakes_the_character_prone():
    result = medic_roll(hurt(minor=10, serious=7), 2, 1, DIALS, dice=FixedDice([5, 6, 1]))
    assert result.change.after.remaining == 1
    assert changes(result) == [
        (Condition.UNCONSCIOUS, False),
        (Condition.PRONE, True),
        (Condition.WOUNDED, True),
    ]


def test_the_dead_are_not_treated():
    with pytest.raises(ValueError, match="dead"):
        medic_roll(hurt(minor=33, dead=True), 2, 1, DIALS, dice=FixedDice([6, 6, 6]))


# --- daily recovery -------------------------------------------------------------


def test_after_treatment_every_daily_endurance_success_heals_one_serious():
    result = daily_recovery(hurt(serious=2, treated=True), 3, DIALS, dice=FixedDice([5, 6, 6]))
    assert result.healed_serious == 2 and result.withheld_serious == 0
    assert result.change.after.serious == 0


def test_without_treatment_the_last_serious_point_never_heals():
    result = daily_recovery(hurt(serious=2), 3, DIALS, dice=FixedDice([5, 6, 6]))
    assert result.healed_serious == 1 and result.withheld_serious == 1
    assert result.change.after.serious == 1
    assert result.change.after.hit_points == 16, "the point stays as serious damage"


def test_without_treatment_a_short_roll_withholds_nothing():
    result = daily_recovery(hurt(serious=4), 3, DIALS, dice=FixedDice([5, 2, 2]))
    assert result.healed_serious == 1 and result.withheld_serious == 0


@given(st.integers(0, 20), st.booleans(), st.lists(st.integers(1, 6), min_size=1, max_size=8))
def test_daily_recovery_heals_serious_only_and_never_below_zero(serious, treated, faces):
    health = hurt(minor=3, serious=serious, treated=treated)
    after = daily_recovery(health, len(faces), DIALS, dice=FixedDice(faces)).change.after
    assert after.minor == 3
    assert (0 if treated else min(1, serious)) <= after.serious <= serious


def test_the_gm_may_favor_healing_rolls_but_not_penalise_them():
    result = daily_recovery(hurt(serious=4, treated=True), 2, DIALS, circumstances=2, dice=FixedDice([1] * 4))
    assert result.roll.pool.dice == 4
    with pytest.raises(ValueError):
        daily_recovery(hurt(serious=4), 2, DIALS, circumstances=-1, dice=FixedDice([1]))


# --- rest -----------------------------------------------------------------------


def test_every_success_in_an_hours_rest_heals_one_minor():
    result = rest_hour(hurt(minor=5, serious=2), 3, DIALS, dice=FixedDice([5, 6, 1]))
    assert result.healed_minor == 2
    assert (result.change.after.minor, result.change.after.serious) == (3, 2)


def test_the_gm_may_hand_wave_one_minor_per_hour():
    dice = FixedDice([])
    result = rest_hour(hurt(minor=5), 3, DIALS, hand_wave=True, dice=dice)
    assert result.roll is None and result.healed_minor == 1
    assert result.change.after.minor == 4


def test_rest_heals_no_more_minor_than_was_taken():
    result = rest_hour(hurt(minor=1), 3, DIALS, dice=FixedDice([6, 6, 6]))
    assert result.change.after.minor == 0


# --- unconsciousness ------------------------------------------------------------


def test_the_wait_is_two_d6_minutes():
    wait = recovery_wait(dice=FixedDice([3, 4]))
    assert wait.minutes == 7 and dump(shapes.Recovery, wait)["faces"] == [3, 4]


def test_waking_heals_minor_and_at_positive_hit_points_the_character_is_up_and_prone():
    # Dodger: 16 HP, 10 minor + 7 serious = -1 HP. Two successes: 1 HP.
    result = regain_consciousness(hurt(minor=10, serious=7), 5, DIALS, dice=FixedDice([5, 6, 2, 1, 1]))
    assert result.healed_minor == 2
    assert result.change.after.remaining == 1
    assert changes(result) == [
        (Condition.UNCONSCIOUS, False),
        (Condition.PRONE, True),
        (Condition.WOUNDED, True),
    ]


def test_too_few_successes_and_the_character_stays_down():
    result = regain_consciousness(hurt(minor=10, serious=7), 5, DIALS, dice=FixedDice([5, 2, 2, 1, 1]))
    assert result.change.after.remaining == 0
    assert changes(result) == []


def test_waking_only_applies_to_the_unconscious():
    with pytest.raises(ValueError, match="not unconscious"):
        regain_consciousness(hurt(minor=3), 5, DIALS, dice=FixedDice([6] * 5))


# --- the harsh-death rescue -----------------------------------------------------


def dead_dodger():
    # 16 HP, 20 minor + 13 serious = 33 = 2 x 16 + 1.
    return take_damage(hurt(), 20, 13, DIALS)


def test_a_critical_rescue_leaves_the_character_one_from_death():
    # Medic 3 + skill 1 + 2 unspent MoTs = 6 dice; TN 2, critical at 4.
    dice = FixedDice([5, 6, 6, 5, 1, 2])
    result = rescue(dead_dodger(), 3, 1, 2, DIALS, dice=dice)
    assert dice.remaining == 0 and result.roll.pool.dice == 6
    assert result.rescued
    after = result.change.after
    assert (after.dead, after.damage, after.serious, after.minor) == (False, 32, 12, 20)
    assert changes(result) == [(Condition.DEAD, False), (Condition.UNCONSCIOUS, True)]


def test_a_rescue_short_of_a_critical_success_leaves_the_character_dead_for_good():
    result = rescue(dead_dodger(), 3, 1, 2, DIALS, dice=FixedDice([5, 6, 6, 2, 1, 2]))
    assert result.roll.outcome.success and not result.rescued
    assert result.change.after.dead and result.change.after.beyond_rescue
    with pytest.raises(ValueError, match="rescued"):
        rescue(result.change.after, 3, 1, 0, DIALS, dice=FixedDice([6] * 4))


def test_a_rescue_heals_serious_first_then_minor():
    # 8 HP: death at 17; 2 serious + 18 minor = 20; down to 16 = 2 x 8.
    dead = take_damage(Health(8), 18, 2, DIALS)
    result = rescue(dead, 4, 0, 0, DIALS, dice=FixedDice([6, 6, 6, 6]))
    assert (result.change.after.serious, result.change.after.minor) == (0, 16)


def test_a_called_head_shot_death_cannot_be_rescued():
    with pytest.raises(ValueError, match="rescued"):
        rescue(hurt(minor=40, dead=True, beyond_rescue=True), 3, 1, 2, DIALS, dice=FixedDice([6] * 6))


def test_the_living_need_no_rescue():
    with pytest.raises(ValueError, match="rescued"):
        rescue(hurt(minor=20), 3, 1, 0, DIALS, dice=FixedDice([6] * 4))


def test_a_rescue_pool_below_the_tn_is_an_impossible_roll():
    with pytest.raises(ImpossibleRoll):
        rescue(dead_dodger(), 1, 0, 0, DIALS, dice=FixedDice([6]))


def test_results_are_json_ready():
    result = medic_roll(hurt(serious=5), 2, 1, DIALS, dice=FixedDice([5, 6, 2]))
    wire = json.loads(json.dumps(dump(shapes.Healing, result)))
    assert wire["roll"]["faces"] == [5, 6, 2]
    assert wire["healed_serious"] == 2
    assert wire["change"]["after"]["serious"] == 3
    assert wire["explanation"][0] == "medic roll: every success heals 1 serious"
    rescued = rescue(dead_dodger(), 3, 1, 2, DIALS, dice=FixedDice([5, 6, 6, 5, 1, 2]))
    assert json.loads(json.dumps(dump(shapes.Rescue, rescued)))["rescued"] is True
