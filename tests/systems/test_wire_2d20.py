"""The 2d20 variant over real Socket.IO: a short scene. The GM starts the
session and registers Ann (Alice's PC) and a thug; Ann's test banks its
Momentum, she buys dice, Determination re-rolls two, a contest, spends of Momentum, Chaos and
Determination, the thug attacks her through her armor, a defended attack,
the scene's end takes 1 Momentum; the refusals; and the
world's Moment of Truth state untouched. Every test is read again from its
faces by the pure rules, every pool change checked against the state."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from bridge.rules.two_d20 import read_test
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth import ledger
from bridge.systems.two_d20.schemas import TwoD20SkillTest
from bridge.table.store import system_state_key

from ..wire_schemas import assert_valid, ok

ANN = {"actor_id": "ann", "name": "Ann", "skills": {"Survive": 2, "Fight": 10}, "styles": {"Boldly": 9, "Forcefully": 1},
       "focuses": {"Swords": 2}, "armor": 2}
THUG = {"actor_id": "thug", "name": "Thug", "npc": True, "skills": {"Survive": 1, "Fight": 10}, "styles": {"Boldly": 9, "Forcefully": 3}}
FIGHT = {"skill": "Fight", "style": "Boldly"}


def read_again(test: dict) -> None:
    """The test worked out again from its faces; the card tells its working among its lines."""
    again = dump(TwoD20SkillTest, read_test(test))
    lines, told = again.pop("explanation"), test["explanation"]
    assert {key: test[key] for key in again} == again
    assert any(told[start : start + len(lines)] == lines for start in range(len(told))), "the card tells the test's working"


def refused(client, event: str, code: str, fields: list[str], **request) -> None:
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    assert (answer["error"]["code"], sorted(answer["error"]["fields"])) == (code, fields), answer
    assert_valid("envelope.error.json", answer)


def state_of(client) -> dict:
    return ok(client, "system.get")["state"]


def card_of(client, **request) -> dict:
    card = ok(client, "2d20.test", **request)["result"]
    read_again(card)
    return card


def test_a_short_scene(gm, player_for, store, world):
    ok(gm, "moments.award", award="session_start", players=["alice"])
    moments_before = ledger.balances(store, world.world_id)
    alice = player_for("alice", ["ann"])
    refused(gm, "2d20.session.start", "wrong_system", ["system"], players=2)
    ok(gm, "system.set", system="two_d20")
    refused(gm, "2d20.character", "against_the_rules", ["_schema"], **ANN)

    # The session: 2 Chaos per player; a player may not start it.
    refused(alice, "2d20.session.start", "forbidden", [], players=2)
    started = ok(gm, "2d20.session.start", players=2)["state"]
    assert (started["momentum"], started["chaos"]) == ({"tokens": 0, "players": 2, "cap": 6}, {"tokens": 4})
    assert_valid("push.system.changed.json", alice.wait_for("system.changed", lambda push: push["state"]))
    refused(gm, "2d20.character", "invalid", ["armor"], **{**ANN, "armor": "heavy"})
    ann = ok(gm, "2d20.character", **ANN)["character"]
    assert (ann["stress"], ann["armor"], ann["determination"]["tokens"]) == (11, 2, 1)  # Survive 2 + Boldly 9
    ok(gm, "2d20.character", **THUG)
    assert_valid("state.two_d20.json", state_of(alice))

    # Refusals: another's character, a skill the sheet lacks, a die bought with no payer.
    refused(alice, "2d20.test", "forbidden", ["actor_id"], actor_id="thug", difficulty=1, **FIGHT)
    refused(alice, "2d20.test", "against_the_rules", ["skill"], actor_id="ann", difficulty=1, skill="Sail", style="Boldly")
    refused(alice, "2d20.test", "against_the_rules", ["paid_by"], actor_id="ann", difficulty=1, bought=1, **FIGHT)

    # Ann's tests at target 19, difficulty 0, until one makes Momentum: banked, capped.
    for _ in range(5):
        before = state_of(alice)["momentum"]["tokens"]
        card = card_of(alice, actor_id="ann", difficulty=0, focus="Swords", **FIGHT)
        after = state_of(alice)["momentum"]["tokens"]
        assert after == min(6, before + card["momentum"])
        if card["momentum"]:
            assert card["pools"] == [{"pool": "momentum", "before": before, "after": after, "reason": "extra successes",
                                      "lost": before + card["momentum"] - after, "actor_id": None}]
            break
    assert after > 0, "two d20s at target 19 make no Momentum once in 400 tests"
    pushed = gm.wait_for("roll.result", lambda entry: entry["rule"] == "2d20.test")
    assert_valid("push.roll.result.json", pushed)

    # A die bought with Momentum, another with Chaos for the GM.
    bought = card_of(alice, actor_id="ann", difficulty=5, bought=1, paid_by="momentum", **FIGHT)
    assert (len(bought["faces"]), bought["pools"][0]["pool"], bought["pools"][0]["after"]) == (3, "momentum", after - 1)
    chaos = state_of(alice)["chaos"]["tokens"]
    last = ok(alice, "2d20.test", actor_id="ann", difficulty=5, bought=2, paid_by="chaos", **FIGHT)
    assert state_of(alice)["chaos"]["tokens"] == chaos + 3

    # Determination re-rolls two of the last test's dice; a second re-roll has no token left.
    again = ok(alice, "2d20.reroll", actor_id="ann", dice=[0, 3])["result"]
    read_again(again)
    first = last["result"]["faces"]
    assert (again["rerolled"], len(again["faces"]), again["faces"][1:3]) == (last["roll_id"], 4, first[1:3])
    assert [die["rerolled_from"] for die in again["dice"]] == [[first[0]], [], [], [first[3]]]
    assert state_of(alice)["characters"]["ann"]["determination"]["tokens"] == 0
    refused(alice, "2d20.reroll", "against_the_rules", ["actor_id"], actor_id="ann", dice=[1])

    # A contest, Ann active: read again, the active side winning a draw with a success of its own.
    contested = ok(alice, "2d20.contest", actor_id="ann", opponent={"actor_id": "thug", **FIGHT}, **FIGHT)
    contest = contested["result"]
    read_again(contest["active"])
    read_again(contest["passive"])
    active, passive = contest["active"]["successes"], contest["passive"]["successes"]
    assert contest["winner"] == ("active" if contest["active"]["passed"] and active >= passive else "passive")
    # Ann's win opens the moment to spend Momentum in; the thug's (an NPC's) closes it.
    won = {"roll_id": contested["roll_id"], "actor_id": "ann"} if contest["winner"] == "active" else None
    assert state_of(alice)["after_test"] == won

    # Spends: a question for Momentum (anyone), Chaos (the GM only), Determination given and spent.
    momentum = state_of(alice)["momentum"]["tokens"]
    refused(alice, "2d20.spend", "forbidden", ["pool"], pool="chaos", spend="question")
    if momentum and state_of(alice)["after_test"]:
        asked = ok(alice, "2d20.spend", pool="momentum", spend="question")
        assert asked["state"]["momentum"]["tokens"] == momentum - 1
    elif not state_of(alice)["after_test"]:
        refused(alice, "2d20.spend", "against_the_rules", ["pool"], pool="momentum", spend="question")
    ok(gm, "2d20.spend", pool="chaos", spend="trait", trait={"name": "Smoke", "about": "location", "difficulty": 1})
    refused(alice, "2d20.determination.award", "forbidden", [], actor_id="ann", reason="a fine speech")
    ok(gm, "2d20.determination.award", actor_id="ann", reason="a fine speech")
    spent = ok(alice, "2d20.determination", actor_id="ann", use="trait", remove_trait="Smoke")
    assert (spent["state"]["traits"], spent["state"]["characters"]["ann"]["determination"]["tokens"]) == ([], 0)

    # The thug attacks Ann, 5 damage and 2 bonus from the GM's Chaos: her armor 2 absorbs and
    # ablates, the trait she offered cuts the 5 left to 2, Stress takes them.
    chaos = state_of(gm)["chaos"]["tokens"]
    for _ in range(5):
        card = ok(gm, "2d20.attack", actor_id="thug", target_id="ann", kind="melee", damage=5, bonus_damage=2,
                  negative_trait="Bleeding", **FIGHT)["result"]
        read_again(card["test"])
        assert (card["test"]["difficulty"], card["hit"]) == (1, card["test"]["passed"])
        if card["hit"]:
            break
    hit, now = card["damage"], state_of(gm)
    assert (hit["bonus_damage"], hit["armor_before"], hit["absorbed"], hit["negative_trait"], hit["damage_left"]) == (2, 2, 2, "Bleeding", 2)
    assert card["pools"] == [{"pool": "chaos", "before": chaos, "after": chaos - 2, "reason": "GM: bonus_damage x2 for 2", "lost": 0,
                              "actor_id": None}]
    ann = now["characters"]["ann"]
    assert (ann["stress"], ann["armor"], ann["traits"][0]["name"], now["chaos"]["tokens"]) == (9, 1, "Bleeding", chaos - 2)

    # A defended attack is a contest; the defence and a counter-attack are the defender's to choose.
    refused(alice, "2d20.attack", "forbidden", ["defence"], actor_id="ann", target_id="thug", kind="melee", damage=3,
            defence=FIGHT, **FIGHT)
    momentum = state_of(gm)["momentum"]["tokens"]
    card = ok(gm, "2d20.attack", actor_id="thug", target_id="ann", kind="melee", damage=3, defence=FIGHT,
              counter_attack={"damage": 2}, **FIGHT)["result"]
    read_again(card["defence"]["active"])
    read_again(card["defence"]["passive"])
    assert card["hit"] == (card["defence"]["winner"] == "active")
    if card["hit"]:
        assert (card["damage"]["actor_id"], card["counter_attack"]) == ("ann", None)
    else:
        countered = momentum >= 2
        assert (card["counter_attack"] is not None, state_of(gm)["momentum"]["tokens"]) == (countered, momentum - 2 * countered)
        if countered:
            assert card["counter_attack"]["actor_id"] == "thug" and card["pools"][-1]["reason"] == "counter_attack x1 for 2"

    # The scene's end takes 1 Momentum and restores Stress and Armor.
    momentum = state_of(gm)["momentum"]["tokens"]
    refused(alice, "2d20.scene.end", "forbidden", [])
    ended = ok(gm, "2d20.scene.end")
    assert ended["changes"][0]["after"] == ended["state"]["momentum"]["tokens"] == max(0, momentum - 1)
    scene = ended["state"]["characters"]["ann"]
    assert (scene["stress"], scene["armor"]) == (11, 2)
    assert ledger.balances(store, world.world_id) == moments_before


def test_migrate_brings_an_earlier_state_document_to_the_tables_turns(gm, store, world, redis_server):
    """An earlier bridge kept its own round in the state document; ``vtt-bridge migrate`` leaves the turns to the table."""
    ok(gm, "system.set", system="two_d20")
    ok(gm, "2d20.session.start", players=2)
    ok(gm, "2d20.character", **ANN)
    key = system_state_key(world.world_id, "two_d20")
    earlier = {key: value for key, value in json.loads(store.redis.get(key)).items() if key != "turns"}
    earlier["round"] = {"number": 1, "order": ["ann"], "turn": 0, "acting": "ann",
                        "current": {"character": "ann", "taken": ["minor"], "extra_actions": 0}}
    store.redis.set(key, json.dumps(earlier))
    env = {**os.environ, "REDIS_URL": redis_server.url, "LOG_LEVEL": "WARNING"}
    migrated = subprocess.run([sys.executable, "-m", "bridge", "migrate"], env=env, capture_output=True, text=True, timeout=60)
    assert migrated.returncode == 0 and f"{world.world_id}: the 2d20 variant's round gave way to the table's turns" in migrated.stdout, migrated
    now = state_of(gm)
    assert ("round" in now, now["turns"], now["characters"]["ann"]["name"]) == (False, {}, "Ann")
    assert_valid("state.two_d20.json", now)
    again = subprocess.run([sys.executable, "-m", "bridge", "migrate"], env=env, capture_output=True, text=True, timeout=60)
    assert world.world_id not in again.stdout  # once is enough
