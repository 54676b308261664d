"""Cards and the rules areas that make them.

Every rules area's schema module is listed in ``AREAS`` and provides:

- ``CARDS``: ``{Request: CardSpec}`` for requests whose result is a card,
  logged and pushed as ``roll.result`` (its ``rule`` names the request);
- ``REQUESTS``: ``{Request: RequestSpec}`` for its other requests;
- ``JOB_RESULTS``: ``job.result`` payload schemas of its queued requests;
- ``CROSS_FIELD_RULES``: the JSON Schema form of its ``@validates_schema`` hooks.
"""

from __future__ import annotations

from marshmallow import fields

from . import (
    characters,
    combat,
    combat_weapons,
    contests,
    damage,
    hazards,
    health,
    maneuvers,
    moments,
    odds,
    positions,
    scripting,
    simulation,
    tokens,
    tracker,
)
from .pushes import JobEvent, JobQueued, Out, RollNotice, _const
from .spec import RequestSpec, Shape

AREAS = (damage, combat, maneuvers, combat_weapons, characters, health, hazards, odds, moments, contests, tokens, tracker,
         simulation, scripting, positions)

#: The rules areas' cards, by request.
CARDS = {event: card for area in AREAS for event, card in area.CARDS.items()}

#: The rules areas' other requests.
REQUESTS = {event: spec for area in AREAS for event, spec in area.REQUESTS.items()}


def card_view(entry: type[Out]) -> Shape:
    """One kind of card as its requester sees it: whole, or as a notice."""
    return (entry, RollNotice)


class QueuedCard(Out):
    """The card a queued request made; the card itself comes as ``roll.result``."""

    roll_id = fields.String(required=True)


def job_result(event: str, result: type[Out], what: str = "its result") -> type[JobEvent]:
    """The ``job.result`` push of a queued request ``event``: ``result`` under ``kind`` ``event``."""
    return type(
        "Job" + "".join(part.title() for part in event.replace(".", "_").split("_")),
        (JobEvent,),
        {"__doc__": f"The finished job of a ``{event}`` request: {what}.",
         "kind": _const(event), "result": fields.Nested(result, required=True)},
    )


QUEUED_CARD_RESULTS = {
    event: job_result(event.value, QueuedCard, "the card it made, by id")
    for area in AREAS for event, card in area.CARDS.items() if card.queued
}

JOB_RESULTS = (*(result for area in AREAS for result in area.JOB_RESULTS), *QUEUED_CARD_RESULTS.values())

CROSS_FIELD_RULES = {hook: rule for area in AREAS for hook, rule in area.CROSS_FIELD_RULES.items()}


def card_requests(cards: dict) -> dict:
    """Card requests as catalog entries: a queued card's ack says queued, any other's is the card."""
    return {event: RequestSpec(card.schema, JobQueued if card.queued else card_view(card.entry), card.gm_only)
            for event, card in cards.items()}


