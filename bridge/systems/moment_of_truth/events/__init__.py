"""Moment of Truth's requests: validate (schemas), call the pure rules in
``bridge.rules.moment_of_truth``, change tokens, fights and the Moments of
Truth ledger through the unit of work, publish cards. One module per area,
each with ``init_app(app)``."""

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

#: The areas, each registering its handlers with ``init_app(app)``.
AREAS = (rolls, odds, damage, characters, health, combat, maneuvers, combat_weapons, hazards, moments, contests, tokens,
         tracker, simulation, experience)
