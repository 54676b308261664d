"""Changing a rule system's state document, which the whole table sees."""

from __future__ import annotations

from typing import Any, Callable

from ..protocol import Push
from ..transport.rooms import world_room
from . import title_of


def system_view(system: str, state: dict | None) -> dict:
    """``system.get``'s result and the ``system.changed`` push."""
    return {"system": system, "title": title_of(system), "state": state}


def change_state(work, system: str, change: Callable[[dict | None], tuple[dict, Any]]) -> Any:
    """Change the state document to what ``change(state)`` returns, tell the
    world's room, and return ``change``'s answer (``Work.change_system_state``)."""
    state, answer = work.change_system_state(system, change)
    work.emit(Push.SYSTEM_CHANGED.value, system_view(system, state), to=world_room(work.world_id))
    return answer
