"""Characters, advancement and equipment over real Socket.IO: sheet checks,
experience costs, the world's arsenal, and their refusals."""

from __future__ import annotations

from bridge.rules.moment_of_truth.advancement import skill_advancement, statistic_advancement
from bridge.rules.moment_of_truth.characters import CharacterSheet, Talent, check_creation
from bridge.rules.moment_of_truth.dials import Dials, ReactionStatistic
from bridge.rules.moment_of_truth.equipment import Arsenal, RangedWeapon
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.characters import (
    AdvancementCost,
    ArsenalItems,
    ArsenalMelee,
    ArsenalRanged,
    CreationCheck,
)

from ..services import Bridge
from ..table import TableClient
from ..wire_schemas import assert_valid

# Ch. 2: Allison buys Education 5 (Gifted) for 4 of her 6 statistic points.
NIKITA = {
    "name": "Nikita",
    "statistics": {"education": 5, "agility": 3},
    "skills": {"Pistol": 2, "Stealth": 1},
    "problems": ["Wanted by the police"],
    "talents": [{"name": "Quick draw", "skill": "Pistol", "circumstances": "drawing first"}],
}
NIKITA_SHEET = CharacterSheet(
    "Nikita",
    {Statistic.EDUCATION: 5, Statistic.AGILITY: 3},
    skills={"Pistol": 2, "Stealth": 1},
    problems=("Wanted by the police",),
    talents=(Talent("Quick draw", skill="Pistol", circumstances="drawing first"),),
)
# Every kind of broken rule the sheet can show at once.
BROKEN = {
    "name": "Overreach",
    "statistics": {"endurance": 3, "strength": 6, "agility": 7},
    "racial_modifiers": {"strength": 1},
    "skills": {"Brawling": 5, "Pistol": 4, "Stealth": 4, "Research": 4, "Lore": 4},
    "problems": ["a", "b", "c", "d", "e"],
    "talents": [{"name": "Both", "skill": "Pistol", "statistic": "agility"}, {"name": "Neither"}],
    "boons": ["Rich", "Famous", "Lucky"],
    "trait_points_to_skill_points": 1,
}
BROKEN_SHEET = CharacterSheet(
    "Overreach",
    {Statistic.ENDURANCE: 3, Statistic.STRENGTH: 6, Statistic.AGILITY: 7},
    {Statistic.STRENGTH: 1},
    {"Brawling": 5, "Pistol": 4, "Stealth": 4, "Research": 4, "Lore": 4},
    ("a", "b", "c", "d", "e"),
    (Talent("Both", skill="Pistol", statistic=Statistic.AGILITY), Talent("Neither")),
    ("Rich", "Famous", "Lucky"),
    trait_points_to_skill_points=1,
)
BLASTER = {
    "name": "Blaster", "damage": "Skill + 12 (3, 4)", "skill": "Pistol", "close": "C", "optimal": "10m",
    "long": "20m (3)", "ammo": "Ammo:20", "qualities": ["Semi-auto"],
}


# --- character.check ------------------------------------------------------------


def test_a_sheet_is_checked_under_the_worlds_dials(gm, player_for):
    alice = player_for("alice")
    answer = alice.request("character.check", sheet=NIKITA)
    assert answer["ok"], answer
    assert_valid("result.character.check.json", answer["result"])
    assert answer["result"] == dump(CreationCheck, check_creation(NIKITA_SHEET, Dials()))
    assert answer["result"]["valid"] and answer["result"]["statistic_points"] == {"spent": 5, "available": 6, "remaining": 1}
    assert answer["result"]["skill_points"]["available"] == 5 * 3 + 8

    dials = {"skill_points_base": 10, "hit_points_base": 8, "reaction_statistic": "perception"}
    assert gm.request("settings.update", settings=dials)["ok"]
    answer = alice.request("character.check", sheet=NIKITA)
    world_dials = Dials(skill_points_base=10, hit_points_base=8, reaction_statistic=ReactionStatistic.PERCEPTION)
    assert answer["result"] == dump(CreationCheck, check_creation(NIKITA_SHEET, world_dials))
    assert answer["result"]["skill_points"]["available"] == 5 * 3 + 10


def test_a_sheet_breaking_rules_is_answered_with_every_violation(gm):
    answer = gm.request("character.check", sheet=BROKEN)
    assert answer["ok"], answer
    assert_valid("result.character.check.json", answer["result"])
    assert answer["result"] == dump(CreationCheck, check_creation(BROKEN_SHEET, Dials()))
    broken = {(violation["rule"], violation["field"]) for violation in answer["result"]["violations"]}
    assert broken == {
        ("statistic_cost", "statistics.agility"),
        ("statistic_starting_max", "statistics.strength"),
        ("statistic_starting_max", "statistics.agility"),
        ("statistic_range", "statistics.strength"),
        ("statistic_range", "statistics.agility"),
        ("statistic_points", "statistics"),
        ("skill_level", "skills.Brawling"),
        ("skill_points", "skills"),
        ("problems", "problems"),
        ("talent_target", "talents.0"),
        ("talent_target", "talents.1"),
        ("trait_points", "trait_points"),
    }
    assert not answer["result"]["valid"]


def test_a_malformed_sheet_is_invalid_and_names_its_field(gm):
    for change, path in (
        ({"statistics": {"agility": 21}}, ("statistics", "agility")),
        ({"statistics": {"luck": 3}}, ("statistics", "luck")),
        ({"talents": [{"name": "Sharp", "statistic": "luck"}]}, ("talents", "0", "statistic")),
        ({"skills": {"Pistol": -1}}, ("skills", "Pistol", "value")),
        ({"trait_points_to_skill_points": -1}, ("trait_points_to_skill_points",)),
        ({"name": ""}, ("name",)),
    ):
        answer = gm.request("character.check", sheet={**NIKITA, **change})
        assert answer["error"]["code"] == "invalid", answer
        named = answer["error"]["fields"]
        for field in ("sheet", *path):
            assert list(named) == [field], answer
            named = named[field]
        assert isinstance(named, list), answer


# --- advancement.cost, advancement.buyback ------------------------------------------


def test_advancement_costs_follow_the_tables_and_the_double_cost_setting(gm, player_for):
    alice = player_for("alice")
    for request, cost in (
        ({"skill": {"name": "Research", "desired": 2}}, skill_advancement("Research", None, 2)),
        ({"skill": {"name": "Stealth", "current": 1, "desired": 3}}, skill_advancement("Stealth", 1, 3)),
        ({"statistic": {"name": "agility", "current": 2, "desired": 4}}, statistic_advancement(Statistic.AGILITY, 2, 4, Dials())),
        ({"statistic": {"name": "will", "current": 3, "desired": 6}}, statistic_advancement(Statistic.WILL, 3, 6, Dials())),
    ):
        answer = alice.request("advancement.cost", **request)
        assert answer["ok"], answer
        assert_valid("result.advancement.cost.json", answer["result"])
        assert answer["result"] == dump(AdvancementCost, cost)
    assert alice.request("advancement.cost", statistic={"name": "agility", "current": 2, "desired": 4})["result"]["experience"] == 2 * (20 + 30)

    assert gm.request("settings.update", settings={"double_cost_perception_agility": False})["ok"]
    plain = alice.request("advancement.cost", statistic={"name": "agility", "current": 2, "desired": 4})["result"]
    assert (plain["multiplier"], plain["experience"]) == (1, 20 + 30)


def test_levels_off_the_tables_are_against_the_rules_by_field(gm):
    for request, field in (
        ({"skill": {"name": "Pistol", "current": 4, "desired": 5}}, "skill.desired"),
        ({"skill": {"name": "Pistol", "current": 5, "desired": 6}}, "skill.current"),
        ({"skill": {"name": "Pistol", "current": 2, "desired": 2}}, "skill.desired"),
        ({"skill": {"name": " ", "desired": 0}}, "skill.name"),
        ({"statistic": {"name": "will", "current": 0, "desired": 2}}, "statistic.current"),
        ({"statistic": {"name": "will", "current": 7, "desired": 8}}, "statistic.desired"),
    ):
        answer = gm.request("advancement.cost", **request)
        assert answer["error"]["code"] == "against_the_rules" and list(answer["error"]["fields"]) == [field], answer


def test_bad_advancement_fields_are_named(gm):
    for request, field in (
        ({"skill": {"name": "Pistol", "desired": 1}, "statistic": {"name": "will", "current": 2, "desired": 3}}, "skill"),
        ({}, "skill"),
        ({"statistic": {"name": "luck", "current": 2, "desired": 3}}, "statistic"),
        ({"skill": {"name": "Pistol", "desired": 21}}, "skill"),
    ):
        answer = gm.request("advancement.cost", **request)
        assert answer["error"]["code"] == "invalid" and list(answer["error"]["fields"]) == [field], answer


def test_unspent_moments_are_bought_back_at_the_worlds_rate(gm, player_for):
    alice = player_for("alice")
    answer = alice.request("advancement.buyback", moments=4)
    assert_valid("result.advancement.buyback.json", answer["result"])
    assert answer["result"] == {"moments": 4, "experience": 4}
    assert gm.request("settings.update", settings={"moment_buyback_xp": 2})["ok"]
    assert alice.request("advancement.buyback", moments=4)["result"] == {"moments": 4, "experience": 8}
    refused = alice.request("advancement.buyback", moments=-1)
    assert refused["error"]["code"] == "invalid" and list(refused["error"]["fields"]) == ["moments"]


# --- equipment.list, equipment.define ---------------------------------------------


def test_a_new_world_lists_the_books_equipment(player_for):
    answer = player_for("alice").request("equipment.list")
    assert answer["ok"], answer
    assert_valid("result.equipment.list.json", answer["result"])
    assert answer["result"] == dump(ArsenalItems, Arsenal.book().listed)


def test_a_gm_defined_weapon_shows_in_a_players_list(gm, player_for):
    dagger = {**dump(ArsenalMelee, Arsenal.book().melee_weapon("Dagger")), "damage": "Strength + Skill + 1 (4, 5)"}
    defined = gm.request("equipment.define", ranged=[BLASTER], melee=[dagger])
    assert defined["ok"], defined
    assert_valid("result.equipment.define.json", defined["result"])
    blaster = dump(ArsenalRanged, RangedWeapon.from_dict(BLASTER))
    assert defined["result"] == {"melee": [dagger], "ranged": [blaster], "shields": [], "armor": []}

    listed = player_for("alice").request("equipment.list")["result"]
    assert_valid("result.equipment.list.json", listed)
    assert listed == dump(ArsenalItems, Arsenal.book().with_custom(defined["result"]).listed)
    assert blaster in listed["ranged"] and blaster["skill"] == "pistol" and blaster["qualities"] == ["semi_auto"]
    assert [item for item in listed["melee"] if item["name"] == "Dagger"] == [dagger]


def test_the_gm_replaces_and_removes_the_worlds_own_items(gm):
    gm.request("equipment.define", ranged=[BLASTER], armor=[{"name": "Foil", "coverage": "< 75%", "damage_reduction": 1}])
    stronger = {**BLASTER, "name": "BLASTER", "damage": "Skill + 14 (3, 4)"}
    replaced = gm.request("equipment.define", ranged=[stronger], remove={"armor": ["foil"]})["result"]
    assert replaced == {"melee": [], "ranged": [dump(ArsenalRanged, RangedWeapon.from_dict(stronger))], "shields": [], "armor": []}
    assert "Foil" not in [item["name"] for item in gm.request("equipment.list")["result"]["armor"]]

    refused = gm.request("equipment.define", remove={"ranged": ["Blaster", "Shotgun"]})
    assert refused["error"]["code"] == "against_the_rules" and list(refused["error"]["fields"]) == ["remove.ranged.1"], refused
    assert gm.request("equipment.list")["result"]["ranged"][-1]["name"] == "BLASTER"


def test_players_may_not_define_equipment(player_for):
    refused = player_for("alice").request("equipment.define", ranged=[BLASTER])
    assert refused["error"]["code"] == "forbidden", refused


def test_a_malformed_item_names_its_kind_index_and_field(gm):
    for request, field in (
        ({"ranged": [BLASTER, {**BLASTER, "name": "Broken", "damage": "Skill + 12"}]}, "ranged.1.damage"),
        ({"ranged": [{**BLASTER, "qualities": ["Hi ROF"], "ammo": None}]}, "ranged.0.ammo"),
        ({"melee": [{"name": "Stick", "reach": "1m", "damage": "Strength (5, 6)", "skill": "fencing"}]}, "melee.0.skill"),
        ({"shields": [{"name": "Lid", "attacker_penalty": "a lot"}]}, "shields.0.attacker_penalty"),
        ({"armor": [{"name": "Foil", "coverage": "half", "damage_reduction": 1}]}, "armor.0.coverage"),
    ):
        answer = gm.request("equipment.define", **request)
        assert answer["error"]["code"] == "against_the_rules" and list(answer["error"]["fields"]) == [field], answer
    assert gm.request("equipment.list")["result"] == dump(ArsenalItems, Arsenal.book().listed)

    missing = {key: value for key, value in BLASTER.items() if key != "damage"}
    answer = gm.request("equipment.define", ranged=[missing])
    assert answer["error"]["code"] == "invalid" and answer["error"]["fields"] == {"ranged": {"0": {"damage": ["Missing data for required field."]}}}


def test_the_worlds_equipment_survives_a_bridge_restart(redis_server, world):
    first = Bridge(redis_server.url)
    try:
        gm = TableClient(first.url, {"world": world.world_id, "gm_key": world.gm_key})
        assert gm.request("equipment.define", ranged=[BLASTER])["ok"]
        gm.close()
    finally:
        first.stop()
    second = Bridge(redis_server.url)
    try:
        gm = TableClient(second.url, {"world": world.world_id, "gm_key": world.gm_key})
        listed = gm.request("equipment.list")["result"]
        gm.close()
    finally:
        second.stop()
    assert dump(ArsenalRanged, RangedWeapon.from_dict(BLASTER)) in listed["ranged"]
