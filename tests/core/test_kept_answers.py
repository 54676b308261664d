"""What a request may leave in Redis: its answer, kept for retries ten minutes
at most, and at most ``ANSWER_MAX_BYTES`` of it."""

from __future__ import annotations

import json

from bridge.table.store import ANSWER_MAX_BYTES

from ..wire.test_bridge import SKILL_ROLL


def _answer_key(world, user: str, event: str, request_id: str) -> str:
    return f"vtt:answer:{world.world_id}:{user}:{event}:{request_id}"


def _compact(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def test_an_answer_is_kept_for_retries_ten_minutes_at_most(gm, world, store):
    rolled = gm.request("roll", request_id="kept", **SKILL_ROLL)
    assert rolled["ok"], rolled
    assert gm.request("roll", request_id="kept", **SKILL_ROLL) == rolled  # a retry: the same answer
    ttl = store.redis.ttl(_answer_key(world, "gm", "roll", "kept"))
    assert 0 < ttl <= 600


def test_an_answer_too_large_to_keep_is_answered_once_and_kept_as_a_short_refusal(gm, world, store):
    label = "x" * 60
    card_bytes = len(_compact(gm.request("roll", label=label, **SKILL_ROLL)["result"]))
    for _ in range(ANSWER_MAX_BYTES // card_bytes + 10):
        assert gm.request("roll", label=label, **SKILL_ROLL)["ok"]

    first = gm.request("roll.log", request_id="big", limit=200)
    assert first["ok"] and len(_compact(first["result"]["rolls"])) > ANSWER_MAX_BYTES
    stored = store.redis.get(_answer_key(world, "gm", "roll.log", "big"))
    assert len(stored) < 1024

    retry = gm.request("roll.log", request_id="big", limit=200)
    assert not retry["ok"] and retry["request_id"] == "big"
    assert retry["error"]["code"] == "answer_not_kept" and "request_id" in retry["error"]["fields"]
    assert gm.request("roll.log", request_id="big-again", limit=200)["result"] == first["result"]
