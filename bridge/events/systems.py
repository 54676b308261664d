"""Which rule system a world plays (``bridge.systems``): read it, the GM
switches it; and each system's exact odds, queued to the workers.

Hooks: ``system.changed`` goes to the world's room when the GM switches the
system and whenever a system changes its state document."""

from __future__ import annotations

from workers import jobs

from ..protocol import Push, Request
from ..requests import handles, socketio, store
from ..rooms import world_room
from ..systems import installed
from ..systems.state import system_view
from .jobs import queue_job


def get_system(identity, _request: dict) -> dict:
    """The world's rule system and its state document."""
    plays = store().world(identity.world_id).system
    return system_view(plays, store().system_state(identity.world_id, plays))


def set_system(identity, set_request: dict) -> dict:
    """Switch the world's rule system; every system's state stays where it was."""
    plays = set_request["system"]
    store().set_system(identity.world_id, plays)
    view = system_view(plays, store().system_state(identity.world_id, plays))
    socketio().emit(Push.SYSTEM_CHANGED.value, view, to=world_room(identity.world_id))
    return view


def queued_odds(system):
    """The handler of ``system``'s odds request: a worker computes them."""
    odds = system.odds

    def queue(identity, odds_request: dict) -> dict:
        request = odds.schema().dump(odds_request)
        return queue_job(identity, odds_request["request_id"], jobs.system_odds, system=system.name, request=request)

    return queue


def init_app(app) -> None:
    handles(app, Request.SYSTEM_GET)(get_system)
    handles(app, Request.SYSTEM_SET)(set_system)
    for system in installed().values():
        if system.odds:
            handles(app, system.odds.event)(queued_odds(system))
