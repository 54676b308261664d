"""The roll log's chain (docs/protocol.md, "The roll log's chain"), checked
as a client and as the CLI check it: real Redis, bridge and Socket.IO clients.

The client side here is written from the protocol's text, not from
``bridge.table.chain``: a card's commitment is SHA-256 over its salt and its JSON
with sorted keys, a link is SHA-256 over the link before it and the commitment."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from ..wire.test_bridge import SKILL_ROLL


def _sha256(*parts: bytes) -> str:
    return hashlib.sha256(b"".join(parts)).hexdigest()


def _commitment(salt: str, card: dict) -> str:
    text = json.dumps(card, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return _sha256(bytes.fromhex(salt), text.encode())


def _link_holds(link: dict) -> bool:
    return link["link"] == _sha256(bytes.fromhex(link["prev"]), bytes.fromhex(link["commitment"]))


def check_view(client, log: dict) -> list[dict]:
    """What a client checks: every card it was shown opens its commitment (a
    notice has none to open), and the cards are links of one chain, the
    hidden links between them fetched with ``roll.links``. The chain as checked."""
    checked = []
    for card, link in zip(log["rolls"], log["links"], strict=True):
        if "salt" in link:
            assert link["commitment"] == _commitment(link["salt"], card)
        else:
            assert card.get("hidden") is True
        assert _link_holds(link)
        if checked and link["prev"] != checked[-1]["link"]:
            gap = client.request("roll.links", after=checked[-1]["log_id"], limit=500)["result"]["links"]
            between = gap[: [each["log_id"] for each in gap].index(link["log_id"])]
            for hidden in between:
                assert "salt" not in hidden and _link_holds(hidden) and hidden["prev"] == checked[-1]["link"]
                checked.append(hidden)
        assert not checked or link["prev"] == checked[-1]["link"]
        checked.append(link)
    return checked


def test_a_players_view_checks_as_consecutive_links_and_hides_what_is_hidden(gm, player_for):
    alice, bob = player_for("alice", ["hero"]), player_for("bob", ["sidekick"])
    rolls = [
        alice.request("roll", label="in the open", **SKILL_ROLL),
        bob.request("roll", **{**SKILL_ROLL, "actor_id": "sidekick"}, visibility="whisper", whisper_to=["gm"]),
        alice.request("roll", label="behind the screen", visibility="blind", **SKILL_ROLL),
        gm.request("roll", label="the GM's secret", visibility="blind", **SKILL_ROLL),
        alice.request("roll", label="in the open again", **SKILL_ROLL),
    ]
    assert all(rolled["ok"] for rolled in rolls), rolls

    seen = alice.request("roll.log")["result"]
    assert [card["label"] for card in seen["rolls"]] == ["in the open", "behind the screen", "in the open again"]
    blind_notice, blind_link = seen["rolls"][1], seen["links"][1]
    assert "result" not in blind_notice and "salt" not in blind_link
    chain = check_view(alice, seen)
    assert len(chain) == 5  # her three, and two links that tell nothing of bob's whisper and the GM's blind roll
    # What the log and its chain told her (moments.changed is issue 32's item 1, not the log's).
    told = json.dumps([alice.received("roll.result"), seen, alice.request("roll.links", limit=500)["result"]])
    full = gm.request("roll.log")["result"]
    assert [link["link"] for link in full["links"]] == [link["link"] for link in chain]
    for card, link in zip(full["rolls"], full["links"]):
        if card["visibility"] != "public":
            assert link["salt"] not in told
            assert card["user"] == "alice" or card["roll_id"] not in told

    # Opened when revealed: the GM's card and salt open the commitment alice holds.
    assert _commitment(full["links"][2]["salt"], full["rolls"][2]) == blind_link["commitment"]
    assert [link["link"] for link in check_view(gm, full)] == [link["link"] for link in chain]


def _verify(redis_server, world_id: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "REDIS_URL": redis_server.url}
    command = [sys.executable, "-m", "bridge", "log", "verify", world_id]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)


def _rewrite(raw, key: str, change) -> None:
    """Rewrite the stream at ``key`` as one with write access to Redis could: same ids, ``change(rows)``."""
    rows = change(raw.xrange(key))
    raw.delete(key)
    for log_id, fields in rows:
        raw.xadd(key, fields, id=log_id)


@pytest.mark.parametrize("tampering", ["edit", "delete", "delete the newest"])
def test_log_verify_finds_an_entry_deleted_or_edited_in_redis(gm, world, store, redis_server, tampering):
    for n in range(4):
        assert gm.request("roll", label=f"roll {n}", visibility="blind" if n == 1 else "public", **SKILL_ROLL)["ok"]
    untouched = _verify(redis_server, world.world_id)
    assert untouched.returncode == 0 and "4 entries" in untouched.stdout, untouched

    key = f"vtt:world:{world.world_id}:rolls"

    def edit(rows):
        log_id, fields = rows[1]
        entry = json.loads(fields["entry"])
        entry["result"]["outcome"]["success"] = not entry["result"]["outcome"]["success"]
        return [*rows[:1], (log_id, {**fields, "entry": json.dumps(entry)}), *rows[2:]]

    change = {"edit": edit, "delete": lambda rows: rows[:1] + rows[2:], "delete the newest": lambda rows: rows[:-1]}
    _rewrite(store.redis, key, change[tampering])
    found = _verify(redis_server, world.world_id)
    assert found.returncode == 1 and "broken" in found.stderr, found
