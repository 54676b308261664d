"""Bringing data written by an earlier bridge up to date, once, before the
service reads it (``vtt-bridge migrate``, and ``serve`` at every start): the
store's reads know only the current shapes.

- A world's signing secret kept in Redis gives way to a signing epoch (its
  player tokens end: the GM's client hands out new ones).
- A GM key stored in plain text is kept only as its digest.
- Each installed rule system brings its own keys up to date (``RuleSystem.migrate``).
"""

from __future__ import annotations

from ..systems import installed
from ..table.store import Store, world_key


def migrate(store: Store) -> list[str]:
    """Bring every world up to date; what was done, a line each (none: all was current)."""
    done = []
    for world_id in store.world_ids():
        key, redis = world_key(world_id), store.redis
        fields = redis.hgetall(key)
        if "signing_epoch" not in fields:
            redis.hset(key, "signing_epoch", store.keyring.new_epoch())
            redis.hdel(key, "signing_secret")
            done.append(f"{world_id}: player tokens now signed from a signing epoch; hand out new ones")
        if "gm_key" in fields:
            redis.hset(key, "gm_key_hash", store.keyring.gm_key_digest(world_id, fields["gm_key"]))
            redis.hdel(key, "gm_key")
            done.append(f"{world_id}: the GM key is kept only as its digest")
        for system in installed().values():
            if system.migrate is not None:
                done += [f"{world_id}: {line}" for line in system.migrate(store, world_id)]
    return done
