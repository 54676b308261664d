"""``dice.roll`` through the real bridge (docs/protocol.md, Dice for the table): plain dice rolled by the
bridge for a client's own roller, each card in the roll log with its faces, seen by its roller and the GM
alone; the number and faces bounded, each bad field named."""

from __future__ import annotations

import pytest

from bridge.rules.dice import MAX_DICE_PER_ROLL
from bridge.schemas.dice import FACES_MAX


def test_a_player_gets_faces_the_bridge_rolled_logged_for_them_and_the_gm_alone(gm, player_for):
    allison, seamus = player_for("allison"), player_for("seamus")
    answer = allison.request("dice.roll", faces=6, number=4, label="4d6")
    assert answer["ok"], answer
    card = answer["result"]
    rolled = card["result"]
    assert card["rule"] == "dice.roll" and card["user"] == "allison" and card["visibility"] == "whisper"
    assert rolled["faces"] == 6 and rolled["number"] == 4 and len(rolled["dice"]) == 4
    assert all(1 <= face <= 6 for face in rolled["dice"]) and rolled["total"] == sum(rolled["dice"])
    assert rolled["explanation"] == [f"4d6 rolled by the bridge: {', '.join(map(str, rolled['dice']))} (total {rolled['total']})"]

    def logged(client):
        return [entry for entry in client.request("roll.log")["result"]["rolls"] if entry["roll_id"] == card["roll_id"]]

    assert logged(gm) == [card] and logged(allison) == [card]
    assert logged(seamus) == []


@pytest.mark.parametrize("field, sent", [
    ("number", {"faces": 6, "number": MAX_DICE_PER_ROLL + 1}),
    ("number", {"faces": 6, "number": 0}),
    ("faces", {"faces": FACES_MAX + 1, "number": 1}),
    ("faces", {"faces": 1, "number": 1}),
    ("faces", {"number": 1}),
])
def test_more_dice_or_faces_than_the_cap_is_refused_naming_the_field(gm, player_for, field, sent):
    answer = player_for("allison").request("dice.roll", **sent)
    assert not answer["ok"] and answer["error"]["code"] == "invalid" and field in answer["error"]["fields"], answer
