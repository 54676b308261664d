"""The combat dice pool (ch. 7, Attacking and Defending; Aiming; ch. 9, Dual
Weapons; ch. 10, Shields and weapon qualities)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.moment_of_truth.combat_pool import combat_pool, split_pool
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal, Quality
from bridge.rules.moment_of_truth.ranges import weapon_range
from bridge.rules.moment_of_truth.rolls import Modifier, RollKind
from bridge.rules.moment_of_truth.statistics import Statistic

DIALS = Dials()
BOOK = Arsenal.book()
PISTOL = BOOK.ranged_weapon(".45 Auto Pistol")
SNIPER = BOOK.ranged_weapon("M-40 Sniper (.308)")
UZI = BOOK.ranged_weapon(".9mm Uzi SMG")
M16 = BOOK.ranged_weapon("M-16 (5.56mm)")
KNIFE = BOOK.melee_weapon("Dagger")
CLUB = BOOK.melee_weapon("Club")


def stats(strength=3, agility=3, perception=3, endurance=3, will=3, education=3):
    return {
        Statistic.STRENGTH: strength,
        Statistic.AGILITY: agility,
        Statistic.PERCEPTION: perception,
        Statistic.ENDURANCE: endurance,
        Statistic.WILL: will,
        Statistic.EDUCATION: education,
    }


def sources(combat):
    return {part.source: part.dice for part in combat.pool.parts}


def ranged(weapon=PISTOL, distance=5, skill=2, statistics=None, **kwargs):
    reading = weapon_range(weapon, distance)
    return combat_pool(statistics or stats(), skill, weapon, dials=DIALS, range_reading=reading, **kwargs)


def test_melee_pool_is_melee_attack_plus_skill():
    # Melee attack = (Strength 5 + Agility 2) / 2 = 3, dagger skill 2.
    combat = combat_pool(stats(strength=5, agility=2), 2, KNIFE, dials=DIALS)
    assert combat.pool.dice == 5
    assert combat.kind is RollKind.SKILL and not combat.ranged


def test_ranged_pool_is_ranged_attack_plus_skill():
    # Dodger: "ranged attack of 3 and long arms at 3, so he has a dice pool of 6d6".
    assert ranged(SNIPER, 40, skill=3).pool.dice == 6


def test_without_the_skill_the_attack_is_unskilled():
    combat = ranged(skill=None)
    assert combat.kind is RollKind.UNSKILLED and combat.pool.dice == 3


def test_reserved_defense_dice_leave_the_pool():
    combat = combat_pool(stats(), 2, KNIFE, dials=DIALS, defense_dice=2)
    assert combat.pool.dice == 3 and sources(combat)["defense dice reserved"] == -2


def test_moments_of_truth_add_a_die_each():
    # Dodger "decides to spend 4 MoTs on this roll (now having a pool to hit of 10)".
    assert ranged(SNIPER, 40, skill=3, moments=4).pool.dice == 10


@pytest.mark.parametrize("shield, dice", [("Small Shield", -1), ("Medium Shield", -2)])
def test_targets_shield_costs_the_attacker(shield, dice):
    combat = combat_pool(stats(), 2, KNIFE, dials=DIALS, target_shield=BOOK.shield(shield))
    assert sources(combat)[f"target's {shield}"] == dice and combat.pool.dice == 5 + dice


def test_dodger_aims_one_turn_at_250_m_with_a_scope():
    # "You've got -1d6 for the range, but +2d6 for aiming for a turn, for a cumulative +1d6."
    combat = ranged(SNIPER.with_qualities(Quality.SCOPE), 250, skill=3, aiming_turns=1)
    assert sources(combat)["long range"] == -1 and sources(combat)["aiming 1 turn"] == 2
    assert combat.pool.dice == 7


def test_two_turns_of_aiming_give_4d6_and_no_more():
    assert sources(ranged(aiming_turns=2))["aiming 2 turns"] == 4
    with pytest.raises(ValueError, match="aiming"):
        ranged(aiming_turns=3)


def test_moving_or_taking_damage_loses_the_aim():
    combat = ranged(aiming_turns=2, aim_lost=True)
    assert combat.pool.dice == 5
    assert "aiming bonus +4d6 lost: moved or took damage" in combat.notes


def test_laser_sight_in_dim_light_with_or_without_aiming():
    lasered = PISTOL.with_qualities(Quality.LASER_SIGHT)
    assert ranged(lasered, laser_visible=True).pool.dice == 7
    assert ranged(lasered, laser_visible=True, aiming_turns=1).pool.dice == 9
    assert ranged(lasered).pool.dice == 5  # bright light: the laser gives nothing
    assert ranged(PISTOL, laser_visible=True).pool.dice == 5


def test_inaccurate_weapon_costs_2d6():
    assert sources(ranged(UZI, skill=2))["inaccurate"] == -2


def test_semi_auto_second_round_costs_2d6_and_the_aim():
    combat = ranged(aiming_turns=1, second_shot=True)
    assert sources(combat)["semi-auto second round"] == -2
    assert combat.pool.dice == 3
    assert "aiming bonus +2d6 lost: a semi-auto's second round" in combat.notes


def test_hi_rof_weapons_take_no_second_shot_penalty():
    combat = ranged(M16, aiming_turns=1, second_shot=True)
    assert combat.pool.dice == 7


def test_bolt_action_has_no_second_shot():
    with pytest.raises(ValueError, match="one round a turn"):
        ranged(SNIPER, 40, second_shot=True)


def test_prone_attacker():
    assert sources(ranged(conditions={Condition.PRONE}))["prone"] == 1
    assert sources(combat_pool(stats(), 2, KNIFE, dials=DIALS, conditions={Condition.PRONE}))["prone"] == -2


@pytest.mark.parametrize("condition, dice", [(Condition.INJURED, -1), (Condition.WOUNDED, -2), (Condition.STUNNED, -3)])
def test_wounds_and_stun_cost_skill_dice(condition, dice):
    combat = combat_pool(stats(), 2, KNIFE, dials=DIALS, conditions={condition})
    assert sources(combat)[condition.value] == dice


def test_confusion_hurts_the_ranged_attack_not_the_melee_one():
    assert sources(ranged(conditions={Condition.CONFUSED}))["confused"] == -3
    assert "confused" not in sources(combat_pool(stats(), 2, KNIFE, dials=DIALS, conditions={Condition.CONFUSED}))


def test_suppressed_attacker_without_two_defense_dice_firing_into_the_hail():
    combat = ranged(conditions={Condition.SUPPRESSED}, into_suppressive_fire=True)
    assert combat.pool.dice == 4
    assert ranged(conditions={Condition.SUPPRESSED}, into_suppressive_fire=True, defense_dice=2).pool.dice == 3


def test_desperate_attack_adds_two_dice():
    combat = combat_pool(stats(), 2, KNIFE, dials=Dials(desperate_attack=True), desperate=True)
    assert combat.pool.dice == 7 and combat.desperate
    assert "TN to be hit is 1" in combat.notes[0]


@pytest.mark.parametrize("dials", [Dials(), Dials(desperate_attack=True, default_tn=1)])
def test_desperate_attack_needs_the_dial_and_a_gritty_campaign(dials):
    with pytest.raises(ValueError, match="desperate"):
        combat_pool(stats(), 2, KNIFE, dials=dials, desperate=True)


def test_situation_modifiers_are_named():
    combat = combat_pool(stats(), 2, KNIFE, dials=DIALS, situation=[Modifier("slippery deck", -1)])
    assert sources(combat)["slippery deck"] == -1


def test_melee_weapons_have_no_range_or_aim():
    with pytest.raises(ValueError):
        combat_pool(stats(), 2, KNIFE, dials=DIALS, aiming_turns=1)


def test_ranged_attack_needs_the_range():
    with pytest.raises(ValueError, match="range"):
        combat_pool(stats(), 2, PISTOL, dials=DIALS)


def test_negative_defense_dice_are_refused():
    with pytest.raises(ValueError):
        combat_pool(stats(), 2, KNIFE, dials=DIALS, defense_dice=-1)


def test_quick_weapon_splits_its_pool():
    first, second = split_pool(combat_pool(stats(), 2, KNIFE, dials=DIALS), 3)
    assert (first.pool.dice, second.pool.dice) == (3, 2)


def test_only_quick_weapons_or_two_weapons_split():
    club = combat_pool(stats(), 1, CLUB, dials=DIALS)
    with pytest.raises(ValueError, match="not quick"):
        split_pool(club, 2)
    # Dual weapons: the pool was built with the lower of the two skills.
    first, second = split_pool(club, 4, dual_weapons=True)
    assert (first.pool.dice, second.pool.dice) == (4, 0)
    with pytest.raises(ValueError):
        split_pool(club, 5, dual_weapons=True)


@given(st.integers(0, 12), st.integers(0, 6))
def test_defense_dice_come_off_the_pool_one_for_one(defense, skill):
    bare = combat_pool(stats(), skill, KNIFE, dials=DIALS)
    defended = combat_pool(stats(), skill, KNIFE, dials=DIALS, defense_dice=defense)
    assert defended.pool.dice == max(0, bare.pool.dice - defense)
