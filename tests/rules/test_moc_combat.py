"""Initiative, to-hit raises into the damage pool, the damage, pain and
fatigue tracks, dazing, resisting damage and recovery, with fixed faces."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_clarity.combat import Weapon, damage_pool, initiative_order, roll_damage
from bridge.rules.moment_of_clarity.health import (
    Health,
    cap_tokens,
    end_of_scene,
    recover_damage,
    recovery_action,
    resist,
    resistance_tn,
    take_hit,
)
from bridge.rules.moment_of_clarity.levels import Level
from bridge.rules.moment_of_clarity.rolls import open_up, roll
from bridge.schemas.encode import dump
from bridge.systems.moment_of_clarity.schemas.combat import MocHealth


def rolled(faces, tn=7, sides=10, open_ended=True):
    dice = FixedDice(faces)
    result = roll(len(faces), sides, tn, dice, open_ended=open_ended)
    assert dice.remaining == 0
    return result


# --- initiative ---------------------------------------------------------------


def test_most_successes_first_ties_by_total_then_simultaneous():
    order = initiative_order(
        {
            "Harry": rolled([8, 3]),  # 2 successes, total 11
            "Santana": rolled([8, 2]),  # 2 successes, total 10
            "goon": rolled([9, 1]),  # 3 successes
            "Rissh": rolled([4, 4]),  # failure, total 8
            "Antares": rolled([5, 3]),  # failure, total 8
        }
    )
    assert order == (("goon",), ("Harry",), ("Santana",), ("Rissh", "Antares"))


# --- to hit -------------------------------------------------------------------

BLASTER = Weapon("blast pistol", damage=4, lethality=6, lethal=True)
CLUB = Weapon("club", damage=3, lethality=5)


@pytest.mark.parametrize(
    "faces, level, dice, sides, choose",
    [
        ([7], Level.NEAR_SUCCESS, 3 - 1 + 1, 6, False),
        ([8], Level.MARGINAL_SUCCESS, 3 + 2, 6, False),
        ([9], Level.SUCCESS, 3 + 3, 10, False),
        ([9, 9], Level.OUTSTANDING_SUCCESS, 3 + 4, 10, True),
    ],
)
def test_each_level_of_a_hit_shapes_the_damage(faces, level, dice, sides, choose):
    pool = damage_pool(rolled(faces), CLUB, location_modifier=1)
    assert (pool.level, pool.dice, pool.sides, pool.tn, pool.choose_location) == (level, dice, sides, 6, choose)


def test_a_near_success_rolls_damage_less_one_and_a_lethal_weapon_six_dice():
    pool = damage_pool(rolled([7]), BLASTER)
    assert (pool.raises, pool.dice, pool.sides) == (1, 6, 6)
    assert pool.explanation == (
        "near success: blast pistol 3 dice on d6 + 1 for the raises",
        "lethal: at least 6 dice",
        "TN 6: lethality 6 +0 for the hit location",
    )


def test_a_miss_rolls_no_damage():
    pool = damage_pool(rolled([3]), BLASTER)
    assert pool.dice == 0 and roll_damage(pool, FixedDice([])) is None


def test_the_damage_rolls_successes_as_levels_of_damage():
    pool = damage_pool(rolled([9]), CLUB)  # success: 6d10 at TN 5
    damage = roll_damage(pool, FixedDice([7, 7, 2, 1, 3, 4]))
    assert (damage.effect.value, damage.successes) == (8, 4)


# --- the tracks ---------------------------------------------------------------

LANDON = Health(body=3, toughness=2, l_score=2)


def test_landons_tracks():
    assert (LANDON.pain_points, LANDON.daze_at) == (10, 6)  # "6 points of damage before he is dazed"


def test_pain_above_body_and_toughness_dazes():
    assert not take_hit(LANDON, pain=5).dazed
    hit = take_hit(LANDON, damage=1, pain=6)
    assert hit.dazed and dump(MocHealth, hit.health)["damage"] == 1 and hit.health.pain == 6


def test_pain_with_no_spots_left_is_damage():
    hit = take_hit(Health(1, 1, 1, pain=3), pain=3)
    assert (hit.damage, hit.pain, hit.health.damage, hit.health.pain) == (2, 1, 2, 4)


def test_tokens_capped_by_the_damage_level_with_the_turns_pain():
    health = Health(3, 2, 2, damage=2)
    assert health.damage_level(pain_this_turn=1) == 3
    assert cap_tokens({"Body": 5, "Mind": 2}, health.damage_level(1)) == {"Body": 3, "Mind": 2}


# --- resisting damage ---------------------------------------------------------


def test_resisted_damage_becomes_pain():
    resistance = rolled([7, 7], tn=resistance_tn(1))  # EN 8 vs TN 8: one success
    hit = resist(LANDON, 3, resistance)
    assert (hit.damage, hit.pain) == (2, 1)
    assert hit.explanation[0] == "1 of 3 damage resisted into pain"


def test_a_ten_may_ignore_the_damage_instead_of_opening_up():
    resistance = rolled([10, 2], open_ended=False)
    assert resist(LANDON, 4, resistance, ignore_with_ten=True).damage == 0
    opened = open_up(resistance, FixedDice([9]))
    assert [die.face for die in opened.dice] == [10, 2, 9]
    with pytest.raises(ValueError, match="not opened up"):
        resist(LANDON, 4, opened, ignore_with_ten=True)
    with pytest.raises(ValueError):
        resist(LANDON, 4, rolled([9, 2], open_ended=False), ignore_with_ten=True)


# --- recovery -----------------------------------------------------------------


def test_a_scenes_end_recovers_fatigue_else_a_token():
    assert end_of_scene(Health(3, 2, 2, fatigue=2)) == (Health(3, 2, 2, fatigue=1), False)
    assert end_of_scene(LANDON) == (LANDON, True)


def test_a_recovery_action_recovers_pain_equal_to_toughness():
    assert recovery_action(Health(3, 2, 2, pain=5)).pain == 3
    assert recovery_action(Health(3, 2, 2, pain=1)).pain == 0


def test_damage_heals_a_point_on_a_successful_l_roll():
    hurt = Health(3, 2, 2, damage=3)
    assert recover_damage(hurt, rolled([7])).damage == 2
    assert recover_damage(hurt, rolled([6])).damage == 3
