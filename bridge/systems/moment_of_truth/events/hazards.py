"""Hazards (ch. 8), the GM's: each request is checked here, its tokens
tracked, then queued to a worker (``workers.moment_of_truth.hazards``), which pushes the
card, one ``token.changed`` per token changed, and ``job.result``."""

from __future__ import annotations

from ....protocol import Request
from ....schemas.catalog import REQUESTS
from ....schemas.encode import dump
from ....table.schemas import Sender
from ....transport.events.jobs import queue_job
from ....transport.handling import handles
from ..names import Event
from ..token_changes import check_tracked

#: The hazard requests, each resolved by ``workers.moment_of_truth.hazards``.
HAZARDS = (
    Event.HAZARD_FALL,
    Event.HAZARD_EXPLOSION,
    Event.HAZARD_FIRE_IGNITE,
    Event.HAZARD_FIRE_BURN,
    Event.HAZARD_SUFFOCATION_START,
    Event.HAZARD_SUFFOCATION_TURN,
    Event.HAZARD_VACUUM_ENTER,
    Event.HAZARD_VACUUM_SECOND,
)


def named(request: dict) -> dict[str, str]:
    """The tokens a hazard request names, ``{token_id: field naming it}``, the card's actor's first."""
    if "tokens" in request:
        return {token["token_id"]: f"tokens.{n}.token_id" for n, token in enumerate(request["tokens"])}
    if "token_ids" in request:
        return {token_id: f"token_ids.{n}" for n, token_id in enumerate(request["token_ids"])}
    tokens = {request["token_id"]: "token_id"}
    if request.get("helper_token_id"):
        tokens[request["helper_token_id"]] = "helper_token_id"
    return tokens


def queues(event: Request):
    """The handler of hazard ``event``: refuse untracked tokens now, queue the rest."""

    def queue_hazard(work, request: dict) -> dict:
        check_tracked(work, named(request))
        spec = REQUESTS[event.value].schema().dump(request)
        return queue_job(
            work, request["request_id"], "workers.moment_of_truth.hazards.hazard",
            sender=dump(Sender, work.identity), event=event.value, request=spec,
        )

    return queue_hazard


def init_app(app) -> None:
    for event in HAZARDS:
        handles(app, event)(queues(event))
