"""The d10 highest-die system over real Socket.IO: Leroy and Earl's encounter in the bar
(Actions) declared in initiative order and resolved shortest first, Earl's fastdraw and aimed
shot, a stressful roll, a zero-dice roll, advanced rolls, the refusals, and the world's
Moment of Truth state untouched. Every card is read again from its faces by the pure rules."""

from __future__ import annotations

import json

from bridge.rules.highest_d10 import Condition, Modifier, build_pool, read_roll, roll_odds
from bridge.rules.highest_d10.advanced import cumulative_successes
from bridge.schemas.encode import dump
from bridge.systems.highest_d10.schemas import D10CumulativeCard, D10RollOdds, D10SkillRoll
from bridge.systems.moment_of_truth import ledger

from ..wire.test_wire_odds import queued
from ..wire_schemas import assert_valid, ok


def read_again(card: dict, tn: int | None = None) -> dict:
    """The card's roll worked out again from its faces, as the rules read them."""
    pool = build_pool(card["pool"]["called_for"], [Condition(name) for name in card["pool"]["conditions"]])
    modifiers = [Modifier(each["source"], each["value"]) for each in card["modifiers"]]
    again = dump(D10SkillRoll, read_roll(pool, card["faces"], modifiers, card["stressful"], tn))
    assert {key: card[key] for key in again} == again
    return again


def refused(client, event: str, code: str, fields: list[str], **request) -> dict:
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    assert (answer["error"]["code"], sorted(answer["error"]["fields"])) == (code, fields), answer
    assert_valid("envelope.error.json", answer)
    return answer["error"]


def state_of(client) -> dict:
    return ok(client, "system.get")["state"]


def names(groups) -> list[list[str]]:
    return [[action["action"] for action in group] for group in groups]


def test_leroy_and_earl_in_the_bar(gm, player_for, store, world):
    ok(gm, "moments.award", award="session_start", players=["alice", "bob"])
    moments_before, combats_before = ledger.balances(store, world.world_id), store.combats(world.world_id)
    alice, bob = player_for("alice", ["leroy"]), player_for("bob", ["earl"])
    balances = ok(alice, "moments.get")["balances"]
    refused(gm, "d10.roll", "wrong_system", ["system"], actor_id="leroy", dice=2)

    ok(gm, "system.set", system="highest_d10")
    ok(gm, "d10.character.register", actor_id="leroy", name="Leroy", attributes={"Reflexes": 3}, skills={"Pistol": 2, "Brawl": 1})
    ok(gm, "d10.character.register", actor_id="earl", name="Earl", attributes={"Reflexes": 4}, skills={"Fastdraw": 2, "Pistol": 3})
    refused(alice, "d10.encounter.start", "forbidden", [], initiative={"leroy": 16})
    refused(alice, "d10.roll", "forbidden", ["actor_id"], actor_id="earl", rating="Pistol")
    # a player rolls from the sheet; typing the dice is the GM's override
    refused(alice, "d10.roll", "forbidden", ["dice"], actor_id="leroy", dice=2)
    refused(alice, "d10.roll", "against_the_rules", ["rating"], actor_id="leroy", rating="Sail")
    refused(alice, "d10.roll", "invalid", ["rating"], actor_id="leroy")
    refused(alice, "d10.roll", "invalid", ["rating"], actor_id="leroy", rating="Pistol", dice=2)
    assert ok(gm, "d10.roll", actor_id="leroy", dice=5)["result"]["pool"]["called_for"] == 5
    assert ok(alice, "d10.roll", actor_id="leroy", rating="Reflexes")["result"]["pool"]["called_for"] == 3
    refused(gm, "d10.roll", "invalid", ["dice"], actor_id="leroy", dice="two")
    refused(gm, "d10.encounter.start", "against_the_rules", ["initiative"], initiative={"stranger": 3})

    # Phase 1: Leroy (16) declares before Earl (21)
    encounter = ok(gm, "d10.encounter.start", initiative={"earl": 21, "leroy": 16})["encounter"]
    assert ([entry["actor_id"] for entry in encounter["order"]], encounter["next"]) == (["leroy", "earl"], "leroy")
    pushed = alice.wait_for("system.changed", lambda push: bool(push["state"] and push["state"]["encounter"]))
    assert_valid("push.system.changed.json", pushed)
    refused(bob, "d10.declare", "against_the_rules", ["actor_id"], actor_id="earl", actions=[{"action": "Targeting"}])
    drawing = [{"action": "Fastdraw"}, {"action": "Targeting", "note": "Leroy's head"}]
    refused(alice, "d10.declare", "against_the_rules", ["fastdraw"], actor_id="leroy", fastdraw={"tn": 1}, actions=drawing)
    leroy = ok(alice, "d10.declare", actor_id="leroy", actions=[{"action": "Draw Weapon", "note": "his sidearm"}])
    assert leroy["result"]["next"] == "earl" and leroy["result"]["fastdraw"] is None
    # the fastdraw rolls Earl's Fastdraw skill (2 dice); typing its dice is the GM's override
    refused(bob, "d10.declare", "forbidden", ["fastdraw.dice"], actor_id="earl", fastdraw={"dice": 5, "tn": 1}, actions=drawing)
    # not stressful, against TN 1: the fastdraw always succeeds, so Earl keeps his phase action
    fastdraw = {"tn": 1, "stressful": False, "modifiers": [{"source": "steady hand", "value": 2}]}
    earl = ok(bob, "d10.declare", actor_id="earl", fastdraw=fastdraw, actions=drawing)["result"]
    assert earl["fastdraw"]["pool"]["called_for"] == 2
    assert read_again(earl["fastdraw"], tn=1)["verdict"]["succeeded"]
    declared = [(action["action"], action["status"]) for action in earl["declared"]]
    assert declared == [("Fastdraw", "declared"), ("Targeting", "declared")]
    seen = alice.wait_for("roll.result", lambda entry: entry["rule"] == "d10.declare" and entry["actor_id"] == "earl")
    assert_valid("push.roll.result.json", seen)
    assert state_of(gm)["encounter"]["next"] is None

    # Phase 2: initiative rolled again, Earl wins again; Leroy holsters his gun and surrenders
    ended = ok(gm, "d10.phase.end", initiative={"earl": 18, "leroy": 9})
    assert names(ended["resolved"]["resolving"]) == [["Fastdraw"], ["Draw Weapon", "Targeting"]]
    ok(alice, "d10.declare", actor_id="leroy", actions=[
        {"action": "Holster Weapon", "time": "phase", "note": "drops his gun back in its holster"},
        {"action": "Speak", "note": "tells Earl he surrenders"},
    ])
    refused(alice, "d10.declare", "against_the_rules", ["actor_id"], actor_id="leroy", actions=[])
    ok(bob, "d10.declare", actor_id="earl", actions=[{"action": "Aiming", "note": "still on Leroy"}])
    ended = ok(gm, "d10.phase.end")
    assert names(ended["resolved"]["resolving"]) == [["Speak"], ["Holster Weapon", "Aiming"]]
    state = state_of(gm)
    assert (state["characters"]["earl"]["aiming"], state["encounter"]["phase"]) == (1, 3)

    # Earl's aimed shot, stressful: its odds first (4 dice less one in the dark, +1 for the aim, TN 8)
    chances = queued(bob, "d10.odds", dice=4, conditions=["dark"], tn=8, modifiers=[{"source": "aiming", "value": 1}])
    assert chances["pool"] == {"called_for": 4, "conditions": ["dark"], "dice": 3, "rolled": 3, "zero_dice": False}
    assert chances == {**json.loads(json.dumps(dump(D10RollOdds, roll_odds(3, 8, 1)))), "pool": chances["pool"]}
    shot = ok(bob, "d10.roll", actor_id="earl", rating="Pistol", tn=8, aimed=True, label="at Leroy")["result"]
    again = read_again(shot, tn=8)
    assert shot["modifiers"] == [{"source": "aiming 1 phase", "value": 1}] and shot["stressful"]
    assert again["outcome"] == {"label": again["verdict"]["degree"]}
    assert state_of(gm)["characters"]["earl"]["aiming"] == 0
    refused(bob, "d10.roll", "against_the_rules", ["aimed"], actor_id="earl", rating="Pistol", aimed=True)

    # a wounded Leroy with one die: a zero-dice roll, where a 1 or 2 botches
    zero = ok(alice, "d10.roll", actor_id="leroy", rating="Brawl", conditions=["wounded"], tn=6)["result"]
    assert zero["pool"] == {"called_for": 1, "conditions": ["wounded"], "dice": 0, "rolled": 1, "zero_dice": True}
    assert (read_again(zero, tn=6)["mishap"] is not None) == (zero["faces"][0] <= 2)

    # advanced rolls: Leroy teaches (subtractive), climbs (additive, halved), works at length (cumulative)
    teaching = ok(alice, "d10.roll", actor_id="leroy", rating="Reflexes",
                  secondary={"kind": "subtractive", "skill": "Teaching", "level": 2})["result"]
    assert teaching["modifiers"] == [{"source": "Teaching (secondary, subtractive)", "value": -2}]
    assert teaching["allies_tn"] == max(1, read_again(teaching)["total"])
    climbing = ok(alice, "d10.roll", actor_id="leroy", rating="Pistol", tn=9,
                  secondary={"kind": "additive", "skill": "Climbing", "level": 3, "halved": True})["result"]
    assert climbing["modifiers"] == [{"source": "Climbing (secondary, additive, halved from 3)", "value": 1}]
    read_again(climbing, tn=9)
    refused(alice, "d10.roll", "invalid", ["secondary"], actor_id="leroy", rating="Reflexes",
            secondary={"kind": "subtractive", "skill": "Teaching", "level": 2, "halved": True})
    effort = ok(alice, "d10.cumulative", actor_id="leroy", rating="Pistol", tn=5, goal="successes", target=2, rolls=4,
                solid_counts_double=True)["result"]
    rolls = [read_roll(build_pool(2), card["faces"], tn=5) for card in effort["rolls"]]
    assert effort == dump(D10CumulativeCard, cumulative_successes(rolls, 2, solid_counts_double=True))
    refused(alice, "d10.cumulative", "invalid", ["tn"], actor_id="leroy", rating="Pistol", goal="successes", target=2, rolls=2)

    # the world's Moment of Truth state is untouched, and the d10 state waits for the world's return
    assert (ledger.balances(store, world.world_id), store.combats(world.world_id)) == (moments_before, combats_before)
    kept = state_of(gm)
    ok(gm, "system.set", system="moment_of_truth")
    assert ok(alice, "moments.get")["balances"] == balances
    ok(gm, "system.set", system="highest_d10")
    assert state_of(alice) == kept
    ok(gm, "d10.encounter.end")
    assert state_of(gm)["encounter"] is None


def test_initiative_rolled_from_the_sheets_each_phase(gm, player_for):
    """Initiative rolled from each sheet's rating, lowest declaring first, rolled again each phase;
    the GM may still declare a phase's totals."""
    alice = player_for("alice", ["leroy"])
    ok(gm, "system.set", system="highest_d10")
    ok(gm, "d10.character.register", actor_id="leroy", name="Leroy", attributes={"Reflexes": 3})
    ok(gm, "d10.character.register", actor_id="earl", name="Earl", attributes={"Reflexes": 4})
    both = {"rating": "Reflexes", "characters": ["leroy", "earl"]}
    refused(alice, "d10.encounter.start", "forbidden", [], roll_initiative=both)
    refused(gm, "d10.encounter.start", "invalid", ["initiative"], initiative={"leroy": 3}, roll_initiative=both)
    refused(gm, "d10.encounter.start", "invalid", ["initiative"])
    refused(gm, "d10.encounter.start", "against_the_rules", ["roll_initiative.rating"],
            roll_initiative={"rating": "Luck", "characters": ["leroy"]})
    refused(gm, "d10.encounter.start", "against_the_rules", ["roll_initiative.characters"],
            roll_initiative={"rating": "Reflexes", "characters": ["stranger"]})
    assert state_of(gm)["encounter"] is None

    started = ok(gm, "d10.encounter.start", roll_initiative=both)
    for phase in (started, ok(gm, "d10.phase.end")):
        rolls, order = phase["initiative_rolls"], phase["encounter"]["order"]
        assert [rolls[actor_id]["pool"]["called_for"] for actor_id in ("leroy", "earl")] == [3, 4]
        totals = {actor_id: read_again(roll)["total"] for actor_id, roll in rolls.items()}
        assert [entry["initiative"] for entry in order] == sorted(totals.values())
        assert {entry["actor_id"]: entry["initiative"] for entry in order} == totals
        assert not any(roll["stressful"] for roll in rolls.values())
    assert state_of(alice)["encounter"]["initiative_roll"] == both

    declared = ok(gm, "d10.phase.end", initiative={"earl": 2, "leroy": 9})
    assert (declared["initiative_rolls"], [entry["actor_id"] for entry in declared["encounter"]["order"]]) == (None, ["earl", "leroy"])
    assert ok(gm, "d10.phase.end")["initiative_rolls"] is not None  # the next phase is rolled again
