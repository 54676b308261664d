"""Changing a scene's combat: read it, apply a rules change, save it
atomically, and tell the table with one ``combat.changed`` push carrying
the combat after the change (``state`` null: the combat is over)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .auth import Identity
from .protocol import Push, Request
from .requests import socketio, store
from .rooms import world_room
from .rules.moment_of_truth.tracker import Combat
from .token_changes import cause_of

#: change(the combat, or None when none runs) -> (the combat after it, or None: over; the handler's answer).
Change = Callable[[Combat | None], tuple[Combat | None, Any]]


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
    if before != after:
        pushed = {
            "scene_id": scene_id,
            "version": after.version if after else before.version + 1,
            "state": after.to_dict() if after else None,
            "cause": cause_of(identity, rule, request),
        }
        socketio().emit(Push.COMBAT_CHANGED.value, pushed, to=world_room(identity.world_id))
    return answer
