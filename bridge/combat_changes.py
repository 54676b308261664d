"""Changing a scene's combat, alone or with tokens: read, apply a rules
change, save atomically, and tell the table: one ``combat.changed`` push
carrying the combat after the change (``state`` null: the combat is over),
and one ``token.changed`` per token changed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .auth import Identity
from .encoded import loads
from .protocol import Push, Request
from .requests import socketio, store
from .rooms import world_room
from .rules.moment_of_truth.tokens import TokenChange, TokenState
from .rules.moment_of_truth.tracker import Combat
from .store import AS_READ, TableRead
from .token_changes import cause_of, push_changes, refuse_untracked

#: Token states and combats kept decoded, by their stored text, per process.
DECODED_KEPT = 1024

#: change(the combat, or None when none runs) -> (the combat after it, or None: over; the handler's answer).
Change = Callable[[Combat | None], tuple[Combat | None, Any]]
#: change(token states by id, the combat) -> (the token changes made, the combat after it, the handler's answer).
FightChange = Callable[[dict[str, TokenState], Combat | None], tuple[Iterable[TokenChange], Combat | None, Any]]


def running_combat(identity: Identity, scene_id: str | None) -> Combat | None:
    """The scene's combat, or None when none runs (or no scene is named)."""
    stored = store().combat(identity.world_id, scene_id) if scene_id else None
    return Combat.from_dict(stored) if stored else None


def change_combat(identity: Identity, rule: Request, request: dict, scene_id: str, change: Change) -> Any:
    """Apply ``change`` to the scene's combat, save it and push it if it changed."""

    def apply(stored: dict | None) -> tuple[dict | None, tuple]:
        before = Combat.from_dict(stored) if stored else None
        after, answer = change(before)
        return (after.to_dict() if after else None), (before, after, answer)

    before, after, answer = store().change_combat(identity.world_id, scene_id, apply)
    _push_combat(identity, rule, request, scene_id, before, after)
    return answer


@dataclass(frozen=True)
class Fight:
    """Tokens, the combat of their scene and the world's own equipment, read
    together; ``read`` as stored."""

    read: TableRead
    states: dict[str, TokenState]
    combat: Combat | None
    arsenal: dict


def read_fight(identity: Identity, token_ids: Mapping[str, str]) -> Fight:
    """The tokens ``token_ids`` (``{token_id: field naming it}``; an untracked
    one is refused) and the combat running in the first one's scene."""
    read, arsenal = store().read_fight(identity.world_id, list(token_ids))
    states = _states(read)
    refuse_untracked(states, token_ids)
    return Fight(read, states, _combat(read), arsenal)


def change_fight(identity: Identity, rule: Request, request: dict, fight: Fight, change: FightChange) -> Any:
    """Apply ``change`` to the tokens and the combat of ``fight`` (re-read if
    either changed since), save both in one atomic write, push each change."""

    def apply(read: TableRead) -> tuple[dict, dict | None, tuple]:
        now = fight
        if read is not fight.read:  # read again: something changed since
            now = Fight(read, _states(read), _combat(read), fight.arsenal)
        made, after, answer = change(now.states, now.combat)
        made = tuple(made)
        written = {c.after.token_id: c.after.to_dict() for c in made}
        if after is now.combat:  # left as read: neither encoded nor compared
            combat_after = AS_READ
        else:
            combat_after = after.to_dict() if after else None
        return written, combat_after, (made, now.combat, after, answer)

    read = fight.read
    made, before, after, answer = store().change_table(identity.world_id, list(read.tokens), read.scene_id, apply, read)
    if made:  # a missed attack changes no token
        push_changes(identity, rule, request, made)
    _push_combat(identity, rule, request, read.scene_id, before, after)
    return answer


def _states(read: TableRead) -> dict[str, TokenState]:
    """The tracked tokens' states."""
    return {token_id: _token_state(text) for token_id, text in read.tokens.items() if text}


def _combat(read: TableRead) -> Combat | None:
    return _combat_of(read.combat) if read.combat else None


# A fight reads the same texts again and again: a missed attack leaves both
# sides as they were. Each text is decoded once; its state is a frozen value
# that nothing changes in place, so one serves every request that reads it.


@lru_cache(maxsize=DECODED_KEPT)
def _token_state(text: str) -> TokenState:
    return TokenState.from_dict(loads(text))


@lru_cache(maxsize=DECODED_KEPT)
def _combat_of(text: str) -> Combat:
    return Combat.from_dict(loads(text))


def _push_combat(identity: Identity, rule: Request, request: dict, scene_id, before: Combat | None, after: Combat | None):
    if after is before or after == before:  # left as read (most attacks): no field-by-field compare
        return
    pushed = {
        "scene_id": scene_id,
        "version": after.version if after else before.version + 1,
        "state": after.to_dict() if after else None,
        "cause": cause_of(identity, rule, request),
    }
    socketio().emit(Push.COMBAT_CHANGED.value, pushed, to=world_room(identity.world_id))
