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
    scripting,
    simulation,
    tokens,
    tracker,
)
from .pushes import Either, JobEvent, JobQueued, Out, RollEntry, RollNotice, _const
from .spec import RequestSpec, Shape

AREAS = (damage, combat, maneuvers, combat_weapons, characters, health, hazards, odds, moments, contests, tokens, tracker,
         simulation, scripting)

CARD_ENTRIES = (RollEntry, *(card.entry for area in AREAS for card in area.CARDS.values()))

#: Any card as one reader sees it: whole, or a blind card's notice.
CARD_VIEW: Shape = (*CARD_ENTRIES, RollNotice)


def card_view(entry: type[Out]) -> Shape:
    """One kind of card as its requester sees it: whole, or as a notice."""
    return (entry, RollNotice)


class QueuedCard(Out):
    """The card a queued request made; the card itself comes as ``roll.result``."""

    roll_id = fields.String(required=True)


def queued_card_result(event) -> type[JobEvent]:
    """The ``job.result`` of a queued card: which card it made."""
    return type(
        "Job" + "".join(part.title() for part in event.value.replace(".", "_").split("_")),
        (JobEvent,),
        {"__doc__": f"The finished job of a ``{event.value}`` request: the card it made, by id.",
         "kind": _const(event.value), "result": fields.Nested(QueuedCard, required=True)},
    )


QUEUED_CARD_RESULTS = {
    event: queued_card_result(event) for area in AREAS for event, card in area.CARDS.items() if card.queued
}

JOB_RESULTS = (*(result for area in AREAS for result in area.JOB_RESULTS), *QUEUED_CARD_RESULTS.values())

CROSS_FIELD_RULES = {hook: rule for area in AREAS for hook, rule in area.CROSS_FIELD_RULES.items()}


def area_requests() -> dict:
    """Every rules area's requests, cards included, as catalog entries."""
    requests: dict = {}
    for area in AREAS:
        for event, card in area.CARDS.items():
            requests[event] = RequestSpec(card.schema, JobQueued if card.queued else card_view(card.entry), card.gm_only)
        requests.update(area.REQUESTS)
    return requests


class RollLogResult(Out):
    """The newest cards the user may see, oldest first."""

    rolls = fields.List(Either(*CARD_VIEW), required=True)
