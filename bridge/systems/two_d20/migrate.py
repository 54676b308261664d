"""The 2d20 variant's keys an earlier bridge wrote, brought up to date (``vtt-bridge migrate``)."""

from __future__ import annotations

from ...encoded import dumps, loads
from ...table.store import system_state_key

NAME = "two_d20"


def migrate(store, world_id: str) -> list[str]:
    """The state document's own ``round`` gave way to the table's turns:
    each character's actions in its last one, ``turns`` (none yet)."""
    key = system_state_key(world_id, NAME)
    text = store.redis.get(key)
    document = loads(text) if text else None
    if document is None or "turns" in document:
        return []
    document.pop("round", None)
    store.redis.set(key, dumps({**document, "turns": {}}))
    return ["the 2d20 variant's round gave way to the table's turns"]
