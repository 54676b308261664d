"""Resolving an attack (ch. 7 Attacking ... Aiming, ch. 9 Advanced Combat,
ch. 10 weapon qualities), the book's examples first."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.attacks import Target, resolve_attack
from bridge.rules.moment_of_truth.called_shots import CalledShot
from bridge.rules.moment_of_truth.combat_pool import combat_pool, split_pool
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.defense import to_hit
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal, Quality, RangedWeapon
from bridge.rules.moment_of_truth.ranges import weapon_range
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.weapon_handling import FireMode
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import combat as shapes
from bridge.systems.moment_of_truth.schemas import rolls

DIALS = Dials()
BOOK = Arsenal.book()
VEST = BOOK.armor_named("Ballistic Vest")
PISTOL = BOOK.ranged_weapon(".45 Auto Pistol")
M16 = BOOK.ranged_weapon("M-16 (5.56mm)")
UZI = BOOK.ranged_weapon(".9mm Uzi SMG")
SHOTGUN = BOOK.ranged_weapon("Shotgun")
M60 = BOOK.ranged_weapon("M-60")
# Dodger's rifle as the example prints it: "skill + 14 (2,3)" (the table's M-40 says 16).
DODGERS_RIFLE = RangedWeapon.from_dict(
    {"name": "Sniper rifle", "damage": "Skill + 14 (2, 3)", "skill": "long arms",
     "close": "C-2m", "optimal": "50m", "long": "100m (5)", "ammo": "5", "qualities": ["Bolt-action", "Scope"]}
)
THUG = Target("thug", armor=VEST, endurance=3)
NO_ARMOR = Target("thug")
# The armor a called shot meets is the caller's call: a vest does not cover the head.
BARE_HEAD = Target("thug", endurance=3)

# Agility 3, Perception 3: ranged attack 3; Strength 3, Agility 3: melee attack 3.
STATS = {statistic: 3 for statistic in Statistic}


def ranged_pool(weapon=PISTOL, distance=5, skill=2, **kwargs):
    return combat_pool(STATS, skill, weapon, dials=DIALS, range_reading=weapon_range(weapon, distance), **kwargs)


def attack(combat, faces, target=NO_ARMOR, tn=None, **kwargs):
    tn = tn or to_hit(dials=DIALS, ranged=combat.ranged)
    return resolve_attack(combat, tn, target, dials=DIALS, dice=FixedDice(faces), **kwargs)


NIKITAS_DAMAGE = [1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6]


def test_nikitas_45_against_the_ballistic_vest():
    # "She has a skill of 2, so her total damage pool is 12d6. She rolls 1, 2,
    # 2, 3, 3, 4, 4, 4, 5, 5, 6 and 6 ... she does 7 points of serious ... DR
    # of 6 ... the last point gets through ... 9 minor damage ... a total of 10"
    result = attack(ranged_pool(), [5, 6, 1, 2, 3] + NIKITAS_DAMAGE, target=THUG)
    (hit,) = result.hits
    assert hit.damage.damage.notation == "12d6 (3,4)"
    assert hit.damage.faces == NIKITAS_DAMAGE
    assert (hit.damage.serious_rolled, hit.damage.serious, hit.damage.minor) == (7, 1, 9)
    assert hit.damage.hit_points_lost == 10
    assert hit.armor_note == "Ballistic Vest DR 6"


def test_nikitas_called_shot_around_the_vest():
    # "she needs a single extra success to hit him and avoid his armor ... TN:3"
    tn = to_hit(dials=DIALS, ranged=True, called_shot=CalledShot.BYPASS_ARMOR, target_armor=VEST)
    missed = attack(ranged_pool(), [5, 6, 1, 2, 3], target=THUG, tn=tn)
    assert tn.value == 3 and missed.hits == ()
    result = attack(ranged_pool(), [5, 6, 6, 2, 3] + NIKITAS_DAMAGE, target=THUG, tn=tn)
    (hit,) = result.hits
    assert (hit.damage.serious, hit.damage.minor) == (7, 9)
    assert hit.armor_note == "Ballistic Vest bypassed by the called shot"


def test_dodgers_head_shot():
    # "ranged attack of 3 and long arms at 3 ... 6d6 ... spend 4 MoTs ... 10
    # ... TN:4 ... He rolls 4 successes". Damage: skill 3 + 14 = 17d6, plus
    # the head's 4d6 the example leaves out = 21d6, serious number 3 -> 2, minor
    # stays 2; "6 serious points kill with a called headshot".
    combat = ranged_pool(DODGERS_RIFLE, 40, skill=3, moments=4)
    tn = to_hit(dials=DIALS, ranged=True, called_shot=CalledShot.HEAD)
    assert (combat.pool.dice, tn.value) == (10, 4)
    damage_faces = [1] * 15 + [2] * 6
    result = attack(combat, [5, 6, 5, 6, 1, 2, 3, 4, 2, 3] + damage_faces, target=BARE_HEAD, tn=tn)
    (hit,) = result.hits
    assert hit.damage.damage.notation == "21d6 (2,2)"
    assert hit.damage.serious == 6
    assert result.conditions == (("thug", Condition.DEAD),)


def test_a_miss_rolls_no_damage():
    result = attack(ranged_pool(), [5, 1, 2, 3, 4])
    assert result.hits == () and not result.roll.outcome.success


def test_head_shot_that_does_not_kill_calls_for_the_stun_roll():
    tn = to_hit(dials=DIALS, ranged=True, called_shot=CalledShot.HEAD)
    # .45, skill 3 + 1 MoT = 7d6, 4 successes; 17d6 (2,3) all 1s but one 2
    # (1 minor); Endurance 3 rolls 1, 2, 3.
    combat = ranged_pool(skill=3, moments=1)
    faces = [5, 5, 5, 5, 1, 1, 1] + [1] * 16 + [2] + [1, 2, 3]
    result = attack(combat, faces, target=BARE_HEAD, tn=tn)
    (hit,) = result.hits
    assert hit.damage.damage.notation == "17d6 (2,3)"
    assert result.conditions == (("thug", Condition.STUNNED),)
    assert hit.called.endurance_roll.counting.faces == [1, 2, 3]


def test_legs_shot_knocks_prone():
    tn = to_hit(dials=DIALS, ranged=True, called_shot=CalledShot.LEGS)
    result = attack(ranged_pool(), [5, 5, 5, 1, 1] + [4, 4] + [1] * 10, tn=tn)
    assert result.conditions == (("thug", Condition.PRONE),)


def test_large_blade_to_the_neck_decapitates():
    sword = BOOK.melee_weapon("Broad Sword")
    combat = combat_pool(STATS, 2, sword, dials=DIALS)  # 5d6; damage 3 + 2 + 6 = 11d6 (4,5), neck (3,4)
    tn = to_hit(dials=DIALS, ranged=False, called_shot=CalledShot.NECK)
    result = attack(combat, [5, 5, 5, 5, 1] + [4] * 4 + [1] * 7, tn=tn)
    assert result.hits[0].damage.damage.notation == "11d6 (3,4)"
    assert result.conditions == (("thug", Condition.DEAD),)


def test_armor_piercing_halves_the_dr():
    ap = PISTOL.with_qualities(Quality.ARMOR_PIERCING)
    result = attack(ranged_pool(ap), [5, 6, 1, 2, 3] + NIKITAS_DAMAGE, target=THUG)
    (hit,) = result.hits
    assert (hit.damage.serious, hit.damage.minor) == (4, 9)
    assert hit.armor_note == "Ballistic Vest DR 6 halved to 3 by armor-piercing"


def test_automatic_fire_scores_a_hit_per_extra_success():
    # M-16, 5d6 at TN 2: 4 successes = 3 hits, each with its own 16d6 damage roll.
    faces = [5, 6, 5, 6, 1] + [4] + [1] * 15 + [1] * 16 + [3, 3] + [1] * 14
    result = attack(ranged_pool(M16), faces, fire=FireMode.AUTOMATIC)
    assert [hit.damage.hit_points_lost for hit in result.hits] == [2, 0, 2]
    assert result.hits[2].reason == "automatic fire: extra success 2"


def test_automatic_fire_short_of_the_tn_misses_entirely():
    assert attack(ranged_pool(M16), [5, 1, 2, 3, 4], fire=FireMode.AUTOMATIC).hits == ()


def test_automatic_fire_needs_hi_rof():
    with pytest.raises(ValueError, match="Hi ROF"):
        attack(ranged_pool(), [5] * 5, fire=FireMode.AUTOMATIC)


@pytest.mark.parametrize("successes, hit", [(1, []), (2, ["a"]), (3, ["a", "b"]), (4, ["a", "b", "c"])])
def test_spraying_fire_needs_a_success_more_per_target(successes, hit):
    faces = [5] * successes + [2] * (5 - successes) + [1] * 16 * len(hit)
    result = attack(ranged_pool(M16), faces, target=Target("a"), fire=FireMode.SPRAYING,
                    others=[Target("b"), Target("c")])
    assert [each.target for each in result.hits] == hit


def test_spraying_fire_suppresses_everyone_fired_at():
    result = attack(ranged_pool(M16), [2] * 5, target=Target("a"), fire=FireMode.SPRAYING, others=[Target("b")])
    assert result.conditions == (("a", Condition.SUPPRESSED), ("b", Condition.SUPPRESSED))


def test_spraying_fire_takes_at_most_three_targets():
    with pytest.raises(ValueError, match="at most 3"):
        attack(ranged_pool(M16), [5] * 5, fire=FireMode.SPRAYING, others=[Target("b"), Target("c"), Target("d")])


def test_shotgun_extra_success_is_a_second_hit_or_the_adjacent_target():
    combat = ranged_pool(SHOTGUN, 3)  # optimal range; 3 + 2 = 5d6, damage 14d6
    twice = attack(combat, [5, 5, 5, 1, 1] + [1] * 28, shotgun=True)
    assert [hit.target for hit in twice.hits] == ["thug", "thug"]
    spread = attack(combat, [5, 5, 5, 1, 1] + [1] * 28, shotgun=True, others=[Target("bystander")])
    assert [hit.target for hit in spread.hits] == ["thug", "bystander"]
    exact = attack(combat, [5, 5, 1, 1, 1] + [1] * 14, shotgun=True, others=[Target("bystander")])
    assert [hit.target for hit in exact.hits] == ["thug"]


def test_shotgun_spread_only_in_the_optimal_range():
    with pytest.raises(ValueError, match="optimal"):
        attack(ranged_pool(SHOTGUN, 12), [5] * 4, shotgun=True)


def test_vhi_rof_single_attack_rolls_damage_twice():
    # Uzi: 3 + 2 - 2 (inaccurate) = 3d6; damage 10d6.
    result = attack(ranged_pool(UZI), [5, 5, 1] + [1] * 20)
    assert len(result.hits) == 2 and result.hits[1].reason.startswith("VHi ROF")


def test_vhi_rof_automatic_fire_rolls_once_per_hit():
    result = attack(ranged_pool(UZI), [5, 5, 5] + [1] * 20, fire=FireMode.AUTOMATIC)
    assert len(result.hits) == 2


def test_indiscriminate_excess_successes_scatter_over_adjacent_targets():
    # M-60 at long range (36-75 m): 3 + 2 - 2 (inaccurate) - 1 (range) = 2d6... give skill 5: 5d6.
    combat = ranged_pool(M60, 60, skill=5)
    left, right = Target("left", tn=2), Target("right", tn=2)
    # 5 successes vs TN 2: 3 excess, scattered by d2s: 1, 2, 1 -> left 2 (hit), right 1.
    faces = [5, 5, 5, 5, 5] + [1, 2, 1] + [1] * 21 + [1] * 21
    result = attack(combat, faces, others=[left, right])
    assert result.scatter_faces == (1, 2, 1)
    assert [hit.target for hit in result.hits] == ["thug", "left"]


def test_shotgun_is_not_indiscriminate_in_its_optimal_range():
    with pytest.raises(ValueError, match="not indiscriminate"):
        attack(ranged_pool(SHOTGUN, 3), [5] * 5, others=[Target("b", tn=2)])


def test_critical_failure_against_a_grappled_target_hits_the_grappler():
    grappler = Target("Dwight")
    result = attack(ranged_pool(), [1, 1, 2, 3, 4] + [4] * 12, grappler=grappler)
    assert result.hit_grappler and [hit.target for hit in result.hits] == ["Dwight"]
    assert "the grappler is hit instead" in " ".join(result.explanation)
    plain_miss = attack(ranged_pool(), [1, 1, 2, 3, 4])
    assert not plain_miss.hit_grappler and plain_miss.hits == ()


def test_critical_success_may_lower_the_damage_numbers_by_two():
    faces = [5, 5, 5, 5, 1] + NIKITAS_DAMAGE
    lowered = attack(ranged_pool(), faces, critical_lowers_damage=True)
    assert lowered.hits[0].damage.damage.notation == "12d6 (2,2)"
    kept = attack(ranged_pool(), faces)
    assert kept.hits[0].damage.damage.notation == "12d6 (3,4)"


def test_moments_on_damage_add_a_die_each():
    result = attack(ranged_pool(), [5, 5, 1, 1, 1] + [1] * 14, damage_moments=2)
    assert result.hits[0].damage.damage.dice == 14


def test_charge_doubles_strength_for_damage():
    club = BOOK.melee_weapon("Club")  # Strength + Skill + 4: 3 + 1 + 4 = 8d6
    combat = combat_pool(STATS, 1, club, dials=DIALS)
    result = attack(combat, [5, 5, 1, 1] + [1] * 11, charge=True)
    assert result.hits[0].damage.damage.dice == 11
    with pytest.raises(ValueError, match="charge"):
        attack(ranged_pool(), [5] * 5, charge=True)


def test_unreliable_weapon_jams_when_ones_match_successes():
    shaky = PISTOL.with_qualities(Quality.UNRELIABLE)
    jammed = attack(ranged_pool(shaky), [5, 5, 1, 1, 3] + [1] * 12)
    assert jammed.jammed and jammed.hits
    assert not attack(ranged_pool(shaky), [5, 5, 1, 2, 3] + [1] * 12).jammed
    assert not attack(ranged_pool(), [5, 5, 1, 1, 3] + [1] * 12).jammed


def test_suppressive_fire_suppresses_even_on_a_miss():
    result = attack(ranged_pool(M16), [2] * 5)
    assert result.conditions == (("thug", Condition.SUPPRESSED),)


def test_dual_weapons_roll_each_share_separately():
    combat = combat_pool(STATS, 2, BOOK.melee_weapon("Dagger"), dials=DIALS)
    first, second = split_pool(combat, 3)
    one = attack(first, [5, 5, 1] + [1] * 5)
    two = attack(second, [5, 2])
    assert one.roll.counting.faces == [5, 5, 1] and len(one.hits) == 1
    assert two.roll.counting.faces == [5, 2] and two.hits == ()


def test_result_is_json_ready_and_explained():
    tn = to_hit(dials=DIALS, ranged=True, called_shot=CalledShot.HEAD)
    result = attack(ranged_pool(DODGERS_RIFLE, 40, skill=3, moments=4), [5, 6, 5, 6, 1, 2, 3, 4, 2, 3] + [2] * 21,
                    target=THUG, tn=tn)
    card = json.loads(json.dumps(dump(shapes.AttackResult, result)))
    assert card["combat"]["pool"] == card["roll"]["pool"] == dump(rolls.Pool, result.combat.pool)
    assert card["conditions"] == [{"target": "thug", "condition": "dead"}]
    assert card["hits"][0]["damage"]["faces"] == [2] * 21
    assert "head shot: +4d6, damage numbers -1 (never below 2): 21d6 (2,2)" in card["hits"][0]["reason"]
    assert "called shot: head +2" in result.explanation


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_automatic_fire_hits_once_plus_once_per_extra_success(faces):
    successes = sum(face >= 5 for face in faces)
    result = attack(ranged_pool(M16), faces + [1] * 16 * 5, fire=FireMode.AUTOMATIC)
    assert len(result.hits) == (successes - 1 if successes >= 2 else 0)


def test_called_shot_lands_on_the_primary_target_only():
    tn = to_hit(dials=DIALS, ranged=True, called_shot=CalledShot.LEGS)
    # M-16 5d6 vs TN 3, spraying 2 targets: 4 successes hit both; 16d6 each.
    result = attack(ranged_pool(M16), [5, 5, 5, 5, 1] + [4] * 16 + [4] * 16, target=Target("a"), tn=tn,
                    fire=FireMode.SPRAYING, others=[Target("b")])
    assert [hit.target for hit in result.hits] == ["a", "b"]
    assert result.hits[1].called is None
    assert ("a", Condition.PRONE) in result.conditions and ("b", Condition.PRONE) not in result.conditions


def test_indiscriminate_fire_needs_the_adjacent_targets_tn():
    with pytest.raises(ValueError, match="own TN"):
        attack(ranged_pool(M60, 60, skill=5), [5] * 5, others=[Target("left")])
