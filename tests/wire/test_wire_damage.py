"""The ``damage`` request over real Socket.IO: counting, armor, cards, refusals."""

from __future__ import annotations

from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.damage import DamageResult

from ..wire_schemas import assert_valid

PISTOL = {"actor_id": "hero", "dice": 12, "minor_at": 3, "serious_at": 4}


def test_damage_is_read_from_its_faces_against_armor(gm):
    for request in (
        PISTOL,
        {**PISTOL, "damage_reduction": 6},
        {**PISTOL, "damage_reduction": 6, "armor_piercing": True},
        {**PISTOL, "dice": 17, "minor_at": 2, "serious_at": 3, "lowered_by": 1, "moments_spent": 4},
        {**PISTOL, "dice": 20, "minor_at": 5, "serious_at": None},
    ):
        for _ in range(20):
            answer = gm.request("damage", **request)
            assert answer["ok"], answer
            assert_valid("result.damage.json", answer["result"])
            card = answer["result"]["result"]
            asked = DamageDice(request["dice"] + request.get("moments_spent", 0), request["minor_at"], request["serious_at"])
            asked = asked.lowered(request.get("lowered_by", 0))
            assert len(card["faces"]) == asked.dice
            dr = request.get("damage_reduction", 0) // (2 if request.get("armor_piercing") else 1)
            assert card == {**card, **dump(DamageResult, read_damage(card["faces"], asked, dr))}


def test_a_damage_card_reaches_the_table(gm, player_for):
    alice = player_for("alice", ["hero"])
    answer = alice.request("damage", **PISTOL, label="Nikita's .45")
    pushed = gm.wait_for("roll.result", lambda entry: entry["roll_id"] == answer["result"]["roll_id"])
    assert pushed["rule"] == "damage" and pushed["result"] == answer["result"]["result"]
    assert_valid("push.roll.result.json", pushed)
    logged = gm.request("roll.log")["result"]["rolls"][-1]
    assert logged["roll_id"] == pushed["roll_id"] and logged["label"] == "Nikita's .45"


def test_players_roll_damage_only_for_their_actors(player_for):
    alice = player_for("alice", ["hero"])
    refused = alice.request("damage", **{**PISTOL, "actor_id": "villain"})
    assert refused["error"]["code"] == "forbidden" and list(refused["error"]["fields"]) == ["actor_id"]


def test_bad_damage_fields_are_named(gm):
    for change, field in (({"serious_at": 7}, "serious_at"), ({"dice": 301}, "dice"), ({"moments_spent": 290}, "moments_spent")):
        answer = gm.request("damage", **{**PISTOL, **change})
        assert answer["error"]["code"] == "invalid" and list(answer["error"]["fields"]) == [field], answer
