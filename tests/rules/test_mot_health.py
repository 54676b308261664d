"""Health, death and bleeding (ch. 7) with fixed faces."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import (
    ConditionChange,
    Health,
    apply_damage,
    bandage,
    bleed,
    condition_changes,
    declare_heroic_death,
    health_conditions,
    is_bleeding,
    may_declare_heroic_death,
    take_damage,
    take_hits,
)
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.health import HealthChange

DIALS = Dials()
BLEEDING = Dials(bleeding=True)


def hurt(minor=0, serious=0, hit_points=16, **flags):
    return Health(hit_points, minor, serious, **flags)


def gained(*conditions):
    return [ConditionChange(condition, True) for condition in conditions]


def lost(*conditions):
    return [ConditionChange(condition, False) for condition in conditions]


# --- hit points and thresholds ----------------------------------------------


def test_hit_points_are_six_plus_twice_endurance():
    assert Health.from_endurance(5, DIALS).hit_points == 16
    assert Health.from_endurance(1, DIALS).hit_points == 8


def test_hit_points_follow_the_dials():
    dials = Dials(hit_points_base=10, hit_points_per_endurance=3)
    assert Health.from_endurance(2, dials).hit_points == 16


def test_hit_points_lost_are_minor_plus_serious():
    health = hurt(minor=4, serious=3)
    assert (health.damage, health.remaining) == (7, 9)


@pytest.mark.parametrize(
    "remaining, condition",
    [
        (7, None),
        (6, Condition.INJURED),
        (3, Condition.INJURED),
        (2, Condition.WOUNDED),
        (1, Condition.WOUNDED),
        (0, Condition.UNCONSCIOUS),
        (-5, Condition.UNCONSCIOUS),
    ],
)
def test_remaining_hit_points_decide_the_condition(remaining, condition):
    health = hurt(minor=16 - remaining)
    expected = {condition} if condition else set()
    assert health_conditions(health, DIALS) == expected


@given(st.integers(1, 40), st.integers(0, 100), st.integers(0, 100))
def test_exactly_one_damage_condition_below_seven_hit_points(hit_points, minor, serious):
    health = Health(hit_points, minor, serious)
    found = health_conditions(health, DIALS) & {Condition.INJURED, Condition.WOUNDED, Condition.UNCONSCIOUS}
    assert len(found) == (1 if health.remaining <= 6 else 0)


# --- applying damage ----------------------------------------------------------


def test_applying_a_damage_roll_takes_its_minor_and_serious_after_armor():
    # Ch. 7, Nikita's .45: 12d6 (3,4) against a DR 6 vest does 1 serious + 9 minor.
    faces = [1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6]
    damage = read_damage(faces, DamageDice.parse("12d6 (3,4)"), damage_reduction=6)
    change = apply_damage(hurt(hit_points=14), damage, DIALS)
    assert (change.after.serious, change.after.minor, change.after.remaining) == (1, 9, 4)
    assert list(change.changes) == gained(Condition.INJURED)


def test_going_from_injured_to_wounded_loses_injured_and_gains_wounded():
    change = apply_damage(hurt(minor=10), read_damage([6, 6, 6], DamageDice.parse("3d6 (4,5)")), DIALS)
    # 6 left -> 3 serious + 3 minor = 6 more -> 0 left: unconscious.
    assert change.after.remaining == 0
    assert list(change.changes) == lost(Condition.INJURED) + gained(Condition.UNCONSCIOUS)


def test_injured_to_wounded():
    after = take_damage(hurt(minor=10), 4, 0, DIALS)
    assert condition_changes(health_conditions(hurt(minor=10), DIALS), health_conditions(after, DIALS)) == (
        *lost(Condition.INJURED),
        *gained(Condition.WOUNDED),
    )


def test_dodger_example_is_unconscious_at_minus_one_and_dies_at_sixteen_more():
    # Ch. 7: 16 HP, a rifle hit for 10 minor and 7 serious: 17 damage, -1 HP;
    # "If he takes 16 or more points of any type of damage ... Dodger is dead."
    dodger = take_damage(hurt(), 10, 7, DIALS)
    assert (dodger.damage, dodger.remaining, dodger.dead) == (17, -1, False)
    assert dodger.death_threshold == 33
    assert not take_damage(dodger, 15, 0, DIALS).dead
    assert take_damage(dodger, 16, 0, DIALS).dead
    assert take_damage(dodger, 0, 16, DIALS).dead


@given(st.integers(1, 40), st.integers(0, 100), st.integers(0, 100))
def test_harsh_death_is_exactly_twice_hit_points_plus_one(hit_points, minor, serious):
    after = take_damage(Health(hit_points), minor, serious, DIALS)
    assert after.dead == (minor + serious >= 2 * hit_points + 1)


def test_death_replaces_every_other_condition():
    change = apply_damage(hurt(minor=17), read_damage([6] * 8, DamageDice.parse("8d6 (3,4)")), DIALS)
    assert change.after.dead
    assert list(change.changes) == lost(Condition.UNCONSCIOUS) + gained(Condition.DEAD)


def test_without_harsh_death_damage_never_kills():
    assert not take_damage(hurt(), 100, 100, Dials(harsh_death=False)).dead


def test_a_new_injury_allows_a_new_medic_roll_and_reopens_the_bandage():
    after = take_damage(hurt(serious=6, treated=True, bandaged=True), 1, 0, DIALS)
    assert (after.treated, after.bandaged) == (False, False)


def test_no_damage_is_no_new_injury():
    after = apply_damage(hurt(treated=True), read_damage([1, 2], DamageDice.parse("2d6 (3,4)")), DIALS)
    assert after.after.treated


def test_a_head_or_neck_shot_that_kills_is_beyond_rescue():
    damage = read_damage([6] * 10, DamageDice.parse("10d6 (3,4)"))
    change = apply_damage(hurt(minor=14), damage, DIALS, head_or_neck_shot=True)
    assert change.after.dead and change.after.beyond_rescue


def test_hits_given_by_hand_are_a_damage_rolls_minor_and_serious():
    rolled = read_damage([6, 6, 4, 1], DamageDice.parse("4d6 (3,4)"), 1)
    assert take_hits(hurt(), rolled.minor, rolled.serious, DIALS) == apply_damage(hurt(), rolled, DIALS).after
    assert take_hits(hurt(), 0, 33, DIALS, head_or_neck_shot=True).beyond_rescue


def test_a_head_shot_that_does_not_kill_leaves_no_mark():
    damage = read_damage([6], DamageDice.parse("1d6 (3,4)"))
    change = apply_damage(hurt(), damage, DIALS, head_or_neck_shot=True)
    assert not change.after.dead and not change.after.beyond_rescue


def test_an_outright_called_shot_kill_is_dead_whatever_the_hit_points():
    # Ch. 7: 6 serious in a called shot to the head kills.
    damage = read_damage([6] * 6, DamageDice.parse("6d6 (3,4)"))
    change = apply_damage(hurt(hit_points=30), damage, DIALS, outright_kill=True)
    assert change.after.remaining == 18
    assert change.after.dead and change.after.beyond_rescue
    assert list(change.changes) == gained(Condition.DEAD)


def test_an_ordinary_harsh_death_can_still_be_rescued():
    assert not take_damage(hurt(), 33, 0, DIALS).beyond_rescue


# --- heroic death ---------------------------------------------------------------


def test_heroic_death_needs_hit_points_below_zero():
    assert not may_declare_heroic_death(hurt(minor=16), DIALS)
    assert may_declare_heroic_death(hurt(minor=17), DIALS)


def test_heroic_death_needs_the_dial():
    assert not may_declare_heroic_death(hurt(minor=17), Dials(heroic_death=False))


def test_declaring_a_heroic_death_kills_beyond_rescue():
    change = declare_heroic_death(hurt(minor=17), DIALS)
    assert change.after.dead and change.after.beyond_rescue
    assert list(change.changes) == lost(Condition.UNCONSCIOUS) + gained(Condition.DEAD)


def test_declaring_a_heroic_death_too_early_is_refused():
    with pytest.raises(ValueError, match="below zero"):
        declare_heroic_death(hurt(minor=3), DIALS)


# --- waking -------------------------------------------------------------------


def test_waking_up_leaves_the_character_prone():
    changes = condition_changes({Condition.UNCONSCIOUS}, {Condition.WOUNDED})
    assert changes == (*lost(Condition.UNCONSCIOUS), *gained(Condition.PRONE, Condition.WOUNDED))


def test_dying_is_not_waking_up():
    assert condition_changes({Condition.UNCONSCIOUS}, {Condition.DEAD}) == (
        *lost(Condition.UNCONSCIOUS),
        *gained(Condition.DEAD),
    )


# --- bleeding -----------------------------------------------------------------


def test_bleeding_needs_the_optional_rule():
    assert not is_bleeding(hurt(serious=10), DIALS)
    for refused in (lambda: bleed(hurt(serious=10), 3, DIALS, dice=FixedDice([6])), lambda: bandage(hurt(serious=10), DIALS)):
        with pytest.raises(ValueError, match="optional rule"):
            refused()


def test_bleeding_starts_at_a_third_of_hit_points_dropping_fractions():
    # 16 HP: a third is 5 (5.33 dropped).
    assert not is_bleeding(hurt(serious=4), BLEEDING)
    assert is_bleeding(hurt(serious=5), BLEEDING)
    assert Condition.BLEEDING in health_conditions(hurt(serious=5), BLEEDING)


def test_minor_damage_never_bleeds():
    assert not is_bleeding(hurt(minor=15, serious=4), BLEEDING)


def test_a_failed_endurance_roll_bleeds_one_serious():
    # Endurance 3 at TN 2: one success fails.
    result = bleed(hurt(serious=5, treated=True), 3, BLEEDING, dice=FixedDice([5, 2, 1]))
    assert not result.roll.outcome.success
    assert result.serious_lost == 1
    assert result.change.after.serious == 6
    assert result.change.after.treated, "bleeding is not a new injury"


def test_a_successful_endurance_roll_holds_the_bleeding():
    result = bleed(hurt(serious=5), 3, BLEEDING, dice=FixedDice([5, 6, 1]))
    assert result.serious_lost == 0
    assert result.change.after == hurt(serious=5)


def test_bleeding_rolls_are_statistic_rolls_penalties_do_not_apply():
    # 4 serious + 7 minor: 5 HP left, injured; the roll still uses all 3 dice.
    dice = FixedDice([1, 1, 1])
    bleed(hurt(minor=6, serious=5), 3, BLEEDING, dice=dice)
    assert dice.remaining == 0


def test_bleeding_can_kill():
    result = bleed(hurt(minor=20, serious=12), 2, BLEEDING, dice=FixedDice([2, 6]))
    assert result.change.after.dead
    assert list(result.change.changes) == lost(Condition.UNCONSCIOUS, Condition.BLEEDING) + gained(Condition.DEAD)


def test_a_bleeding_roll_that_cannot_reach_the_tn_fails_unrolled():
    # Endurance 1 against TN 2: an impossible roll (ch. 1).
    dice = FixedDice([6])
    result = bleed(hurt(serious=5), 1, BLEEDING, dice=dice)
    assert result.roll is None and result.serious_lost == 1
    assert dice.remaining == 1


def test_moments_of_truth_can_make_a_bleeding_roll_possible():
    result = bleed(hurt(serious=5), 1, BLEEDING, moments_spent=1, dice=FixedDice([6, 5]))
    assert result.roll.pool.dice == 2 and result.serious_lost == 0


def test_only_a_bleeding_character_rolls_for_bleeding():
    with pytest.raises(ValueError, match="not bleeding"):
        bleed(hurt(serious=2), 3, BLEEDING, dice=FixedDice([6]))


def test_a_bandage_stops_the_bleeding_until_the_next_injury():
    change = bandage(hurt(serious=6), BLEEDING)
    assert list(change.changes) == lost(Condition.BLEEDING)
    assert not is_bleeding(change.after, BLEEDING)
    assert is_bleeding(take_damage(change.after, 0, 1, BLEEDING), BLEEDING)


# --- validation and wire format -----------------------------------------------


def test_nonsense_is_refused():
    with pytest.raises(ValueError):
        Health(0)
    with pytest.raises(ValueError):
        Health(10, minor=-1)
    with pytest.raises(ValueError):
        take_damage(hurt(), -1, 0, DIALS)
    with pytest.raises(ValueError):
        Health.from_endurance(-1, DIALS)


def test_a_change_is_json_ready_and_explains_itself():
    change = apply_damage(hurt(), read_damage([6, 6, 6, 6, 6], DamageDice.parse("5d6 (3,4)")), DIALS)
    wire = json.loads(json.dumps(dump(HealthChange, change)))
    assert wire["after"]["remaining"] == 6
    assert wire["changes"] == [{"condition": "injured", "gained": True}]
    assert wire["explanation"][-1] == "injured gained"
