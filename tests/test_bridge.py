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

from bridge.encoded import Encoded, SocketIOJson, compact, dumps, loads
from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.store import UnknownWorld

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
            assert result["outcome"] == expected.to_dict()
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


def test_a_request_reads_its_world_with_its_claim(store, world):
    """The claim of a request id brings its world: read inside the request,
    it is the claim's, whatever changed since; outside, Redis's."""
    store.save_settings(world.world_id, {"default_tn": 1})

    def compute():
        store.save_settings(world.world_id, {"default_tn": 2})
        seen = store.world(world.world_id)
        return {"name": seen.name, "gm_key": seen.gm_key, "settings": seen.settings}

    answer = store.answer_once(f"{world.world_id}:gm:roll:r1", world.world_id, compute)
    assert answer == {"name": world.name, "gm_key": world.gm_key, "settings": {"default_tn": 1}}
    assert store.world(world.world_id).settings == {"default_tn": 2}


def test_a_request_reads_its_fight_with_its_claim(store, world):
    """Named with the claim, tokens and their scene's combat come with it:
    the request's first read of those tokens is the claim's, whatever
    changed since; any other read is Redis's."""
    tokens, combats = f"vtt:world:{world.world_id}:tokens", f"vtt:world:{world.world_id}:combats"
    store.redis.hset(tokens, mapping={"a": json.dumps({"scene_id": "s", "n": 1}), "b": json.dumps({"scene_id": "s"})})
    store.redis.hset(combats, "s", json.dumps({"round": 1}))

    def compute():
        store.redis.hset(tokens, "a", json.dumps({"scene_id": "s", "n": 2}))
        reads = [store.read_fight(world.world_id, ["a", "b"])[0] for _ in range(2)]
        return {"reads": [[read.token_states()["a"]["n"], read.combat_state, read.scene_id] for read in reads]}

    answer = store.answer_once(f"{world.world_id}:gm:attack:f1", world.world_id, compute, fight=["a", "b"])
    assert answer == {"reads": [[1, {"round": 1}, "s"], [2, {"round": 1}, "s"]]}
    assert store.answer_once(f"{world.world_id}:gm:attack:f1", world.world_id, compute, fight=["a", "b"]) == answer

    def other_tokens():
        return {"n": store.read_fight(world.world_id, ["a"])[0].token_states()["a"]["n"]}

    assert store.answer_once(f"{world.world_id}:gm:attack:f2", world.world_id, other_tokens, fight=["a", "b"]) == {"n": 2}


def _token_n(store, world_id, token_id="a"):
    return json.loads(store.redis.hget(f"vtt:world:{world_id}:tokens", token_id))["n"]


def test_a_fight_request_writes_its_change_with_its_answer(store, world):
    """With a fight, the change of the tokens is held until the answer is
    written, in the same script; the roll log's entries too."""
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 1}))
    seen = []

    def compute():
        answer = store.change_tokens(world.world_id, ["a"], lambda states: ({"a": {**states["a"], "n": 2}}, "changed"))
        store.log_roll(world.world_id, {"card": 1})
        seen.append(_token_n(store, world.world_id))
        return {"answer": answer}

    scope = f"{world.world_id}:gm:attack:h1"
    assert store.answer_once(scope, world.world_id, compute, fight=["a"]) == {"answer": "changed"}
    assert (seen, _token_n(store, world.world_id)) == ([1], 2)
    assert json.loads(store.redis.get(f"vtt:answer:{scope}")) == {"answer": "changed"}
    assert [json.loads(f["entry"]) for _, f in store.redis.xrange(f"vtt:world:{world.world_id}:rolls")] == [{"card": 1}]


def test_a_fight_request_writes_texts_beyond_ascii(store, world):
    """Ids and states stored as UTF-8 beyond ASCII are read with the claim,
    compared and written whole, their earlier state kept for undo."""
    tokens = f"vtt:world:{world.world_id}:tokens"
    stored = json.dumps({"scene_id": "scène", "name": "Zoë 🐉", "n": 1}, ensure_ascii=False)
    store.redis.hset(tokens, "drachen-ö", stored)
    store.redis.hset(f"vtt:world:{world.world_id}:combats", "scène", json.dumps({"round": "é"}, ensure_ascii=False))

    def compute():
        store.change_tokens(world.world_id, ["drachen-ö"], lambda states: ({"drachen-ö": {**states["drachen-ö"], "n": 2}}, None))
        store.log_roll(world.world_id, {"card": "ünïcode"})
        return {"answer": "fertig ✓"}

    scope = f"{world.world_id}:gm:attack:u1"
    assert store.answer_once(scope, world.world_id, compute, fight=["drachen-ö"]) == {"answer": "fertig ✓"}
    assert json.loads(store.redis.hget(tokens, "drachen-ö")) == {"scene_id": "scène", "name": "Zoë 🐉", "n": 2}
    assert store.redis.lrange(f"vtt:world:{world.world_id}:token_history:drachen-ö", 0, -1) == [stored]
    assert json.loads(store.redis.get(f"vtt:answer:{scope}")) == {"answer": "fertig ✓"}


def test_a_fight_request_runs_again_when_what_it_read_changed(store, world):
    """Another write between the read and the answer's: the held change is
    not written, the request runs again on a fresh read, and only that run's
    change, log entry and answer are written."""
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 1}))
    runs = []

    def compute():
        read = store.read_fight(world.world_id, ["a"])[0].token_states()["a"]["n"]
        store.change_tokens(world.world_id, ["a"], lambda states: ({"a": {**states["a"], "n": read * 10}}, None))
        store.log_roll(world.world_id, {"run": len(runs)})
        if not runs:  # another client, meanwhile
            store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 3}))
        runs.append(read)
        return {"read": read}

    assert store.answer_once(f"{world.world_id}:gm:attack:h2", world.world_id, compute, fight=["a"]) == {"read": 3}
    assert (runs, _token_n(store, world.world_id)) == ([1, 3], 30)
    assert [json.loads(f["entry"]) for _, f in store.redis.xrange(f"vtt:world:{world.world_id}:rolls")] == [{"run": 1}]


def test_a_fight_request_that_changes_nothing_stands_as_read(store, world):
    """A run that writes no token, combat or ledger (a missed attack) is
    answered as of its read, even when another write came meanwhile: it
    runs once, and its log entry and answer are written beside that write."""
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 1}))
    runs = []

    def compute():
        read = store.read_fight(world.world_id, ["a"])[0].token_states()["a"]["n"]
        store.change_tokens(world.world_id, ["a"], lambda states: ({}, None))
        store.log_roll(world.world_id, {"run": len(runs)})
        store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 3}))
        runs.append(read)
        return {"read": read}

    scope = f"{world.world_id}:gm:attack:h5"
    assert store.answer_once(scope, world.world_id, compute, fight=["a"]) == {"read": 1}
    assert (runs, _token_n(store, world.world_id)) == ([1], 3)
    assert json.loads(store.redis.get(f"vtt:answer:{scope}")) == {"read": 1}
    assert [json.loads(f["entry"]) for _, f in store.redis.xrange(f"vtt:world:{world.world_id}:rolls")] == [{"run": 0}]


def test_a_fight_requests_moments_are_held_with_its_change(store, world):
    """The Moments of Truth a fight request spends are written with its change
    and answer; when what it read changed, the run again spends them once."""
    tokens, moments = f"vtt:world:{world.world_id}:tokens", f"vtt:world:{world.world_id}:moments"
    store.redis.hset(tokens, "a", json.dumps({"scene_id": "s", "n": 1}))
    store.redis.set(moments, json.dumps({"spent": 0}))
    seen = []

    def compute():
        spent = store.change_moments(world.world_id, lambda ledger, uses: ({"spent": ledger["spent"] + 1}, {}, ledger["spent"]))
        store.change_tokens(world.world_id, ["a"], lambda states: ({"a": {**states["a"], "n": 2}}, None))
        seen.append((spent, json.loads(store.redis.get(moments))["spent"], _token_n(store, world.world_id)))
        if len(seen) == 1:  # another client spends one meanwhile
            store.redis.set(moments, json.dumps({"spent": 5}))
        return {"spent_before": spent}

    answer = store.answer_once(f"{world.world_id}:gm:attack:h3", world.world_id, compute, fight=["a"])
    assert seen == [(0, 0, 1), (5, 5, 1)] and answer == {"spent_before": 5}
    assert json.loads(store.redis.get(moments)) == {"spent": 6} and _token_n(store, world.world_id) == 2
    with pytest.raises(RuntimeError):  # held writes change the Moments of Truth once
        store.answer_once(f"{world.world_id}:gm:attack:h4", world.world_id, lambda: [
            store.change_moments(world.world_id, lambda ledger, uses: (ledger, uses, None)) for _ in range(2)
        ], fight=["a"])
    assert store.redis.get(f"vtt:answer:{world.world_id}:gm:attack:h4") is None
    assert json.loads(store.redis.get(moments)) == {"spent": 6}


def test_a_request_writes_its_log_entries_with_its_answer_even_when_it_fails(store, world):
    """Without a fight, the roll log's entries go with the answer; a failing
    request's entries are still logged and its claim deleted, so its id may
    be sent again."""
    rolls = f"vtt:world:{world.world_id}:rolls"

    def compute():
        store.log_roll(world.world_id, {"card": 1})
        store.log_roll(world.world_id, {"card": 2})
        return {"answer": 1}

    scope = f"{world.world_id}:gm:roll:w1"
    assert store.answer_once(scope, world.world_id, compute) == {"answer": 1}
    assert store.answer_once(scope, world.world_id, lambda: {"answer": 2}) == {"answer": 1}
    assert json.loads(store.redis.get(f"vtt:answer:{scope}")) == {"answer": 1}

    def failing():
        store.log_roll(world.world_id, {"card": 3})
        raise RuntimeError("the handler failed")

    with pytest.raises(RuntimeError):
        store.answer_once(f"{world.world_id}:gm:roll:w2", world.world_id, failing)
    assert store.redis.get(f"vtt:answer:{world.world_id}:gm:roll:w2") is None
    assert [json.loads(f["entry"]) for _, f in store.redis.xrange(rolls)] == [{"card": 1}, {"card": 2}, {"card": 3}]


def test_a_request_in_an_unknown_world_finds_no_world(store, world):
    missing = f"{world.world_id}-gone"
    with pytest.raises(UnknownWorld):
        store.answer_once(f"{missing}:gm:roll:r1", missing, lambda: store.world(missing))


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

    from .services import wait_until

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


class OursPacket(packet.Packet):
    """python-socketio's packet with the bridge's ``json=`` module, as ``create_app`` configures it."""

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
    ours = OursPacket(packet_type, data=data, namespace=namespace, id=ack_id)
    theirs = packet.Packet(packet_type, data=data, namespace=namespace, id=ack_id)
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


