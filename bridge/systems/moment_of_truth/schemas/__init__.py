"""Moment of Truth's requests, cards and pushes, one module per rules area.

Every rules area's schema module is listed in ``AREAS`` and provides:

- ``CARDS``: ``{Request: CardSpec}`` for requests whose result is a card,
  logged and pushed as ``roll.result`` (its ``rule`` names the request);
- ``REQUESTS``: ``{Request: RequestSpec}`` for its other requests;
- ``JOB_RESULTS``: ``job.result`` payload schemas of its queued requests;
- ``CROSS_FIELD_RULES``: the JSON Schema form of its ``@validates_schema`` hooks.
"""

from __future__ import annotations

from marshmallow import fields

from ....schemas.pushes import Out, job_result
from . import (
    characters,
    combat,
    combat_weapons,
    contests,
    damage,
    experience,
    hazards,
    health,
    maneuvers,
    moments,
    odds,
    rolls,
    simulation,
    tokens,
    tracker,
)

AREAS = (rolls, damage, combat, maneuvers, combat_weapons, characters, health, hazards, odds, moments, contests, tokens, tracker,
         simulation, experience)

#: The rules areas' cards, by request.
CARDS = {event: card for area in AREAS for event, card in area.CARDS.items()}

#: The rules areas' other requests.
REQUESTS = {event: spec for area in AREAS for event, spec in area.REQUESTS.items()}


class QueuedCard(Out):
    """The card a queued request made; the card itself comes as ``roll.result``."""

    roll_id = fields.String(required=True)


QUEUED_CARD_RESULTS = {
    event: job_result(event.value, QueuedCard, "the card it made, by id")
    for area in AREAS for event, card in area.CARDS.items() if card.queued
}

JOB_RESULTS = (*(result for area in AREAS for result in area.JOB_RESULTS), *QUEUED_CARD_RESULTS.values())

CROSS_FIELD_RULES = {hook: rule for area in AREAS for hook, rule in area.CROSS_FIELD_RULES.items()}
