"""Combat with fixed faces: attack difficulties, defence as a contest,
counter-attacks, Stress, ablative armor, the trait that caps damage at 2,
Mana and the scene's reset."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.two_d20 import Target
from bridge.rules.two_d20.chaos import Chaos
from bridge.rules.two_d20.combat import (
    AttackKind,
    Vitals,
    counter_attack,
    mana_maximum,
    roll_attack,
    roll_defended_attack,
    stress_maximum,
)
from bridge.rules.two_d20.momentum import Momentum, NotEnough

FIGHTER, GUARD = Target(4, 4), Target(3, 3)


def test_melee_attacks_are_difficulty_1_and_ranged_2():
    melee = roll_attack(AttackKind.MELEE, FIGHTER, dice=FixedDice([5, 12]))
    ranged = roll_attack(AttackKind.RANGED, FIGHTER, dice=FixedDice([5, 12]))
    assert (melee.difficulty, melee.passed, melee.momentum) == (1, True, 0)
    assert (ranged.difficulty, ranged.passed) == (2, False)


def test_a_defended_melee_attack_is_a_contest_and_a_draw_hits():
    defence = roll_defended_attack(AttackKind.MELEE, FIGHTER, GUARD, dice=FixedDice([5, 9, 2, 9]))
    assert (defence.contest.active.difficulty, defence.contest.passive.difficulty) == (0, 0)
    assert defence.hit
    with pytest.raises(ValueError, match="only a successful defence"):
        counter_attack(defence, Momentum(3, 2))


def test_a_successful_defence_may_counter_attack_for_2_momentum():
    defence = roll_defended_attack(AttackKind.MELEE, FIGHTER, GUARD, dice=FixedDice([5, 9, 1, 9]))
    assert not defence.hit
    pool, change = counter_attack(defence, Momentum(3, 2))
    assert (pool.tokens, change.reason) == (1, "counter_attack x1 for 2")
    assert counter_attack(defence, Chaos(2))[0].tokens == 0


def test_no_counter_attack_after_a_hit():
    defence = roll_defended_attack(AttackKind.MELEE, FIGHTER, GUARD, dice=FixedDice([1, 9, 2, 9]))
    with pytest.raises(NotEnough, match="successful defence"):
        counter_attack(defence, Momentum(3, 2))


def test_ranged_attacks_cannot_be_defended():
    with pytest.raises(ValueError, match="only melee"):
        roll_defended_attack(AttackKind.RANGED, FIGHTER, GUARD, dice=FixedDice([]))


def test_stress_is_survive_plus_boldly_or_forcefully():
    assert stress_maximum(survive=3, boldly=2, forcefully=4) == 7


def test_armor_reduces_damage_and_ablates_by_1_every_hit():
    vitals = Vitals.fresh(stress_max=8, armor_max=2)
    vitals, hit = vitals.take_hit(3, bonus_damage=1)
    assert (hit.absorbed, hit.stress_lost, vitals.stress, vitals.armor) == (2, 2, 6, 1)
    vitals, hit = vitals.take_hit(1)
    assert (hit.absorbed, hit.stress_lost, vitals.stress, vitals.armor) == (1, 0, 6, 0)
    vitals, hit = vitals.take_hit(2)
    assert (hit.absorbed, vitals.stress, vitals.armor) == (0, 4, 0)


def test_a_negative_trait_reduces_damage_to_2():
    vitals, hit = Vitals.fresh(stress_max=8, armor_max=1).take_hit(7, negative_trait="broken arm")
    assert (hit.damage_left, hit.stress_lost, vitals.stress) == (2, 2, 6)
    assert hit.explanation == [
        "7 damage + 0 bonus = 7",
        "armor 1 absorbs 1, then ablates by 1",
        "negative trait 'broken arm' taken: damage reduced to 2",
        "2 damage: Stress 8 - 2 = 6",
    ]



def test_a_negative_trait_offered_is_not_taken_when_the_damage_is_already_2_or_less():
    vitals, hit = Vitals.fresh(8, 1).take_hit(3, negative_trait="bruised")
    assert (hit.negative_trait, hit.damage_left, vitals.stress) == (None, 2, 6)
    assert hit.explanation[2] == "negative trait 'bruised' not taken: the damage is already at most 2"
    with pytest.raises(ValueError, match="name the negative trait"):
        Vitals.fresh(8, 1).take_hit(3, negative_trait=" ")


def test_stress_stops_at_zero():
    vitals, hit = Vitals.fresh(3, 0).take_hit(5)
    assert (hit.damage_left, hit.stress_lost, vitals.stress) == (5, 3, 0)


def test_mana_is_twice_the_determination_maximum_and_a_scene_restores_all():
    assert mana_maximum() == 6
    vitals = Vitals.fresh(stress_max=5, armor_max=2, mana_max=mana_maximum())
    vitals = vitals.spend_mana(4).take_hit(4)[0]
    assert (vitals.stress, vitals.armor, vitals.mana) == (3, 1, 2)
    with pytest.raises(NotEnough):
        vitals.spend_mana(3)
    assert vitals.new_scene() == Vitals.fresh(5, 2, 6)
