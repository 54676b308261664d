"""Changing a rule system's state document, which the whole table sees."""

from __future__ import annotations

from typing import Any, Callable

from ..protocol import Push
from ..requests import socketio, store
from ..rooms import world_room
from . import title_of


def system_view(system: str, state: dict | None) -> dict:
    """``system.get``'s result and the ``system.changed`` push."""
    return {"system": system, "title": title_of(system), "state": state}


def change_state(identity, system: str, change: Callable[[dict | None], tuple[dict, Any]]) -> Any:
    """Save the state document ``change(state)`` returns (atomic: re-run on a
    conflicting write), tell the world's room, and return ``change``'s answer."""
    state, answer = store().change_system_state(identity.world_id, system, change)
    socketio().emit(Push.SYSTEM_CHANGED.value, system_view(system, state), to=world_room(identity.world_id))
    return answer
