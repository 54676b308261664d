"""The 2d20 variant at a table, over real Socket.IO: Momentum spent only
right after a successful test; traits, Chaos and Mana; a fight at the
table (the core's combat: its order and turns) whose every turn holds one
major and one minor action, moves between zones, and every refusal naming
its field with nothing stored changed."""

from __future__ import annotations

from ..systems.test_wire_2d20 import refused, state_of
from ..wire_schemas import assert_valid, ok

SHEET = {"skills": {"Survive": 2, "Fight": 10}, "styles": {"Boldly": 9, "Forcefully": 1}}
ANN = {"actor_id": "ann", "name": "Ann", "powers": True, **SHEET}
BO = {"actor_id": "bo", "name": "Bo", **SHEET}
THUG = {"actor_id": "thug", "name": "Thug", "npc": True, **SHEET}
FIGHT = {"skill": "Fight", "style": "Boldly"}


def test_traits_chaos_and_mana(gm, player_for):
    alice = player_for("alice", ["ann"])
    bob = player_for("bob", ["bo"])
    ok(gm, "system.set", system="two_d20")
    ok(gm, "2d20.session.start", players=2)
    for sheet in (ANN, BO, THUG):
        ok(gm, "2d20.character", **sheet)

    # Traits: the GM's to put and take away, on the scene or on a character.
    smoke = {"name": "Smoke", "about": "location", "difficulty": 1}
    refused(alice, "2d20.trait", "forbidden", [], trait=smoke)
    assert ok(gm, "2d20.trait", trait=smoke)["state"]["traits"] == [smoke]
    refused(gm, "2d20.trait", "against_the_rules", ["trait"], trait=smoke)
    refused(gm, "2d20.trait", "invalid", ["trait"], trait=smoke, remove="Smoke")
    limp = {"name": "Limping", "about": "character", "difficulty": 1}
    assert ok(gm, "2d20.trait", trait=limp, actor_id="bo")["state"]["characters"]["bo"]["traits"] == [limp]
    refused(gm, "2d20.trait", "against_the_rules", ["remove"], remove="Fog")
    assert ok(gm, "2d20.trait", remove="Smoke")["state"]["traits"] == []
    assert_valid("result.2d20.trait.json", ok(gm, "2d20.trait", remove="Limping", actor_id="bo"))

    # Chaos: anyone for complications prevented (2 each), the GM for the story.
    chaos = state_of(gm)["chaos"]["tokens"]
    gained = ok(alice, "2d20.chaos", prevented=1)
    assert (gained["state"]["chaos"]["tokens"], gained["changes"][0]["after"]) == (chaos + 2, chaos + 2)
    refused(alice, "2d20.chaos", "forbidden", ["tokens"], tokens=2, reason="a villain arrives")
    refused(gm, "2d20.chaos", "invalid", ["prevented"], prevented=1, tokens=1)
    refused(gm, "2d20.chaos", "invalid", ["prevented"])
    story = ok(gm, "2d20.chaos", tokens=3, reason="a villain arrives")
    assert (story["state"]["chaos"]["tokens"], story["changes"][0]["reason"]) == (chaos + 5, "a villain arrives")

    # Mana: 2 x the Determination maximum for a character with powers, spent by its owner.
    assert state_of(alice)["characters"]["ann"]["mana"] == 6
    refused(bob, "2d20.mana", "forbidden", ["actor_id"], actor_id="ann", mana=1)
    spent = ok(alice, "2d20.mana", actor_id="ann", mana=4)
    assert (spent["state"]["characters"]["ann"]["mana"], spent["changes"][0]["actor_id"]) == (2, "ann")
    refused(alice, "2d20.mana", "against_the_rules", ["mana"], actor_id="ann", mana=3)
    refused(bob, "2d20.mana", "against_the_rules", ["mana"], actor_id="bo", mana=1)  # no powers: no Mana
    assert state_of(alice)["characters"]["ann"]["mana"] == 2


def test_a_fights_turns_hold_one_major_and_one_minor_action_zones_and_momentum(gm, player_for):
    alice = player_for("alice", ["ann"])
    bob = player_for("bob", ["bo"])
    ok(gm, "system.set", system="two_d20")
    ok(gm, "2d20.session.start", players=2)
    for sheet in (ANN, BO, THUG):
        ok(gm, "2d20.character", **sheet)
        ok(gm, "token.register", token_id=f"{sheet['actor_id']}-t", actor_id=sheet["actor_id"], name=sheet["name"], scene_id="bar")
    refused(alice, "2d20.spend", "against_the_rules", ["pool"], pool="momentum", spend="question")
    ok(gm, "2d20.zones", zones={"bar": ["street"], "street": ["roof"], "roof": []}, positions={"ann": "bar", "bo": "bar", "thug": "street"})
    refused(gm, "2d20.zones", "against_the_rules", ["zones"], zones={"bar": []}, positions={"ann": "moon"})

    # The fight: Ann has the initiative, the sides alternate: ann, thug, bo.
    ok(gm, "combat.start", scene_id="bar", combatants=[{"token_id": t} for t in ("bo-t", "thug-t", "ann-t")])
    assert ok(gm, "combat.initiative", scene_id="bar", first="ann-t")["combat"]["order"] == ["ann-t", "thug-t", "bo-t"]
    assert_valid("state.two_d20.json", state_of(bob))

    # Out of turn, everything is refused on the actor; nothing is stored.
    refused(bob, "2d20.attack", "out_of_turn", ["actor_id"], actor_id="bo", target_id="thug", kind="melee", damage=2, **FIGHT)
    refused(bob, "2d20.action", "out_of_turn", ["actor_id"], actor_id="bo", action="minor", zone="street")
    refused(bob, "2d20.action", "out_of_turn", ["token_id"], actor_id="bo", token_id="bo-t", action="minor")
    refused(bob, "2d20.action", "forbidden", ["actor_id"], actor_id="ann", action="minor")
    assert state_of(gm)["zones"]["positions"]["bo"] == "bar"

    # Ann's minor action: a distant zone is refused, a nearby one reached; a second minor one is refused.
    refused(alice, "2d20.action", "against_the_rules", ["zone"], actor_id="ann", action="minor", zone="roof")
    refused(alice, "2d20.action", "against_the_rules", ["zone"], actor_id="ann", action="major", zone="street")
    moved = ok(alice, "2d20.action", actor_id="ann", action="minor", zone="street")["state"]
    assert (moved["zones"]["positions"]["ann"], moved["turns"]["ann"]) == (
        "street", {"scene_id": "bar", "round": 1, "seat": "ann-t", "taken": ["minor"], "extra_actions": 0})
    refused(alice, "2d20.action", "against_the_rules", ["action"], actor_id="ann", action="minor")

    # Her major action: an attack (target 19, difficulty 1); a second is refused before any die is rolled.
    card = ok(alice, "2d20.attack", actor_id="ann", target_id="thug", kind="melee", damage=2, **FIGHT)
    after = state_of(alice)
    assert after["turns"]["ann"]["taken"] == ["minor", "major"]
    assert after["after_test"] == ({"roll_id": card["roll_id"], "actor_id": "ann"} if card["result"]["hit"] else None)
    rolls = len(ok(gm, "roll.log")["rolls"])
    refused(alice, "2d20.attack", "against_the_rules", ["actor_id"], actor_id="ann", target_id="thug", kind="melee", damage=2, **FIGHT)
    assert len(ok(gm, "roll.log")["rolls"]) == rolls

    # Right after her hit the party may spend Momentum (if the pool holds it); once her turn is passed, no more.
    momentum = after["momentum"]["tokens"]
    if after["after_test"] and momentum:
        assert ok(bob, "2d20.spend", pool="momentum", spend="question")["state"]["momentum"]["tokens"] == momentum - 1
    ok(alice, "combat.next", scene_id="bar")
    assert state_of(gm)["after_test"] is None
    refused(bob, "2d20.spend", "against_the_rules", ["pool"], pool="momentum", spend="question")

    # The thug's turn (the GM's), then Bo's; Determination buys Bo another major action, on his turn only.
    ok(gm, "combat.next", scene_id="bar")
    ok(bob, "2d20.action", actor_id="bo", action="major")
    refused(bob, "2d20.action", "against_the_rules", ["action"], actor_id="bo", action="major")
    refused(alice, "2d20.determination", "out_of_turn", ["actor_id"], actor_id="ann", use="extra_action")
    ok(bob, "2d20.determination", actor_id="bo", use="extra_action")
    assert ok(bob, "2d20.action", actor_id="bo", action="major")["state"]["turns"]["bo"]["taken"] == ["major", "major"]

    # The last turn passed ends the round: 1 Momentum lost, Ann acts first in round 2 with her actions anew.
    momentum = state_of(gm)["momentum"]["tokens"]
    started = ok(bob, "combat.next", scene_id="bar")["started"]
    assert (started["seat"], started["round"], started["new_round"]) == ("ann-t", 2, True)
    assert state_of(gm)["momentum"]["tokens"] == max(0, momentum - 1)
    again = ok(alice, "2d20.action", actor_id="ann", action="minor", zone="bar")["state"]["turns"]["ann"]
    assert (again["round"], again["taken"]) == (2, ["minor"])
    assert ok(gm, "2d20.scene.end")["state"]["turns"] == {}
