"""The exported JSON Schemas: committed, valid, and true to the code.

Pure: no Redis, no bridge; payloads are built by the same functions the
bridge and the workers use wherever those run without a server.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from jsonschema import Draft202012Validator
from marshmallow import ValidationError, fields

from bridge.protocol import ErrorCode, Push, Request, RequestError
from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import Modifier, RollKind, resolve_roll, roll_odds
from bridge.rules.moment_of_truth.attacks import Attack, Target
from bridge.rules.moment_of_truth.combat_pool import combat_pool
from bridge.rules.moment_of_truth.defense import to_hit
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.ranges import weapon_range
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.weapon_handling import FireMode
from bridge.schemas import pushes
from bridge.schemas.catalog import CONNECT_AUTH, PUSHES, REQUESTS
from bridge.schemas.common import Inbound
from bridge.schemas.encode import dump
from bridge.schemas.export import DIALECT, render, write_schemas
from bridge.schemas.pushes import failure, success
from bridge.schemas.settings import default_settings
from bridge.systems import DEFAULT_SYSTEM, installed
from bridge.systems.moment_of_truth import events as flagship_events
from bridge.systems.moment_of_truth.names import Event
from bridge.systems.moment_of_truth.schemas import rolls as mot_rolls
from bridge.systems.moment_of_truth.schemas.rolls import Helpers, OddsRequest, RollEntry, RollRequest
from bridge.systems.moment_of_truth.schemas.rolls import RollResult as RollResultShape
from bridge.systems.moment_of_truth.settings import MomentOfTruthSettings
from bridge.table import chain
from bridge.table import events as table_events
from bridge.table.auth import AuthError, authenticate, mint_player_token
from bridge.table.keyring import Keyring
from bridge.table.queue import job_id
from bridge.table.store import UnknownWorld
from bridge.table.visibility import NOTICE_FIELDS, notice
from bridge.transport import events
from bridge.transport.events import session
from bridge.transport.handling import unknown_event
from workers import failures, push
from workers import jobs as worker_jobs
from workers.moment_of_truth import jobs as mot_jobs

from ..wire_schemas import SCHEMA_DIR, SCHEMAS, assert_valid, definition, validator

# --- (a) committed files, (b) valid JSON Schema --------------------------------


def test_committed_schemas_match_the_code():
    committed = {path.name: path.read_text(encoding="utf-8") for path in SCHEMA_DIR.glob("*.json")}
    exported = {name: render(schema) for name, schema in SCHEMAS.items()}
    hint = "docs/schemas is stale: run `vtt-bridge schemas` (python -m bridge schemas --out docs/schemas)"
    assert sorted(committed) == sorted(exported), hint
    changed = sorted(name for name in exported if committed[name] != exported[name])
    assert not changed, f"{hint}; differs: {changed}"


def test_write_schemas_writes_every_file_and_removes_stale_ones(tmp_path):
    (tmp_path / "request.gone.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("kept")
    written = write_schemas(tmp_path)
    assert sorted(path.name for path in written) == sorted(SCHEMAS)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([*SCHEMAS, "notes.txt"])
    assert all(path.read_text(encoding="utf-8") == render(SCHEMAS[path.name]) for path in written)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_schema_is_valid_json_schema(name):
    schema = SCHEMAS[name]
    assert schema["$schema"] == DIALECT and schema["title"]
    Draft202012Validator.check_schema(schema)


def test_every_request_and_push_has_its_files():
    """The bridge's requests (``Request``), every installed system's, and each state document."""
    systems_events = {event for system in installed().values() for event in system.events()}
    assert set(REQUESTS) == {r.value for r in Request} | systems_events and set(PUSHES) == set(Push)
    expected = {f"{kind}.{event}.json" for event in REQUESTS for kind in ("request", "result")}
    expected |= {f"push.{p.value}.json" for p in Push}
    expected |= {f"state.{system.name}.json" for system in installed().values() if system.state}
    expected |= {"connect.auth.json", "connect.error.json", "envelope.ok.json", "envelope.error.json"}
    assert set(SCHEMAS) == expected


def test_handlers_use_the_catalog_pairing(monkeypatch):
    """Until the events modules read the catalog, they must agree with it."""
    registered = {}

    def fake_handles(app, event, schema=None, *, gm_only=None, fight=None, extra=None):
        registered[event] = (schema, gm_only)
        return lambda handler: handler

    app = SimpleNamespace(extensions={"socketio": SimpleNamespace(on_event=lambda *args, **kwargs: None)},
                          add_url_rule=lambda *args, **kwargs: None)
    for module in (*events.MODULES, *flagship_events.AREAS):
        monkeypatch.setattr(module, "handles", fake_handles)
        module.init_app(app)
    names = {getattr(event, "value", event) for event in registered} | {event.value for event in table_events.HANDLERS}
    flagship = installed()[DEFAULT_SYSTEM].events()
    assert names == {r.value for r in Request} | flagship | {system.odds.event for system in installed().values() if system.odds}
    for event, (schema, gm_only) in registered.items():
        if schema is not None:
            assert type(schema) is REQUESTS[getattr(event, "value", event)].schema, event
        if gm_only is not None:
            assert gm_only == REQUESTS[getattr(event, "value", event)].gm_only, event


# --- (c) request schemas agree with marshmallow ------------------------------

ROLL = {"request_id": "r1", "actor_id": "a1", "kind": "statistic", "statistic": {"name": "Strength", "value": 3}}
SKILL_ROLL = {
    "request_id": "r1",
    "actor_id": "Actor.x1",
    "kind": "skill",
    "statistic": {"name": "Agility", "value": 3},
    "skill": {"name": "Stealth", "level": 2},
    "difficulty": 1,
    "modifiers": [{"source": "wound", "dice": -1, "penalty": True}, {"source": "gear", "dice": 1}],
    "helpers": 1,
    "label": "Sneak past the guard",
    "visibility": "whisper",
    "whisper_to": ["p2"],
}
DAMAGE = {"request_id": "d1", "actor_id": "a1", "dice": 12, "minor_at": 3, "serious_at": 4}
HEALTH = {"request_id": "h1", "actor_id": "a1", "health": {"hit_points": 16, "minor": 12, "serious": 5}}
PATIENT = {"request_id": "h1", "token_id": "t1"}
MEDIC = {**PATIENT, "healer": "t2", "statistic": "perception"}
BLAST = {"request_id": "x1", "actor_id": "a1", "dice": 20, "charge": "shrapnel"}
HAZARD = {"request_id": "z1", "token_id": "t1"}
PICKED = {"request_id": "z1", "token_ids": ["t1", "t2"]}
TOKEN = {"token_id": "t1", "distance": 1}
ODDS = {"request_id": "o1", "kind": "unskilled", "statistic": {"name": "Wits", "value": 4}}
CHECKED_SHEET = {
    "name": "Nikita", "statistics": {"education": 5}, "racial_modifiers": {"will": -1}, "skills": {"Pistol": 2},
    "problems": ["Wanted"], "talents": [{"name": "Quick draw", "skill": "Pistol"}], "boons": [], "trait_points_to_skill_points": 0,
}
WORLD_WEAPON = {"name": "Blaster", "damage": "Skill + 12 (3, 4)", "skill": "pistol", "close": "C", "optimal": "10m", "long": "20m (3)"}

STATISTICS = dict.fromkeys(("endurance", "strength", "agility", "will", "perception", "education"), 3)
# -- area: attack
ATTACK = {
    "request_id": "c1", "attacker": "nikita-1", "weapon": {"name": ".45 Auto Pistol"}, "distance": 5,
    "targets": [{"token_id": "thug-1"}],
}

SCENE = {"request_id": "c1", "scene_id": "warehouse"}
# -- area: attack
READY = {"request_id": "w1", "token_id": "t1", "check": "ready_after_attack", "weapon": {"name": "Club"}}
TASK = {"request_id": "w2", "token_id": "t1", "weapon": {"name": "Flintlock Pistol"}}
GRAPPLE = {"request_id": "g1", "kind": "grapple", "actor": "ann-1", "opponent": "bo-1"}

TRACKED = {
    "request_id": "t1", "token_id": "t1", "actor_id": "a1", "name": "Thug",
    "statistics": STATISTICS, "armor": {"name": "Ballistic Vest"},
}

# (schema: a Request or "connect.auth", payload, marshmallow and JSON Schema accept it)
# -- area: simulation
ENCOUNTER_FIGHTER = {"name": "Thug", "statistics": {"endurance": 2, "strength": 3, "agility": 2, "will": 2, "perception": 2,
                     "education": 1}, "skill_level": 1, "weapon": {"name": "Club"}, "armor": {"name": "Leather"}}
ENCOUNTER_SIDE = {"name": "thugs", "combatants": [ENCOUNTER_FIGHTER]}
EXAMPLES = [
    ("connect.auth", {"protocol": 1, "world": "w1", "gm_key": "k", "user": "gm"}, True),
    ("connect.auth", {"protocol": 1, "world": "w1", "token": "t"}, True),
    ("connect.auth", {"protocol": 1, "world": "w1", "gm_key": "k", "token": "t"}, False),
    ("connect.auth", {"protocol": 1, "world": "w1"}, False),
    ("connect.auth", {"protocol": "one", "world": "w1", "gm_key": "k"}, False),
    ("connect.auth", {"protocol": 1, "world": "no spaces", "gm_key": "k"}, False),
    (Request.PING, {"request_id": "r1", "echo": {"any": [1, "two", None]}}, True),
    (Request.PING, {"request_id": "r1"}, True),
    (Request.PING, {"echo": 1}, False),
    (Request.PING, {"request_id": "has space"}, False),
    (Request.PING, {"request_id": "x" * 65}, False),
    (Request.PING, {"request_id": "r1", "extra": 1}, False),
    (Event.ROLL, ROLL, True),
    (Event.ROLL, SKILL_ROLL, True),
    (Event.ROLL, {**ROLL, "visibility": "whisper"}, True),
    (Event.ROLL, {**ROLL, "visibility": "blind", "difficulty": -1}, True),
    (Event.ROLL, {**ROLL, "statistic": {"name": "Strength", "value": "x"}}, False),
    (Event.ROLL, {**ROLL, "statistic": {"name": "Strength", "value": 21}}, False),
    (Event.ROLL, {**ROLL, "kind": "bogus"}, False),
    (Event.ROLL, {**ROLL, "visibility": "secret"}, False),
    (Event.ROLL, {**ROLL, "kind": "skill"}, False),
    (Event.ROLL, {**ROLL, "kind": "peripheral"}, False),
    (Event.ROLL, {**ROLL, "skill": {"name": "Stealth", "level": 1}}, False),
    (Event.ROLL, {**ROLL, "whisper_to": ["p2"]}, False),
    (Event.ROLL, {**ROLL, "visibility": "public", "whisper_to": ["p2"]}, False),
    (Event.ROLL, {**ROLL, "difficulty": 11}, False),
    (Event.ROLL, {**ROLL, "label": "x" * 201}, False),
    (Event.ROLL, {**ROLL, "modifiers": [{"source": "m", "dice": 1}] * 21}, False),
    (Event.ROLL, {**ROLL, "modifiers": [{"dice": 1}]}, False),
    (Event.ROLL, {**ROLL, "dice": 5}, False),
    (Event.ROLL, {key: value for key, value in ROLL.items() if key != "actor_id"}, False),
    (Event.DAMAGE, DAMAGE, True),
    (Event.DAMAGE, {**DAMAGE, "minor_at": None, "damage_reduction": 6, "armor_piercing": True, "lowered_by": 1}, True),
    (Event.DAMAGE, {**DAMAGE, "serious_at": 7}, False),
    (Event.DAMAGE, {**DAMAGE, "dice": -1}, False),
    (Event.DAMAGE, {**DAMAGE, "damage_reduction": -1}, False),
    (Event.DAMAGE, {key: value for key, value in DAMAGE.items() if key != "serious_at"}, False),
    # -- rules areas: each keeps its examples under its own line
    # -- area: rolls
    (Event.ROLL, {**ROLL, "kind": "skill", "skill": {"name": "Stealth", "level": 1}, "helpers": [{"name": "Bo", "has_skill": False}, {"name": "Cy"}],
                    "required_skill": "Stealth", "conditions": ["injured"], "stakes_raised": True}, True),
    (Event.ROLL, {**ROLL, "moments": {"own": 2, "contributions": [{"user": "p2", "dice": 1}]},
                    "talent": {"name": "Strongman", "statistic": "strength", "circumstances": "lifting"}}, True),
    (Event.ROLL, {**ROLL, "helpers": [{"has_skill": True}]}, False),
    (Event.ROLL, {**ROLL, "helpers": "two"}, False),
    (Event.ROLL, {**ROLL, "conditions": ["sleepy"]}, False),
    (Event.ROLL, {**ROLL, "moments": {"contributions": [{"user": "p2", "dice": 0}]}}, False),
    (Event.ROLL, {**ROLL, "talent": {"name": "Strongman", "statistic": "luck"}}, False),
    (Event.MOMENTS_GET, {"request_id": "m1", "recent": 5}, True),
    (Event.MOMENTS_GET, {"request_id": "m1", "recent": 201}, False),
    (Event.MOMENTS_TAKE, {"request_id": "m1", "reward": "take_failure", "roll_id": "abc", "attack_or_damage": False}, True),
    (Event.MOMENTS_TAKE, {"request_id": "m1", "reward": "take_failure"}, False),
    (Event.MOMENTS_TAKE, {"request_id": "m1", "reward": "take_setback", "roll_id": "abc", "player": "p1"}, True),
    (Event.MOMENTS_TAKE, {"request_id": "m1", "reward": "take_setback"}, False),
    (Event.MOMENTS_TAKE, {"request_id": "m1", "reward": "take_critical_failure", "roll_id": "abc"}, True),
    (Event.MOMENTS_TAKE, {"request_id": "m1", "reward": "take_critical_failure", "roll_id": "abc", "attack_or_damage": True}, False),
    (Event.MOMENTS_OFFER, {"request_id": "m1", "to": "bob", "dice": 2}, True),
    (Event.MOMENTS_OFFER, {"request_id": "m1", "to": "bob", "dice": -1}, False),
    (Event.ROLL_REVEAL, {"request_id": "m1", "roll_id": "abc"}, True),
    (Event.ROLL_REVEAL, {"request_id": "m1"}, False),
    (Event.MOMENTS_TAKE, {"request_id": "m1", "reward": "failure"}, False),
    (Event.MOMENTS_AWARD, {"request_id": "m1", "award": "role_playing", "player": "p1", "moments": 2, "reason": "succumbed to greed"}, True),
    (Event.MOMENTS_AWARD, {"request_id": "m1", "award": "session_start", "players": ["p1", "p2"]}, True),
    (Event.MOMENTS_AWARD, {"request_id": "m1", "award": "heroic_death", "player": "p1", "hit_points": -3, "gifts": [{"player": "p2", "moments": 1}]}, True),
    (Event.MOMENTS_AWARD, {"request_id": "m1", "award": "role_playing", "player": "p1", "moments": 2}, False),
    (Event.MOMENTS_AWARD, {"request_id": "m1", "award": "session_start", "hit_points": -1}, False),
    (Event.MOMENTS_AWARD, {"request_id": "m1", "award": "role_playing", "player": "p1", "moments": 0, "reason": "x"}, False),
    (Event.MOMENTS_SPEND, {"request_id": "m1", "spend": "add_detail", "detail": "a spare magazine", "surcharge": True}, True),
    (Event.MOMENTS_SPEND, {"request_id": "m1", "spend": "create_npc", "npc": "Old Sal, the fence"}, True),
    (Event.MOMENTS_SPEND, {"request_id": "m1", "spend": "create_npc", "npc": "Sal", "surcharge": True}, False),
    (Event.MOMENTS_SPEND, {"request_id": "m1", "spend": "add_detail"}, False),
    (Event.CONNECTION_ROLL, {"request_id": "n1", "actor_id": "a1"}, True),
    (Event.CONNECTION_ROLL, {"request_id": "n1"}, False),
    (Event.CONNECTION_CHECK, {"request_id": "n1", "connections": [{"event": "A war story", "other": "Dodger", "other_is_pc": True}]}, True),
    (Event.CONNECTION_CHECK, {"request_id": "n1", "connections": [{"event": "A war story", "other": "Dodger"}]}, False),
    # -- area: attack
    (Event.ATTACK, ATTACK, True),
    (Event.ATTACK, {**ATTACK, "called_shot": "head", "targets": [{"token_id": "thug-1", "armor": None}],
                     "moments_spent": 2, "damage_moments_spent": 1, "defense_dice": 2, "label": "Nikita fires"}, True),
    (Event.ATTACK, {**ATTACK, "weapon": {"name": "Knife", "reach": "Cls", "damage": "Strength + Skill (4, 5)",
                     "skill": "melee one-handed"}, "distance": None, "charge": "double_move", "one_handed": True}, True),
    (Event.ATTACK, {**ATTACK, "fire": "spraying", "targets": [{"token_id": "a", "armor": {"name": "vest",
                     "coverage": "< 75%", "damage_reduction": 6}}, {"token_id": "b", "designated_opponent": True},
                     {"token_id": "c", "attacker_within_reach": False}]}, True),
    (Event.ATTACK, {**ATTACK, "grappler": {"token_id": "bo-1", "armor": {"name": "Leather"}}}, True),
    (Event.ATTACK, {**ATTACK, "targets": [{"token_id": "t"}] * 4}, False),
    (Event.ATTACK, {**ATTACK, "targets": []}, False),
    (Event.ATTACK, {**ATTACK, "targets": [{"name": "thug"}]}, False),
    (Event.ATTACK, {**ATTACK, "targets": [{"token_id": "thug-1", "defense_dice": 2}]}, False),
    (Event.ATTACK, {**ATTACK, "attacker": {"statistics": STATISTICS, "skill_level": 2}}, False),
    (Event.ATTACK, {**ATTACK, "actor_id": "a1"}, False),
    (Event.ATTACK, {**ATTACK, "fire": "burst"}, False),
    (Event.ATTACK, {**ATTACK, "charge": True}, False),
    (Event.ATTACK, {**ATTACK, "aiming_turns": 1}, False),
    (Event.ATTACK, {**ATTACK, "magazine": {"rounds": 3, "capacity": 30}}, False),
    (Event.ATTACK, {**ATTACK, "weapon": {"name": "x", "reach": "Cls"}}, False),
    (Event.ATTACK, {**ATTACK, "targets": [{"token_id": "t", "armor": {"coverage": "full"}}]}, False),
    (Event.ATTACK, {**ATTACK, "split_dice": 2, "dual_weapons": True}, True),
    (Event.ATTACK, {**ATTACK, "dual_weapons": True}, False),
    (Event.ATTACK_ODDS, ATTACK, True),
    (Event.ATTACK_ODDS, {**ATTACK, "fire": "spraying", "targets": [{"token_id": "a"}, {"token_id": "b"}],
                           "trials": 500, "seed": 7}, True),
    (Event.ATTACK_ODDS, {**ATTACK, "seed": None, "trials": 100_000}, True),
    (Event.ATTACK_ODDS, {**ATTACK, "trials": 0}, False),
    (Event.ATTACK_ODDS, {**ATTACK, "seed": -1}, False),
    (Event.ATTACK_ODDS, {**ATTACK, "one_handed": True}, False),
    (Event.ATTACK_ODDS, {**ATTACK, "label": "a look first"}, False),
    (Event.WEAPON_READY, {**READY, "one_handed": True, "modifiers": [{"source": "mud", "dice": -1}], "moments_spent": 1}, True),
    (Event.WEAPON_READY, {**READY, "turn_spent": True}, True),
    (Event.WEAPON_READY, {**READY, "turn_spent": True, "moments_spent": 1}, False),
    (Event.WEAPON_READY, {**READY, "check": "one_handed_grip", "one_handed": True}, False),
    (Event.WEAPON_READY, {**READY, "check": "one_handed_grip", "turn_spent": False}, False),
    (Event.WEAPON_READY, {**READY, "strength": 3}, False),
    (Event.WEAPON_READY, {**READY, "check": "one_handed_grip", "weapon": {"name": "x", "reach": "1m",
                            "damage": "Strength (4, 5)", "skill": "melee two-handed"}}, True),
    (Event.WEAPON_RELOAD, TASK, True),
    (Event.WEAPON_RELOAD, {**TASK, "capacity": 10, "modifiers": [{"source": "rain", "dice": -1}]}, True),
    (Event.WEAPON_RELOAD, {**TASK, "capacity": 0}, False),
    (Event.WEAPON_RELOAD, {**TASK, "agility": 3}, False),
    (Event.WEAPON_CLEAR_JAM, {**TASK, "weapon": {**WORLD_WEAPON, "qualities": ["Semi-auto", "Unreliable"]}}, True),
    (Event.WEAPON_CLEAR_JAM, {key: value for key, value in TASK.items() if key != "token_id"}, False),
    (Event.WEAPON_CLEAR_JAM, {**TASK, "capacity": 10}, False),
    # -- area: health
    (Event.HEALTH_BLEED, {**PATIENT, "moments_spent": 1, "label": "end of turn"}, True),
    (Event.HEALTH_BLEED, {**PATIENT, "endurance": 3}, False),
    (Event.HEALTH_BANDAGE, PATIENT, True),
    (Event.HEALTH_BANDAGE, {**PATIENT, "health": {"hit_points": 16}}, False),
    (Event.HEALTH_HEROIC_DEATH, {**PATIENT, "visibility": "blind"}, True),
    (Event.HEALTH_HEROIC_DEATH, {"request_id": "h1", "actor_id": "a1"}, False),
    (Event.HEALTH_MEDIC, {**MEDIC, "circumstances": -2, "modifiers": [{"source": "dark", "dice": -1, "penalty": True}]}, True),
    (Event.HEALTH_MEDIC, {**MEDIC, "circumstances": 3}, False),
    (Event.HEALTH_MEDIC, {**MEDIC, "statistic": {"name": "Perception", "value": 3}}, False),
    (Event.HEALTH_REST, {**PATIENT, "hand_wave": True}, True),
    (Event.HEALTH_REST, {**PATIENT, "circumstances": -1}, False),
    (Event.HEALTH_DAILY_RECOVERY, {**PATIENT, "circumstances": 2}, True),
    (Event.HEALTH_DAILY_RECOVERY, {**PATIENT, "endurance": 3}, False),
    (Event.HEALTH_RECOVERY_WAIT, PATIENT, True),
    (Event.HEALTH_RECOVERY_WAIT, {"request_id": "h1"}, False),
    (Event.HEALTH_REGAIN_CONSCIOUSNESS, PATIENT, True),
    (Event.HEALTH_REGAIN_CONSCIOUSNESS, {**PATIENT, "token_id": "no spaces"}, False),
    (Event.HEALTH_RESCUE, MEDIC, True),
    (Event.HEALTH_RESCUE, {**MEDIC, "unspent_moments": 3}, False),
    (Event.HEALTH_RESCUE, {k: v for k, v in MEDIC.items() if k != "healer"}, False),
    # -- area: hazards
    (Event.HAZARD_FALL, {**PICKED, "meters": 30, "armor": True, "label": "off the roof"}, True),
    (Event.HAZARD_FALL, {**PICKED, "meters": -1}, False),
    (Event.HAZARD_FALL, {**PICKED, "meters": 30, "agility": 3}, False),
    (Event.HAZARD_FALL, {**PICKED, "token_ids": ["t1", "t1"], "meters": 3}, False),
    (Event.HAZARD_FALL, {**PICKED, "token_ids": [], "meters": 3}, False),
    (Event.HAZARD_FALL, {**HAZARD, "meters": 3}, False),
    (Event.HAZARD_EXPLOSION, {**BLAST, "tokens": [{**TOKEN, "cover": 3}, {**TOKEN, "token_id": "t2", "distance": 2.5, "damage_reduction": 0}]}, True),
    (Event.HAZARD_EXPLOSION, {**BLAST, "tokens": []}, False),
    (Event.HAZARD_EXPLOSION, {**BLAST, "charge": "nuclear", "tokens": [TOKEN]}, False),
    (Event.HAZARD_EXPLOSION, {**BLAST, "tokens": [TOKEN, {**TOKEN, "distance": -1}]}, False),
    (Event.HAZARD_EXPLOSION, {**BLAST, "tokens": [{**TOKEN, "health": {"hit_points": 16}}]}, False),
    (Event.HAZARD_FIRE_IGNITE, {**PICKED, "starting_dice": 5, "grease": True}, True),
    (Event.HAZARD_FIRE_IGNITE, {**PICKED, "starting_dice": 0}, False),
    (Event.HAZARD_FIRE_BURN, HAZARD, True),
    (Event.HAZARD_FIRE_BURN, {**HAZARD, "helper_token_id": "t2", "water": True, "blanket": True}, True),
    (Event.HAZARD_FIRE_BURN, {**HAZARD, "fire": {"dice": 3}}, False),
    (Event.HAZARD_SUFFOCATION_START, {**PICKED, "warned": True}, True),
    (Event.HAZARD_SUFFOCATION_START, {"request_id": "z1", "warned": True}, False),
    (Event.HAZARD_SUFFOCATION_TURN, HAZARD, True),
    (Event.HAZARD_SUFFOCATION_TURN, {**HAZARD, "breath": {"seconds": 12}}, False),
    (Event.HAZARD_VACUUM_ENTER, {**PICKED, "ruptured_suit": True}, True),
    (Event.HAZARD_VACUUM_ENTER, {**PICKED, "ruptured_suit": "maybe"}, False),
    (Event.HAZARD_VACUUM_SECOND, HAZARD, True),
    (Event.HAZARD_VACUUM_SECOND, {**HAZARD, "token_id": "no spaces"}, False),
    # -- area: characters, equipment and odds
    (Event.CHARACTER_CHECK, {"request_id": "c1", "sheet": {"name": "Nikita"}}, True),
    (Event.CHARACTER_CHECK, {"request_id": "c1", "sheet": CHECKED_SHEET}, True),
    (Event.CHARACTER_CHECK, {"request_id": "c1", "sheet": {**CHECKED_SHEET, "statistics": {"agility": 7}, "skills": {"Pistol": 5}}}, True),
    (Event.CHARACTER_CHECK, {"request_id": "c1", "sheet": {**CHECKED_SHEET, "statistics": {"luck": 3}}}, False),
    (Event.CHARACTER_CHECK, {"request_id": "c1", "sheet": {**CHECKED_SHEET, "skills": {"Pistol": -1}}}, False),
    (Event.CHARACTER_CHECK, {"request_id": "c1", "sheet": {**CHECKED_SHEET, "talents": [{"statistic": "will"}]}}, False),
    (Event.CHARACTER_CHECK, {"request_id": "c1", "sheet": {**CHECKED_SHEET, "skills": {f"s{n}": 1 for n in range(101)}}}, False),
    (Event.CHARACTER_CHECK, {"request_id": "c1"}, False),
    (Event.ADVANCEMENT_COST, {"request_id": "a1", "skill": {"name": "Stealth", "current": None, "desired": 2}}, True),
    (Event.ADVANCEMENT_COST, {"request_id": "a1", "statistic": {"name": "agility", "current": 2, "desired": 4}}, True),
    (Event.ADVANCEMENT_COST, {"request_id": "a1", "skill": {"name": "Stealth", "desired": 9}}, True),
    (Event.ADVANCEMENT_COST, {"request_id": "a1"}, False),
    (Event.ADVANCEMENT_COST, {"request_id": "a1", "skill": {"name": "Stealth", "desired": 2}, "statistic": {"name": "will", "current": 2, "desired": 3}}, False),
    (Event.ADVANCEMENT_COST, {"request_id": "a1", "statistic": {"name": "luck", "current": 2, "desired": 3}}, False),
    (Event.ADVANCEMENT_COST, {"request_id": "a1", "statistic": {"name": "will", "current": 2}}, False),
    (Event.ADVANCEMENT_BUYBACK, {"request_id": "b1", "moments": 3}, True),
    (Event.ADVANCEMENT_BUYBACK, {"request_id": "b1", "moments": -1}, False),
    (Event.ADVANCEMENT_BUYBACK, {"request_id": "b1"}, False),
    (Event.EQUIPMENT_LIST, {"request_id": "e1"}, True),
    (Event.EQUIPMENT_LIST, {"request_id": "e1", "kind": "melee"}, False),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "ranged": [WORLD_WEAPON]}, True),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "ranged": [{**WORLD_WEAPON, "damage": "lots"}]}, True),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "remove": {"armor": ["Foil"]}, "shields": [{"name": "Lid", "attacker_penalty": "-1d6"}]}, True),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "armor": [{"name": "Foil", "coverage": "< 75%", "damage_reduction": 1}]}, True),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "ranged": [{**WORLD_WEAPON, "range": "far"}]}, False),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "melee": [{"name": "Stick", "reach": "1m", "damage": "Strength (5, 6)"}]}, False),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "armor": [{"name": "Foil", "coverage": "< 75%", "damage_reduction": 31}]}, False),
    (Event.EQUIPMENT_DEFINE, {"request_id": "e1", "remove": {"vehicles": ["Jeep"]}}, False),
    (Event.ODDS, {**ODDS, "stakes_raised": True}, True),
    (Event.ODDS, {**ODDS, "stakes_raised": "maybe"}, False),
    (Event.ODDS_DAMAGE, {"request_id": "o1", "dice": 12, "minor_at": 3, "serious_at": 4}, True),
    (Event.ODDS_DAMAGE, {"request_id": "o1", "dice": 20, "minor_at": 5, "serious_at": None, "damage_reduction": 6,
                           "armor_piercing": True, "lowered_by": 1}, True),
    (Event.ODDS_DAMAGE, {"request_id": "o1", "dice": 12, "minor_at": 3, "serious_at": 7}, False),
    (Event.ODDS_DAMAGE, {"request_id": "o1", "dice": 12, "minor_at": 3, "serious_at": 4, "actor_id": "a1"}, False),
    (Event.ODDS_ATTACK, {**ODDS, "kind": "skill", "skill": {"name": "Pistol", "level": 2}, "dice": 12, "minor_at": 3,
                           "serious_at": 4, "damage_reduction": 6}, True),
    (Event.ODDS_ATTACK, {**ODDS, "dice": 12, "minor_at": 3, "serious_at": 4, "lowered_by": 5}, False),
    (Event.ODDS_ATTACK, {**ODDS, "minor_at": 3, "serious_at": 4}, False),
    (Event.ODDS_ATTACK, {**ODDS, "dice": 12, "minor_at": 3, "serious_at": 4, "stakes_raised": True}, False),
    (Request.ROLL_LOG, {"request_id": "l1"}, True),
    (Request.ROLL_LOG, {"request_id": "l1", "limit": 200}, True),
    (Request.ROLL_LOG, {"request_id": "l1", "limit": 0}, False),
    (Request.ROLL_LINKS, {"request_id": "k1"}, True),
    (Request.ROLL_LINKS, {"request_id": "k1", "after": "1795912830927-0", "limit": 500}, True),
    (Request.ROLL_LINKS, {"request_id": "k1", "after": "../x"}, False),
    (Request.ROLL_LINKS, {"request_id": "k1", "limit": 501}, False),
    (Request.DICE_ROLL, {"request_id": "d1", "faces": 6, "number": 3, "label": "3d6"}, True),
    (Request.DICE_ROLL, {"request_id": "d1", "faces": 6, "number": 301}, False),
    (Request.CHAT_SEND, {"request_id": "c1", "text": "Bo, behind you!"}, True),
    (Request.CHAT_SEND, {"request_id": "c1", "text": "psst", "visibility": "whisper", "whisper_to": ["bo"]}, True),
    (Request.CHAT_SEND, {"request_id": "c1", "text": ""}, False),
    (Request.CHAT_SEND, {"request_id": "c1", "text": "x" * 2001}, False),
    (Request.SCENE_GET, {"request_id": "s1", "scene_id": "table"}, True),
    (Request.SCENE_GET, {"request_id": "s1"}, False),
    (Request.SCENE_BACKGROUND, {"request_id": "s1", "scene_id": "table", "picture": {"url": "https://example.org/map.png"}}, True),
    (Request.SCENE_BACKGROUND, {"request_id": "s1", "scene_id": "table", "picture": None}, True),
    (Request.SCENE_BACKGROUND, {"request_id": "s1", "scene_id": "table", "picture": {"media_type": "image/png", "data": "iVBORw0KGgo="}}, True),
    (Request.SCENE_BACKGROUND, {"request_id": "s1", "scene_id": "table", "picture": {"url": "javascript:alert(1)"}}, False),
    (Request.SCENE_BACKGROUND, {"request_id": "s1", "scene_id": "table", "picture": {"url": "https://example.org/a.png", "media_type": "image/png", "data": "iVBORw0KGgo="}}, False),
    (Request.SCENE_BACKGROUND, {"request_id": "s1", "scene_id": "table", "picture": {"media_type": "image/svg+xml", "data": "PHN2Zz4="}}, False),
    (Request.SCENE_TOKEN_IMAGE, {"request_id": "s1", "scene_id": "table", "token_id": "bo", "picture": {"url": "http://example.org/bo.png"}}, True),
    (Request.SCENE_TOKEN_IMAGE, {"request_id": "s1", "scene_id": "table", "picture": None}, False),
    (Event.ODDS, ODDS, True),
    (Event.ODDS, {**ODDS, "kind": "skill", "skill": {"name": "Lore", "level": 0}}, True),
    (Event.ODDS, {**ODDS, "actor_id": "a1"}, False),
    (Event.ODDS, {**ODDS, "helpers": -1}, False),
    (Request.WORKER_PING, {"request_id": "w1", "echo": "hi"}, True),
    (Request.WORKER_PING, {"request_id": 5}, False),
    (Request.TOKEN_MINT, {"request_id": "t1", "user": "p1"}, True),
    (Request.TOKEN_MINT, {"request_id": "t1", "user": "p1", "ttl_seconds": 3600}, True),
    (Request.TOKEN_MINT, {"request_id": "t1", "user": "p1", "ttl_seconds": 59}, False),
    (Request.TOKEN_MINT, {"request_id": "t1"}, False),
    (Request.TOKEN_REVOKE, {"request_id": "t1", "user": "p1"}, True),
    (Request.TOKEN_REVOKE, {"request_id": "t1", "user": "not an id"}, False),
    (Request.TOKEN_OFFER, {"request_id": "t1", "user": "p1", "digest": "0" * 64}, True),
    (Request.TOKEN_OFFER, {"request_id": "t1", "user": "p1", "digest": "A" * 64}, False),
    (Request.ACTORS_ASSIGN, {"request_id": "a1", "user": "p1", "actor_ids": ["a1", "a2"]}, True),
    (Request.ACTORS_ASSIGN, {"request_id": "a1", "user": "p1", "actor_ids": []}, True),
    (Request.ACTORS_ASSIGN, {"request_id": "a1", "user": "p1", "actor_ids": "a1"}, False),
    (Request.ACTORS_ASSIGN, {"request_id": "a1", "user": "p1", "actor_ids": ["bad id"]}, False),
    (Request.SETTINGS_GET, {"request_id": "s1"}, True),
    (Request.SETTINGS_GET, {"request_id": "s1", "settings": {}}, False),
    (Request.SYSTEM_GET, {"request_id": "y1"}, True),
    (Request.SYSTEM_GET, {"request_id": "y1", "system": "two_d20"}, False),
    (Request.SYSTEM_SET, {"request_id": "y2", "system": "moment_of_clarity"}, True),
    (Request.SYSTEM_SET, {"request_id": "y2", "system": "chess"}, False),
    (Request.SYSTEM_REQUESTS, {"request_id": "y3"}, True),
    (Request.SYSTEM_REQUESTS, {"request_id": "y3", "system": "two_d20"}, False),
    (Request.SETTINGS_UPDATE, {"request_id": "s1", "settings": {"default_tn": 1}}, True),
    (Request.SETTINGS_UPDATE, {"request_id": "s1", "settings": {}}, True),
    (Request.SETTINGS_UPDATE, {"request_id": "s1", "settings": {"default_tn": 3}}, False),
    (Request.SETTINGS_UPDATE, {"request_id": "s1", "settings": {"colour": "red"}}, False),
    (Request.SETTINGS_UPDATE, {"request_id": "s1"}, False),
    # -- area: tokens
    (Request.TOKEN_REGISTER, TRACKED, True),
    (Request.TOKEN_REGISTER, {**TRACKED, "hit_points": 20, "skills": {"firearms": 3}, "scene_id": None}, True),
    (Request.TOKEN_REGISTER, {**TRACKED, "armor": {"name": "Vest", "coverage": "torso", "damage_reduction": 4}}, True),
    (Request.TOKEN_REGISTER, {**TRACKED, "name": "   "}, False),
    (Request.TOKEN_REGISTER, {key: value for key, value in TRACKED.items() if key != "actor_id"}, False),
    (Event.TOKEN_DAMAGE, {"request_id": "d1", "token_id": "t1", "serious": 2}, True),
    (Event.TOKEN_DAMAGE, {"request_id": "d1", "token_id": "t1", "serious": 9, "head_or_neck_shot": True}, True),
    (Event.TOKEN_DAMAGE, {"request_id": "d1", "token_id": "t1", "serious": 6, "outright_kill": "maybe"}, False),
    (Event.TOKEN_HEAL, {"request_id": "h1", "token_id": "t1", "minor": 3, "outright_kill": False}, False),
    (Event.TOKEN_DAMAGE, {"request_id": "d1", "token_id": "t1"}, False),
    (Event.TOKEN_DAMAGE, {"request_id": "d1", "token_id": "t1", "minor": 0, "serious": 0}, False),
    (Event.TOKEN_HEAL, {"request_id": "h1", "token_id": "t1", "minor": 3}, True),
    (Event.TOKEN_HEAL, {"request_id": "h1", "token_id": "t1", "minor": -3}, False),
    (Event.TOKEN_CONDITION_SET, {"request_id": "c1", "token_id": "t1", "condition": "stunned"}, True),
    (Event.TOKEN_CONDITION_SET, {"request_id": "c1", "token_id": "t1", "condition": "prone", "ending": "rounds",
                                   "rounds": 2, "source": "tripped"}, True),
    (Event.TOKEN_CONDITION_SET, {"request_id": "c1", "token_id": "t1", "condition": "prone", "rounds": 2}, False),
    (Event.TOKEN_CONDITION_SET, {"request_id": "c1", "token_id": "t1", "condition": "prone", "ending": "rounds"}, False),
    (Event.TOKEN_CONDITION_SET, {"request_id": "c1", "token_id": "t1", "condition": "injured", "ending": "health"}, False),
    (Event.TOKEN_CONDITION_CLEAR, {"request_id": "c1", "token_id": "t1", "condition": "prone", "source": "GM"}, True),
    (Event.TOKEN_CONDITION_CLEAR, {"request_id": "c1", "token_id": "t1", "condition": "asleep"}, False),
    (Event.TOKEN_UNDO, {"request_id": "u1", "token_id": "t1"}, True),
    (Event.TOKEN_UNDO, {"request_id": "u1"}, False),
    (Request.TABLE_SNAPSHOT, {"request_id": "s1", "scene_id": "warehouse"}, True),
    (Request.TABLE_SNAPSHOT, {"request_id": "s1", "scene_id": "no spaces"}, False),
    (Event.SKILLS_LIST, {"request_id": "k1"}, True),
    (Event.SKILLS_LIST, {"request_id": "k1", "kind": "book"}, False),
    (Request.TOKEN_MOVE, {"request_id": "m1", "token_id": "t1", "x": 15, "y": 11}, True),
    (Request.TOKEN_MOVE, {"request_id": "m1", "token_id": "t1", "x": -1, "y": 0}, False),
    (Request.MAP_GET, {"request_id": "g1"}, True),
    (Request.MAP_GET, {}, False),
    (Request.MAP_BLAST, {"request_id": "b1", "actor_id": "gm", "center": {"x": 2.5, "y": 0.5}, "dice": 20, "charge": "shrapnel"}, True),
    (Request.MAP_BLAST, {"request_id": "b1", "actor_id": "gm", "center": {"x": 17, "y": 0.5}, "dice": 20, "charge": "shrapnel"}, False),
    # -- area: maneuvers
    (Event.CONTEST, {"request_id": "k1", "actor_id": "a1", "first": {"name": "Dodger", "party": "pc", "kind": "skill", "statistic": {"name": "Agility", "value": 3},
                       "skill": {"name": "Stealth", "level": 2}}, "second": {"name": "guard", "party": "npc", "kind": "unskilled",
                       "statistic": {"name": "Perception", "value": 3}, "cautious": True}}, True),
    (Event.CONTEST, {"request_id": "k1", "actor_id": "a1", "first": {"name": "Dodger", "party": "pc", "kind": "skill",
                       "statistic": {"name": "Agility", "value": 3}}, "second": {"name": "guard", "party": "npc", "kind": "statistic",
                       "statistic": {"name": "Perception", "value": 3}}}, False),
    (Event.CONTEST, {"request_id": "k1", "actor_id": "a1", "first": {"name": "Dodger", "party": "god", "kind": "statistic",
                       "statistic": {"name": "Agility", "value": 3}}, "second": {"name": "guard", "party": "npc", "kind": "statistic",
                       "statistic": {"name": "Perception", "value": 3}}}, False),
    (Event.CONTEST, {"request_id": "k1", "actor_id": "a1", "first": {"name": "Dodger", "party": "pc", "kind": "statistic",
                       "statistic": {"name": "Agility", "value": 3}}, "second": {"name": "guard", "party": "npc", "kind": "statistic",
                       "statistic": {"name": "Perception", "value": 3}}, "moments": 2}, True),
    (Event.CONTEST, {"request_id": "k1", "actor_id": "a1", "first": {"name": "Dodger", "party": "pc", "kind": "statistic",
                       "statistic": {"name": "Agility", "value": 3}}, "second": {"name": "guard", "party": "npc", "kind": "statistic",
                       "statistic": {"name": "Perception", "value": 3}}, "moments": -1}, False),
    (Event.MANEUVER, GRAPPLE, True),
    (Event.MANEUVER, {**GRAPPLE, "uses": "brawling", "opponent_uses": None, "moments": 2, "opponent_party": "pc"}, True),
    (Event.MANEUVER, {**GRAPPLE, "kind": "strangle", "statistic": "agility", "opponent_statistic": "strength"}, True),
    (Event.MANEUVER, {**GRAPPLE, "kind": "crush", "held_since_earlier_turn": True}, True),
    (Event.MANEUVER, {**GRAPPLE, "kind": "break_free", "statistic": "melee_attack", "label": "out of the hold"}, True),
    (Event.MANEUVER, {**GRAPPLE, "kind": "hug"}, False),
    (Event.MANEUVER, {**GRAPPLE, "statistic": "strength"}, False),
    (Event.MANEUVER, {**GRAPPLE, "kind": "strangle", "statistic": "melee_attack"}, False),
    (Event.MANEUVER, {**GRAPPLE, "kind": "take_down", "held_since_earlier_turn": True}, False),
    (Event.MANEUVER, {**GRAPPLE, "kind": "crush", "damage_reduction": 2}, False),
    (Event.MANEUVER, {**GRAPPLE, "actor": {"name": "Ann", "strength": 3}}, False),
    (Event.MANEUVER, {**GRAPPLE, "actor_id": "a1"}, False),
    (Event.MANEUVER, {**GRAPPLE, "moments": -1}, False),
    # -- area: tracker
    (Request.COMBAT_START, {**SCENE, "seating": ["p1", "gm"], "gm_seat": "gm", "combatants": [{"token_id": "t1", "seat": "p1"}]}, True),
    (Request.COMBAT_START, {**SCENE, "seating": ["gm"], "gm_seat": "gm"}, True),
    (Request.COMBAT_START, {**SCENE, "combatants": [{"seat": "p1"}]}, False),
    (Request.COMBAT_START, {"request_id": "c1"}, False),
    (Request.COMBAT_END, SCENE, True),
    (Request.COMBAT_END, {"request_id": "c1"}, False),
    (Request.COMBAT_JOIN, {**SCENE, "token_id": "t1", "seat": "p1"}, True),
    (Request.COMBAT_JOIN, {**SCENE, "seat": "p1"}, False),
    (Request.COMBAT_LEAVE, {**SCENE, "token_id": "t1"}, True),
    (Request.COMBAT_LEAVE, {**SCENE, "token_id": "no spaces"}, False),
    (Request.COMBAT_INITIATIVE, SCENE, True),
    (Request.COMBAT_INITIATIVE, {**SCENE, "pick": "named", "named": "boss", "label": "the warehouse"}, True),
    (Request.COMBAT_INITIATIVE, {**SCENE, "visibility": "secret"}, False),
    (Request.COMBAT_NEXT, {**SCENE, "seat": "p1"}, True),
    (Request.COMBAT_NEXT, {**SCENE, "seat": 3}, False),
    (Event.COMBAT_RESERVE, {**SCENE, "token_id": "t1", "defense_dice": 4}, True),
    (Event.COMBAT_RESERVE, {**SCENE, "token_id": "t1", "defense_dice": 0}, False),
    (Event.COMBAT_AIM, {**SCENE, "token_id": "t1", "target_id": "t2"}, True),
    (Event.COMBAT_AIM, {**SCENE, "token_id": "t1"}, False),
    # -- area: simulation
    (Event.SIMULATE_ENCOUNTER, {"request_id": "s1", "sides": [ENCOUNTER_SIDE, ENCOUNTER_SIDE]}, True),
    (Event.SIMULATE_ENCOUNTER, {"request_id": "s1", "sides": [ENCOUNTER_SIDE, {"name": "b", "combatants": [{
        **ENCOUNTER_FIGHTER, "weapon": WORLD_WEAPON, "armor": None, "skill_level": None, "targeting": "weakest",
        "defense_dice": 2, "hit_points": 9}]}], "fights": 500, "round_cap": 10, "seed": 42}, True),
    (Event.SIMULATE_ENCOUNTER, {"request_id": "s1", "sides": [ENCOUNTER_SIDE]}, False),
    (Event.SIMULATE_ENCOUNTER, {"request_id": "s1", "sides": [ENCOUNTER_SIDE, ENCOUNTER_SIDE], "fights": 0}, False),
    (Event.SIMULATE_ENCOUNTER, {"request_id": "s1", "sides": [ENCOUNTER_SIDE, {"name": "b", "combatants": []}]}, False),
    (Event.SIMULATE_ENCOUNTER, {"request_id": "s1", "sides": [ENCOUNTER_SIDE, {"name": "b", "combatants": [{
        **ENCOUNTER_FIGHTER, "targeting": "nearest"}]}]}, False),
    (Event.SIMULATE_CANCEL, {"request_id": "s2", "job_id": "vtt-" + "0" * 32}, True),
    (Event.SIMULATE_CANCEL, {"request_id": "s2", "job_id": "job-1"}, False),
    (Request.MACRO_LIST, {"request_id": "m1"}, True),
    (Request.MACRO_LIST, {"request_id": "m1", "macro": "molotov"}, False),
    (Request.MACRO_RUN, {"request_id": "m2", "macro": "molotov", "token_ids": ["t1", "t2"],
                         "arguments": {"starting_dice": 5}}, True),
    (Request.MACRO_RUN, {"request_id": "m2", "macro": "../scripts/molotov.py"}, False),
    (Request.MACRO_RUN, {"request_id": "m2", "macro": "molotov", "code": "print(1)"}, False),
    (Request.MACRO_RUN, {"request_id": "m2", "macro": "molotov", "token_ids": ["t1", "t1"]}, False),
    (Event.EXPERIENCE_AWARD, {"request_id": "x1", "actor_id": "ann", "experience": 3, "reason": "session 1"}, True),
    (Event.EXPERIENCE_AWARD, {"request_id": "x1", "actor_id": "ann", "experience": 0, "reason": "session 1"}, False),
    (Event.EXPERIENCE_SPEND, {"request_id": "x2", "token_id": "t1", "skill": {"name": "stealth", "desired": 1}}, True),
    (Event.EXPERIENCE_SPEND, {"request_id": "x2", "token_id": "t1", "statistic": {"name": "endurance", "desired": 4}}, True),
    (Event.EXPERIENCE_SPEND, {"request_id": "x2", "token_id": "t1"}, False),
    (Event.EXPERIENCE_SPEND, {"request_id": "x2", "token_id": "t1", "statistic": {"name": "luck", "desired": 4}}, False),
    (Event.EXPERIENCE_BUYBACK, {"request_id": "x3", "actor_id": "ann", "moments": 2}, True),
    (Event.EXPERIENCE_BUYBACK, {"request_id": "x3", "actor_id": "ann", "moments": 0}, False),
    (Request.MACRO_RELOAD, {"request_id": "m3"}, True),
    (Request.MACRO_RELOAD, {"request_id": "m3", "folder": "/tmp"}, False),
]


@pytest.mark.parametrize(("target", "payload", "accepted"), EXAMPLES)
def test_request_schemas_agree_with_marshmallow(target, payload, accepted):
    if target == "connect.auth":
        schema, name = CONNECT_AUTH(), "connect.auth.json"
    else:
        schema, name = REQUESTS[target.value].schema(), f"request.{target.value}.json"
    try:
        schema.load(payload)
        marshmallow_accepts = True
    except ValidationError:
        marshmallow_accepts = False
    assert marshmallow_accepts is accepted, "marshmallow"
    assert validator(name).is_valid(payload) is accepted, "JSON Schema"


SHEET = {"request_id": "c1", "actor_id": "ann", "name": "Ann", "styles": {"Boldly": 3, "Forcefully": 2}}


@pytest.mark.parametrize(
    ("event", "payload", "accepted"),
    [
        ("2d20.character", {**SHEET, "skills": {"Survive": 2}}, True),
        ("2d20.character", {**SHEET, "skills": {f"Skill {n}": 1 for n in range(21)}}, False),  # more than 20 entries
        ("d10.encounter.start", {"request_id": "e1", "initiative": {"leroy": 16}}, True),
        ("d10.encounter.start", {"request_id": "e1", "initiative": {}}, False),  # at least one character
    ],
)
def test_a_mappings_entry_count_is_bounded_alike(event, payload, accepted):
    """marshmallow's Length on a Dict counts its entries: JSON Schema's minProperties / maxProperties."""
    try:
        REQUESTS[event].schema().load(payload)
        marshmallow_accepts = True
    except ValidationError:
        marshmallow_accepts = False
    assert (marshmallow_accepts, validator(f"request.{event}.json").is_valid(payload)) == (accepted, accepted)


#: Rule systems' requests, each accepted and refused alike by marshmallow and its exported JSON Schema.
SYSTEM_EXAMPLES = [
    ("2d20.action", {"request_id": "r1", "actor_id": "ann", "action": "minor", "zone": "bar"}, True),
    ("2d20.action", {"request_id": "r1", "actor_id": "ann", "token_id": "ann-t", "action": "major"}, True),
    ("2d20.action", {"request_id": "r1", "actor_id": "ann", "action": "free"}, False),
    ("2d20.action", {"request_id": "r1", "actor_id": "ann", "token_id": "no spaces", "action": "minor"}, False),
    ("2d20.zones", {"request_id": "r1", "zones": {"bar": ["street"], "street": []}, "positions": {"ann": "bar"}}, True),
    ("2d20.zones", {"request_id": "r1", "zones": {}}, False),
    ("d10.roll", {"request_id": "r1", "actor_id": "leroy", "rating": "Pistol", "tn": 8}, True),
    ("d10.declare", {"request_id": "r1", "actor_id": "earl", "actions": [{"action": "Fastdraw"}], "fastdraw": {"tn": 6}}, True),
    ("d10.declare", {"request_id": "r1", "actor_id": "earl", "actions": [{"action": "Fastdraw"}], "fastdraw": {"dice": 2}}, False),
    ("d10.roll", {"request_id": "r1", "actor_id": "leroy", "rating": " "}, False),
    ("d10.cumulative", {"request_id": "r1", "actor_id": "leroy", "rating": "Pistol", "goal": "total", "target": 20, "rolls": 3},
     True),
    ("d10.encounter.start", {"request_id": "e1", "roll_initiative": {"rating": "Reflexes", "characters": ["leroy"]}}, True),
    ("d10.encounter.start", {"request_id": "e1", "roll_initiative": {"rating": "Reflexes", "characters": []}}, False),
    ("moc.check", {"request_id": "c1", "actor_id": "landon", "skill": "Brawl", "token": True,
                   "beads": {"element": "action", "dice": 1, "tn": 1}}, True),
    ("moc.check", {"request_id": "c1", "actor_id": "landon", "skill": "Brawl", "beads": {"element": "fire"}}, False),
    ("moc.success", {"request_id": "c2", "actor_id": "landon", "roll_id": "r1", "chip": "white"}, True),
    ("moc.success", {"request_id": "c2", "actor_id": "landon", "roll_id": "r1", "chip": "red"}, False),
    ("moc.character.check", {"request_id": "c3", "characteristics": {"Body": 3}, "skills": {"Brawl": 2}, "bits": 4}, True),
    ("moc.character.check", {"request_id": "c3", "characteristics": {"Body": 0}}, False),
    ("moc.points.spend", {"request_id": "c4", "actor_id": "landon", "skill": "Brawl"}, True),
    ("moc.points.spend", {"request_id": "c4", "actor_id": "landon", "characteristic": "Sp", "label": "an arc's end"}, True),
    ("moc.points.spend", {"request_id": "c4", "actor_id": "landon", "characteristic": "Sp", "skill": "Brawl"}, False),
    ("moc.points.spend", {"request_id": "c4", "actor_id": "landon"}, False),
    ("moc.move", {"request_id": "c6", "actor_id": "landon", "meters": 5, "mode": "other"}, True),
    ("moc.move", {"request_id": "c6", "actor_id": "landon", "token_id": "landon-t", "meters": 5}, True),
    ("moc.move", {"request_id": "c6", "actor_id": "landon", "meters": 0}, False),
    ("moc.fatigue", {"request_id": "c7", "actor_id": "landon", "levels": 2}, True),
    ("moc.fatigue", {"request_id": "c7", "actor_id": "landon"}, False),
    ("moc.fate.penalty", {"request_id": "c8", "actor_id": "landon", "chips": ["red"]}, True),
    ("moc.fate.penalty", {"request_id": "c8", "actor_id": "landon", "chips": []}, False),
    ("moc.fate.nominate", {"request_id": "c9", "actor_id": "landon", "nominee": "rissh"}, True),
    ("moc.fate.nominate", {"request_id": "c9", "actor_id": "landon"}, False),
    ("moc.fate.award", {"request_id": "c10"}, True),
    ("moc.fate.award", {"request_id": "c10", "extra": 1}, False),
    ("moc.shift", {"request_id": "c11", "actor_id": "goon", "roll_id": "r1", "beads": {"element": "drama"}}, True),
    ("moc.shift", {"request_id": "c11", "actor_id": "goon", "roll_id": "r1", "chip": "blue"}, False),
    ("moc.token.recover", {"request_id": "c12", "actor_id": "landon", "characteristic": "Mind"}, True),
    ("moc.token.recover", {"request_id": "c12", "actor_id": "landon", "characteristic": "R"}, False),
]


@pytest.mark.parametrize(("event", "payload", "accepted"), SYSTEM_EXAMPLES)
def test_system_request_schemas_agree_with_marshmallow(event, payload, accepted):
    try:
        REQUESTS[event].schema().load(payload)
        marshmallow_accepts = True
    except ValidationError:
        marshmallow_accepts = False
    assert (marshmallow_accepts, validator(f"request.{event}.json").is_valid(payload)) == (accepted, accepted)


#: What the examples lack: unknown keys at each level, nested values that are not objects
#: (marshmallow's own load), nulls, newlines in ids.
ODD_PAYLOADS = [
    (Event.ROLL, {**ROLL, "dice": 5, "mood": "sly"}),
    (Event.ROLL, {**ROLL, "statistic": {"name": "Strength", "value": 3, "bonus": 1}}),
    (Event.ROLL, {**ROLL, "statistic": ["Strength", 3], "modifiers": [3, {"source": "m", "dice": "x"}]}),
    (Event.ROLL, {**ROLL, "talent": None, "moments": "many", "helpers": [{"name": ""}, 4]}),
    (Event.ATTACK, {**ATTACK, "weapon": {"name": "Knife", "edge": True}, "targets": [{"armor": 3}, "t2"]}),
    (Event.ATTACK, {**ATTACK, "grappler": {"token_id": "a b\n"}, "request_id": "r\n"}),
    (Request.SETTINGS_UPDATE, {"request_id": "s1", "settings": {"default_tn": 9, "extra": 1}}),
    # Missing, null and wrong-typed values at each level; validators failing alone and together.
    (Event.ROLL, {"request_id": None, "kind": "bogus", "statistic": None, "skill": {"name": 3}}),
    (Event.ROLL, {"request_id": "", "actor_id": "a" * 65 + "\n", "kind": None, "statistic": {"value": "x"}}),
    (Event.ROLL, {**SKILL_ROLL, "statistic": {"name": "", "value": 99, "extra": 1}, "skill": "Stealth"}),
    (Event.ROLL, {**ROLL, "skill": {"name": "Stealth", "level": 2}, "whisper_to": [None, "p\n", 3]}),
    (Event.ROLL, {**ROLL, "conditions": "stunned", "difficulty": None, "stakes_raised": "yes", "label": 5}),
    (Event.ROLL, {**ROLL, "modifiers": [{"source": "m", "dice": 2, "penalty": True}, None, {"dice": 1, "x": 0}]}),
    (Event.ROLL, {**ROLL, "modifiers": [{"source": "", "dice": 2, "penalty": True}]}),  # skipped on field errors
    (Event.ROLL, {**ROLL, "moments": {"own": -1, "contributions": [{"user": "u", "dice": 0}, {"user": "u\n"}]}}),
    (Event.ROLL, {**ROLL, "talent": {"name": "x", "statistic": "bogus", "skills": ["", 3], "extra": None}}),
    (Event.ROLL, {**ROLL, "modifiers": [{"source": "m", "dice": 1}] * 21, "visibility": "loud"}),
    (Event.ROLL, {**ROLL, "moments": None, "talent": [], "helpers": None}),
    (Event.ROLL, []),
    (Event.ROLL, {**ROLL, "statistic": {"name": RollKind.SKILL, "value": True}, "difficulty": 2.0, "helpers": "3"}),
    (Event.ROLL, {**ROLL, "statistic": {"name": b"Strength", "value": "3"}, "difficulty": 2.5, "label": 1.0}),
    (Event.ATTACK, {**ATTACK, "targets": "thug-1", "weapon": None, "grappler": None, "distance": -1}),
    (Event.ATTACK, {**ATTACK, "targets": [], "dual_weapons": True, "split_dice": None, "fire": "bogus"}),
    (Event.ATTACK, {**ATTACK, "targets": [None, {"token_id": "t", "armor": None, "extra": 1}, {}], "attacker": 1}),
    (Event.ATTACK, {**ATTACK, "targets": [{"token_id": "t", "armor": {"name": ""}}], "grappler": {"armor": 3}}),
    ("connect.auth", {"protocol": "1", "world": "w", "gm_key": "k", "token": "t", "user": None}),
    ("connect.auth", {"world": "w\n"}),
]


@pytest.mark.parametrize(("target", "payload"), ODD_PAYLOADS)
def test_an_odd_payload_is_refused_field_by_field(target, payload):
    """marshmallow's own load refuses each, its messages keyed by the fields at fault."""
    schema = CONNECT_AUTH if target == "connect.auth" else REQUESTS[target.value].schema
    with pytest.raises(ValidationError) as refused:
        schema().load(payload)
    assert isinstance(refused.value.messages, dict) and refused.value.messages


#: Payloads the table core lets through (its schema checks only its own
#: fields) that Moment of Truth's schema of the shared request refuses.
MOMENT_OF_TRUTH_REFUSES = [
    (Request.TOKEN_REGISTER, {**TRACKED, "hit_points": 0}),
    (Request.TOKEN_REGISTER, {**TRACKED, "skills": {"firearms": 21}}),
    (Request.TOKEN_REGISTER, {key: value for key, value in TRACKED.items() if key != "statistics"}),
    (Request.COMBAT_START, {**SCENE, "seating": [], "gm_seat": "gm"}),
    (Request.COMBAT_START, {**SCENE, "seating": ["gm"], "gm_seat": "gm", "combatants": [{"token_id": "t1"}]}),
    (Request.COMBAT_JOIN, {**SCENE, "token_id": "t1"}),
    (Request.COMBAT_INITIATIVE, {**SCENE, "pick": "named"}),
    (Request.COMBAT_INITIATIVE, {**SCENE, "pick": "lowest", "named": "boss"}),
    (Request.COMBAT_INITIATIVE, {**SCENE, "pick": "random"}),
]


@pytest.mark.parametrize(("event", "payload"), MOMENT_OF_TRUTH_REFUSES)
def test_a_shared_request_is_checked_whole_by_the_worlds_system(event, payload):
    core, flagship = REQUESTS[event.value].schema, installed()["moment_of_truth"].table.schemas[event.value]
    core().load({"request_id": "r1", **payload})
    with pytest.raises(ValidationError):
        flagship().load({"request_id": "r1", **payload})


TOKEN = {"token_id": "t1", "actor_id": "a1", "name": "Ann"}

#: Payloads the table core lets through that another system's schema of the
#: shared request refuses, by system: a token's sheet is its character's
#: (with the dice its initiative rolls), and each system's order options.
OTHER_SYSTEMS_REFUSE = [
    ("two_d20", Request.TOKEN_REGISTER, {**TOKEN, "stress": 3}),
    ("two_d20", Request.COMBAT_INITIATIVE, {**SCENE, "first": ""}),
    ("two_d20", Request.COMBAT_INITIATIVE, {**SCENE, "pick": "lowest"}),
    ("moment_of_clarity", Request.TOKEN_REGISTER, TOKEN),
    ("moment_of_clarity", Request.TOKEN_REGISTER, {**TOKEN, "speed": -1}),
    ("highest_d10", Request.TOKEN_REGISTER, TOKEN),
    ("highest_d10", Request.TOKEN_REGISTER, {**TOKEN, "initiative_dice": 2, "initiative_bonus": "high"}),
    ("highest_d10", Request.COMBAT_INITIATIVE, {**SCENE, "declared": {"t1": "first"}}),
    ("highest_d10", Request.COMBAT_NEXT, {**SCENE, "declared": []}),
]


@pytest.mark.parametrize(("system", "event", "payload"), OTHER_SYSTEMS_REFUSE)
def test_a_shared_request_is_checked_whole_by_each_systems_table(system, event, payload):
    core, system_schema = REQUESTS[event.value].schema, installed()[system].table.schemas[event.value]
    core().load({"request_id": "r1", **payload})
    with pytest.raises(ValidationError):
        system_schema().load({"request_id": "r1", **payload})


def test_every_schema_a_request_loads_is_inbound():
    """Requests, and every object they nest, load with ``Inbound``."""
    pending = [spec.schema for spec in REQUESTS.values()] + [CONNECT_AUTH]
    seen: set[type] = set()
    while pending:
        schema = pending.pop()
        if schema not in seen:
            seen.add(schema)
            assert issubclass(schema, Inbound), schema
            pending.extend(nested for field in schema._declared_fields.values() for nested in _nested(field))


def test_a_text_is_checked_for_hidden_characters_once_however_many_schemas_are_made():
    """Each schema made binds copies of its declared fields that share their
    validators: the check that a text is plain is added once, not once per schema made."""
    made = [spec.schema() for spec in REQUESTS.values() for _ in range(3)]
    for schema in made:
        for field in schema.fields.values():
            for each in (field, getattr(field, "inner", None)):
                if isinstance(each, fields.String):
                    assert [check.__name__ for check in each.validators
                            if getattr(check, "__name__", "") == "_plain_text"] == ["_plain_text"], field


def _nested(field) -> list[type]:
    """The schema classes a field loads."""
    if isinstance(field, fields.Nested):
        nested = field.nested() if callable(field.nested) and not isinstance(field.nested, type) else field.nested
        return [nested if isinstance(nested, type) else type(nested)]
    if isinstance(field, pushes.Either):
        return list(field.schemas)
    inner = {fields.List: "inner", fields.Dict: "value_field", Helpers: "named"}
    return [
        nested for kind, name in inner.items() if isinstance(field, kind) for nested in _nested(getattr(field, name))
    ]


def test_every_request_has_examples_both_ways():
    covered = {(target, accepted) for target, _, accepted in EXAMPLES}
    assert covered >= {(target, accepted) for target in [*Request, "connect.auth"] for accepted in (True, False)}


# --- (d) results and pushes as the code builds them -----------------------------


def roll_entry(result, visibility="public", whisper_to=()) -> dict:
    """A roll log entry shaped as bridge.systems.moment_of_truth.events.rolls.roll builds it."""
    return {
        "roll_id": "0123456789abcdef0123456789abcdef",
        "request_id": "r1",
        "at": 1795335706.895,
        "world": "t1",
        "user": "p1",
        "actor_id": "a1",
        "label": "",
        "visibility": visibility,
        "whisper_to": list(whisper_to),
        "rule": "roll",
        "result": dump(RollResultShape, result),
    }


ROLLS = [
    resolve_roll(RollKind.SKILL, 3, 2, 2, dice=FixedDice([4, 6, 3, 6, 1])),
    resolve_roll(RollKind.UNSKILLED, 2, None, 1, dice=FixedDice([1, 1])),
    resolve_roll(RollKind.PERIPHERAL, 2, 1, 1, difficulty=-1, dice=FixedDice([6, 6, 6])),
    resolve_roll(
        RollKind.STATISTIC, 2, None, 2,
        modifiers=[Modifier("wound", -1, penalty=True), Modifier("gear", 1)], helpers=1, dice=FixedDice([5, 1, 1, 2]),
    ),
]


@pytest.mark.parametrize("result", ROLLS, ids=lambda result: result.outcome.label.value)
def test_a_real_roll_matches_the_result_and_push_schemas(result):
    entry = roll_entry(result)
    definition("result.roll.json", "RollResult").validate(dump(RollResultShape, result))
    for name in ("result.roll.json", "push.roll.result.json"):
        assert_valid(name, entry)
        assert_valid(name, notice({**entry, "visibility": "blind"}))
    salt, prev = chain.new_salt(), chain.genesis("t1")
    linked = chain.Link("1795335706895-0", entry, salt, prev, chain.link(prev, chain.commitment(salt, entry)))
    assert_valid("result.roll.log.json", {"rolls": [entry, notice(entry)], "links": [linked.shown(True), linked.shown(False)]})
    assert_valid("envelope.ok.json", success("r1", entry), strict=False)
    assert RollEntry().load(entry)["result"]["kind"] is result.kind


def test_a_notice_is_not_a_whole_entry_and_has_the_visibility_fields():
    entry = roll_entry(ROLLS[0], visibility="blind")
    assert set(pushes.RollNotice().fields) == {*NOTICE_FIELDS, "hidden"}
    assert not validator("result.roll.json").is_valid({**notice(entry), "result": entry["result"], "world": "t1", "whisper_to": []})
    assert not validator("result.roll.json").is_valid({**entry, "hidden": True})


@pytest.mark.parametrize(("dice", "tn", "kind"), [(5, 2, RollKind.SKILL), (0, 1, RollKind.UNSKILLED), (12, 3, RollKind.STATISTIC)])
def test_real_odds_match_the_odds_schema(dice, tn, kind):
    definition("push.job.result.json", "Odds").validate(dump(mot_rolls.Odds, roll_odds(dice, tn, kind)))


class RecordingPusher(push.Pusher):
    """The workers' pusher with its payloads kept instead of published."""

    def __init__(self):
        self.sent: list[tuple[str, dict, str]] = []

    def emit(self, event, payload, room):
        self.sent.append((event.value, json.loads(json.dumps(payload)), room))


@pytest.fixture
def pusher(monkeypatch):
    recorder = RecordingPusher()
    monkeypatch.setattr(push, "_installed", recorder)
    return recorder


REPLY = push.ReplyTo("t1", "p1", "o1", job_id("t1", "p1", "o1"))


@pytest.mark.parametrize(
    "odds_request",
    [ODDS, {**ODDS, "kind": "skill", "skill": {"name": "Lore", "level": 0}, "modifiers": [{"source": "dark", "dice": -9}]}],
)
def test_the_odds_job_pushes_match_the_push_schemas(pusher, odds_request):
    spec = OddsRequest().dump(OddsRequest().load(odds_request))
    mot_jobs.odds(reply=REPLY.__dict__, spec=spec, default_tn=2)
    assert [event for event, _, _ in pusher.sent] == ["job.progress", "job.result"]
    for event, payload, room in pusher.sent:
        assert room == REPLY.room()
        assert_valid(f"push.{event}.json", payload)
    assert_valid("result.odds.json", {"job_id": REPLY.job_id, "state": "queued"})


@pytest.mark.parametrize("fire", [None, FireMode.SPRAYING])
def test_the_attack_odds_job_pushes_match_the_push_schemas(pusher, fire):
    """Exact for a single shot, simulated for spraying fire."""
    m16, dials = Arsenal.book().ranged_weapon("M-16 (5.56mm)"), Dials()
    combat = combat_pool({s: 3 for s in Statistic}, 2, m16, dials=dials, range_reading=weapon_range(m16, 15))
    others = (Target("b", tn=2),) if fire else ()
    attack = Attack(combat, to_hit(dials=dials, ranged=True), Target("a", tn=2), others, fire)
    result = mot_jobs.attack_odds_preview(reply=REPLY.__dict__, attack=attack, dials=dump(MomentOfTruthSettings, dials), trials=50, seed=3)
    assert result["method"] == ("simulated" if fire else "exact")
    assert [event for event, _, _ in pusher.sent] == ["job.progress", "job.result"]
    for event, payload, _ in pusher.sent:
        assert_valid(f"push.{event}.json", payload)
    assert_valid("result.attack.odds.json", {"job_id": REPLY.job_id, "state": "queued"})


def test_the_echo_job_and_failures_match_the_push_schemas(pusher, store):
    worker_jobs.echo(reply=REPLY.__dict__, echo={"anything": [1, None]})
    job = SimpleNamespace(id=REPLY.job_id, kwargs={"reply": REPLY.__dict__}, retries_left=1)
    failures.report_failure(job, store.redis, ValueError, ValueError("boom"), None)
    job.retries_left = 0
    failures.report_failure(job, store.redis, ValueError, ValueError("boom"), None)
    assert [event for event, _, _ in pusher.sent] == ["job.result", "job.progress", "job.failed"]
    for event, payload, _ in pusher.sent:
        assert_valid(f"push.{event}.json", payload)


def test_request_results_and_session_ready_match_their_schemas():
    token, expires_at = mint_player_token("secret", "t1", "p1", 0, 3600, now=0)
    assert_valid("result.token.mint.json", {"user": "p1", "token": token, "expires_at": expires_at})
    assert_valid("result.token.revoke.json", {"user": "p1", "generation": 1})
    assert_valid("result.actors.assign.json", {"user": "p1", "actor_ids": ["a1"]})
    assert_valid("result.settings.get.json", {"settings": default_settings()})
    assert_valid("result.settings.update.json", {"settings": default_settings() | {"default_tn": 1}})
    assert_valid("push.settings.changed.json", {"settings": default_settings()})
    assert_valid("result.ping.json", session.ping(None, {"request_id": "r1", "echo": [1, 2]}))
    ready = {"protocol": 1, "world": {"id": "t1", "name": "Table"}, "user": "gm", "role": "gm", "settings": default_settings(),
             "system": {"name": "two_d20", "title": "2d20 variant"}}
    assert_valid("push.session.ready.json", ready)


def test_error_envelopes_match_the_envelope_schema():
    try:
        RollRequest().load({**ROLL, "statistic": {"name": "Strength", "value": "x"}})
    except ValidationError as invalid:
        messages = invalid.normalized_messages()
    assert messages == {"statistic": {"value": ["Not a valid integer."]}}
    assert_valid("envelope.error.json", failure("r2", RequestError(ErrorCode.INVALID, "the request has invalid fields", messages)))
    assert_valid("envelope.error.json", failure(None, RequestError(ErrorCode.INVALID, "the payload must be an object")))
    assert_valid("envelope.error.json", unknown_event("nope", {"request_id": "r3"}))
    assert not validator("envelope.error.json").is_valid(failure("r2", RequestError(ErrorCode.INVALID, "x")) | {"ok": True})


class FakeStore:
    keyring = Keyring(fixed=bytes(32))
    gm_key_hash = keyring.gm_key_digest("t1", "key")

    def world(self, world_id):
        if world_id != "t1":
            raise UnknownWorld(world_id)
        return SimpleNamespace(world_id="t1", gm_key_hash=self.gm_key_hash, signing_secret="secret")

    def token_generation(self, world_id, user):
        return 0


@pytest.mark.parametrize(
    ("credentials", "code"),
    [
        ({"world": "nowhere", "gm_key": "key"}, "unauthorized"),
        ({"world": "t1", "gm_key": "wrong"}, "unauthorized"),
        ({"world": "t1", "token": "forged"}, "unauthorized"),
        ({"world": "t1", "token": mint_player_token("secret", "t2", "p1", 0, 60)[0]}, "unauthorized"),
        ({"world": "t1", "token": mint_player_token("key", "t1", "p1", 0, 60)[0]}, "unauthorized"),
        ({"world": "t1", "token": mint_player_token("secret", "t1", "p1", 1, 60)[0]}, "unauthorized"),
        ({"world": "t1", "token": mint_player_token("secret", "t1", "p1", 0, 60, now=0)[0]}, "token_expired"),
    ],
)
def test_auth_refusals_match_the_refusal_schema(credentials, code):
    with pytest.raises(AuthError) as refused:
        authenticate(FakeStore(), credentials)
    assert refused.value.code == code
    assert_valid("connect.error.json", session._refusal(refused.value.code, refused.value.message, {})[1])


@pytest.mark.parametrize(
    ("auth", "code"),
    [
        (None, "invalid"),
        ({"protocol": 1, "world": "t1"}, "invalid"),
        ({"protocol": 99, "world": "t1", "gm_key": "k"}, "protocol_mismatch"),
    ],
)
def test_credential_refusals_match_the_refusal_schema(auth, code):
    with pytest.raises(session.ConnectionRefusedError) as refused:
        session._admit(auth)
    message, refusal = refused.value.args
    assert refusal["code"] == code and refusal["message"] == message
    assert_valid("connect.error.json", refusal)
