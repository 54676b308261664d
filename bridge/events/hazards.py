"""Hazards (ch. 8), the GM's: each request is checked here, its tokens
tracked, then queued to a worker (``workers.hazards``), which pushes the
card, one ``token.changed`` per token changed, and ``job.result``."""

from __future__ import annotations

from workers import hazards

from ..protocol import Request
from ..requests import handles
from ..schemas.catalog import REQUESTS
from ..token_changes import check_tracked
from .jobs import queue_job


def queues(event: Request):
    """The handler of hazard ``event``: refuse untracked tokens now, queue the rest."""

    def queue_hazard(identity, request: dict) -> dict:
        check_tracked(identity, hazards.named(request))
        spec = REQUESTS[event.value].schema().dump(request)
        return queue_job(identity, request["request_id"], hazards.hazard, sender=identity.to_dict(), event=event.value, request=spec)

    return queue_hazard


def init_app(app) -> None:
    for event in hazards.RESOLVERS:
        handles(app, event)(queues(event))
