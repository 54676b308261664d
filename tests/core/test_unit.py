"""A request's unit of work on a real Redis (``bridge.table.work.answer_once``):
read with the request id's claim, held while its handler runs, written once
with its answer, run again on fresh reads when what it read changed."""

from __future__ import annotations

import json

import pytest

from bridge.table.auth import Identity, Role
from bridge.table.chain import verify
from bridge.table.store import UnknownWorld
from bridge.table.work import Work, answer_once


def card(fields: dict) -> dict:
    """A roll-log entry everyone sees, with ``fields``."""
    return {"roll_id": "r1", "visibility": "public", "user": "gm", "whisper_to": [], **fields}


def answer(store, world_id: str, request_id: str, run, fight=None):
    """``run(work)``'s answer to the GM's request ``request_id``, as the bridge answers one."""
    key = f"vtt:answer:{world_id}:gm:test:{request_id}"
    return answer_once(store, Identity(world_id, "gm", Role.GM), key, run, fight)[1]


def stored_answer(store, world_id: str, request_id: str):
    return json.loads(store.redis.get(f"vtt:answer:{world_id}:gm:test:{request_id}"))


def _token_n(store, world_id, token_id="a"):
    return json.loads(store.redis.hget(f"vtt:world:{world_id}:tokens", token_id))["n"]


def _logged(store, world_id) -> list:
    return [json.loads(f["entry"]) for _, f in store.redis.xrange(f"vtt:world:{world_id}:rolls")]


def _set_n(n: int, result=None):
    """A table change: token ``a``'s ``n`` becomes ``n``."""
    return lambda read: ({"a": {**read.token_states()["a"], "n": n}}, None, result)


def test_a_request_reads_its_world_with_its_claim(store, world):
    """The claim of a request id brings its world: read inside the request,
    it is the claim's, whatever changed since; outside, Redis's."""
    store.save_settings(world.world_id, {"default_tn": 1})

    def run(work: Work):
        store.save_settings(world.world_id, {"default_tn": 2})
        return {"name": work.world.name, "gm_key_hash": work.world.gm_key_hash, "settings": work.world.settings}

    assert answer(store, world.world_id, "r1", run) == {"name": world.name, "gm_key_hash": world.gm_key_hash, "settings": {"default_tn": 1}}
    assert store.world(world.world_id).settings == {"default_tn": 2}


def test_a_request_reads_its_fight_with_its_claim(store, world):
    """Named with the claim, tokens and their scene's combat come with it:
    the work's reads of those tokens are the claim's, whatever changed since."""
    tokens, combats = f"vtt:world:{world.world_id}:tokens", f"vtt:world:{world.world_id}:combats"
    store.redis.hset(tokens, mapping={"a": json.dumps({"scene_id": "s", "n": 1}), "b": json.dumps({"scene_id": "s"})})
    store.redis.hset(combats, "s", json.dumps({"round": 1}))

    def run(work: Work):
        store.redis.hset(tokens, "a", json.dumps({"scene_id": "s", "n": 2}))
        reads = [work.fight(["a", "b"]) for _ in range(2)]
        return {"reads": [[read.token_states()["a"]["n"], read.combat_state, read.scene_id] for read in reads]}

    first = answer(store, world.world_id, "f1", run, fight=["a", "b"])
    assert first == {"reads": [[1, {"round": 1}, "s"], [1, {"round": 1}, "s"]]}
    assert answer(store, world.world_id, "f1", run, fight=["a", "b"]) == first  # a repeat: the stored answer
    assert answer(store, world.world_id, "f2", lambda work: {"n": work.tokens(["a"])["a"]["n"]}, fight=["b"]) == {"n": 2}


def test_a_request_writes_its_change_with_its_answer(store, world):
    """The change of the tokens is held until the answer is written, in the
    same script; the roll log's entries too."""
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 1}))
    seen = []

    def run(work: Work):
        changed = work.change_table(["a"], None, _set_n(2, "changed"))
        work.log(card({"card": 1}))
        seen.append(_token_n(store, world.world_id))
        return {"answer": changed}

    assert answer(store, world.world_id, "h1", run, fight=["a"]) == {"answer": "changed"}
    assert (seen, _token_n(store, world.world_id)) == ([1], 2)
    assert stored_answer(store, world.world_id, "h1") == {"answer": "changed"}
    assert _logged(store, world.world_id) == [card({"card": 1})]


def test_a_request_writes_texts_beyond_ascii(store, world):
    """Ids and states stored as UTF-8 beyond ASCII are read with the claim,
    compared and written whole, their earlier state kept for undo."""
    tokens = f"vtt:world:{world.world_id}:tokens"
    stored = json.dumps({"scene_id": "scène", "name": "Zoë 🐉", "n": 1}, ensure_ascii=False)
    store.redis.hset(tokens, "drachen-ö", stored)
    store.redis.hset(f"vtt:world:{world.world_id}:combats", "scène", json.dumps({"round": "é"}, ensure_ascii=False))

    def run(work: Work):
        work.fight(["drachen-ö"])
        work.change_table(["drachen-ö"], None, lambda read: ({"drachen-ö": {**read.token_states()["drachen-ö"], "n": 2}}, None, None))
        work.log(card({"card": "ünïcode"}))
        return {"answer": "fertig ✓"}

    assert answer(store, world.world_id, "u1", run, fight=["drachen-ö"]) == {"answer": "fertig ✓"}
    assert json.loads(store.redis.hget(tokens, "drachen-ö")) == {"scene_id": "scène", "name": "Zoë 🐉", "n": 2}
    assert store.redis.lrange(f"vtt:world:{world.world_id}:token_history:drachen-ö", 0, -1) == [stored]
    assert stored_answer(store, world.world_id, "u1") == {"answer": "fertig ✓"}


def test_a_request_runs_again_when_what_it_read_changed(store, world):
    """Another write between the read and the answer's: the held change is
    not written, the request runs again on a fresh read, and only that run's
    change, log entry, answer and pushes are written."""
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 1}))
    runs = []

    def run(work: Work):
        read = work.fight(["a"]).token_states()["a"]["n"]
        work.change_table(["a"], None, _set_n(read * 10))
        work.log(card({"run": len(runs)}))
        work.emit("token.changed", {"run": len(runs)}, to="somewhere")
        if not runs:  # another client, meanwhile
            store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 3}))
        runs.append(read)
        return {"read": read}

    key = f"vtt:answer:{world.world_id}:gm:test:h2"
    written, answered = answer_once(store, Identity(world.world_id, "gm", Role.GM), key, run, ["a"])
    assert answered == {"read": 3} and written.pushes == [("token.changed", {"run": 1}, {"to": "somewhere"})]
    assert (runs, _token_n(store, world.world_id)) == ([1, 3], 30)
    assert _logged(store, world.world_id) == [card({"run": 1})]


def test_a_roll_logged_meanwhile_runs_the_request_again_after_it(store, world):
    """The roll log's head comes with the request's first read: a card
    another request logs meanwhile moves it, so this request runs again and
    its card is chained after that one, and the chain holds."""
    runs = []

    def run(work: Work):
        work.log(card({"roll_id": f"mine-{len(runs)}"}))
        if not runs:  # another player's roll, meanwhile
            answer(store, world.world_id, "other", lambda other: other.log(card({"roll_id": "theirs"})))
        runs.append(len(runs))
        return {}

    answer(store, world.world_id, "h6", run)
    assert runs == [0, 1]
    assert [entry["roll_id"] for entry in _logged(store, world.world_id)] == ["theirs", "mine-1"]
    assert verify(store, world.world_id) == (2, None)


def test_a_request_that_changes_nothing_stands_as_read(store, world):
    """A run that writes no token, combat or ledger (a missed attack) is
    answered as of its read, even when another write came meanwhile: it
    runs once, and its log entry and answer are written beside that write."""
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 1}))
    runs = []

    def run(work: Work):
        read = work.fight(["a"]).token_states()["a"]["n"]
        work.change_table(["a"], None, lambda read: ({}, None, None))
        work.log(card({"run": len(runs)}))
        store.redis.hset(f"vtt:world:{world.world_id}:tokens", "a", json.dumps({"scene_id": "s", "n": 3}))
        runs.append(read)
        return {"read": read}

    assert answer(store, world.world_id, "h5", run, fight=["a"]) == {"read": 1}
    assert (runs, _token_n(store, world.world_id)) == ([1], 3)
    assert stored_answer(store, world.world_id, "h5") == {"read": 1}
    assert _logged(store, world.world_id) == [card({"run": 0})]


def test_a_systems_keys_are_written_with_its_change(store, world):
    """A system's keys (a hash read whole, a list appended to) are written
    with the request's change and answer; when what it read changed, the
    run again changes them once. Two changes of one hash in one work compose."""
    tokens, balances = f"vtt:world:{world.world_id}:tokens", f"vtt:world:{world.world_id}:system:s:balances"
    history = f"vtt:world:{world.world_id}:system:s:history"
    store.redis.hset(tokens, "a", json.dumps({"scene_id": "s", "n": 1}))
    store.redis.hset(balances, "ann", 7)
    seen = []

    def spend(work: Work) -> int:
        held = int(work.hash(balances)["ann"])
        work.hset(balances, "ann", str(held - 1))
        work.append(history, json.dumps({"spent": 1}), keep=10)
        return held

    def run(work: Work):
        held = spend(work)
        after_one = spend(work)
        work.change_table(["a"], None, _set_n(2))
        seen.append((held, after_one, int(store.redis.hget(balances, "ann")), _token_n(store, world.world_id)))
        if len(seen) == 1:  # another client spends two meanwhile
            store.redis.hset(balances, "ann", 5)
        return {"held_before": held}

    assert answer(store, world.world_id, "h3", run, fight=["a"]) == {"held_before": 5}
    assert seen == [(7, 6, 7, 1), (5, 4, 5, 1)]
    assert store.redis.hgetall(balances) == {"ann": "3"} and _token_n(store, world.world_id) == 2
    assert [json.loads(entry) for entry in store.redis.lrange(history, 0, -1)] == [{"spent": 1}, {"spent": 1}]


def test_a_request_that_fails_writes_nothing_and_may_be_sent_again(store, world):
    def failing(work: Work):
        work.log(card({"card": 3}))
        raise RuntimeError("the handler failed")

    with pytest.raises(RuntimeError):
        answer(store, world.world_id, "w2", failing)
    assert store.redis.get(f"vtt:answer:{world.world_id}:gm:test:w2") is None
    assert _logged(store, world.world_id) == []
    assert answer(store, world.world_id, "w2", lambda work: {"answer": 2}) == {"answer": 2}


def test_a_request_in_an_unknown_world_finds_no_world(store, world):
    missing = f"{world.world_id}-gone"
    with pytest.raises(UnknownWorld):
        answer(store, missing, "r1", lambda work: work.world)


def test_an_undo_takes_the_last_change_back_once(store, world):
    tokens, history = f"vtt:world:{world.world_id}:tokens", f"vtt:world:{world.world_id}:token_history:a"
    store.redis.hset(tokens, "a", json.dumps({"n": 2, "v": 2}))
    store.redis.lpush(history, json.dumps({"n": 1, "v": 1}))
    undo = lambda current, earlier: {**earlier, "v": current["v"] + 1}  # noqa: E731

    undone = answer(store, world.world_id, "z1", lambda work: list(work.undo_token("a", undo)))
    assert undone == [{"n": 2, "v": 2}, {"n": 1, "v": 3}]
    assert json.loads(store.redis.hget(tokens, "a")) == {"n": 1, "v": 3} and store.redis.llen(history) == 0
    assert answer(store, world.world_id, "z2", lambda work: work.undo_token("a", undo)) is None
    assert answer(store, world.world_id, "z3", lambda work: work.undo_token("nobody", undo)) is None


