"""A token's rules state as a value: registration, health conditions re-read
from the health, conditions by hand with their source and ending, versions."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.hazards import Breath, Fire, Vacuum
from bridge.rules.moment_of_truth.health import Health, take_damage
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.tokens import (
    HEALTH_SOURCE,
    WAKING_SOURCE,
    ConditionEntry,
    Ending,
    TokenState,
    default_ending,
    registered,
    same_but_version,
    with_condition,
    with_health,
    without_condition,
)
from bridge.rules.moment_of_truth.weapon_state import WeaponState
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.tokens import TokenState as TokenStateShape

STATISTICS = {statistic: 3 for statistic in Statistic}
DIALS = Dials()


def thug(**stat_block) -> TokenState:
    return registered(None, token_id="t1", actor_id="a1", name="Thug", statistics=STATISTICS, dials=DIALS, **stat_block).after


def test_a_new_token_has_the_books_hit_points_and_version_1():
    token = thug()
    assert (token.health, token.version, token.conditions) == (Health(12), 1, ())


def test_hit_points_may_be_given_and_the_dials_change_the_default():
    assert thug(hit_points=20).health.hit_points == 20
    points = registered(
        None, token_id="t1", actor_id="a1", name="T", statistics=STATISTICS, dials=replace(DIALS, hit_points_base=10)
    ).after.health.hit_points
    assert points == 16


def test_reregistering_keeps_damage_and_reports_the_conditions_new_hit_points_bring():
    hurt = with_health(thug(), Health(12, minor=4, serious=2), DIALS).after
    again = registered(hurt, token_id="t1", actor_id="a1", name="Thug", statistics=STATISTICS, dials=DIALS, hit_points=8)
    assert (again.after.health.minor, again.after.health.serious, again.after.version) == (4, 2, 3)
    assert [(c.condition, c.gained) for c in again.changes] == [(Condition.INJURED, False), (Condition.WOUNDED, True)]


@pytest.mark.parametrize(
    ("minor", "serious", "expected"),
    [
        (0, 0, []),
        (4, 2, [Condition.INJURED]),
        (6, 4, [Condition.WOUNDED, Condition.BLEEDING]),
        (6, 6, [Condition.UNCONSCIOUS, Condition.BLEEDING]),
    ],
)
def test_health_conditions_follow_the_health(minor, serious, expected):
    bleeding = replace(DIALS, bleeding=True)
    token = with_health(thug(), Health(12, minor=minor, serious=serious), bleeding).after
    assert [entry.condition for entry in token.conditions] == expected
    assert all(entry.source == HEALTH_SOURCE and entry.ending is Ending.HEALTH for entry in token.conditions)


def test_death_replaces_every_condition_even_those_set_by_hand():
    stunned = with_condition(thug(), ConditionEntry(Condition.STUNNED, "head shot", Ending.TURN_END_ROLL)).after
    dead = with_health(stunned, take_damage(stunned.health, 0, 25, DIALS), DIALS)
    assert [entry.condition for entry in dead.after.conditions] == [Condition.DEAD]
    assert [(c.condition, c.gained) for c in dead.changes] == [(Condition.STUNNED, False), (Condition.DEAD, True)]


def test_waking_up_leaves_the_token_prone_and_keeps_hand_set_conditions():
    out = with_health(thug(), Health(12, serious=12), DIALS).after
    gassed = with_condition(out, ConditionEntry(Condition.CONFUSED, "sleeping gas", Ending.TURN_END_ROLL)).after
    woken = with_health(gassed, Health(12, serious=6), DIALS, round_number=3).after
    assert [(e.condition, e.source, e.since_round) for e in woken.conditions] == [
        (Condition.CONFUSED, "sleeping gas", None),
        (Condition.PRONE, WAKING_SOURCE, 3),
        (Condition.INJURED, HEALTH_SOURCE, 3),
    ]


def test_a_health_condition_still_implied_keeps_when_it_began():
    hurt = with_health(thug(), Health(12, minor=6), DIALS, round_number=1).after
    worse = with_health(hurt, Health(12, minor=7), DIALS, round_number=4).after
    assert [(e.condition, e.since_round) for e in worse.conditions] == [(Condition.INJURED, 1)]


def test_a_condition_set_twice_from_one_source_is_held_once_and_cleared_by_source():
    token = thug()
    for source in ("grapple by Ann", "grapple by Bo", "grapple by Ann"):
        token = with_condition(token, ConditionEntry(Condition.GRAPPLED, source)).after
    assert [e.source for e in token.conditions] == ["grapple by Bo", "grapple by Ann"]
    one_left = without_condition(token, Condition.GRAPPLED, ["grapple by Ann"])
    assert (one_left.changes, [e.source for e in one_left.after.conditions]) == ((), ["grapple by Bo"])
    free = without_condition(one_left.after, Condition.GRAPPLED)
    assert [(c.condition, c.gained) for c in free.changes] == [(Condition.GRAPPLED, False)]


FIRE = Fire(2)
BREATH = Breath(30)


def burning_and_breathless(*extra: ConditionEntry) -> TokenState:
    """On fire from its fire, suffocating from the suffocation hazard, with their states."""
    entries = (ConditionEntry(Condition.ON_FIRE, "fire"), ConditionEntry(Condition.SUFFOCATING, "suffocation"), *extra)
    return replace(thug(), conditions=entries, fire=FIRE, breath=BREATH)


@pytest.mark.parametrize(("condition", "hazard", "other"), [
    (Condition.ON_FIRE, "fire", "breath"), (Condition.SUFFOCATING, "breath", "fire"),
])
def test_a_hazards_state_goes_with_its_condition_from_the_last_source(condition, hazard, other):
    token = burning_and_breathless(ConditionEntry(condition, "strangle by Ann"))
    one_left = without_condition(token, condition, ["strangle by Ann"]).after
    assert getattr(one_left, hazard) is not None
    cleared = without_condition(one_left, condition).after
    assert getattr(cleared, hazard) is None and getattr(cleared, other) is not None
    assert getattr(without_condition(token, condition).after, hazard) is None


def test_clearing_another_condition_keeps_the_hazards_state():
    kept = without_condition(burning_and_breathless(ConditionEntry(Condition.PRONE, "fall")), Condition.PRONE).after
    assert (kept.fire, kept.breath) == (FIRE, BREATH)


def test_a_death_ends_the_hazards_and_a_wound_does_not():
    token = burning_and_breathless()
    hurt = with_health(token, Health(12, serious=4), DIALS).after
    assert (hurt.fire, hurt.breath) == (FIRE, BREATH)
    dead = with_health(token, take_damage(token.health, 0, 25, DIALS), DIALS).after
    assert (dead.present, dead.fire, dead.breath) == ({Condition.DEAD}, None, None)


def test_stunned_and_confused_end_on_a_roll_the_rest_when_cleared():
    assert {c for c in Condition if default_ending(c) is Ending.TURN_END_ROLL} == {Condition.STUNNED, Condition.CONFUSED}


def test_rounds_go_with_the_rounds_ending_only():
    with pytest.raises(ValueError, match="rounds"):
        ConditionEntry(Condition.PRONE, "GM", Ending.ROUNDS)
    with pytest.raises(ValueError, match="rounds"):
        ConditionEntry(Condition.PRONE, "GM", Ending.CLEARED, rounds=2)


@pytest.mark.parametrize("breath", [None, Breath(30, 2), Vacuum(Breath(12, 3), 3, 1, 2)])
def test_the_state_goes_through_its_stored_shape_unchanged(breath):
    token = with_condition(
        thug(armor={"name": "Ballistic Vest"}, skills={"pistol": 2}, scene_id="s1"),
        ConditionEntry(Condition.SUPPRESSED, "M-60", Ending.ROUNDS, rounds=2, since_round=1),
    ).after
    token = replace(token, fire=Fire(3, help=1), breath=breath, weapons={"Uzi": WeaponState(jammed=True)})
    assert TokenState.from_dict(json.loads(json.dumps(dump(TokenStateShape, token)))) == token


def test_a_state_is_the_same_but_for_its_version_only_when_every_other_field_is():
    token = thug()
    assert same_but_version(token, replace(token, version=token.version + 3))
    assert not same_but_version(token, with_health(token, take_damage(token.health, 1, 0, DIALS), DIALS).after)
    assert not same_but_version(token, replace(token, weapons={"Uzi": {"jammed": True}}))
