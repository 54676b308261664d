"""What the roll log's chain holds against someone who can write Redis, and
what it does not (issue 38, item 5; docs/protocol.md, Security), attacked
that way: an entry deleted with the head and its indexes (``log verify``
must not chain the remains anew), an entry edited and the chain recomputed
from the salts stored beside it (the server cannot tell; a player who kept a
link can), and a blind roll revealed (the reveal carries what a player needs
to open the commitment kept, in-band)."""

from __future__ import annotations

import hashlib
import json

from ..core.test_roll_chain import _commitment, _link_holds, _rewrite, _verify
from ..wire.test_bridge import SKILL_ROLL


def _rolls(gm, count: int) -> None:
    for n in range(count):
        assert gm.request("roll", label=f"roll {n}", **SKILL_ROLL)["ok"]


def test_log_verify_never_chains_a_log_whose_head_was_deleted(gm, world, store, redis_server):
    _rolls(gm, 4)
    key = f"vtt:world:{world.world_id}:rolls"
    _rewrite(store.redis, key, lambda rows: rows[:1] + rows[2:])
    store.redis.delete(f"{key}:head", f"{key}:seen:public")
    before = store.redis.xrange(key)
    found = _verify(redis_server, world.world_id)
    assert found.returncode == 1 and "head" in found.stderr, found
    assert store.redis.xrange(key) == before and store.redis.get(f"{key}:head") is None  # nothing chained anew


def test_a_chain_recomputed_in_redis_passes_the_server_but_not_a_player_who_kept_a_link(gm, player_for, world, store,
                                                                                        redis_server):
    alice = player_for("alice", ["hero"])
    _rolls(gm, 3)
    kept = alice.request("roll.log")["result"]["links"][-1]  # the newest link alice checked: later chains must pass through it
    key = f"vtt:world:{world.world_id}:rolls"

    def forge(rows):
        """Edit the first card and recompute every link from the salts Redis keeps: what write access allows."""
        prev, forged = hashlib.sha256(f"vtt-bridge roll log\n{world.world_id}".encode()).hexdigest(), []
        for n, (log_id, fields) in enumerate(rows):
            entry = json.loads(fields["entry"])
            if n == 0:
                entry["label"] = "a roll that went otherwise"
            link = hashlib.sha256(bytes.fromhex(prev) + bytes.fromhex(_commitment(fields["salt"], entry))).hexdigest()
            forged.append((log_id, {**fields, "entry": json.dumps(entry), "prev": prev, "link": link}))
            prev = link
        store.redis.set(f"{key}:head", prev)
        return forged

    _rewrite(store.redis, key, forge)
    assert _verify(redis_server, world.world_id).returncode == 0  # the server alone cannot tell: docs/protocol.md says so
    now = alice.request("roll.links", limit=500)["result"]["links"]
    assert all(_link_holds(link) for link in now)
    assert kept["link"] not in [link["link"] for link in now]  # alice's kept link is gone: she can show the rewrite


def test_a_revealed_blind_roll_carries_the_salt_that_opens_the_commitment_a_player_kept(gm, player_for):
    alice, bob = player_for("alice", ["hero"]), player_for("bob", ["sidekick"])
    blind = alice.request("roll", label="behind the screen", visibility="blind", **SKILL_ROLL)["result"]
    seen_by_bob = bob.request("roll.links", limit=500)["result"]["links"][-1]  # bob kept the commitment, nothing else
    revealed = gm.request("roll.reveal", roll_id=blind["roll_id"])["result"]["result"]
    opened = revealed["opened"]
    assert opened["link"] == seen_by_bob["link"] and opened["commitment"] == seen_by_bob["commitment"]
    assert _commitment(opened["salt"], revealed["revealed"]) == seen_by_bob["commitment"]  # checked in-band
