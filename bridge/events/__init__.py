"""Socket.IO handlers, one module per area, each with ``init_app(app)``."""

from . import (
    characters,
    combat,
    combat_weapons,
    contests,
    damage,
    gm,
    hazards,
    health,
    jobs,
    maneuvers,
    moments,
    rolls,
    scripting,
    session,
    simulation,
    tokens,
    tracker,
)

#: Every area's handlers, registered by the app factory in this order.
MODULES = (session, rolls, gm, jobs, damage, characters, health, combat, maneuvers, combat_weapons, hazards, moments, contests, tokens, tracker,
           simulation, scripting)
