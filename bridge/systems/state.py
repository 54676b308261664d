"""Changing a rule system's state document, which the whole table sees."""

from __future__ import annotations

from typing import Any, Callable

from ..protocol import Push
from ..rooms import world_room
from . import title_of


def system_view(system: str, state: dict | None) -> dict:
    """``system.get``'s result and the ``system.changed`` push."""
    return {"system": system, "title": title_of(system), "state": state}


def change_state(unit, system: str, change: Callable[[dict | None], tuple[dict, Any]]) -> Any:
    """Change the state document to what ``change(state)`` returns, tell the
    world's room, and return ``change``'s answer (``Unit.change_system_state``)."""
    state, answer = unit.change_system_state(system, change)
    unit.emit(Push.SYSTEM_CHANGED.value, system_view(system, state), to=world_room(unit.world_id))
    return answer
