"""The d10 highest-die system at the table, over real Socket.IO and Redis:
tokens registered from their characters with an initiative pool, each
phase ordered lowest initiative first (declared or rolled) with the
encounter following it, declarations and rolls held to their token's
turn, and an open roll's outcome and aiming on the roller's token on every page."""

from __future__ import annotations

from ..wire_schemas import assert_valid, ok

CHARACTERS = {"leroy": "Leroy", "earl": "Earl", "goon": "Goon"}


#: The skill each character rolls from its sheet.
RATING = "Pistol"


def refused(client, event: str, **request) -> tuple[str, dict]:
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    assert_valid("envelope.error.json", answer)
    return answer["error"]["code"], answer["error"]["fields"]


def test_two_player_characters_and_a_goon_declare_lowest_initiative_first(gm, player_for):
    ok(gm, "system.set", system="highest_d10")
    assert refused(gm, "token.register", token_id="leroy-t", actor_id="leroy", name="Leroy", initiative_dice=2)[0] == (
        "against_the_rules")
    for actor_id, name in CHARACTERS.items():
        ok(gm, "d10.character.register", actor_id=actor_id, name=name, attributes={"Reflexes": 3}, skills={"Pistol": 2})
        ok(gm, "token.register", token_id=f"{actor_id}-t", actor_id=actor_id, name=name, scene_id="bar", initiative_dice=2)
    assert refused(gm, "token.register", token_id="x", actor_id="leroy", name="X")[1] == {
        "initiative_dice": ["Missing data for required field."]}
    alice, bob = player_for("alice", ["leroy"]), player_for("bob", ["earl"])
    clients = {"leroy-t": (alice, "leroy"), "earl-t": (bob, "earl"), "goon-t": (gm, "goon")}

    seats = {"leroy-t": "alice", "earl-t": "bob", "goon-t": "gm"}  # seats are not tokens: the encounter follows the tokens' characters
    ok(gm, "combat.start", scene_id="bar", combatants=[{"token_id": t, "seat": seats[t]} for t in clients])
    ordered = ok(gm, "combat.initiative", scene_id="bar", declared={"leroy-t": 16, "earl-t": 21, "goon-t": 30})
    assert ordered["combat"]["order"] == ["alice", "bob", "gm"]
    assert_valid("push.roll.result.json", alice.wait_for("roll.result", lambda entry: entry["rule"] == "combat.initiative"))
    assert ordered["card"]["result"]["explanation"][1:] == ["Leroy: 16 (declared)", "Earl: 21 (declared)", "Goon: 30 (declared)"]
    assert ok(gm, "system.get")["state"]["encounter"]["next"] == "leroy"

    # Earl may not declare before Leroy, with his token named or not.
    assert refused(bob, "d10.declare", actor_id="earl", token_id="earl-t", actions=[{"action": "Aiming"}]) == (
        "out_of_turn", {"token_id": ["not this token's turn"]})
    assert refused(bob, "d10.declare", actor_id="earl", actions=[{"action": "Aiming"}]) == (
        "out_of_turn", {"actor_id": ["not this token's turn"]})
    for seat in ("leroy-t", "earl-t", "goon-t"):
        client, actor_id = clients[seat]
        ok(client, "d10.declare", actor_id=actor_id, token_id=seat, actions=[{"action": "Aiming"}])
        passed = ok(client, "combat.next", scene_id="bar")

    # Phase 2: rolled totals, lowest first; one turn.started on every page names its first seat.
    combat = ok(gm, "table.snapshot", scene_id="bar")["combats"][0]
    assert (passed["started"]["round"], passed["started"]["seat"]) == (2, combat["order"][0])
    ok(gm, "token.move", token_id="goon-t", x=3, y=3)  # pushed after the phase's start: once it arrives, so has all before it
    for client in (gm, alice, bob):
        client.wait_for("token.moved", lambda push: push["token_id"] == "goon-t" and push["x"] == 3)
        started = [push for push in client.received("turn.started") if push["round"] == 2]
        assert [push["seat"] for push in started] == [combat["order"][0]]
    # Every Aiming resolved shows on its token.
    encounter = ok(gm, "system.get")["state"]["encounter"]
    assert combat["round"] == 2 and encounter["phase"] == 2
    totals = [entry["initiative"] for entry in encounter["order"]]
    assert totals == sorted(totals)
    seat_of = {"leroy": "alice", "earl": "bob", "goon": "gm"}
    assert combat["order"] == [seat_of[entry["actor_id"]] for entry in encounter["order"]] and combat["seat"] == combat["order"][0]
    views = ok(alice, "table.snapshot", scene_id="bar")["views"]
    assert {seat: views[seat]["bars"] for seat in clients} == {seat: [{"label": "Aiming", "value": 1, "max": 3}] for seat in clients}, ok(gm, "system.get")["state"]

    token_of = {seat: token_id for token_id, seat in seats.items()}
    first = token_of[combat["order"][0]]
    client, actor_id = clients[first]
    late = next(token_of[seat] for seat in combat["order"][1:] if seat != "gm")
    assert refused(clients[late][0], "d10.roll", actor_id=clients[late][1], rating=RATING, tn=5)[0] == "out_of_turn"
    rolled = ok(client, "d10.roll", actor_id=actor_id, token_id=first, rating=RATING, tn=5, aimed=True)
    outcome = rolled["result"]["outcome"]["label"]
    shown = bob.wait_for("token.changed", lambda push: push["token_id"] == first and push["cause"]["rule"] == "d10.roll")
    assert_valid("push.token.changed.json", shown)
    assert shown["view"]["conditions"][0]["label"] == outcome.replace("_", " ")
    assert shown["view"]["bars"] == [{"label": "Aiming", "value": 0, "max": 3}]  # the shot spent the aiming
