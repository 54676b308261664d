"""Hazards (ch. 8): falling, explosions, fire, suffocation, vacuum, with fixed faces."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.hazards import (
    Breath,
    Caught,
    Charge,
    Fire,
    Vacuum,
    blast,
    burn,
    enter_vacuum,
    explosion,
    explosion_dice,
    fall,
    fall_damage,
    ignite,
    start_suffocating,
    suffocate,
    vacuum_second,
)
from bridge.rules.moment_of_truth.health import ConditionChange, Health
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.hazards import FireHazard
from bridge.systems.moment_of_truth.schemas.rolls import TargetNumber

DIALS = Dials()
FRESH = Health(16)


def changes(result):
    return [(change.condition, change.gained) for change in result.change.changes]


# --- falling ----------------------------------------------------------------


def test_the_books_thirty_meter_fall_is_fifteen_dice():
    assert fall_damage(30) == DamageDice(15, 3, 6)


@pytest.mark.parametrize("meters, dice", [(0, 0), (1.9, 0), (2, 1), (3.9, 1), (4, 2), (570, 285), (5000, 285)])
def test_one_die_per_full_two_meters_at_most_285(meters, dice):
    assert fall_damage(meters).dice == dice


def test_each_agility_success_removes_a_die():
    # 10 m: 5d6 (3,6); Agility 3 rolls 5, 6, 2: two dice go, 3d6 are rolled.
    dice = FixedDice([5, 6, 2, 6, 3, 1])
    result = fall(FRESH, 10, 3, DIALS, dice=dice)
    assert dice.remaining == 0
    assert result.rolls[0].counting.successes == 2
    damage = result.damage[0]
    assert damage.damage.dice == 3
    assert (damage.serious, damage.minor) == (1, 2)
    assert (result.change.after.serious, result.change.after.minor) == (1, 2)


@pytest.mark.parametrize("default_tn", [1, 2])
def test_the_agility_roll_against_a_fall_or_fire_has_no_tn_in_any_world(default_tn):
    """docs/rules/moment_of_truth.md, Rolls with no TN: one success helps,
    and the card does not call the 1 the world's default."""
    dials = DIALS.with_changes(default_tn=default_tn)
    fell = fall(FRESH, 4, 2, dials, dice=FixedDice([5, 2, 3, 3]))
    burnt = burn(FRESH, Fire(2), 2, dials, dice=FixedDice([6, 1, 2]))
    for roll in (fell.rolls[0], burnt.rolls[0]):
        assert dump(TargetNumber, roll.target) == {
            "default": default_tn, "difficulty": 0, "value": 1, "every_success_counts": True
        }
        assert roll.outcome.success and roll.counting.successes == 1
        assert "no TN to make: every success counts (judged against 1)" in roll.explanation
        assert not any("the world's default" in line for line in roll.explanation)
    assert fell.damage[0].damage.dice == 1 and burnt.damage[0].damage.dice == 1


def test_falling_damage_is_serious_on_six_and_minor_on_three():
    result = fall(FRESH, 6, 1, DIALS, dice=FixedDice([1, 2, 3, 6]))
    assert (result.damage[0].serious, result.damage[0].minor) == (1, 2)


def test_armor_does_not_soften_a_fall_unless_the_gm_says():
    faces = [1, 6, 6, 6]
    plain = fall(FRESH, 6, 1, DIALS, dice=FixedDice(faces))
    armored = fall(FRESH, 6, 1, DIALS, damage_reduction=2, dice=FixedDice(faces))
    assert plain.damage[0].hit_points_lost == 6
    assert armored.damage[0].hit_points_lost == 4


def test_a_short_drop_rolls_nothing():
    dice = FixedDice([])
    result = fall(FRESH, 1.5, 3, DIALS, dice=dice)
    assert result.rolls == () and result.damage[0].hit_points_lost == 0


def test_a_negative_fall_is_refused():
    with pytest.raises(ValueError):
        fall_damage(-1)


# --- explosions -------------------------------------------------------------


@pytest.mark.parametrize(
    "distance, dice",
    [(0, 20), (0.5, 20), (1, 20), (1.2, 19), (2, 19), (2.5, 18), (3, 18), (20, 1), (20.1, 0), (50, 0)],
)
def test_a_20d6_grenade_loses_a_die_per_meter_begun(distance, dice):
    # Ch. 8: "20d6 for the first meter, 19d6 for a distance of up to 2 meters, 18d6 for 3 meters".
    assert explosion_dice(20, distance) == dice


@given(st.integers(0, 300), st.floats(0, 400), st.floats(0, 400))
def test_farther_is_never_worse(base, near, far):
    near, far = sorted((near, far))
    assert 0 <= explosion_dice(base, far) <= explosion_dice(base, near) <= base


def test_charge_kinds_have_the_books_numbers():
    assert Charge.SHRAPNEL.damage(20).notation == "20d6 (4,5)"
    assert Charge.NO_SHRAPNEL.damage(20).notation == "20d6 (5,6)"
    assert Charge.FLASH_BANG.damage(20).notation == "20d6 (5,-)"


def test_a_token_at_two_and_a_half_meters_takes_eighteen_dice_less_cover_with_armor():
    dice = FixedDice([6] * 15)
    result = explosion(FRESH, Charge.SHRAPNEL.damage(20), 2.5, DIALS, cover=3, damage_reduction=4, dice=dice)
    assert dice.remaining == 0
    damage = result.damage[0]
    assert damage.damage.dice == 15
    assert (damage.serious, damage.minor) == (11, 15)


def test_a_blast_rolls_each_token_apart_and_names_the_hurt():
    tokens = [Caught("near", FRESH, 1), Caught("covered", FRESH, 1, cover=2), Caught("far", FRESH, 9)]
    result = blast(Charge.SHRAPNEL.damage(2), tokens, DIALS, dice=FixedDice([6, 6]))
    assert [actor for actor, _ in result.tokens] == ["near", "covered", "far"]
    assert result.hurt == ["near"] and result.explanation[-1] == "hurt: near"


def test_a_charge_that_reaches_nobody_says_so():
    result = blast(Charge.FLASH_BANG.damage(3), [Caught("far", FRESH, 10)], DIALS, dice=FixedDice([]))
    assert result.hurt == [] and result.explanation[-1] == "the blast injures nobody"


def test_a_flash_bang_does_no_serious_damage():
    result = explosion(FRESH, Charge.FLASH_BANG.damage(3), 0, DIALS, dice=FixedDice([6, 6, 5]))
    assert (result.damage[0].serious, result.damage[0].minor) == (0, 3)


def test_a_token_beyond_reach_takes_nothing_and_says_so():
    dice = FixedDice([])
    result = explosion(FRESH, Charge.SHRAPNEL.damage(20), 25, DIALS, dice=dice)
    assert result.damage == () and result.change.after == FRESH
    assert "beyond the blast's reach: no damage" in result.explanation


def test_full_cover_stops_the_blast():
    result = explosion(FRESH, Charge.SHRAPNEL.damage(5), 3, DIALS, cover=4, dice=FixedDice([]))
    assert result.damage == ()
    assert "the cover stops the blast: no damage" in result.explanation


def test_negative_cover_is_refused():
    with pytest.raises(ValueError):
        explosion(FRESH, Charge.SHRAPNEL.damage(5), 1, DIALS, cover=-1, dice=FixedDice([]))


# --- fire -------------------------------------------------------------------


def test_fire_burns_on_the_turn_it_starts_serious_on_three_minor_on_five():
    # A Molotov: 5d6 (5,3). 6 and 5 do both, 3 serious only, 2 and 1 nothing.
    result = ignite(FRESH, 5, DIALS, dice=FixedDice([6, 5, 3, 2, 1]))
    damage = result.damage[0]
    assert (damage.serious, damage.minor) == (3, 2)
    assert changes(result) == [(Condition.ON_FIRE, True)]


def test_a_deep_fryer_splash_starts_at_one_die_and_water_will_not_help():
    # Ch. 8: "as small as 1d6, assuming perhaps a splash from a deep fryer".
    result = ignite(FRESH, 1, DIALS, grease=True, dice=FixedDice([5]))
    assert (result.damage[0].serious, result.damage[0].minor) == (1, 1)
    assert result.state == Fire(2, grease=True)


def test_a_fire_needs_a_starting_die():
    with pytest.raises(ValueError):
        ignite(FRESH, 0, DIALS, dice=FixedDice([]))


def test_every_five_or_six_grows_the_fire_by_a_die():
    result = ignite(FRESH, 5, DIALS, dice=FixedDice([6, 5, 3, 2, 1]))
    assert result.state == Fire(7)


def test_a_tick_removes_agility_and_helper_successes_before_burning():
    # Fire 7d6; Agility 2 rolls 5, 6 (2 successes); helpers had 1: 4d6 burn.
    dice = FixedDice([5, 6, 3, 3, 1, 1])
    result = burn(FRESH, Fire(7), 2, DIALS, helper_successes=1, dice=dice)
    assert dice.remaining == 0
    assert result.damage[0].damage.dice == 4
    assert result.damage[0].serious == 2
    assert result.state == Fire(4)


def test_at_zero_dice_the_fire_is_out_and_does_not_burn():
    dice = FixedDice([5, 6])
    result = burn(FRESH, Fire(2), 2, DIALS, dice=dice)
    assert result.state.out and result.damage == ()
    assert changes(result) == [(Condition.ON_FIRE, False)]


def test_a_blanket_adds_three_dice_per_turn_used_cumulative():
    after_one = burn(FRESH, Fire(1), 2, DIALS, blanket=True, dice=FixedDice([1] * 5 + [1]))
    assert after_one.rolls[0].pool.dice == 5  # Agility 2 + 3d6
    second = burn(FRESH, after_one.state, 2, DIALS, blanket=True, dice=FixedDice([1] * 8 + [1]))
    assert second.rolls[0].pool.dice == 8  # Agility 2 + 6d6
    assert second.state.blanket_turns == 2


def test_water_adds_six_dice_but_not_against_grease():
    water = burn(FRESH, Fire(1), 2, DIALS, water=True, dice=FixedDice([1] * 8 + [1]))
    assert water.rolls[0].pool.dice == 8
    grease = burn(FRESH, Fire(1, grease=True), 2, DIALS, water=True, dice=FixedDice([1, 1, 1]))
    assert grease.rolls[0].pool.dice == 2
    assert "water on a grease fire is a wash: no dice" in grease.explanation


def test_a_character_who_cannot_act_rolls_nothing_but_helpers_still_count():
    dice = FixedDice([])
    result = burn(FRESH, Fire(2), 0, DIALS, helper_successes=2, dice=dice)
    assert result.rolls == () and result.state.out


def test_a_fire_that_is_out_cannot_tick():
    with pytest.raises(ValueError, match="out"):
        burn(FRESH, Fire(0), 2, DIALS, dice=FixedDice([]))


# --- suffocation ------------------------------------------------------------


def test_breath_lasts_the_pips_of_endurance_dice():
    result = start_suffocating(FRESH, 3, DIALS, dice=FixedDice([4, 2, 5]))
    assert result.state == Breath(11)
    assert result.pips == (4, 2, 5)
    assert changes(result) == [(Condition.SUFFOCATING, True)]


def test_warning_adds_thirty_seconds():
    result = start_suffocating(FRESH, 2, DIALS, warned=True, dice=FixedDice([1, 1]))
    assert result.state.seconds == 32


def test_damage_starts_once_the_breath_has_passed():
    health, breath = FRESH, Breath(2)
    taken = []
    for _ in range(4):
        result = suffocate(health, breath, DIALS)
        health, breath = result.change.after, result.state
        taken.append(health.minor)
    assert taken == [0, 0, 1, 2]


def test_after_minor_damage_equals_hit_points_it_is_serious():
    result = suffocate(Health(16, minor=16), Breath(0, turns=5), DIALS)
    assert (result.change.after.minor, result.change.after.serious) == (16, 1)


# --- vacuum -----------------------------------------------------------------


def test_the_first_second_in_vacuum_is_free():
    dice = FixedDice([])
    result = vacuum_second(FRESH, Vacuum(Breath(10)), 3, DIALS, dice=dice)
    assert result.rolls == () and result.damage == ()
    assert result.state.seconds == 1


def test_from_the_second_second_an_endurance_roll_and_cumulative_damage():
    vacuum = Vacuum(Breath(10), seconds=1)
    second = vacuum_second(FRESH, vacuum, 3, DIALS, dice=FixedDice([5, 6, 1] + [6]))
    assert second.rolls[0].outcome.success
    assert second.damage[0].damage.notation == "1d6 (5,6)"
    third = vacuum_second(second.change.after, second.state, 3, DIALS, dice=FixedDice([5, 6, 1] + [6, 5]))
    assert third.damage[0].damage.dice == 2
    assert (third.change.after.serious, third.change.after.minor) == (2, 3)


def test_the_second_missed_roll_is_unconsciousness():
    vacuum = Vacuum(Breath(10), seconds=1, misses=1)
    result = vacuum_second(FRESH, vacuum, 2, DIALS, dice=FixedDice([1, 2, 1]))
    assert result.state.unconscious
    assert changes(result) == [(Condition.UNCONSCIOUS, True)]


def test_an_unconscious_character_rolls_no_more():
    vacuum = Vacuum(Breath(10), seconds=4, misses=2)
    result = vacuum_second(FRESH, vacuum, 2, DIALS, dice=FixedDice([1, 1, 1, 1]))
    assert result.rolls == ()
    assert result.damage[0].damage.dice == 4


def test_vacuum_also_suffocates():
    vacuum = Vacuum(Breath(1, turns=1), seconds=1)
    result = vacuum_second(FRESH, vacuum, 2, DIALS, dice=FixedDice([6, 6, 1]))
    assert result.change.after.minor == 1
    assert result.state.breath.out_of_breath


def test_entering_vacuum_rolls_the_breath_and_suffocates():
    result = enter_vacuum(FRESH, 2, DIALS, dice=FixedDice([3, 4]))
    assert result.state == Vacuum(Breath(7))
    assert changes(result) == [(Condition.SUFFOCATING, True)]


def test_a_ruptured_suit_spaces_the_rolls_and_delays_the_damage():
    # Suit die 2: an Endurance roll every 2 seconds, damage after 6.
    entered = enter_vacuum(FRESH, 1, DIALS, ruptured_suit=True, dice=FixedDice([6, 2]))
    vacuum = entered.state
    assert (vacuum.roll_every, vacuum.damage_after) == (2, 6)
    rolled_at, damaged_at, health = [], [], FRESH
    for second in range(1, 8):
        pool = max(0, second - 6)
        result = vacuum_second(health, vacuum, 3, DIALS, dice=FixedDice([5, 5, 5] * 3 + [1] * pool))
        if result.rolls:
            rolled_at.append(second)
        if result.damage:
            damaged_at.append(second)
        health, vacuum = result.change.after, result.state
    assert rolled_at == [3, 5, 7]
    assert damaged_at == [7]


def test_results_are_json_ready():
    result = ignite(FRESH, 2, DIALS, dice=FixedDice([6, 1]))
    wire = json.loads(json.dumps(dump(FireHazard, result)))
    assert wire["hazard"] == "fire"
    assert wire["state"] == {"dice": 3, "grease": False, "blanket_turns": 0, "out": False, "help": 0}
    assert wire["damage"][0]["faces"] == [6, 1]
    assert wire["health"]["changes"] == [{"condition": "on_fire", "gained": True}]
    assert ConditionChange(Condition.ON_FIRE, True).line in wire["explanation"]
