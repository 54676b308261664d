"""The 2d20 variant at the table, over real Socket.IO and Redis: tokens
registered from their characters, a fight whose sides alternate from the
one with the initiative, a test and an attack held to their token's turn
(named or not), the hit's Stress, Armor and negative trait on the target's
token on every page, and a new round taking 1 Momentum."""

from __future__ import annotations

from ..wire_schemas import assert_valid, ok

ANN = {"actor_id": "ann", "name": "Ann", "skills": {"Survive": 2, "Fight": 10}, "styles": {"Boldly": 9, "Forcefully": 1},
       "focuses": {"Swords": 2}, "armor": 2}
BO = {**ANN, "actor_id": "bo", "name": "Bo"}
THUG = {"actor_id": "thug", "name": "Thug", "npc": True, "skills": {"Survive": 1, "Fight": 10},
        "styles": {"Boldly": 9, "Forcefully": 3}}
FIGHT = {"skill": "Fight", "style": "Boldly"}


def refused(client, event: str, **request) -> tuple[str, dict]:
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    assert_valid("envelope.error.json", answer)
    return answer["error"]["code"], answer["error"]["fields"]


def test_two_player_characters_and_a_thug_fight_by_the_2d20_rules(gm, player_for):
    ok(gm, "system.set", system="two_d20")
    ok(gm, "2d20.session.start", players=2)
    assert refused(gm, "token.register", token_id="ann-t", actor_id="ann", name="Ann") == (
        "against_the_rules", {"actor_id": ["not registered with 2d20.character"]})
    for sheet in (ANN, BO, THUG):
        ok(gm, "2d20.character", **sheet)
    for sheet in (ANN, BO, THUG):
        ok(gm, "token.register", token_id=f"{sheet['actor_id']}-t", actor_id=sheet["actor_id"], name=sheet["name"], scene_id="inn")
    assert refused(gm, "token.register", token_id="x", actor_id="ann", name="X", stress=99) == ("invalid", {"stress": ["Unknown field."]})
    ann, bo = player_for("alice", ["ann"]), player_for("bob", ["bo"])
    views = ok(bo, "table.snapshot", scene_id="inn")["views"]
    assert views["thug-t"] == {"conditions": [], "bars": [{"label": "Stress", "value": 10, "max": 10}, {"label": "Armor", "value": 0, "max": 0}]}
    assert views["ann-t"]["bars"][0] == {"label": "Stress", "value": 11, "max": 11}

    ok(gm, "combat.start", scene_id="inn", combatants=[{"token_id": t} for t in ("thug-t", "ann-t", "bo-t")])
    assert refused(gm, "combat.initiative", scene_id="inn", first="nobody")[0] == "invalid"
    ordered = ok(gm, "combat.initiative", scene_id="inn", first="bo-t")
    assert ordered["combat"]["order"] == ["bo-t", "thug-t", "ann-t"]
    assert ordered["card"]["result"]["explanation"][0].startswith("Bo has the initiative")
    assert any(card["rule"] == "combat.initiative" for card in ok(ann, "roll.log")["rolls"])  # the log's schema knows the card

    # Ann's test before her turn is refused, naming her token or not; Bo's attack hits the thug.
    assert refused(ann, "2d20.test", actor_id="ann", token_id="ann-t", difficulty=1, **FIGHT) == (
        "out_of_turn", {"token_id": ["not this token's turn"]})
    assert refused(ann, "2d20.test", actor_id="ann", difficulty=1, **FIGHT) == ("out_of_turn", {"actor_id": ["not this token's turn"]})
    assert refused(bo, "2d20.test", actor_id="bo", token_id="ann-t", difficulty=1, **FIGHT) == (
        "invalid", {"token_id": ["not bo's token"]})  # Bob's turn, Ann's token named to act for Bo
    assert refused(ann, "2d20.attack", actor_id="bo", token_id="bo-t", target_id="thug", kind="melee", damage=3, **FIGHT) == (
        "forbidden", {"actor_id": ["not yours"]})  # Alice for Bob's character, on Bob's turn
    assert refused(bo, "2d20.test", actor_id="bo", token_id="nobody", difficulty=1, **FIGHT) == (
        "not_tracked", {"token_id": ["not tracked"]})
    hit = ok(bo, "2d20.attack", actor_id="bo", token_id="bo-t", target_id="thug", kind="melee", damage=3, **FIGHT)["result"]
    lost = hit["damage"]["stress_lost"] if hit["hit"] else 0
    if lost:
        shown = ann.wait_for("token.changed", lambda push: push["token_id"] == "thug-t" and push["cause"]["rule"] == "2d20.attack")
        assert_valid("push.token.changed.json", shown)
        assert {"field": "stress", "before": 10, "after": 10 - lost} in shown["changes"]
    assert ok(ann, "table.snapshot", scene_id="inn")["views"]["thug-t"]["bars"][0] == {"label": "Stress", "value": 10 - lost, "max": 10}
    ok(bo, "combat.next", scene_id="inn")

    # The thug (the GM's) hits Ann, who takes a negative trait to cut the damage.
    struck = ok(gm, "2d20.attack", actor_id="thug", token_id="thug-t", target_id="ann", kind="melee", damage=6,
                negative_trait="Gashed", **FIGHT)["result"]
    ok(gm, "combat.next", scene_id="inn")
    view = ok(bo, "table.snapshot", scene_id="inn")["views"]["ann-t"]
    if struck["hit"]:  # 6 damage, 2 absorbed: the trait cuts the 4 left to 2
        assert view == {"conditions": [{"label": "Gashed", "icon": "circle", "severity": "minor"}],
                        "bars": [{"label": "Stress", "value": 9, "max": 11}, {"label": "Armor", "value": 1, "max": 2}]}
    else:
        assert view == {"conditions": [], "bars": [{"label": "Stress", "value": 11, "max": 11}, {"label": "Armor", "value": 2, "max": 2}]}

    # Ann's turn, then a new round: 1 Momentum lost at the round's end.
    ok(ann, "2d20.test", actor_id="ann", difficulty=0, **FIGHT)
    before = ok(gm, "system.get")["state"]["momentum"]["tokens"]
    started = ok(ann, "combat.next", scene_id="inn")["started"]
    assert (started["seat"], started["round"], started["new_round"]) == ("bo-t", 2, True)
    assert ok(gm, "system.get")["state"]["momentum"]["tokens"] == max(0, before - 1)
