"""Typed chat and scenes' pictures over real Socket.IO (docs/protocol.md,
``chat.send``, ``scene.*``): a whisper reaches its audience only, a bad
picture is refused naming its field, and every page hears a scene change."""

from __future__ import annotations

import base64

from ..wire_schemas import assert_valid

PNG = b"\x89PNG\r\n\x1a\n" + bytes(64)
STATS = dict.fromkeys(("endurance", "strength", "agility", "will", "perception", "education"), 3)


def test_chat_lines_are_cards_and_a_whisper_reaches_its_audience_only(gm, player_for):
    alice, bob, carol = player_for("alice"), player_for("bob"), player_for("carol")
    said = alice.request("chat.send", text="Bob, the door!")
    assert said["ok"], said
    assert_valid("result.chat.send.json", said["result"])
    assert said["result"]["result"] == {"text": "Bob, the door!"} and said["result"]["actor_id"] == "alice"
    for listener in (gm, bob, carol):
        assert listener.wait_for("roll.result", lambda entry: entry["roll_id"] == said["result"]["roll_id"])["result"]["text"] == "Bob, the door!"
    whisper = alice.request("chat.send", text="carol is the mole", visibility="whisper", whisper_to=["bob"])
    for listener in (gm, bob):
        listener.wait_for("roll.result", lambda entry: entry["roll_id"] == whisper["result"]["roll_id"])
    carol.request("ping")
    assert all(entry["roll_id"] != whisper["result"]["roll_id"] for entry in carol.received("roll.result"))
    assert all(entry["roll_id"] != whisper["result"]["roll_id"] for entry in carol.request("roll.log")["result"]["rolls"])
    for text, field in (("   ", "text"), ("", "text")):
        refused = alice.request("chat.send", text=text)
        assert refused["error"]["code"] == "invalid" and list(refused["error"]["fields"]) == [field], refused
    unknown = alice.request("chat.send", text="hi", visibility="whisper", whisper_to=["bbo"])
    assert list(unknown["error"]["fields"]) == ["whisper_to"], unknown


def test_a_scenes_background_and_token_images_reach_every_page(gm, player_for):
    alice = player_for("alice")
    assert gm.request("token.register", token_id="bo", actor_id="bo", name="Bo", statistics=STATS)["ok"]
    assert gm.request("scene.get", scene_id="table")["result"] == {"scene_id": "table", "background": None, "token_images": {}}
    upload = {"media_type": "image/png", "data": base64.b64encode(PNG).decode()}
    set_ = gm.request("scene.background", scene_id="table", picture=upload)
    assert set_["ok"], set_
    assert_valid("result.scene.background.json", set_["result"])
    assert set_["result"]["background"]["url"] == f"data:image/png;base64,{upload['data']}"
    pushed = alice.wait_for("scene.changed", lambda scene: scene["background"] is not None)
    assert_valid("push.scene.changed.json", pushed)
    image = gm.request("scene.token_image", scene_id="table", token_id="bo", picture={"url": "https://example.org/bo.png"})
    assert image["result"]["token_images"] == {"bo": {"url": "https://example.org/bo.png"}}
    assert alice.request("scene.get", scene_id="table")["result"] == image["result"]
    # refused, naming the field; nothing kept changes
    too_big = {"media_type": "image/png", "data": base64.b64encode(PNG + bytes(700_000)).decode()}
    for picture, field in ((too_big, "data"), ({"media_type": "image/jpeg", "data": upload["data"]}, "data"),
                           ({"url": "ftp://example.org/x.png"}, "url"), ({"media_type": "image/png"}, "data")):
        refused = gm.request("scene.background", scene_id="table", picture=picture)
        assert refused["error"]["code"] == "invalid" and list(refused["error"]["fields"]["picture"]) == [field], refused
    assert "600 kB" in gm.request("scene.background", scene_id="table", picture=too_big)["error"]["fields"]["picture"]["data"][0]
    ghost = gm.request("scene.token_image", scene_id="table", token_id="ghost", picture={"url": "https://example.org/g.png"})
    assert ghost["error"]["code"] == "not_tracked" and list(ghost["error"]["fields"]) == ["token_id"]
    assert alice.request("scene.background", scene_id="table", picture=None)["error"]["code"] == "forbidden"
    assert gm.request("scene.get", scene_id="table")["result"] == image["result"]
