"""The rule-system seam: systems found by entry point, a world's system
switched by the GM with every system's state kept apart, requests of a
system the world does not play refused, and a fifth system from outside
the project served without touching ours."""

from __future__ import annotations

import json
import os
import threading
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridge.schemas.settings import default_settings
from bridge.service.cli import main
from bridge.systems import DEFAULT_SYSTEM, installed
from bridge.table.auth import Identity, Role
from bridge.table.work import Work, settle

from ..services import Bridge
from ..table import TableClient
from ..wire_schemas import SCHEMAS, assert_valid, ok

FIFTH_SYSTEM = Path(__file__).resolve().parent / "fifth_system"
HERO = {
    "token_id": "hero-1",
    "actor_id": "hero",
    "scene_id": "warehouse",
    "name": "Hero",
    "statistics": {"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3},
}


def refused(client, event, **request):
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    return answer["error"]["code"], answer["error"]["fields"]


def test_the_four_systems_are_installed_by_entry_point_the_flagship_first():
    assert list(installed())[0] == DEFAULT_SYSTEM
    assert set(installed()) == {"moment_of_truth", "two_d20", "moment_of_clarity", "highest_d10"}
    assert all(name == system.name for name, system in installed().items())


def test_the_cli_creates_a_world_playing_a_system_and_refuses_an_unknown_one(redis_server, store):
    runner, env, world_id = CliRunner(), {"REDIS_URL": redis_server.url}, f"w-{uuid.uuid4().hex[:12]}"
    created = runner.invoke(main, ["world", "create", world_id, "--system", "moment_of_clarity"], env=env)
    assert created.exit_code == 0, created.output
    assert json.loads(created.output)["system"] == "moment_of_clarity" == store.world(world_id).system
    unknown = runner.invoke(main, ["world", "create", f"{world_id}-2", "--system", "chess"], env=env)
    assert unknown.exit_code == 2 and "chess" in unknown.output


def test_a_world_plays_the_flagship_until_the_gm_switches_and_the_table_is_told(gm, player_for):
    player = player_for("alice", ["hero"])
    ready = player.wait_for("session.ready")
    assert_valid("push.session.ready.json", ready)
    assert ready["system"] == {"name": "moment_of_truth", "title": "Moment of Truth"}
    assert ok(player, "system.get")["system"] == "moment_of_truth"
    switched = ok(gm, "system.set", system="two_d20")
    assert (switched["system"], switched["title"]) == ("two_d20", installed()["two_d20"].title)
    pushed = player.wait_for("system.changed", lambda view: view["system"] == "two_d20")
    assert_valid("push.system.changed.json", pushed)
    assert ok(player, "system.get")["system"] == "two_d20"


def test_a_request_of_a_system_the_world_does_not_play_is_refused_naming_the_system(gm, player_for):
    player = player_for("alice", ["hero"])
    ok(gm, "system.set", system="highest_d10")
    code, fields = refused(player, "roll", actor_id="hero", kind="statistic", statistic={"name": "Agility", "value": 3})
    assert code == "wrong_system"
    assert fields == {"system": ["the world plays 'highest_d10'"]}
    ok(gm, "system.set", system="moment_of_truth")
    assert ok(player, "roll", actor_id="hero", kind="statistic", statistic={"name": "Agility", "value": 3})["rule"] == "roll"


def test_a_world_whose_system_is_no_longer_installed_still_connects_and_switches(store, connect):
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Chess club", default_settings(), system="chess")
    gm = connect(world=world.world_id, gm_key=world.gm_key)
    assert gm.wait_for("session.ready")["system"] == {"name": "chess", "title": "chess"}
    assert ok(gm, "system.get") == {"system": "chess", "title": "chess", "state": None}
    assert ok(gm, "system.requests") == {"system": "chess", "requests": []}
    assert ok(gm, "table.snapshot") == {"tokens": [], "views": {}, "combats": []}  # the table is every world's
    assert ok(gm, "system.set", system="moment_of_truth")["title"] == "Moment of Truth"


def test_players_cannot_switch_and_an_unknown_system_is_refused_by_field(gm, player_for):
    player = player_for("alice", ["hero"])
    assert refused(player, "system.set", system="two_d20")[0] == "forbidden"
    code, fields = refused(gm, "system.set", system="chess")
    assert code == "invalid" and list(fields) == ["system"]
    assert ok(gm, "system.get")["system"] == "moment_of_truth"


def test_each_systems_state_is_kept_apart_across_switches(gm, store, world):
    ok(gm, "token.register", **HERO)
    store.redis.set(f"vtt:world:{world.world_id}:system:two_d20", json.dumps({"momentum": 4, "chaos": 6}))
    ok(gm, "system.set", system="two_d20")
    assert ok(gm, "system.get")["state"] == {"momentum": 4, "chaos": 6}
    assert [token["name"] for token in ok(gm, "table.snapshot")["tokens"]] == ["Hero"]  # the table stays
    ok(gm, "system.set", system="moment_of_clarity")
    assert ok(gm, "system.get")["state"] is None
    ok(gm, "system.set", system="moment_of_truth")
    assert [token["name"] for token in ok(gm, "table.snapshot")["tokens"]] == ["Hero"]
    assert store.system_state(world.world_id, "two_d20") == {"momentum": 4, "chaos": 6}


def test_changes_of_a_systems_state_from_many_clients_are_each_kept(store, world):
    gm = Identity(world.world_id, "gm", Role.GM)

    def add_one():
        for _ in range(25):
            settle(store, lambda _: Work(store, gm), lambda work: work.change_system_state(
                "two_d20", lambda state: ({"momentum": (state or {"momentum": 0})["momentum"] + 1}, None)
            )[1], f"test:receipt:{uuid.uuid4().hex}", 60)

    adders = [threading.Thread(target=add_one) for _ in range(4)]
    for adder in adders:
        adder.start()
    for adder in adders:
        adder.join()
    assert store.system_state(world.world_id, "two_d20") == {"momentum": 100}


def test_the_requests_of_the_worlds_system_come_with_their_schemas_players_seeing_theirs(gm, player_for):
    player = player_for("alice", ["hero"])
    ok(gm, "system.set", system="two_d20")
    offered = ok(gm, "system.requests")
    assert offered["system"] == "two_d20"
    by_event = {each["event"]: each for each in offered["requests"]}
    assert set(by_event) == installed()["two_d20"].events()
    assert (by_event["2d20.session.start"]["gm_only"], by_event["2d20.test"]["card"], by_event["2d20.odds"]["queued"]) == (True, True, True)
    assert by_event["2d20.test"]["schema"] == SCHEMAS["request.2d20.test.json"]
    theirs = {each["event"] for each in ok(player, "system.requests")["requests"]}
    assert theirs == {event for event, each in by_event.items() if not each["gm_only"]} and "2d20.test" in theirs


@pytest.fixture
def fifth_system_bridge(redis_server):
    """A bridge with a third party's rule system on its path, registered only by its entry point."""
    path = os.pathsep.join(filter(None, [str(FIFTH_SYSTEM), os.environ.get("PYTHONPATH")]))
    web = Bridge(redis_server.url, extra_env={"PYTHONPATH": path})
    yield web
    web.stop()


def test_a_fifth_system_installed_beside_ours_is_played_without_touching_ours(fifth_system_bridge, store):
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Coins", default_settings(), system="coin")
    gm = TableClient(fifth_system_bridge.url, {"world": world.world_id, "gm_key": world.gm_key})
    try:
        assert gm.wait_for("session.ready")["system"] == {"name": "coin", "title": "Coin toss"}
        answer = gm.request("coin.toss", actor_id="gm", coins=5)
        assert answer["ok"], answer
        card = answer["result"]
        assert card["rule"] == "coin.toss" and len(card["result"]["faces"]) == 5
        assert card["result"]["heads"] == sum(card["result"]["faces"])
        assert gm.wait_for("system.changed")["state"] == {"tosses": 1}
        assert gm.request("coin.toss", actor_id="gm", coins=0)["error"]["fields"] == {"coins": ["Must be greater than or equal to 1 and less than or equal to 20."]}
        assert gm.request("roll", actor_id="gm", kind="statistic", statistic={"name": "Agility", "value": 3})["error"]["code"] == "wrong_system"
        switched = gm.request("system.set", system="moment_of_truth")
        assert switched["ok"] and gm.request("coin.toss", actor_id="gm", coins=1)["error"]["code"] == "wrong_system"
    finally:
        gm.close()


def test_a_fifth_system_plays_at_the_table_through_the_seam_alone(fifth_system_bridge, store):
    """The coin system (tests/systems/fifth_system) changes no core module, yet its
    tokens go on the map, its fight keeps its own turn order and refuses a toss
    out of turn, its conditions show on its tokens, and its rain of coins
    soaks the tokens on the map that it reaches."""
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Coins", default_settings(), system="coin")
    gm = TableClient(fifth_system_bridge.url, {"world": world.world_id, "gm_key": world.gm_key})
    players = []
    try:
        gm.wait_for("session.ready")
        for token_id, coins in (("ann-t", 3), ("bo-t", 7), ("ogre", 5)):
            ok(gm, "token.register", token_id=token_id, actor_id=token_id.removesuffix("-t"), name=token_id.title(),
               scene_id="pit", coins=coins)
        assert refused(gm, "token.register", token_id="x", actor_id="x", name="X", coins=-1) == (
            "invalid", {"coins": ["Must be greater than or equal to 0 and less than or equal to 99."]})
        for user in ("ann", "bo"):
            minted = ok(gm, "token.mint", user=user)
            ok(gm, "actors.assign", user=user, actor_ids=[user])
            players.append(TableClient(fifth_system_bridge.url, {"world": world.world_id, "token": minted["token"]}))
        ann, bo = players
        ann.wait_for("session.ready")

        assert ok(ann, "token.move", token_id="ann-t", x=2, y=2)["version"] == 1
        assert refused(ann, "token.move", token_id="bo-t", x=3, y=3) == ("forbidden", {"token_id": ["not yours"]})
        ok(gm, "token.move", token_id="bo-t", x=9, y=9)
        ok(gm, "token.move", token_id="ogre", x=3, y=2)
        assert {p["token_id"]: (p["x"], p["y"]) for p in ok(bo, "map.get")["positions"]} == {
            "ann-t": (2, 2), "bo-t": (9, 9), "ogre": (3, 2)}

        ok(gm, "combat.start", scene_id="pit", combatants=[{"token_id": t} for t in ("ann-t", "bo-t", "ogre")])
        ordered = ok(gm, "combat.initiative", scene_id="pit")
        assert ordered["combat"]["order"] == ["bo-t", "ogre", "ann-t"] and ordered["combat"]["seat"] == "bo-t"
        assert ann.wait_for("turn.started")["seat"] == "bo-t"
        assert refused(ann, "coin.toss", actor_id="ann", token_id="ann-t", coins=3) == (
            "out_of_turn", {"token_id": ["not this token's turn"]})
        assert refused(ann, "combat.next", scene_id="pit")[0] == "forbidden"
        assert bo.request("coin.toss", actor_id="bo", token_id="bo-t", coins=3)["result"]["rule"] == "coin.toss"
        assert ok(bo, "combat.next", scene_id="pit")["started"]["seat"] == "ogre"
        passed = ok(gm, "combat.next", scene_id="pit")
        assert passed["started"]["seat"] == "ann-t" and passed["started"]["round"] == 1
        tossed = ann.request("coin.toss", actor_id="ann", token_id="ann-t", coins=1)
        assert tossed["ok"], tossed
        assert ok(ann, "combat.next", scene_id="pit")["started"] | {"cause": None} == {
            "scene_id": "pit", "round": 2, "seat": "bo-t", "tokens": [], "new_round": True, "cause": None}

        soaked = ok(gm, "map.blast", center={"x": 3.0, "y": 2.5}, reach=1.2)
        assert sorted(soaked["soaked"]) == ["ann-t", "ogre"]
        shown = bo.wait_for("token.changed", lambda push: push["token_id"] == "ann-t" and push["cause"]["rule"] == "map.blast")
        assert {"label": "soaked", "icon": "circle", "severity": "info"} in shown["view"]["conditions"]
        assert shown["view"]["bars"] == [{"label": "luck", "value": 3, "max": 9}]
        views = ok(bo, "table.snapshot")["views"]
        assert [c["label"] for c in views["ogre"]["conditions"]] == ["soaked"] and views["bo-t"]["conditions"] in (
            [], [{"label": "lucky", "icon": "circle", "severity": "info"}])
        assert refused(gm, "map.blast", center={"x": 15.5, "y": 11.5}, reach=0.1)[0] == "against_the_rules"
        assert ok(gm, "combat.end", scene_id="pit")["ended"]["round"] == 2
    finally:
        for client in (gm, *players):
            client.close()
