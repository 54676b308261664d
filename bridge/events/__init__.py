"""Socket.IO handlers, one module per area, each with ``init_app(app)``.

``MODULES`` are the bridge's own; ``FLAGSHIP_MODULES`` are Moment of Truth's,
registered through its rule system (``bridge.systems.moment_of_truth``) like
any other system's handlers."""

from . import (
    characters,
    combat,
    combat_weapons,
    contests,
    damage,
    dice,
    gm,
    handoff,
    hazards,
    health,
    jobs,
    log,
    maneuvers,
    moments,
    odds,
    positions,
    rolls,
    scripting,
    session,
    simulation,
    systems,
    tokens,
    tracker,
)

#: The bridge's own areas, registered by the app factory before the rule systems'.
MODULES = (session, gm, handoff, dice, jobs, log, systems)

#: Moment of Truth's areas.
FLAGSHIP_MODULES = (rolls, odds, damage, characters, health, combat, maneuvers, combat_weapons, hazards, moments, contests,
                    tokens, tracker, simulation, scripting, positions)
