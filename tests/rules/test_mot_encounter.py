"""Encounter simulation: seeded, vectorised fights read against the exact odds."""

import math

import pytest

from bridge.rules.moment_of_truth import RollKind, roll_odds
from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.damage_odds import attack_odds, damage_odds
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.encounter import Combatant, Side, Targeting
from bridge.rules.moment_of_truth.equipment import Arsenal, MeleeWeapon
from bridge.rules.moment_of_truth.simulation import _alias, simulate
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.simulation import DescribedSide, EncounterReport

ARSENAL = Arsenal.book()
VETERAN = {"endurance": 4, "strength": 3, "agility": 4, "will": 3, "perception": 4, "education": 2}
AVERAGE = {name: 2 for name in VETERAN}
DIALS = Dials()


def veteran(n: int) -> dict:
    return {"name": f"veteran {n}", "statistics": VETERAN, "skill_level": 3, "weapon": "AR-15 (5.56mm)",
            "armor": "Ballistic Vest"}


def thug(n: int, **changes) -> dict:
    return {"name": f"thug {n}", "statistics": AVERAGE, "skill_level": 1, "weapon": "Club", **changes}


def combatant_of(entry: dict, arsenal: Arsenal) -> Combatant:
    """A stat block, its weapon named in the book (melee first) or given as data."""
    weapon = entry["weapon"]
    if isinstance(weapon, dict):
        weapon = MeleeWeapon.from_dict(weapon)
    else:
        try:
            weapon = arsenal.melee_weapon(weapon)
        except ValueError:
            weapon = arsenal.ranged_weapon(weapon)
    return Combatant(
        entry["name"], {Statistic(name): value for name, value in entry["statistics"].items()}, entry["skill_level"],
        weapon, arsenal.armor_named(entry["armor"]) if entry.get("armor") else None, entry.get("hit_points"),
        entry.get("defense_dice", 0), Targeting(entry.get("targeting", "first")),
    )


def sides(first: list[dict], second: list[dict]) -> tuple[Side, Side]:
    return (
        Side("first", tuple(combatant_of(entry, ARSENAL) for entry in first)),
        Side("second", tuple(combatant_of(entry, ARSENAL) for entry in second)),
    )


CIVILIAN = {"name": "civilian", "statistics": AVERAGE, "skill_level": None, "weapon": "Unarmed Attack"}


def test_four_veterans_with_rifles_beat_an_unarmed_civilian():
    result = dump(EncounterReport, simulate(sides([veteran(n) for n in range(4)], [CIVILIAN]), dials=DIALS, seed=7))
    assert result["sides"][0]["win_rate"] > 0.99
    assert result["casualties"][4]["down_rate"] == result["sides"][0]["win_rate"]


def test_the_same_seed_repeats_exactly_and_another_differs():
    fight = sides([thug(n) for n in range(4)], [thug(n, targeting="random") for n in range(6)])
    first = dump(EncounterReport, simulate(fight, dials=DIALS, fights=3_000, seed=11))
    assert dump(EncounterReport, simulate(fight, dials=DIALS, fights=3_000, seed=11)) == first
    other = dump(EncounterReport, simulate(fight, dials=DIALS, fights=3_000, seed=12))
    assert other != first
    assert other["sides"] != first["sides"] or other["rounds"] != first["rounds"]


@pytest.mark.parametrize("targeting", ["first", "weakest", "random"])
def test_counts_add_up(targeting):
    fight = sides([thug(n, targeting=targeting) for n in range(4)], [thug(n, weapon="Dagger") for n in range(6)])
    result = dump(EncounterReport, simulate(fight, dials=DIALS, fights=2_500, seed=3, round_cap=8))
    wins = [side["wins"] for side in result["sides"]]
    assert sum(result["rounds"]["histogram"]) + result["draws"] == 2_500
    assert sum(wins) == sum(result["rounds"]["histogram"])
    assert len(result["rounds"]["histogram"]) == 8
    decided = sum(result["rounds"]["histogram"])
    mean = sum(r * n for r, n in enumerate(result["rounds"]["histogram"], 1)) / decided
    assert result["rounds"]["mean"] == pytest.approx(mean)
    for casualty in result["casualties"]:
        assert casualty["dead"] <= casualty["down"] <= 2_500
        assert casualty["down_rate"] == casualty["down"] / 2_500
    # a side wins only with every enemy down
    second_down = min(c["down"] for c in result["casualties"][4:])
    assert second_down >= wins[0]


def test_one_attack_hits_as_often_as_the_exact_odds_say():
    # Every damage die is minor on a 1+, so any hit drops the 1-HP target
    # before it acts: its down rate is the chance to hit. 40,000 fights put
    # the standard error near 0.0025; 4 of them allow 1 false alarm in 15,000
    # seeds (and this seed is fixed).
    attacker = thug(0, weapon={"name": "Sure Club", "reach": "1m", "damage": "Strength (1, 1)",
                               "skill": "melee one-handed"})
    target = {**CIVILIAN, "hit_points": 1, "defense_dice": 2}
    fights = 40_000
    result = dump(EncounterReport, simulate(sides([attacker], [target]), dials=DIALS, fights=fights, seed=5, round_cap=1))
    numbers = result["casualties"][0]
    assert (numbers["attack_pool"], result["casualties"][1]["tn_to_be_hit"]) == (3, 3)
    exact = float(roll_odds(3, 3, RollKind.SKILL).success)
    error = math.sqrt(exact * (1 - exact) / fights)
    assert abs(result["casualties"][1]["down_rate"] - exact) < 4 * error


STRONG = {**VETERAN, "strength": 20, "agility": 20}


@pytest.mark.parametrize("attacker, target, numbers", [
    # 5 dice against TN 2, 4d6 (4, 5) against no armor, 4 hit points
    (thug(0, skill_level=3, weapon={"name": "Heavy Club", "reach": "1m", "damage": "Strength + 2 (4, 5)",
                                    "skill": "melee one-handed"}),
     {**CIVILIAN, "hit_points": 4}, (5, 2, 4, 0)),
    # more dice than one number reads (30 against TN 10, 30d6 through DR 6, 18 hit points)
    ({"name": "giant", "statistics": STRONG, "skill_level": 10, "weapon": {
        "name": "Maul", "reach": "1m", "damage": "Strength + 10 (4, 5)", "skill": "melee two-handed"}},
     {"name": "wall", "statistics": STRONG, "skill_level": 0, "weapon": "Club", "armor": "Ballistic Vest",
      "hit_points": 18, "defense_dice": 16}, (30, 10, 30, 6)),
])
def test_one_attack_takes_hit_points_as_the_exact_odds_say(attacker, target, numbers):
    # In round 1 the target is down exactly when the first attack hits and
    # its damage through armor reaches the target's hit points.
    fights = 40_000
    result = dump(EncounterReport, simulate(sides([attacker], [target]), dials=DIALS, fights=fights, seed=4, round_cap=1))
    first, second = result["casualties"]
    assert (first["attack_pool"], second["tn_to_be_hit"], first["damage"]["dice"], second["damage_reduction"]) == numbers
    damage = DamageDice(first["damage"]["dice"], first["damage"]["minor_at"], first["damage"]["serious_at"])
    exact = float(attack_odds(numbers[0], numbers[1], RollKind.SKILL, damage, numbers[3]).at_least[second["hit_points"]])
    error = math.sqrt(exact * (1 - exact) / fights)
    assert abs(second["down_rate"] - exact) < 4 * error


@pytest.mark.parametrize("ways", [
    roll_odds(5, 1, RollKind.SKILL).by_successes,
    roll_odds(20, 1, RollKind.UNSKILLED).by_successes,
    damage_odds(DamageDice(16, 3, 4)).lost_ways,
    damage_odds(DamageDice(3, None, 6)).lost_ways,
    (1,),
])
def test_the_alias_tables_give_every_amount_its_ways(ways):
    columns = 1 << (len(ways) - 1).bit_length()
    cut, alias = _alias(ways, columns)
    total, numbers = sum(ways), [0] * columns
    for column in range(columns):
        numbers[column] += cut[column]
        numbers[alias[column]] += total - cut[column]
    assert numbers == [count * columns for count in ways] + [0] * (columns - len(ways))


def test_an_impossible_attack_draws_no_dice_and_ends_in_a_draw():
    guarded = thug(0, defense_dice=4)  # TN 4 against a pool of 2 - 4 dice: never rolled
    result = simulate(sides([guarded], [thug(1, defense_dice=4)]), dials=DIALS, fights=100, seed=1, round_cap=3)
    assert (result.draws, result.dice_drawn) == (100, 0)


@pytest.mark.parametrize("targets", [3, 13])  # 13: more than one word of the side's bits up
def test_a_random_pick_is_always_among_those_up(targets):
    # 12 skilled dice against TN 3 (default 1, +2 for 4 defense dice); every hit drops a 1-HP target that cannot fight back (its pool is under
    # its TN). Wasting no attack on a down target, the fight ends in round
    # ``targets`` exactly when all those attacks hit.
    dials = Dials(default_tn=1)
    shooter = {"name": "shooter", "statistics": {**VETERAN, "strength": 6, "agility": 6}, "skill_level": 6,
               "weapon": {"name": "Sure Club", "reach": "1m", "damage": "Strength (1, 1)",
                          "skill": "melee one-handed"}, "targeting": "random"}
    sitting = [{**CIVILIAN, "name": f"sitting {n}", "hit_points": 1, "defense_dice": 4} for n in range(targets)]
    fights = 20_000
    result = dump(EncounterReport, simulate(sides([shooter], sitting), dials=dials, fights=fights, seed=9, round_cap=targets))
    assert (result["casualties"][0]["attack_pool"], result["casualties"][1]["tn_to_be_hit"]) == (12, 3)
    hit = float(roll_odds(12, 3, RollKind.SKILL).success)
    exact = hit**targets
    error = math.sqrt(exact * (1 - exact) / fights)
    assert result["rounds"]["histogram"][:-1] == [0] * (targets - 1)
    assert abs(result["rounds"]["histogram"][-1] / fights - exact) < 4 * error
    rates = [casualty["down_rate"] for casualty in result["casualties"][1:]]
    assert max(rates) - min(rates) < 0.02


def test_fights_round_cap_and_sides_are_bounded():
    fight = sides([thug(0)], [thug(1)])
    with pytest.raises(ValueError, match="fights"):
        simulate(fight, dials=DIALS, fights=0, seed=1)
    with pytest.raises(ValueError, match="round cap"):
        simulate(fight, dials=DIALS, seed=1, round_cap=0)
    with pytest.raises(ValueError, match="more than 20 combatants"):
        simulate(sides([thug(n) for n in range(21)], [thug(0)]), dials=DIALS, seed=1)


def test_chunks_report_progress():
    seen = []
    whole = simulate(sides([thug(0)], [thug(1)]), dials=DIALS, fights=2_500, seed=1, chunk=1_000,
                     keep_going=lambda done: seen.append(done) or True)
    assert seen == [1_000, 2_000] and whole.fights == 2_500
    stopped = simulate(sides([thug(0)], [thug(1)]), dials=DIALS, fights=2_500, seed=1, chunk=1_000,
                       keep_going=lambda done: False)
    assert stopped.fights == 1_000 and sum(stopped.decided_in) + stopped.draws == 1_000 and stopped.cancelled


def test_a_stat_block_survives_its_wire_form():
    fight = sides([veteran(0)], [thug(1, targeting="weakest", defense_dice=2)])
    again = tuple(Side.from_dict(dump(DescribedSide, side)) for side in fight)
    assert again == fight
