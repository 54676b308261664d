"""Rule systems: the seam between the bridge and a game's rules.

A rule system is a pure rules package plus its request schemas and
handlers, registered by name under the Python entry point group
``ENTRY_POINT_GROUP``; a world plays one of them at a time (``system.set``).
The bridge knows no system's details: it registers each installed system's
handlers, exports its schemas, and refuses a request of a system the
sender's world does not play (``wrong_system``). docs/systems/README.md says
how to write a fifth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import Callable, Mapping

from marshmallow import Schema

from ..protocol import SHARED_REQUESTS
from ..schemas.spec import CardSpec, RequestSpec
from ..table.game import Table

#: Entry point group a package lists its rule systems under (each a ``RuleSystem``).
ENTRY_POINT_GROUP = "vtt_bridge.rule_systems"

#: The system a world plays unless its GM chose another: the flagship.
DEFAULT_SYSTEM = "moment_of_truth"


@dataclass(frozen=True)
class Odds:
    """A system's exact odds of its basic roll, which a worker computes: the
    ack of ``event`` says queued, ``job.result`` (``kind``: ``event``) carries
    ``compute(request)``, a pure function of the loaded request shaped as ``result``."""

    event: str
    schema: type[Schema]
    result: type[Schema]
    compute: Callable[[dict], dict]


@dataclass(frozen=True)
class RuleSystem:
    """What the bridge needs of a rule system. ``init_app(app)`` registers
    its handlers with ``bridge.transport.handling.handles``; ``cards`` and ``requests``
    give each of its events' schemas (event names unique across systems);
    ``state`` is the shape of its per-world state document; ``odds``, its
    basic roll's exact odds, queued to the workers by the bridge itself;
    ``table``, how it plays at the table (``bridge.table.game.Table``);
    ``pushes``, the shapes of its own pushes; ``job_results``, of its jobs'
    results; ``settings``, its settings in a world (fields unique across systems);
    ``migrate(store, world_id)``, bringing its keys an earlier bridge wrote up to
    date (``vtt-bridge migrate``), what it did a line each."""

    name: str  # wire name, as a world's ``system`` and ``system.set`` give it
    title: str
    init_app: Callable[[object], None]
    cards: Mapping[str, CardSpec] = field(default_factory=dict)
    requests: Mapping[str, RequestSpec] = field(default_factory=dict)
    state: type[Schema] | None = None
    docs: str = ""  # its protocol reference, relative to the project
    cross_field_rules: Mapping[object, dict] = field(default_factory=dict)
    odds: Odds | None = None
    table: Table = field(default_factory=Table)
    pushes: Mapping[str, object] = field(default_factory=dict)
    job_results: tuple = ()
    settings: type[Schema] | None = None
    migrate: Callable[[object, str], list[str]] | None = None
    scripting: str = ""  # the module whose ``HOOK`` offers macros its rolls and effects (``bridge.scripting.hooks``)

    def events(self) -> set[str]:
        """Its own events (a shared request's card, such as an initiative's, is the table's event)."""
        own = {_name(event) for event in (*self.cards, *self.requests, *([self.odds.event] if self.odds else []))}
        return own - {event.value for event in SHARED_REQUESTS}

    def card_events(self) -> set[str]:
        return {_name(event) for event in self.cards}


@cache
def installed() -> dict[str, RuleSystem]:
    """Every installed rule system by name, the flagship first."""
    found = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: (point.name != DEFAULT_SYSTEM, point.name))
    systems: dict[str, RuleSystem] = {}
    claimed: dict[str, str] = {}
    for point in found:
        system = point.load()
        if system.name != point.name:
            raise ValueError(f"entry point '{point.name}' names the rule system '{system.name}'")
        for event in system.events():
            if event in claimed:
                raise ValueError(f"rule systems '{claimed[event]}' and '{system.name}' both claim the event '{event}'")
            claimed[event] = system.name
        systems[system.name] = system
    if DEFAULT_SYSTEM not in systems:
        raise LookupError(f"the flagship rule system '{DEFAULT_SYSTEM}' is not installed (pip install -e . registers it)")
    return systems


def table_of(system: str) -> Table:
    """How the world's system plays at the table; a system no longer installed: the base game."""
    found = installed().get(system)
    return found.table if found else _BASE_GAME


_BASE_GAME = Table()


def title_of(system: str) -> str:
    """An installed system's title; a world may name one that is no longer installed: its name, then."""
    found = installed().get(system)
    return found.title if found else system


@cache
def system_of_event() -> dict[str, str]:
    """Which installed system each system event belongs to."""
    return {event: system.name for system in installed().values() for event in system.events()}


def _name(event) -> str:
    return getattr(event, "value", event)
