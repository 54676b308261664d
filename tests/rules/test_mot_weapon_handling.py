"""Weapon handling outside the attack roll (ch. 10), with fixed faces."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal, Quality
from bridge.rules.moment_of_truth.rolls import (
    ImpossibleRoll,
    Modifier,
    RollKind,
    count_faces,
)
from bridge.rules.moment_of_truth.weapon_handling import (
    AmmoRoll,
    FireMode,
    Magazine,
    ammo_roll,
    clear_jam,
    is_unwieldy,
    jams,
    needs_grip_roll,
    one_handed_grip,
    ready_after_attack,
    reload_muzzle_loader,
    second_shot_allowed,
)
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import combat, combat_weapons

BOOK = Arsenal.book()
DIALS = Dials()
AMMO = Dials(ammunition=True)


def fixed(faces):
    return FixedDice(faces)


# --- unwieldy and two-handed ----------------------------------------------------


def test_unwieldy_weapons_and_two_handed_ones_held_in_one_hand():
    assert is_unwieldy(BOOK.melee_weapon("Axe"), one_handed=True)
    assert not is_unwieldy(BOOK.melee_weapon("Great Sword"), one_handed=False)
    assert is_unwieldy(BOOK.melee_weapon("Great Sword"), one_handed=True)
    assert not is_unwieldy(BOOK.melee_weapon("Broad Sword"), one_handed=True)


def test_unwieldy_ready_roll_is_strength_plus_skill():
    dice = fixed([5, 6, 1, 2, 3])
    check = ready_after_attack(BOOK.melee_weapon("Mace"), one_handed=True, strength=3, skill_level=2, dials=DIALS, dice=dice)
    assert dice.remaining == 0  # 3 + 2 dice
    assert check.passed and check.roll.counting.successes == 2
    assert "ready for an attack next turn" in check.explanation[-1]


def test_failed_ready_roll_spends_the_next_turn_readying():
    check = ready_after_attack(
        BOOK.melee_weapon("Club"), one_handed=True, strength=2, skill_level=1, dials=DIALS, dice=fixed([5, 4, 1])
    )
    assert not check.passed
    assert "spent readying" in check.explanation[-1]
    assert json.loads(json.dumps(dump(combat_weapons.WeaponRoll, check)))["passed"] is False


def test_ready_roll_without_the_skill_is_unskilled():
    check = ready_after_attack(
        BOOK.melee_weapon("Axe"), one_handed=True, strength=3, skill_level=None, dials=DIALS, dice=fixed([5, 5, 6])
    )
    assert check.roll.kind is RollKind.UNSKILLED
    assert not check.passed  # only the 6 counts


def test_wound_penalties_apply_to_the_ready_roll():
    dice = fixed([6, 6, 6])
    check = ready_after_attack(
        BOOK.melee_weapon("Axe"), one_handed=True, strength=3, skill_level=2, dials=DIALS,
        modifiers=[Modifier("wounded", -2, penalty=True)], dice=dice,
    )
    assert check.roll.pool.dice == 3 and dice.remaining == 0


def test_no_ready_roll_for_a_wieldy_weapon():
    with pytest.raises(ValueError, match="not unwieldy"):
        ready_after_attack(BOOK.melee_weapon("Great Sword"), one_handed=False, strength=3, skill_level=1,
                           dials=DIALS, dice=fixed([]))


def test_impossible_ready_roll_is_refused_unless_moments_are_spent():
    with pytest.raises(ImpossibleRoll):
        ready_after_attack(BOOK.melee_weapon("Axe"), one_handed=True, strength=1, skill_level=None,
                           dials=DIALS, dice=fixed([6]))


def test_two_handed_unwieldy_in_one_hand_needs_a_strength_statistic_roll():
    great_axe = BOOK.melee_weapon("Great Axe")
    assert needs_grip_roll(great_axe, one_handed=True)
    assert not needs_grip_roll(great_axe, one_handed=False)
    assert not needs_grip_roll(BOOK.melee_weapon("Great Sword"), one_handed=True)
    check = one_handed_grip(great_axe, strength=4, dials=DIALS, dice=fixed([5, 1, 1, 6]))
    assert check.roll.kind is RollKind.STATISTIC and check.passed
    failed = one_handed_grip(great_axe, strength=4, dials=DIALS, dice=fixed([5, 1, 1, 4]))
    assert not failed.passed and "cannot attack" in failed.explanation[-1]


def test_grip_roll_refused_for_other_weapons():
    with pytest.raises(ValueError, match="not both"):
        one_handed_grip(BOOK.melee_weapon("Great Sword"), strength=4, dials=DIALS, dice=fixed([]))


# --- muzzle-loaded reload ---------------------------------------------------------


def test_muzzle_loader_reload_is_six_rounds_minus_successes():
    dice = fixed([5, 6, 2, 1, 3])
    reload = reload_muzzle_loader(BOOK.ranged_weapon("Flintlock Pistol"), agility=3, skill_level=2, dials=DIALS, dice=dice)
    assert dice.remaining == 0
    assert (reload.counting.successes, reload.rounds) == (2, 4)
    assert dump(combat_weapons.TimedTask, reload)["faces"] == [5, 6, 2, 1, 3]


def test_muzzle_loader_reload_takes_at_least_the_worlds_minimum():
    rifle = BOOK.ranged_weapon("Flintlock Rifle")
    faces = [6] * 7
    assert reload_muzzle_loader(rifle, agility=4, skill_level=3, dials=DIALS, dice=fixed(faces)).rounds == 1
    free = Dials(muzzle_reload_minimum_rounds=0)
    assert reload_muzzle_loader(rifle, agility=4, skill_level=3, dials=free, dice=fixed(faces)).rounds == 0


def test_only_muzzle_loaders_reload_that_way():
    with pytest.raises(ValueError, match="not muzzle-loaded"):
        reload_muzzle_loader(BOOK.ranged_weapon("AR-15 (5.56mm)"), agility=3, skill_level=2, dials=DIALS, dice=fixed([]))


# --- jams -------------------------------------------------------------------------


def test_unreliable_weapon_jams_when_ones_equal_or_exceed_successes():
    pistol = BOOK.ranged_weapon(".45 Auto Pistol").with_qualities(Quality.UNRELIABLE)
    assert jams(pistol, count_faces([5, 6, 1, 1], RollKind.SKILL))
    assert jams(pistol, count_faces([5, 1, 3], RollKind.SKILL))
    assert not jams(pistol, count_faces([5, 6, 1, 3], RollKind.SKILL))
    assert jams(pistol, count_faces([2, 3, 4], RollKind.SKILL))  # 0 ones >= 0 successes, as printed


def test_a_reliable_weapon_never_jams():
    assert not jams(BOOK.ranged_weapon(".45 Auto Pistol"), count_faces([1, 1, 1], RollKind.SKILL))


def test_clearing_a_jam_is_four_rounds_minus_successes_at_least_one():
    rifle = BOOK.ranged_weapon("M-16 (5.56mm)").with_qualities(Quality.UNRELIABLE)
    assert clear_jam(rifle, agility=3, skill_level=1, dice=fixed([5, 2, 2, 1])).rounds == 3
    best = clear_jam(rifle, agility=3, skill_level=2, dice=fixed([5, 6, 5, 6, 6]))
    assert (best.counting.successes, best.rounds) == (5, 1)
    assert best.explanation[-1] == "4 rounds - 5, at least 1: 1 round"


def test_clearing_a_jam_needs_an_unreliable_weapon():
    with pytest.raises(ValueError, match="does not jam"):
        clear_jam(BOOK.ranged_weapon("M-16 (5.56mm)"), agility=3, skill_level=1, dice=fixed([]))


# --- ammunition -------------------------------------------------------------------


def test_ammo_roll_dice_by_mode_and_rate_of_fire():
    m16, uzi = BOOK.ranged_weapon("M-16 (5.56mm)"), BOOK.ranged_weapon(".9mm Uzi SMG")
    cases = [(m16, FireMode.AUTOMATIC, 2), (m16, FireMode.SPRAYING, 3), (uzi, FireMode.AUTOMATIC, 4), (uzi, FireMode.SPRAYING, 6)]
    for weapon, mode, count in cases:
        dice = fixed([1] * count)
        roll = ammo_roll(weapon, mode, Magazine.full(weapon), dials=AMMO, dice=dice)
        assert dice.remaining == 0 and len(roll.faces) == count


def test_ammo_roll_sums_pips_and_empties_the_magazine():
    m16 = BOOK.ranged_weapon("M-16 (5.56mm)")
    roll = ammo_roll(m16, FireMode.SPRAYING, Magazine(30, 30), dials=AMMO, dice=fixed([4, 5, 6]))
    assert (roll.rounds_rolled, roll.allowed, roll.rounds_fired, roll.after) == (15, True, 15, Magazine(15, 30))


def test_half_the_rolled_rounds_is_enough_and_the_magazine_empties():
    m16 = BOOK.ranged_weapon("M-16 (5.56mm)")
    roll = ammo_roll(m16, FireMode.AUTOMATIC, Magazine(5, 30), dials=AMMO, dice=fixed([4, 5]))  # 9: half is 4.5
    assert roll.allowed and roll.rounds_fired == 5 and roll.after.empty
    assert "the magazine is empty" in roll.explanation[-1]


def test_fewer_than_half_the_rolled_rounds_makes_an_ordinary_attack():
    m16 = BOOK.ranged_weapon("M-16 (5.56mm)")
    roll = ammo_roll(m16, FireMode.AUTOMATIC, Magazine(4, 30), dials=AMMO, dice=fixed([4, 5]))
    assert not roll.allowed and roll.rounds_fired == 0 and roll.after == Magazine(4, 30)
    assert "ordinary attack" in dump(combat.AmmoRoll, roll)["explanation"][-1]


def test_ammo_rolls_only_with_the_optional_rule_and_a_fast_weapon():
    m16 = BOOK.ranged_weapon("M-16 (5.56mm)")
    with pytest.raises(ValueError, match="off"):
        ammo_roll(m16, FireMode.AUTOMATIC, Magazine(30, 30), dials=DIALS, dice=fixed([1, 1]))
    pistol = BOOK.ranged_weapon(".45 Auto Pistol")
    with pytest.raises(ValueError, match="Hi ROF"):
        ammo_roll(pistol, FireMode.AUTOMATIC, Magazine(14, 14), dials=AMMO, dice=fixed([1, 1]))


def test_magazines_come_in_the_weapons_sizes_and_are_replaced_full():
    pistol = BOOK.ranged_weapon(".45 Auto Pistol")
    assert Magazine.full(pistol) == Magazine(14, 14)
    assert Magazine.full(pistol, 8) == Magazine(8, 8)
    with pytest.raises(ValueError, match="8-14"):
        Magazine.full(pistol, 20)
    with pytest.raises(ValueError, match="no magazine"):
        Magazine.full(BOOK.ranged_weapon("Long Bow"))
    assert Magazine(0, 8).replaced() == Magazine(8, 8)
    with pytest.raises(ValueError):
        Magazine(9, 8)
    with pytest.raises(ValueError):
        Magazine(2, 8).fired(3)


@given(st.lists(st.integers(1, 6), min_size=2, max_size=2), st.integers(0, 30))
def test_ammo_roll_never_fires_more_than_loaded(faces, rounds):
    roll = AmmoRoll("M-16", FireMode.AUTOMATIC, tuple(faces), Magazine(rounds, 30))
    assert 0 <= roll.rounds_fired <= rounds
    assert roll.allowed == (rounds * 2 >= sum(faces))
    assert roll.after.rounds + roll.rounds_fired == rounds


# --- shots per turn ---------------------------------------------------------------


def test_semi_auto_may_fire_a_second_round_if_one_is_left():
    pistol = BOOK.ranged_weapon(".45 Auto Pistol")
    assert second_shot_allowed(pistol, 2)
    assert not second_shot_allowed(pistol, 1)
    assert second_shot_allowed(pistol, None)
    assert second_shot_allowed(BOOK.ranged_weapon(".38 Revolver"), 6)


def test_hi_rof_weapons_may_fire_a_second_round_too():
    # Ch. 10, Semi-auto: "Hi-ROF weapons do not suffer this penalty".
    assert second_shot_allowed(BOOK.ranged_weapon("M-16 (5.56mm)"), 30)
    assert not second_shot_allowed(BOOK.ranged_weapon(".9mm Uzi SMG"), 1)


def test_bolt_action_and_other_weapons_fire_once_a_turn():
    for name in ("M-40 Sniper (.308)", "Shotgun", "Long Bow", "Flintlock Pistol", "Thrown Knife"):
        assert not second_shot_allowed(BOOK.ranged_weapon(name), 5)
    with pytest.raises(ValueError):
        second_shot_allowed(BOOK.ranged_weapon(".45 Auto Pistol"), -1)
