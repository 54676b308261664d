"""The TN to hit (ch. 7 Defense Dice, Melee and Ranged Attacks, Condition
Summary; ch. 9 Charge Attack; ch. 10 Balanced and Shields)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.moment_of_truth.called_shots import CalledShot
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.defense import Charge, defense_sets, to_hit
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import combat

BOOK = Arsenal.book()
VEST = BOOK.armor_named("Ballistic Vest")
PLATE = BOOK.armor_named("Plate")
SMALL_SHIELD = BOOK.shield("Small Shield")

GRITTY = Dials()
CINEMATIC = Dials(default_tn=1)


def test_default_tn_is_the_campaigns():
    assert to_hit(dials=GRITTY, ranged=True).value == 2
    assert to_hit(dials=CINEMATIC, ranged=False).value == 1


def test_two_reserved_dice_make_tn_3():
    # "If ... you decide to reserve two (2) dice ... NPCs must now get three (3) successes"
    assert to_hit(dials=GRITTY, ranged=False, defense_dice=2).value == 3


def test_thug_with_four_defense_dice_needs_tn_4():
    # "the thug has pulled four dice ... Dodger is now needs a TN:4 to hit him"
    assert to_hit(dials=GRITTY, ranged=True, defense_dice=4).value == 4


def test_odd_die_buys_nothing():
    assert to_hit(dials=GRITTY, ranged=True, defense_dice=3).value == 3


def test_dwight_knife_thug_needs_two_more():
    tn = to_hit(dials=GRITTY, ranged=False, defense_dice=4, target_conditions={Condition.ENGAGED})
    assert tn.value == 4


def test_dwight_pistol_thug_outside_his_reach_needs_one_more():
    tn = to_hit(
        dials=GRITTY, ranged=True, defense_dice=4, target_conditions={Condition.ENGAGED}, within_target_reach=False
    )
    assert tn.value == 3
    assert "first set ignored" in tn.steps[1].note


def test_dwight_pistol_thug_within_his_reach_needs_two_more():
    tn = to_hit(dials=GRITTY, ranged=True, defense_dice=4, target_conditions={Condition.ENGAGED})
    assert tn.value == 4


def test_unengaged_target_keeps_its_first_set_against_distant_shooters():
    assert to_hit(dials=GRITTY, ranged=True, defense_dice=2, within_target_reach=False).value == 3


@pytest.mark.parametrize("dice, expected", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_shield_buys_the_first_plus_one_with_one_die(dice, expected):
    assert defense_sets(dice, first_set_dice=1) == expected
    assert to_hit(dials=GRITTY, ranged=False, defense_dice=dice, target_shield=SMALL_SHIELD).value == 2 + expected


def test_balanced_weapon_needs_the_wielder_engaged():
    engaged = to_hit(
        dials=GRITTY, ranged=False, defense_dice=1, target_balanced_weapon=True, target_conditions={Condition.ENGAGED}
    )
    free = to_hit(dials=GRITTY, ranged=False, defense_dice=1, target_balanced_weapon=True)
    assert (engaged.value, free.value) == (3, 2)


def test_negative_defense_dice_are_refused():
    with pytest.raises(ValueError):
        to_hit(dials=GRITTY, ranged=False, defense_dice=-2)


def test_nikita_bypasses_the_partial_vest_at_tn_3():
    # "she needs a single extra success ... instead of needing a TN:2 to hit, she needs a TN:3"
    tn = to_hit(dials=GRITTY, ranged=True, called_shot=CalledShot.BYPASS_ARMOR, target_armor=VEST)
    assert tn.value == 3
    assert tn.steps[-1].source == "called shot: around the Ballistic Vest"


def test_bypassing_full_armor_costs_two():
    assert to_hit(dials=GRITTY, ranged=False, called_shot=CalledShot.BYPASS_ARMOR, target_armor=PLATE).value == 4


def test_bypassing_armor_needs_the_armor():
    with pytest.raises(ValueError, match="armor"):
        to_hit(dials=GRITTY, ranged=False, called_shot=CalledShot.BYPASS_ARMOR)


@pytest.mark.parametrize(
    "shot, tn",
    [
        (CalledShot.LEGS, 3),
        (CalledShot.WEAPON_ARM, 4),
        (CalledShot.HEAD, 4),  # Dodger: "instead of TN:2, he must make TN:4"
        (CalledShot.NECK, 4),
    ],
)
def test_called_shots_raise_the_tn(shot, tn):
    assert to_hit(dials=GRITTY, ranged=True, called_shot=shot).value == tn


@pytest.mark.parametrize("condition", [Condition.UNAWARE, Condition.RESTRAINED, Condition.GRAPPLED, Condition.UNCONSCIOUS])
def test_defenseless_target_makes_a_tn_4_head_shot_tn_3(condition):
    tn = to_hit(dials=GRITTY, ranged=True, called_shot=CalledShot.HEAD, target_conditions={condition})
    assert tn.value == 3


def test_the_defenseless_minus_one_is_taken_once():
    conditions = {Condition.UNAWARE, Condition.RESTRAINED, Condition.GRAPPLED}
    assert to_hit(dials=GRITTY, ranged=False, called_shot=CalledShot.HEAD, target_conditions=conditions).value == 3


def test_tn_never_goes_below_1():
    tn = to_hit(dials=CINEMATIC, ranged=False, target_conditions={Condition.UNAWARE})
    assert tn.value == 1
    assert tn.explanation[-1] == "TN to hit 1, never below 1"
    assert tn.target.value == 1 and tn.target.difficulty == -1


def test_prone_target_is_harder_to_hit_by_ranged_attacks_only():
    prone = {Condition.PRONE}
    assert to_hit(dials=GRITTY, ranged=True, target_conditions=prone).value == 3
    assert to_hit(dials=GRITTY, ranged=False, target_conditions=prone).value == 2


def test_charger_defense_dice_are_ignored():
    tn = to_hit(dials=GRITTY, ranged=False, defense_dice=4, target_charge=Charge.CHARGED)
    assert tn.value == 2


@pytest.mark.parametrize("condition", [Condition.UNCONSCIOUS, Condition.DEAD])
def test_defense_dice_of_a_target_out_of_action_are_ignored(condition):
    tn = to_hit(dials=GRITTY, ranged=True, defense_dice=4, target_conditions={condition})
    assert tn.steps[1] == ("defense dice 4 (2 sets)", 0, f"ignored: the target is {condition.value}")
    assert tn.value == (1 if condition is Condition.UNCONSCIOUS else 2)


def test_double_move_charger_is_one_easier_to_hit_never_below_1():
    assert to_hit(dials=GRITTY, ranged=False, defense_dice=4, target_charge=Charge.DOUBLE_MOVE).value == 1
    assert to_hit(dials=CINEMATIC, ranged=False, target_charge=Charge.DOUBLE_MOVE).value == 1
    head = to_hit(dials=GRITTY, ranged=False, target_charge=Charge.DOUBLE_MOVE, called_shot=CalledShot.HEAD)
    assert head.value == 3


def test_desperate_attacker_is_hit_on_tn_1():
    dials = Dials(desperate_attack=True)
    assert to_hit(dials=dials, ranged=False, target_desperate=True).value == 1


@pytest.mark.parametrize("dials", [Dials(), Dials(desperate_attack=True, default_tn=1)])
def test_desperate_attack_needs_the_dial_and_a_gritty_campaign(dials):
    with pytest.raises(ValueError):
        to_hit(dials=dials, ranged=False, target_desperate=True)


@pytest.mark.parametrize("condition, dial", [(Condition.FLANKED, "flanked"), (Condition.OUTNUMBERED, "outnumbered")])
def test_flanked_or_outnumbered_first_set_counts_against_the_designated_opponent_only(condition, dial):
    dials = Dials(**{dial: True})
    others = to_hit(dials=dials, ranged=True, defense_dice=4, target_conditions={condition})
    designated = to_hit(dials=dials, ranged=True, defense_dice=4, target_conditions={condition}, designated_opponent=True)
    dial_off = to_hit(dials=Dials(), ranged=True, defense_dice=4, target_conditions={condition})
    assert (others.value, designated.value, dial_off.value) == (3, 4, 4)


def test_first_set_is_ignored_once_for_several_reasons():
    dials = Dials(outnumbered=True)
    tn = to_hit(
        dials=dials,
        ranged=True,
        defense_dice=6,
        target_conditions={Condition.ENGAGED, Condition.OUTNUMBERED},
        within_target_reach=False,
    )
    assert tn.value == 4


def test_every_step_is_named():
    tn = to_hit(
        dials=GRITTY, ranged=True, defense_dice=2, called_shot=CalledShot.LEGS, target_conditions={Condition.PRONE}
    )
    assert [(step.source, step.change) for step in tn.steps] == [
        ("campaign default TN", 2),
        ("defense dice 2 (1 set)", 1),
        ("called shot: legs", 1),
        ("prone", 1),
    ]
    assert dump(combat.ToHit, tn)["value"] == 5


@given(st.integers(0, 40), st.booleans(), st.sampled_from([None, CalledShot.LEGS, CalledShot.HEAD]), st.sets(st.sampled_from(list(Condition))))
def test_tn_is_at_least_1_and_defense_dice_never_lower_it(dice, ranged, shot, conditions):
    bare = to_hit(dials=GRITTY, ranged=ranged, called_shot=shot, target_conditions=conditions)
    defended = to_hit(dials=GRITTY, ranged=ranged, defense_dice=dice, called_shot=shot, target_conditions=conditions)
    assert 1 <= bare.value <= defended.value <= bare.value + dice // 2


@given(st.sets(st.sampled_from(list(Condition))), st.booleans())
def test_each_step_of_the_tn_to_hit_shows_every_field(conditions, ranged):
    """The card's steps hold every field of the rules' steps."""
    steps = to_hit(dials=Dials(), ranged=ranged, defense_dice=3, target_conditions=conditions).steps
    assert [dump(combat.ToHitStep, step) for step in steps] == [step._asdict() for step in steps]
