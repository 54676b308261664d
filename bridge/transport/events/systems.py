"""Which rule system a world plays (``bridge.systems``): read it, the GM
switches it; and each system's exact odds, queued to the workers.

Hooks: ``system.changed`` goes to the world's room when the GM switches the
system and whenever a system changes its state document."""

from __future__ import annotations

from functools import cache

from ...protocol import Push, Request
from ...schemas.catalog import REQUESTS
from ...schemas.export import schema_document
from ...schemas.pushes import JobQueued
from ...systems import installed
from ...systems.state import system_view
from ..handling import handles
from ..rooms import world_room
from .jobs import queue_job


def get_system(work, _request: dict) -> dict:
    """The world's rule system and its state document."""
    plays = work.world.system
    return system_view(plays, work.system_state(plays))


def set_system(work, set_request: dict) -> dict:
    """Switch the world's rule system; every system's state stays where it was."""
    plays = set_request["system"]
    work.set_system(plays)
    view = system_view(plays, work.system_state(plays))
    work.emit(Push.SYSTEM_CHANGED.value, view, to=world_room(work.world_id))
    return view


def system_requests(work, _request: dict) -> dict:
    """The requests of the world's rule system the sender may send, each with its JSON Schema."""
    plays = work.world.system
    system = installed().get(plays)
    if system is None:
        return {"system": plays, "requests": []}
    cards, listed = system.card_events(), []
    for event in sorted(system.events()):
        spec = REQUESTS[event]
        if work.identity.is_gm or not spec.gm_only:
            listed.append({"event": event, "gm_only": spec.gm_only, "card": event in cards,
                           "queued": spec.result is JobQueued, "schema": _request_schema(event)})
    return {"system": system.name, "requests": listed}


@cache
def _request_schema(event: str) -> dict:
    """``event``'s request JSON Schema as docs/schemas has it, built once (a system's own, not all of them)."""
    return schema_document(f"request: {event}", REQUESTS[event].schema)


def queued_odds(system):
    """The handler of ``system``'s odds request: a worker computes them."""
    odds = system.odds

    def queue(work, odds_request: dict) -> dict:
        request = odds.schema().dump(odds_request)
        return queue_job(work, odds_request["request_id"], "workers.jobs.system_odds", system=system.name, request=request)

    return queue


def init_app(app) -> None:
    handles(app, Request.SYSTEM_GET)(get_system)
    handles(app, Request.SYSTEM_SET)(set_system)
    handles(app, Request.SYSTEM_REQUESTS)(system_requests)
    for system in installed().values():
        if system.odds:
            handles(app, system.odds.event)(queued_odds(system))
