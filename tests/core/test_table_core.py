"""The table core in a world whose system plays on the base game (a system no
longer installed: every installed one has a ``Table`` of its own): tokens go
on the map, a fight keeps its seated order and turns, a player passes only
their own turn, and every page sees the same tokens and conditions. Real
bridge, real Redis, real clients."""

from __future__ import annotations

import uuid

import pytest

from bridge.schemas.settings import default_settings

from ..wire_schemas import assert_valid, ok


def refused(client, event, **request):
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    return answer["error"]["code"], answer["error"]["fields"]


@pytest.fixture
def table(store, connect):
    """A GM and two players in a world of a system no longer installed, each player owning one token."""
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Pit", default_settings(), system="chess")
    gm = connect(world=world.world_id, gm_key=world.gm_key)
    players = {}
    for user in ("ann", "bo"):
        ok(gm, "token.mint", user=user)
        ok(gm, "actors.assign", user=user, actor_ids=[user])
        players[user] = connect(world=world.world_id, token=gm.request("token.mint", user=user)["result"]["token"])
    return gm, players


def test_a_base_game_table_plays_tokens_map_and_turns(table):
    gm, players = table
    ann, bo = players["ann"], players["bo"]
    for token_id, actor in (("ann-t", "ann"), ("bo-t", "bo"), ("ogre", "ogre")):
        change = ok(gm, "token.register", token_id=token_id, actor_id=actor, name=token_id.title(), scene_id="pit",
                    conditions=["hidden"] if token_id == "ogre" else [])
        assert change["state"]["version"] == 1
    shown = bo.wait_for("token.changed", lambda push: push["token_id"] == "ogre")
    assert_valid("push.token.changed.json", shown)
    assert shown["view"] == {"conditions": [{"label": "hidden", "icon": "circle", "severity": "info"}], "bars": []}

    assert refused(gm, "token.register", token_id="x", actor_id="x", name="   ") == (
        "invalid", {"name": ["type a name: letters or digits, not only spaces"]})
    assert refused(gm, "token.register", token_id="x", actor_id="x", name="X", hit_points=9) == (
        "invalid", {"hit_points": ["Unknown field."]})
    assert refused(ann, "token.register", token_id="x", actor_id="ann", name="X")[0] == "forbidden"

    ok(ann, "token.move", token_id="ann-t", x=1, y=1)
    assert refused(ann, "token.move", token_id="ogre", x=2, y=2) == ("forbidden", {"token_id": ["not yours"]})
    assert {p["token_id"] for p in ok(bo, "map.get")["positions"]} == {"ann-t", "bo-t", "ogre"}
    assert refused(gm, "map.blast", center={"x": 1.5, "y": 1.5}) == (
        "invalid", {"hazard": ["one of: none"]})

    assert ok(gm, "combat.start", scene_id="pit", combatants=[{"token_id": "bo-t"}, {"token_id": "ann-t"}])["turn"] is None
    ok(gm, "combat.join", scene_id="pit", token_id="ogre")
    assert refused(gm, "combat.join", scene_id="pit", token_id="ogre")[0] == "invalid"
    started = ok(gm, "combat.initiative", scene_id="pit")
    assert started["combat"]["order"] == ["bo-t", "ann-t", "ogre"] and "card" not in started
    assert ann.wait_for("turn.started")["seat"] == "bo-t"
    assert refused(ann, "combat.next", scene_id="pit") == ("forbidden", {"scene_id": ["not your turn"]})
    assert ok(bo, "combat.next", scene_id="pit")["started"]["seat"] == "ann-t"
    assert refused(gm, "combat.next", scene_id="pit", seat="bo-t") == ("invalid", {"seat": ["not this seat's turn"]})
    ok(ann, "combat.next", scene_id="pit")
    wrapped = ok(gm, "combat.next", scene_id="pit")["started"]
    assert (wrapped["seat"], wrapped["round"], wrapped["new_round"]) == ("bo-t", 2, True)
    left = ok(gm, "combat.leave", scene_id="pit", token_id="bo-t")
    assert (left["order"], left["seat"]) == (["ann-t", "ogre"], "ann-t")

    snapshot = ok(ann, "table.snapshot")
    assert [token["token_id"] for token in snapshot["tokens"]] == ["ann-t", "bo-t", "ogre"]
    assert snapshot["views"]["ogre"]["conditions"][0]["label"] == "hidden" and len(snapshot["combats"]) == 1
    assert ok(gm, "combat.end", scene_id="pit")["ended"]["round"] == 2
    assert refused(gm, "combat.next", scene_id="pit") == ("invalid", {"scene_id": ["no combat"]})
