"""The bridge over real Socket.IO, a real Redis and a real RQ worker."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

import pytest
import socketio
import websocket
from hypothesis import given
from hypothesis import strategies as st
from socketio import packet

from bridge.encoded import Encoded, SocketIOJson, TextPacket, compact, dumps, loads
from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.rolls import Outcome

SKILL_ROLL = {
    "actor_id": "hero",
    "kind": "skill",
    "statistic": {"name": "Agility", "value": 3},
    "skill": {"name": "Firearms", "level": 2},
}


def refusal(bridge, **auth) -> dict:
    """The ``connect_error`` data of a refused connection."""
    client, refusals = socketio.Client(reconnection=False), []
    client.on("connect_error", refusals.append)
    try:
        client.connect(bridge.url, auth={"protocol": 1, **auth}, transports=["websocket"], wait_timeout=10)
    except socketio.exceptions.ConnectionError:
        return refusals[0]["data"]  # socket.io puts ConnectionRefusedError args as {message, data}
    client.disconnect()
    raise AssertionError("the connection was accepted")


# -- auth ------------------------------------------------------------------


def test_connection_without_valid_credentials_is_refused(bridge, world):
    assert refusal(bridge, world=world.world_id, gm_key="not-the-key")["code"] == "unauthorized"
    assert refusal(bridge, world=world.world_id, token="forged")["code"] == "unauthorized"
    assert refusal(bridge, world="no-such-world", gm_key=world.gm_key)["code"] == "unauthorized"
    assert refusal(bridge, world=world.world_id)["code"] == "invalid"


def test_wrong_protocol_version_is_refused(bridge, world):
    refused = refusal(bridge, world=world.world_id, gm_key=world.gm_key, protocol=99)
    assert refused["code"] == "protocol_mismatch"
    assert refused["fields"] == {"protocol": ["must be 1"]}


@pytest.mark.parametrize("ended_by", ["a refusal", "the client"])
def test_the_bridge_ends_a_websockets_connection_when_the_websocket_ends(bridge, world, ended_by):
    """Its TCP connection too, without waiting for the client to drop it (bridge/service/web.py says why)."""
    raw = websocket.create_connection(bridge.url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket", timeout=10)
    assert raw.recv().startswith("0")  # Engine.IO's open packet
    if ended_by == "a refusal":
        raw.send("40" + json.dumps({"protocol": 1, "world": world.world_id, "gm_key": "not-the-key"}))
        assert raw.recv().startswith("44")  # connect_error
        raw.send("1")  # Engine.IO's close, which python-socketio's client sends then
    else:
        raw.send_close()
    assert raw.recv_data(control_frame=True)[0] == websocket.ABNF.OPCODE_CLOSE  # answered, as a client must
    try:
        assert raw.sock.recv(1) == b""  # the end of the connection; a timeout if the bridge kept it open
    except ConnectionResetError:
        pass  # ended too, unread bytes and all
    raw.sock.close()


def test_gm_connects_with_key_and_hears_session_ready(gm, world):
    ready = gm.wait_for("session.ready")
    assert ready["role"] == "gm"
    assert ready["world"]["id"] == world.world_id
    assert "gm_key" not in str(ready)


def test_player_token_works_until_the_gm_rotates_the_key(bridge, world, store, player_for):
    player = player_for("alice", ["hero"])
    assert player.wait_for("session.ready")["role"] == "player"
    minted_token = player.sio.connection_auth["token"]
    store.rotate_gm_key(world.world_id)
    assert refusal(bridge, world=world.world_id, token=minted_token)["code"] == "unauthorized"


def test_players_may_not_send_gm_requests(player_for):
    player = player_for("alice")
    answer = player.request("token.mint", user="alice")
    assert answer["ok"] is False
    assert answer["error"]["code"] == "forbidden"
    assert "only the GM" in answer["error"]["message"]


# -- rolls -----------------------------------------------------------------


def test_player_rolls_for_own_actor_but_not_for_anothers(player_for):
    alice = player_for("alice", ["hero"])
    mine = alice.request("roll", **SKILL_ROLL)
    assert mine["ok"], mine
    theirs = alice.request("roll", **{**SKILL_ROLL, "actor_id": "villain"})
    assert theirs["ok"] is False
    assert theirs["error"]["code"] == "forbidden"
    assert "actor_id" in theirs["error"]["fields"]


def test_counting_matches_the_faces_over_many_rolls(gm):
    labels = set()
    for kind, skill in (("skill", {"name": "Firearms", "level": 3}), ("unskilled", None), ("statistic", None)):
        request = {**SKILL_ROLL, "kind": kind, "statistic": {"name": "Agility", "value": 4}}
        request.pop("skill")
        if skill:
            request["skill"] = skill
        for _ in range(60):
            answer = gm.request("roll", **request)
            assert answer["ok"], answer
            result = answer["result"]["result"]
            assert len(result["faces"]) == result["pool"]["dice"]
            counted = count_faces(result["faces"], RollKind(kind))
            assert result["successes"] == counted.successes and result["ones"] == counted.ones
            assert [die["face"] for die in result["dice"]] == result["faces"]
            expected = judge(counted, result["pool"]["dice"], result["target"]["value"])
            assert result["outcome"] == dump(Outcome, expected)
            labels.add(result["outcome"]["label"])
    assert {"success", "failure"} <= labels


def test_public_roll_reaches_the_table(gm, player_for):
    alice = player_for("alice", ["hero"])
    bob = player_for("bob")
    answer = alice.request("roll", **SKILL_ROLL)
    for listener in (gm, bob):
        pushed = listener.wait_for("roll.result", lambda entry: entry["roll_id"] == answer["result"]["roll_id"])
        assert pushed["result"]["faces"] == answer["result"]["result"]["faces"]


def test_blind_roll_shows_only_the_gm(gm, player_for):
    alice = player_for("alice", ["hero"])
    bob = player_for("bob")
    answer = alice.request("roll", **SKILL_ROLL, visibility="blind")
    assert answer["result"]["hidden"] is True and "result" not in answer["result"]
    roll_id = answer["result"]["roll_id"]
    assert "faces" in gm.wait_for("roll.result", lambda entry: entry["roll_id"] == roll_id)["result"]
    bob.request("ping")  # a round trip after the roll: bob would have had it by now
    assert not [entry for entry in bob.received("roll.result") if entry["roll_id"] == roll_id]
    assert alice.request("roll.log")["result"]["rolls"][-1] == answer["result"]


def test_whisper_reaches_only_its_audience(gm, player_for):
    alice = player_for("alice", ["hero"])
    bob = player_for("bob")
    carol = player_for("carol")
    answer = alice.request("roll", **SKILL_ROLL, visibility="whisper", whisper_to=["bob"])
    roll_id = answer["result"]["roll_id"]
    for listener in (gm, bob):
        listener.wait_for("roll.result", lambda entry: entry["roll_id"] == roll_id)
    carol.request("ping")
    assert not [entry for entry in carol.received("roll.result") if entry["roll_id"] == roll_id]
    assert all(entry["roll_id"] != roll_id for entry in carol.request("roll.log")["result"]["rolls"])


def test_a_whisper_to_someone_not_at_the_table_is_refused_and_nothing_is_logged(gm, player_for):
    alice = player_for("alice", ["hero"])
    before = alice.request("roll.log")["result"]["rolls"]
    answer = alice.request("roll", **SKILL_ROLL, visibility="whisper", whisper_to=["gm", "bbo"])
    assert answer["error"]["code"] == "invalid" and list(answer["error"]["fields"]) == ["whisper_to"], answer
    assert "'bbo'" in answer["error"]["fields"]["whisper_to"][0] and "'gm'" not in answer["error"]["message"]
    assert alice.request("roll.log")["result"]["rolls"] == before


def test_a_name_of_only_spaces_is_refused_on_name(gm):
    statistics = dict.fromkeys(("endurance", "strength", "agility", "will", "perception", "education"), 3)
    answer = gm.request("token.register", token_id="t", actor_id="a", name="   ", statistics=statistics)
    assert answer["error"]["code"] == "invalid" and list(answer["error"]["fields"]) == ["name"], answer
    assert gm.request("table.snapshot")["result"]["tokens"] == []
    empty = gm.request("token.register", token_id="t", actor_id="a", name="Bo", statistics={**statistics, "agility": None})
    assert list(empty["error"]["fields"]) == ["statistics"], empty


def test_repeated_request_id_returns_the_first_answer(gm):
    first = gm.request("roll", request_id="same-click", **SKILL_ROLL)
    again = gm.request("roll", request_id="same-click", **SKILL_ROLL)
    assert again == first
    logged = [entry for entry in gm.request("roll.log", limit=200)["result"]["rolls"] if entry["request_id"] == "same-click"]
    assert len(logged) == 1


def test_impossible_roll_is_refused(gm):
    request = {key: value for key, value in SKILL_ROLL.items() if key != "skill"}
    answer = gm.request("roll", **{**request, "kind": "unskilled", "statistic": {"name": "Agility", "value": 1}, "difficulty": 2})
    assert answer["error"]["code"] == "impossible_roll"


BAD_FIELDS = [
    ({"kind": "juggling"}, ["kind"]),
    ({"statistic": {"name": "Agility", "value": -1}}, ["statistic"]),
    ({"statistic": {"name": "Agility", "value": "three"}}, ["statistic"]),
    ({"skill": {"name": "Firearms"}}, ["skill"]),
    ({"difficulty": 99}, ["difficulty"]),
    ({"modifiers": [{"source": "wound", "dice": 2, "penalty": True}]}, ["modifiers"]),
    ({"visibility": "everyone"}, ["visibility"]),
    ({"actor_id": "../../etc/passwd"}, ["actor_id"]),
    ({"request_id": ""}, ["request_id"]),
    ({"surprise": 1}, ["surprise"]),
]


def test_bad_payloads_get_errors_naming_the_field_while_others_are_served(gm, player_for):
    alice = player_for("alice", ["hero"])
    before = gm.request("roll.log", limit=200)["result"]["rolls"]
    for change, fields in BAD_FIELDS:
        answer = alice.request("roll", **{**SKILL_ROLL, **change})
        assert answer["ok"] is False and answer["error"]["code"] == "invalid", change
        assert list(answer["error"]["fields"]) == fields, answer
        assert gm.request("ping", echo=change)["result"] == {"echo": change}
    assert alice.send_raw("roll", "not an object")["error"]["fields"] == {"_schema": ["must be an object"]}
    assert alice.send_raw("no.such.event", {})["error"]["code"] == "unknown_event"
    assert gm.request("roll.log", limit=200)["result"]["rolls"] == before
    assert alice.request("roll", **SKILL_ROLL)["ok"]


def test_settings_change_reaches_the_table_and_sets_the_tn(gm, player_for):
    alice = player_for("alice", ["hero"])
    assert alice.request("settings.update", settings={"default_tn": 1})["error"]["code"] == "forbidden"
    bad = gm.request("settings.update", settings={"default_tn": 3})
    assert list(bad["error"]["fields"]) == ["settings"]
    assert gm.request("settings.update", settings={"default_tn": 1})["ok"]
    assert alice.wait_for("settings.changed")["settings"]["default_tn"] == 1
    assert alice.request("roll", **SKILL_ROLL)["result"]["result"]["target"]["value"] == 1


# -- queued work -----------------------------------------------------------


def test_odds_job_pushes_exact_odds_to_the_requester(gm):
    request = {key: value for key, value in SKILL_ROLL.items() if key != "actor_id"}
    answer = gm.request("odds", request_id="odds-1", **request)
    assert answer["result"]["state"] == "queued"
    pushed = gm.wait_for("job.result", lambda push: push["request_id"] == "odds-1")
    assert pushed["kind"] == "odds"
    # 5 dice, TN 2: P(at least 2 of 5 dice show 5 or 6) = 1 - (32 + 80)/243.
    assert pushed["result"]["odds"]["success"]["exact"] == "131/243"
    assert gm.wait_for("job.progress", lambda push: push["request_id"] == "odds-1")["state"] == "started"


def test_odds_with_too_many_dice_is_refused_before_queueing(gm):
    request = {key: value for key, value in SKILL_ROLL.items() if key != "actor_id"}
    answer = gm.request("odds", **request, modifiers=[{"source": "horde", "dice": 300}])
    assert answer["error"]["code"] == "too_many_dice"


def test_job_results_go_to_the_requester_only(gm, player_for):
    alice = player_for("alice")
    alice.request("worker.ping", request_id="wp-1", echo="hello")
    assert alice.wait_for("job.result", lambda push: push["request_id"] == "wp-1")["result"] == {"echo": "hello"}
    gm.request("ping")
    assert not gm.received("job.result")


def test_healthz_reports_redis_and_workers(bridge):
    import json
    import urllib.request

    from ..services import wait_until

    def healthy():
        try:
            return json.load(urllib.request.urlopen(bridge.url + "/healthz", timeout=2))
        except OSError:
            return None

    body = wait_until(healthy, what="a healthy bridge")
    assert body["redis"] is True and body["workers"] >= 1


def test_a_websocket_that_ends_is_closed_not_answered_as_http(bridge):
    """After the Engine.IO close, the client's close frame is no HTTP request:
    the bridge closes the connection. It used to read the frame as a request
    line, waiting for a newline until the client gave up (3 s for
    python-socketio's client), then log a 400."""
    ws = websocket.create_connection(bridge.url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket",
                                     timeout=10)
    assert ws.recv().startswith("0")  # Engine.IO's open packet
    ws.send("1")  # Engine.IO's close packet
    ws.send_close()
    opcodes = []
    # the reset: this client answers the bridge's close frame after the bridge hung up
    with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionResetError)):
        while True:
            opcodes.append(ws.recv_data_frame(True)[0])
    assert set(opcodes) <= {websocket.ABNF.OPCODE_CLOSE}


# -- the Socket.IO packet ----------------------------------------------------


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def encoded_inside(value, wrap):
    """``value`` with the dicts ``wrap`` picks, innermost first, made ``Encoded``."""
    if isinstance(value, list):
        return [encoded_inside(item, wrap) for item in value]
    if isinstance(value, dict):
        inner = {key: encoded_inside(item, wrap) for key, item in value.items()}
        return Encoded(inner) if wrap.draw(st.booleans()) else inner
    return value


@given(value=JSON_VALUES, wrap=st.data())
def test_encoded_text_holds_the_value_spliced_or_not(value, wrap):
    """Spliced or not, the standard library reads the value back from the text."""
    kept = encoded_inside(value, wrap)
    assert kept == value
    assert json.loads(dumps(kept)) == value
    assert json.loads(dumps([kept, "roll.result"])) == [value, "roll.result"]


@pytest.mark.parametrize(
    "value, text",
    [
        ({"label": "Zoë's ☂"}, '{"label":"Zoë\'s ☂"}'),  # UTF-8 as it is
        ({"label": "\ud800"}, '{"label":"\\ud800"}'),  # a lone surrogate: the standard library's escape
        ({1: "a", None: "b"}, '{"1":"a","null":"b"}'),  # keys that are not strings, as json.dumps makes them
        ({"big": 2**70}, '{"big":1180591620717411303424}'),
    ],
)
def test_what_orjson_refuses_is_encoded_as_the_standard_library_does(value, text):
    assert compact(value) == text and loads(text) == json.loads(text)


def test_numbers_json_cannot_hold_are_null():
    """The standard library's ``NaN`` and ``Infinity`` are not JSON: a browser's ``JSON.parse`` refuses them."""
    assert compact([float("nan"), float("inf"), -float("inf")]) == "[null,null,null]"


@dataclass(frozen=True)
class Face:
    value: int


@pytest.mark.parametrize("refused", [{"when": datetime.datetime(2026, 1, 1)}, {"face": Face(6)}, {"bytes": b"x"}])
def test_what_json_refuses_stays_refused(refused):
    with pytest.raises(TypeError):
        compact(refused)


def test_a_text_orjson_refuses_is_read_as_the_standard_library_reads_it():
    assert loads('{"label":"\\ud800","n":NaN}')["label"] == "\ud800"
    with pytest.raises(ValueError):
        loads("{not json")


def test_a_roll_entry_is_encoded_once():
    entry = Encoded({"roll_id": "r1", "result": {"faces": [5, 6]}})
    envelope = Encoded({"ok": True, "request_id": "q1", "result": entry})
    entry["result"]["faces"].append(1)  # never done: shows the kept text is reused, not remade
    assert dumps(envelope) == '{"ok":true,"request_id":"q1","result":{"roll_id":"r1","result":{"faces":[5,6]}}}'
    assert OursPacket(packet.ACK, data=[envelope], id=7).encode() == "37[" + envelope.json + "]"


class OursPacket(TextPacket):
    """The bridge's packet (``serializer=``) with its ``json=`` module, as ``create_app`` configures it."""

    json = SocketIOJson


@given(
    packet_type=st.sampled_from([packet.EVENT, packet.ACK]),
    data=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text() | st.binary(),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
        max_leaves=20,
    ),
    namespace=st.sampled_from([None, "/", "/other"]),
    ack_id=st.none() | st.integers(0, 999),
)
def test_the_bridges_json_encodes_packets_as_the_standard_library(packet_type, data, namespace, ack_id):
    """As python-socketio's own packet, but bytes, which the protocol never sends, are refused, not attached."""
    ours = OursPacket(packet_type, data=data, namespace=namespace, id=ack_id)
    theirs = packet.Packet(packet_type, data=data, namespace=namespace, id=ack_id)
    if theirs.packet_type in (packet.BINARY_EVENT, packet.BINARY_ACK):
        with pytest.raises(TypeError):
            ours.encode()
        return
    assert ours.packet_type == theirs.packet_type
    assert_same_packet(ours, theirs)


def assert_same_packet(ours: packet.Packet, theirs: packet.Packet) -> None:
    """The same header, the same JSON value (python-socketio's text is the standard library's)
    and, for a binary packet, the same attachments."""
    ours_text, theirs_text = ours.encode(), theirs.encode()
    attachments = ""
    if not isinstance(theirs_text, str):
        assert ours_text[1:] == theirs_text[1:]
        ours_text, theirs_text, attachments = ours_text[0], theirs_text[0], f"{len(theirs_text) - 1}-"
    namespace = f"{theirs.namespace}," if theirs.namespace not in (None, "/") else ""
    start = len(f"{theirs.packet_type}{attachments}{namespace}{'' if theirs.id is None else theirs.id}")
    assert ours_text[:start] == theirs_text[:start]
    assert (ours_text[start:] and json.loads(ours_text[start:])) == (theirs_text[start:] and json.loads(theirs_text[start:]))


@given(
    packet_type=st.sampled_from([packet.EVENT, packet.ACK]),
    data=st.lists(JSON_VALUES, min_size=1, max_size=3),
    wrap=st.data(),
    namespace=st.sampled_from([None, "/", "/other"]),
    ack_id=st.none() | st.integers(0, 999),
)
def test_the_bridges_json_splices_encoded_payloads(packet_type, data, wrap, namespace, ack_id):
    ours = OursPacket(packet_type, data=encoded_inside(data, wrap), namespace=namespace, id=ack_id)
    theirs = packet.Packet(packet_type, data=data, namespace=namespace, id=ack_id)
    assert ours.packet_type == theirs.packet_type
    assert_same_packet(ours, theirs)


