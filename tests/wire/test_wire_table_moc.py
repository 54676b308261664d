"""Moment of Clarity at the table, over real Socket.IO and Redis: tokens
registered from their characters with their Sp, a fight ordered by Sp
rolls, rolls, attacks and moves held to their token's turn (named or not),
a hit's Damage and Pain (and a daze) on the target's token on every page,
and the metres moved added up over the table's turn."""

from __future__ import annotations

from bridge.rules.moment_of_clarity.health import DAMAGE_POINTS

from ..wire_schemas import assert_valid, ok

SHEET = {"body": 3, "toughness": 2, "l_score": 2, "primary_dice": 3, "archetype": "hero"}
RAPHE = {**SHEET, "actor_id": "raphe", "name": "Raphe"}
HARRY = {**SHEET, "actor_id": "harry", "name": "Harry", "body": 5}
GOON = {**SHEET, "actor_id": "goon", "name": "Goon", "draws_cards": False}
PISTOL = {"name": "blast pistol", "damage": 4, "lethality": 7, "lethal": True}
SPEED = {"raphe": 3, "harry": 4, "goon": 2}


def refused(client, event: str, **request) -> tuple[str, dict]:
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    assert_valid("envelope.error.json", answer)
    return answer["error"]["code"], answer["error"]["fields"]


def test_two_player_characters_and_a_goon_fight_by_the_moc_rules(gm, player_for):
    ok(gm, "system.set", system="moment_of_clarity")
    assert refused(gm, "token.register", token_id="raphe-t", actor_id="raphe", name="Raphe", speed=3) == (
        "against_the_rules", {"actor_id": ["not registered with moc.character"]})
    for sheet in (RAPHE, HARRY, GOON):
        ok(gm, "moc.character", **sheet)
    assert refused(gm, "token.register", token_id="raphe-t", actor_id="raphe", name="Raphe")[1] == {
        "speed": ["Missing data for required field."]}
    for sheet in (RAPHE, HARRY, GOON):
        actor_id = sheet["actor_id"]
        ok(gm, "token.register", token_id=f"{actor_id}-t", actor_id=actor_id, name=sheet["name"], scene_id="bar",
           speed=SPEED[actor_id])
    alice, bob = player_for("alice", ["raphe"]), player_for("bob", ["harry"])
    # Pain points 2B + T + L: Harry 14, the others 10.
    assert ok(bob, "table.snapshot", scene_id="bar")["views"]["harry-t"] == {"conditions": [], "bars": [
        {"label": "Damage", "value": DAMAGE_POINTS, "max": DAMAGE_POINTS}, {"label": "Pain", "value": 14, "max": 14}]}

    ok(gm, "combat.start", scene_id="bar", combatants=[{"token_id": t} for t in ("goon-t", "raphe-t", "harry-t")])
    ordered = ok(gm, "combat.initiative", scene_id="bar")
    order, card = ordered["combat"]["order"], ordered["card"]["result"]
    rolls = {each["seat"]: each["roll"] for each in card["rolls"]}
    assert sorted(order) == ["goon-t", "harry-t", "raphe-t"] and all(len(rolls[s]["dice"]) >= SPEED[s[:-2]] for s in order)
    keys = [(rolls[seat]["successes"], sum(die["value"] for die in rolls[seat]["dice"])) for seat in order]
    assert keys == sorted(keys, reverse=True), "most successes first, then the dice's total"

    clients = {"raphe-t": (alice, "raphe"), "harry-t": (bob, "harry"), "goon-t": (gm, "goon")}
    waiting = next(seat for seat in order[1:] if seat != "goon-t")
    client, actor_id = clients[waiting]
    assert refused(client, "moc.roll", actor_id=actor_id, parts=[{"source": "Body", "dice": 3}]) == (
        "out_of_turn", {"actor_id": ["not this token's turn"]})
    assert refused(client, "moc.attack", actor_id=actor_id, token_id=waiting, target="goon", dice=5, weapon=PISTOL) == (
        "out_of_turn", {"token_id": ["not this token's turn"]})

    harry_damage = 0
    for round_number in (1, 2):
        for seat in order:
            client, actor_id = clients[seat]
            target = "harry" if seat == "goon-t" else "goon"
            attack = ok(client, "moc.attack", actor_id=actor_id, token_id=seat, target=target, dice=8, tn=5, weapon=PISTOL)
            result = attack["result"]
            if target == "harry" and result["hit"]:
                harry_damage = result["target"]["tracks"]["damage"]
                shown = alice.wait_for("token.changed", lambda push: push["token_id"] == "harry-t"
                                       and push["cause"]["request_id"] == attack["request_id"])
                assert_valid("push.token.changed.json", shown)
                assert shown["view"]["bars"][0] == {"label": "Damage", "value": max(0, DAMAGE_POINTS - harry_damage),
                                                    "max": DAMAGE_POINTS}
                assert ("dazed" in [c["label"] for c in shown["view"]["conditions"]]) == result["target"]["dazed"]
            ok(client if seat != "goon-t" else gm, "combat.next", scene_id="bar")
        assert ok(gm, "table.snapshot", scene_id="bar")["combats"][0]["round"] == round_number + 1
    tracks = ok(gm, "system.get")["state"]["characters"]["harry"]["tracks"]
    view = ok(alice, "table.snapshot", scene_id="bar")["views"]["harry-t"]
    assert view["bars"] == [{"label": "Damage", "value": max(0, DAMAGE_POINTS - tracks["damage"]), "max": DAMAGE_POINTS},
                            {"label": "Pain", "value": max(0, 14 - tracks["pain"]), "max": 14}]
    assert tracks["damage"] == harry_damage


def test_moves_add_up_over_the_tables_turn_and_start_again_each_turn(gm, player_for):
    """Movement: 2 x Sp + B metres a turn running; the turn is the table's combat's."""
    ok(gm, "system.set", system="moment_of_clarity")
    ok(gm, "moc.character", **{**RAPHE, "characteristics": {"Sp": 2, "Body": 3}})  # 2 x 2 + 3 = 7 m a turn
    ok(gm, "moc.character", **GOON)
    for sheet in (RAPHE, GOON):
        ok(gm, "token.register", token_id=f"{sheet['actor_id']}-t", actor_id=sheet["actor_id"], name=sheet["name"],
           scene_id="bar", speed=SPEED[sheet["actor_id"]])
    alice = player_for("alice", ["raphe"])
    assert ok(alice, "moc.move", actor_id="raphe", meters=7)["moved"] == 7  # no fight: each move on its own
    assert ok(alice, "moc.move", actor_id="raphe", meters=7)["moved"] == 7

    ok(gm, "combat.start", scene_id="bar", combatants=[{"token_id": "raphe-t"}, {"token_id": "goon-t"}])
    order = ok(gm, "combat.initiative", scene_id="bar")["combat"]["order"]
    if order[0] != "raphe-t":
        assert refused(alice, "moc.move", actor_id="raphe", meters=1) == ("out_of_turn", {"actor_id": ["not this token's turn"]})
        ok(gm, "combat.next", scene_id="bar")
    moved = ok(alice, "moc.move", actor_id="raphe", token_id="raphe-t", meters=5)
    assert_valid("result.moc.move.json", moved)
    assert moved == {"actor_id": "raphe", "mode": "primary", "meters": 5, "allowance": 7, "moved": 5, "left": 2}
    assert ok(alice, "moc.move", actor_id="raphe", meters=2)["left"] == 0
    assert refused(alice, "moc.move", actor_id="raphe", meters=1) == (
        "against_the_rules", {"meters": ["Raphe moves 7 m a turn this way; 7 m moved, 1 more is too far"]})
    ok(alice, "combat.next", scene_id="bar")
    assert refused(alice, "moc.move", actor_id="raphe", meters=1)[0] == "out_of_turn"
    ok(gm, "combat.next", scene_id="bar")  # Raphe's turn again, in the next round: a new allowance
    assert ok(alice, "moc.move", actor_id="raphe", meters=6)["moved"] == 6
    assert ok(gm, "system.get")["state"]["moved"]["bar"]["meters"] == {"raphe": 6}

    ok(gm, "combat.end", scene_id="bar")
    assert ok(gm, "system.get")["state"]["moved"] == {}
    ok(gm, "combat.start", scene_id="bar", combatants=[{"token_id": "raphe-t"}])
    ok(gm, "combat.initiative", scene_id="bar")
    assert ok(alice, "moc.move", actor_id="raphe", meters=7)["moved"] == 7, "a new fight's first turn starts from none"
