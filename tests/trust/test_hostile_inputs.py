"""Inputs a hostile or broken client sends, over a raw Engine.IO WebSocket or
HTTP (issue 32, items 9, 12-13): each gets an answer, and the connection is
still served afterwards."""

from __future__ import annotations

import http.client
import json
import uuid

import pytest
import websocket

from bridge.transport.limits import MESSAGE_BYTES_MAX as LIMIT

#: How long the raw client waits for a frame, in seconds.
FRAME_TIMEOUT_SECONDS = 5


class RawSocket:
    """An Engine.IO v4 WebSocket spoken by hand: a client that sends what it likes."""

    def __init__(self, url: str, auth: dict):
        address = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.ws = websocket.create_connection(address, timeout=FRAME_TIMEOUT_SECONDS)
        assert self.ws.recv().startswith("0")  # Engine.IO open
        self.ws.send("40" + json.dumps({"protocol": 1, **auth}))
        while not (connected := self._next_socketio()).startswith("40"):
            assert connected.startswith("42"), connected  # a push (session.ready) may come first
        self.acks = 0

    def _next_socketio(self) -> str:
        while True:
            frame = self.ws.recv()
            if frame == "2":  # Engine.IO ping
                self.ws.send("3")
                continue
            return frame

    def call_text(self, body: str) -> list:
        """Send the event array ``body`` (raw JSON text) with an ack id; the ack's arguments."""
        self.acks += 1
        ack = self.acks
        self.ws.send(f"42{ack}{body}")
        while True:
            frame = self._next_socketio()
            if frame.startswith(f"43{ack}["):
                return json.loads(frame[len(f"43{ack}"):])

    def call(self, *arguments) -> list:
        return self.call_text(json.dumps(list(arguments)))

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def raw_gm(bridge, world):
    client = RawSocket(bridge.url, {"world": world.world_id, "gm_key": world.gm_key})
    yield client
    client.close()


def refused_field(answer: list, field: str | None = None) -> dict:
    (reply,) = answer
    assert reply["ok"] is False and reply["error"]["code"] == "invalid", reply
    if field is not None:
        assert field in reply["error"]["fields"], reply
    return reply


def still_served(client: RawSocket) -> None:
    (reply,) = client.call("ping", {"request_id": uuid.uuid4().hex})
    assert reply["ok"], reply


def test_an_integer_of_a_thousand_digits_is_refused_naming_its_field(raw_gm):
    body = '["ping",{"request_id":"r1","echo":{"n":' + "9" * 1000 + "}}]"
    refused_field(raw_gm.call_text(body))
    still_served(raw_gm)


def test_json_nested_a_thousand_levels_is_refused(raw_gm):
    body = '["ping",{"request_id":"r2","echo":' + "[" * 1000 + "]" * 1000 + "}]"
    refused_field(raw_gm.call_text(body))
    still_served(raw_gm)


def test_an_event_with_two_arguments_is_refused(raw_gm):
    refused_field(raw_gm.call("ping", {"request_id": "r3"}, {"extra": True}))
    still_served(raw_gm)


def test_an_event_with_no_argument_is_refused(raw_gm):
    refused_field(raw_gm.call("ping"))
    still_served(raw_gm)


STAT = {"actor_id": "a1", "kind": "statistic", "statistic": {"name": "Will", "value": 3}}


@pytest.mark.parametrize(
    "loose, field",
    [
        ({"difficulty": 1.5}, "difficulty"),
        ({"statistic": {"name": "Will", "value": 2.5}}, "statistic"),
        ({"stakes_raised": "yes"}, "stakes_raised"),
        ({"stakes_raised": 1}, "stakes_raised"),
        ({"difficulty": True}, "difficulty"),
    ],
)
def test_loose_values_where_the_rules_count_or_decide_are_refused(gm, loose, field):
    answer = gm.request("roll", **{**STAT, **loose})
    assert not answer["ok"] and answer["error"]["code"] == "invalid", answer
    assert list(answer["error"]["fields"]) == [field], answer
    assert gm.request("roll.log")["result"]["rolls"] == []


def test_loose_serious_damage_is_refused(gm):
    gm.request("token.register", token_id="t1", actor_id="a1", name="Thug", scene_id="s1",
               statistics={"endurance": 3, "strength": 2, "agility": 2, "will": 2, "perception": 2, "education": 2})
    answer = gm.request("token.damage", token_id="t1", minor=0, serious=1.9)
    assert not answer["ok"] and answer["error"]["code"] == "invalid", answer
    assert "serious" in json.dumps(answer["error"]["fields"]), answer


@pytest.mark.parametrize("name", ["Thug\x00", "Thu\u202eg", "\u2066Thug\u2069"])
def test_names_with_nul_or_bidirectional_controls_are_refused(gm, name):
    answer = gm.request("token.register", token_id="t2", actor_id="a2", name=name, scene_id="s1",
                        statistics={"endurance": 3, "strength": 2, "agility": 2, "will": 2, "perception": 2, "education": 2})
    assert not answer["ok"] and answer["error"]["code"] == "invalid", answer
    assert "name" in answer["error"]["fields"], answer


def test_a_long_polling_post_over_the_limit_gets_413_unread(bridge):
    host, port = bridge.url.removeprefix("http://").split(":")
    opening = http.client.HTTPConnection(host, int(port), timeout=FRAME_TIMEOUT_SECONDS)
    opening.request("GET", "/socket.io/?EIO=4&transport=polling")
    sid = json.loads(opening.getresponse().read().decode()[1:])["sid"]
    opening.close()
    posting = http.client.HTTPConnection(host, int(port), timeout=FRAME_TIMEOUT_SECONDS)
    posting.putrequest("POST", f"/socket.io/?EIO=4&transport=polling&sid={sid}")
    posting.putheader("Content-Type", "text/plain;charset=UTF-8")
    posting.putheader("Content-Length", str(LIMIT + 1))
    posting.endheaders()
    answer = posting.getresponse()  # answered before a byte of the body was sent
    assert answer.status == 413, answer.status
    posting.close()
