"""The Moments of Truth ledger and the session's talent uses, kept in keys of
Moment of Truth's own (``store.system_key``) and changed through the
request's work like any state.

Keys (``<k>`` is ``vtt:world:<w>:system:moment_of_truth``):

- ``<k>:moments:balances``        hash: player -> Moments of Truth held
- ``<k>:moments:history``         list: the ledger's newest entries (JSON), oldest first, trimmed
- ``<k>:moments:first_sessions``  hash: player -> their first-session entry (JSON)
- ``<k>:moments:setbacks``        hash: roll id -> the reward taken on it (JSON);
                                  ``<roll id>:revealed`` -> the mark of its reveal (``roll.reveal``)
- ``<k>:talent_uses``             this session's talent uses and MoT offers (JSON)
- ``<k>:arsenal``                 the world's own equipment by kind (JSON)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...encoded import dumps, loads
from ...table.store import system_key, world_key

SYSTEM = "moment_of_truth"
#: History entries kept per world (``moments.get`` shows at most 200).
MOMENTS_HISTORY_MAX = 200


def _key(world_id: str, name: str) -> str:
    return system_key(world_id, SYSTEM, name)


def arsenal_key(world_id: str) -> str:
    return _key(world_id, "arsenal")


@dataclass(frozen=True)
class MomentsRead:
    """The ledger as a change sees it: each player's balance, the talent uses
    (None: none yet), and the marks asked for: the players' first-session
    entries, and the setback entry of one roll (None: none taken)."""

    balances: dict[str, int]
    uses: dict | None = None
    first_sessions: dict[str, dict] = field(default_factory=dict)
    setback: dict | None = None


@dataclass(frozen=True)
class MomentsWrite:
    """A change of the ledger: the balances after it (a player left out is
    unchanged), the talent uses after it (None: unchanged), the history
    entries it adds, oldest first, and the marks it sets (by player, by roll)."""

    balances: dict[str, int]
    uses: dict | None = None
    entries: list[dict] = field(default_factory=list)
    first_sessions: dict[str, dict] = field(default_factory=dict)
    setbacks: dict[str, dict] = field(default_factory=dict)


def change_moments(work, change: Callable[[MomentsRead], tuple[MomentsWrite, Any]], *,
                   first_sessions: bool = False, setback_of: str | None = None) -> Any:
    """Hold the change ``change(read)`` returns in ``work`` and return its
    answer; ``read`` holds the marks asked for. The history is not read."""
    world = work.world_id
    uses = work.get(_key(world, "talent_uses"))
    read = MomentsRead(
        {player: int(moments) for player, moments in work.hash(_key(world, "moments:balances")).items()},
        loads(uses) if uses else None,
        {player: loads(entry) for player, entry in work.hash(_key(world, "moments:first_sessions")).items()}
        if first_sessions else {},
        _loaded(work.field(_key(world, "moments:setbacks"), setback_of)) if setback_of is not None else None,
    )
    after, answer = change(read)
    for player, moments in after.balances.items():
        if read.balances.get(player) != moments:
            work.hset(_key(world, "moments:balances"), player, str(moments))
    if after.uses is not None:
        work.set(_key(world, "talent_uses"), dumps(after.uses))
    for entry in after.entries:
        work.append(_key(world, "moments:history"), dumps(entry), MOMENTS_HISTORY_MAX)
    for player, entry in after.first_sessions.items():
        work.hset(_key(world, "moments:first_sessions"), player, dumps(entry))
    for roll_id, entry in after.setbacks.items():
        work.set_field(_key(world, "moments:setbacks"), roll_id, dumps(entry))
    return answer


def balances(store, world_id: str) -> dict[str, int]:
    """Every player's Moments of Truth, as stored."""
    return {player: int(moments) for player, moments in store.redis.hgetall(_key(world_id, "moments:balances")).items()}


def history(store, world_id: str, recent: int) -> list[dict]:
    """The newest ``recent`` history entries, oldest first."""
    if recent <= 0:
        return []
    return [loads(entry) for entry in store.redis.lrange(_key(world_id, "moments:history"), -recent, -1)]


def arsenal(store, world_id: str) -> dict[str, list[dict]]:
    """The world's own equipment, ``{kind: [item, ...]}`` (``{}``: none yet)."""
    stored = store.redis.get(arsenal_key(world_id))
    return loads(stored) if stored else {}


def _loaded(text: str | None) -> dict | None:
    return loads(text) if text else None


#: The keys an earlier bridge kept beside the world's, named alike under the system's.
_EARLIER_KEYS = ("arsenal", "talent_uses", "moments:balances", "moments:history", "moments:first_sessions",
                 "moments:setbacks")


def migrate(store, world_id: str) -> list[str]:
    """Move the ledger, talent uses and arsenal an earlier bridge kept beside the world's keys to the system's own."""
    done = []
    for name in _EARLIER_KEYS:
        earlier = f"{world_key(world_id)}:{name}"
        if store.redis.exists(earlier) and not store.redis.exists(_key(world_id, name)):
            store.redis.rename(earlier, _key(world_id, name))
            done.append(f"Moment of Truth's {name} moved to its own key")
    return done
