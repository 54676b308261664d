"""Moment of Clarity over real Socket.IO: a short scene (the session's cards,
a Wildcard keeping 3, a roll and a card on its dice, chips, a secret roll
declared, attacks filling a Damage track), each card re-judged from its
faces with the pure rules, refusals by field, and the Moment of Truth state
of the same world untouched."""

from __future__ import annotations

from bridge.rules.moment_of_clarity.health import DAMAGE_POINTS
from bridge.rules.moment_of_clarity.odds import roll_odds
from bridge.rules.moment_of_clarity.rolls import Roll
from bridge.schemas.encode import dump
from bridge.systems.moment_of_clarity.odds import MocOdds
from bridge.systems.moment_of_clarity.schemas.rolls import MocRoll

from ..wire.test_wire_odds import queued
from ..wire.test_wire_tokens import THUG
from ..wire_schemas import assert_valid, ok

SYSTEM = "moment_of_clarity"
SHEET = {"body": 3, "toughness": 2, "l_score": 2, "primary_dice": 3}
RAPHE = {
    **SHEET,
    "actor_id": "raphe",
    "name": "Raphe",
    "archetype": "wildcard",
    "placed": {"action": 1, "plot": 1, "drama": 1},
}
HARRY = {**SHEET, "actor_id": "harry", "name": "Harry Greenhill", "archetype": "hero", "body": 5}
GOON = {**SHEET, "actor_id": "goon", "name": "Goon", "archetype": "hero", "draws_cards": False}
BLAST_PISTOL = {"name": "blast pistol", "damage": 4, "lethality": 7, "lethal": True}


def state_of(client, where) -> dict:
    """The state of the newest ``system.changed`` push ``where(state)`` holds for,
    checked against the exported schemas."""

    def holds(pushed) -> bool:
        return pushed["state"] is not None and where(pushed["state"])

    client.wait_for("system.changed", holds)
    pushed = [pushed for pushed in client.received("system.changed") if holds(pushed)][-1]
    assert_valid("push.system.changed.json", pushed)
    assert_valid("state.moment_of_clarity.json", pushed["state"])
    return pushed["state"]


def card(client, event: str, **request) -> dict:
    """A card (its entry), checked against its schema, every roll re-judged from its dice."""
    entry = ok(client, event, **request)
    for rolled in rolls_in(entry["result"]):
        judged = dump(MocRoll, Roll.of(rolled))
        del judged["explanation"]  # a card adds lines of its own
        assert judged.items() <= rolled.items()
    return entry


def rolls_in(result):
    if isinstance(result, dict):
        if "effect_number" in result:
            yield result
        for value in result.values():
            yield from rolls_in(value)
    elif isinstance(result, list):
        for value in result:
            yield from rolls_in(value)


def refused(client, event: str, code: str, field: str, **request) -> list[str]:
    """The refusal's code and its one field; what it says of that field."""
    answer = client.request(event, **request)
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    assert list(answer["error"]["fields"]) == [field], answer
    return answer["error"]["fields"][field]


def test_a_scene_of_moment_of_clarity(gm, player_for, store, world):
    ok(gm, "token.register", **THUG)
    ok(gm, "moments.award", award="role_playing", player="alice", moments=2, reason="a fine speech")
    truth_before = ok(gm, "table.snapshot")
    ok(gm, "system.set", system=SYSTEM)
    alice, bob = player_for("alice", ["raphe"]), player_for("bob", ["harry"])

    assert alice.request("moc.character", **RAPHE)["error"]["code"] == "forbidden"
    for sheet in (RAPHE, HARRY, GOON):
        ok(gm, "moc.character", **sheet)

    ok(gm, "moc.session")
    dealt = state_of(alice, lambda state: state["session"] == 1)
    characters = dealt["characters"]
    assert len(characters["raphe"]["choosing"]) == 4 and characters["raphe"]["hand"] == []
    assert len(characters["harry"]["hand"]) == 2 and characters["goon"]["hand"] == []  # the rabble has no cards
    drawn = [(c["rank"], c["suit"]) for c in dealt["drawn"]]
    assert len(drawn) == 6 == len(set(drawn))

    kept = characters["raphe"]["choosing"][1:]
    assert (
        ok(alice, "moc.keep", actor_id="raphe", cards=[{"rank": c["rank"], "suit": c["suit"]} for c in kept])["hand"]
        == kept
    )

    ok(gm, "moc.scene")
    beads = state_of(gm, lambda state: state["scene"] == 1)["characters"]
    assert beads["raphe"]["beads"] == {"action": 1, "plot": 1, "drama": 1}
    assert beads["harry"]["beads"] == {"action": 6}  # 3 for the primary's dice, 3 for a Hero

    # Antares's Cryptography: Mind 3 + Reasoning 2 untrained (+2): 3 dice at TN 9.
    parts = [{"source": "Mind", "dice": 3}, {"source": "Reasoning", "dice": 2}]
    rolled = card(alice, "moc.roll", actor_id="raphe", parts=parts, untrained=2)
    assert (rolled["result"]["pool"]["dice"], rolled["result"]["tn"]) == (3, 9)
    assert len([die for die in rolled["result"]["dice"] if die["kind"] == "skill"]) == 3

    played = kept[0]
    augmented = card(
        alice,
        "moc.augment",
        actor_id="raphe",
        roll_id=rolled["roll_id"],
        element="action",
        card={"rank": played["rank"], "suit": played["suit"]},
        points=[{"die": 0, "points": played["rank"]}],
    )["result"]
    assert augmented["play"]["suiting"] == "on_suit"  # a Wildcard's card suits anything
    assert augmented["actions"][0]["roll"]["dice"][0]["augment"] == played["rank"]
    assert (
        len(
            state_of(alice, lambda state: len(state["characters"].get("raphe", {}).get("hand", [])) == 2)["characters"][
                "raphe"
            ]["hand"]
        )
        == 2
    )

    refused(alice, "moc.roll", "forbidden", "actor_id", actor_id="harry", parts=[{"source": "Body", "dice": 5}])
    refused(alice, "moc.roll", "invalid", "sides", actor_id="raphe", parts=[{"source": "Body", "dice": 3}], sides=8)
    assert alice.request("moc.scene")["error"]["code"] == "forbidden"

    ok(gm, "moc.chips.grant", actor_id="raphe", chips=["red", "white", "white", "white"], scene_start=True)
    refused(gm, "moc.chips.grant", "against_the_rules", "chips", actor_id="raphe", chips=["blue"], scene_start=True)
    spent = ok(alice, "moc.chips.spend", actor_id="raphe", chip="white", use="beads", element="drama")
    assert spent["bought"] == 2 and spent["character"]["beads"]["drama"] == 3
    assert spent["character"]["chips"] == {"white": 2, "red": 1, "blue": 0}
    traded = ok(alice, "moc.chips.trade", actor_id="raphe", give=["red"], take=["white", "white", "white"])
    assert traded["chips"] == {"white": 5, "red": 0, "blue": 0}

    # Harry plays 2 Action beads, in his archetype; Raphe's card trumps them and they come back.
    ok(bob, "moc.beads.spend", actor_id="harry", element="action", beads=2)
    trumping = {"rank": kept[1]["rank"], "suit": kept[1]["suit"]}
    standing = {"beads": 2, "actor_id": "harry", "element": "action"}
    trumped = card(alice, "moc.trump", actor_id="raphe", card=trumping, element="drama", standing=standing)["result"]
    assert (trumped["trumps"], trumped["beads_returned"], trumped["returned_to"]) == (True, 2, "harry")
    after = state_of(bob, lambda state: len(state["characters"].get("raphe", {}).get("hand", [])) == 1)
    assert after["characters"]["harry"]["beads"] == {"action": 6}
    refused(alice, "moc.trump", "invalid", "card", actor_id="raphe", chip="white", card=trumping, standing=standing)

    secret = card(alice, "moc.opposed", actor_id="raphe", dice=4, label="slip past the guard")
    secret_id, successes = secret["roll_id"], secret["result"]["successes"]
    assert secret["visibility"] == "whisper" and secret["whisper_to"] == []
    assert state_of(bob, lambda state: secret_id in state["opposed"])["opposed"][secret_id] == {
        "actor_id": "raphe",
        "declared": 0,
    }
    declared = card(alice, "moc.declare", actor_id="raphe", roll_id=secret_id, successes=successes, against="the guard")
    assert declared["result"]["declared_total"] == successes
    refused(alice, "moc.declare", "against_the_rules", "successes", actor_id="raphe", roll_id=secret_id, successes=1)
    dodge = card(gm, "moc.opposed", actor_id="goon", dice=3, label="dodge")
    resisted = dodge["result"]["successes"]
    resisting = card(
        gm, "moc.declare", actor_id="goon", roll_id=dodge["roll_id"], successes=resisted, resists=declared["roll_id"]
    )
    assert (resisting["result"]["against"], resisting["result"]["through"]) == ("Raphe", max(0, successes - resisted))
    bob.wait_for("roll.result", lambda e: e["roll_id"] == resisting["roll_id"])
    assert not [e for e in bob.received("roll.result") if e["roll_id"] in (secret_id, dodge["roll_id"])]  # secrets kept

    damage = 0
    for _ in range(60):
        attack = card(gm, "moc.attack", actor_id="goon", target="harry", dice=6, tn=7, weapon=BLAST_PISTOL)["result"]
        if attack["hit"]:
            damage = min(DAMAGE_POINTS, damage + attack["hit"]["damage"])
        assert attack["target"]["tracks"]["damage"] == damage
        if damage == DAMAGE_POINTS:
            break
    state_of(bob, lambda state: state["characters"].get("harry", {}).get("tracks", {}).get("damage") == DAMAGE_POINTS)

    assert store.system_state(world.world_id, "moment_of_truth") is None
    ok(gm, "system.set", system="moment_of_truth")
    assert ok(gm, "table.snapshot") == truth_before
    ok(gm, "system.set", system=SYSTEM)
    assert ok(gm, "system.get")["state"]["characters"]["harry"]["tracks"]["damage"] == DAMAGE_POINTS


ELEMENT_OF_SUIT = {"clubs": "action", "diamonds": "storytelling", "spades": "plot", "hearts": "drama"}


def test_harrys_split_pool_a_card_over_it_and_a_hit_resisted(gm, player_for):
    ok(gm, "system.set", system=SYSTEM)
    bob = player_for("bob", ["harry"])
    ok(gm, "moc.character", **{**HARRY, "primary_dice": 5})
    ok(gm, "moc.session")
    hand = state_of(bob, lambda state: state["session"] == 1)["characters"]["harry"]["hand"]

    # The text's bulkhead: 13 dice less 2 for three actions, four allotments, a bead's marginal success on the lift.
    actions = [
        {"name": "move", "dice": 1, "needs": "failure"},
        {"name": "lift", "dice": 1, "free_success": True},
        {"name": "throw", "dice": 7},
        {"name": "defense", "dice": 2},
    ]
    split = card(bob, "moc.split", actor_id="harry", pool=13, counted=3, actions=actions)
    assert (split["result"]["pool"], split["result"]["lost"]) == (13, 2)
    assert split["result"]["actions"][1]["level"] == "marginal_success"
    refused(
        bob, "moc.split", "against_the_rules", "actions", actor_id="harry", pool=13, actions=actions
    )  # 13 - 3 is not 11

    played = hand[0]
    spots = [{"action": 0, "die": 0, "points": 1}, {"action": 2, "die": 0, "points": 1}]
    on_suit = {"rank": played["rank"], "suit": played["suit"]}
    augmented = card(
        bob,
        "moc.augment",
        actor_id="harry",
        roll_id=split["roll_id"],
        element=ELEMENT_OF_SUIT[played["suit"]],
        card=on_suit,
        points=spots,
    )["result"]
    assert augmented["play"]["suiting"] == "on_suit" and (augmented["pool"], augmented["lost"]) == (13, 2)
    assert [action["roll"]["dice"][0]["augment"] for action in augmented["actions"]] == [1, 0, 1, 0]
    refused(
        bob,
        "moc.augment",
        "against_the_rules",
        "card",
        actor_id="harry",
        roll_id=split["roll_id"],
        element="action",
        card=on_suit,
        points=spots[:1],
    )

    beads = ok(bob, "moc.card.beads", actor_id="harry", card={"rank": hand[1]["rank"], "suit": hand[1]["suit"]})
    assert beads["character"]["hand"] == [] and beads["character"]["beads"][beads["element"]] == beads["beads"]
    refused(
        bob,
        "moc.beads.spend",
        "against_the_rules",
        "beads",
        actor_id="harry",
        element="action",
        beads=1,
        storytelling=True,
    )

    ok(gm, "moc.scene")  # 5 beads for Harry's primary dice and 3 for a Hero, all in Action
    ok(gm, "moc.chips.grant", actor_id="harry", chips=["red"])
    bought = ok(bob, "moc.chips.spend", actor_id="harry", chip="red", use="cards")["cards"]
    out = {(c["rank"], c["suit"]) for c in hand}
    assert len(bought) == 3 and not out & {(c["rank"], c["suit"]) for c in bought}  # drawn from what is left
    lowest = min(bought, key=lambda c: c["rank"])
    shift = {"rank": lowest["rank"], "suit": lowest["suit"]}
    shifted = ok(bob, "moc.card.shift", actor_id="harry", card=shift, source="action", target="drama")
    assert shifted["character"]["beads"] == {"action": 8 - lowest["rank"] // 2, "drama": lowest["rank"] // 2}

    hit = card(
        gm, "moc.attack", actor_id="goon", target="harry", dice=8, tn=5, weapon=BLAST_PISTOL, resist={"dice": 5}
    )["result"]
    if hit["resistance"]:
        assert hit["resistance"]["tn"] == 7 and hit["hit"]["explanation"][0].endswith("resisted into pain")
    pain = hit["target"]["tracks"]["pain"]
    recovered = card(bob, "moc.recover", actor_id="harry", kind="action")["result"]
    assert recovered["tracks"]["pain"] == max(0, pain - HARRY["toughness"])
    chances = queued(bob, "moc.odds", dice=3, tn=9)
    assert chances == dump(MocOdds, roll_odds(3, 10, 9))
    refused(bob, "moc.odds", "invalid", "dice", dice=300, tn=20)  # exact odds of so large a pool take seconds
    healed = card(bob, "moc.recover", actor_id="harry", kind="damage")["result"]
    damage = hit["target"]["tracks"]["damage"]
    assert healed["tracks"]["damage"] == damage - (1 if damage and healed["roll"]["successes"] else 0)
