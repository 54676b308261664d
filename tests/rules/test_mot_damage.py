"""Damage `Xd6 (Y,Z)` and armor (ch. 7) with fixed faces."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice, TooManyDice
from bridge.rules.moment_of_truth.damage import DamageDice, effective_dr, read_damage, roll_damage
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.damage import DamageDie as DamageDieShape

PISTOL_45 = DamageDice.parse("12d6 (3,4)")
NIKITAS_FACES = [1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6]


def test_nikitas_45_against_the_ballistic_vest():
    # Ch. 7: 7 serious, DR 6 leaves 1; 9 minor; 10 in all.
    hit = read_damage(NIKITAS_FACES, PISTOL_45, damage_reduction=6)
    assert (hit.serious_rolled, hit.minor_rolled) == (7, 9)
    assert (hit.serious_absorbed, hit.minor_absorbed) == (6, 0)
    assert (hit.serious, hit.minor, hit.hit_points_lost) == (1, 9, 10)


def test_armor_takes_serious_first_then_minor():
    hit = read_damage([4, 3, 3, 1], PISTOL_45.with_dice(4), damage_reduction=3)
    assert (hit.serious_rolled, hit.minor_rolled) == (1, 3)
    assert (hit.serious_absorbed, hit.minor_absorbed) == (1, 2)
    assert hit.hit_points_lost == 1


def test_one_die_may_do_both_and_fire_does_serious_below_minor():
    fire = DamageDice.parse("3d6 (5,3)")
    hit = read_damage([3, 5, 6], fire)
    assert [(die.minor, die.serious) for die in hit.dice] == [(False, True), (True, True), (True, True)]
    assert (hit.serious, hit.minor) == (3, 2)


def test_a_dash_never_does_that_kind_of_damage():
    flash_bang = DamageDice.parse("5d6 (5,-)")
    hit = read_damage([6, 6, 5, 1, 2], flash_bang)
    assert (hit.serious, hit.minor) == (0, 3)
    assert flash_bang.notation == "5d6 (5,-)"


def test_a_head_shot_lowers_both_numbers_never_below_two():
    # Ch. 7, Dodger: the sniper rifle's (2,3) becomes (2,2).
    assert DamageDice.parse("17d6 (2,3)").lowered(1).notation == "17d6 (2,2)"
    assert DamageDice.parse("4d6 (4,5)").lowered(2).notation == "4d6 (2,3)"
    assert DamageDice.parse("4d6 (5,-)").lowered(1).notation == "4d6 (4,-)"


def test_armor_piercing_halves_dr_rounding_down():
    assert [effective_dr(dr, armor_piercing=True) for dr in (6, 5, 1, 0)] == [3, 2, 0, 0]
    assert effective_dr(5) == 5
    with pytest.raises(ValueError):
        effective_dr(-1)


def test_rolling_takes_exactly_the_pool_from_the_dice():
    dice = FixedDice(NIKITAS_FACES)
    hit = roll_damage(PISTOL_45, 6, dice=dice)
    assert dice.remaining == 0 and hit.faces == NIKITAS_FACES
    assert hit.explanation[-1] == "1 serious + 9 minor = 10 hit points lost"


@pytest.mark.parametrize("notation", ["12d6", "12d6 (7,4)", "d6 (3,4)", "12d6 (3;4)"])
def test_bad_notation_is_refused(notation):
    with pytest.raises(ValueError):
        DamageDice.parse(notation)


@pytest.mark.parametrize("face", [0, 7])
def test_a_face_no_d6_shows_is_refused(face):
    with pytest.raises(ValueError, match=f"{face} is not a face of a d6"):
        read_damage([3, face], PISTOL_45)


def test_too_many_damage_dice_are_refused():
    with pytest.raises(TooManyDice):
        DamageDice(301, 3, 4)


thresholds = st.one_of(st.none(), st.integers(1, 6))
faces = st.lists(st.integers(1, 6), max_size=30)


@given(faces, thresholds, thresholds, st.integers(0, 40))
def test_damage_is_never_negative(rolled, minor_at, serious_at, dr):
    hit = read_damage(rolled, DamageDice(len(rolled), minor_at, serious_at), dr)
    assert hit.serious >= 0 and hit.minor >= 0 and hit.hit_points_lost >= 0


@given(faces, thresholds, thresholds, st.integers(0, 40), st.integers(0, 10))
def test_more_armor_never_adds_damage(rolled, minor_at, serious_at, dr, more):
    damage = DamageDice(len(rolled), minor_at, serious_at)
    lighter, heavier = read_damage(rolled, damage, dr), read_damage(rolled, damage, dr + more)
    assert heavier.serious <= lighter.serious and heavier.hit_points_lost <= lighter.hit_points_lost
    assert read_damage(rolled, damage, 0).hit_points_lost == sum(die.minor + die.serious for die in lighter.dice)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=12))
def test_each_damage_die_shows_every_field(faces):
    """The die's output schema writes every field the die has."""
    dice = read_damage(faces, DamageDice.parse(f"{len(faces)}d6 (5,3)"), 0).dice
    assert [dump(DamageDieShape, die) for die in dice] == [dataclasses.asdict(die) for die in dice]
