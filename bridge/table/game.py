"""The seam between the table core and a rule system: ``Table``.

``Table`` is the base game: tokens that carry no rules state beyond the
conditions set on them, a combat whose order is the order its combatants
were seated in, one seat per token, and no area hazards. A rule system
subclasses it and overrides only what its rules change, as a chess variant
overrides a board (python-chess's ``variant.py``); ``RuleSystem.table``
holds an instance. The core calls it from the shared requests
(``token.register``, ``token.move``, ``map.*``, ``combat.*``) in every world.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema


@dataclass(frozen=True)
class AreaHazard:
    """An effect over an area of the map (``map.blast``, loaded by the
    system's schema of it): ``reach(request, metres)`` says whether a token
    that far from the center is caught, and ``resolve(work, request,
    caught)`` does what the hazard does to the caught tokens
    (``[{token_id, distance}]``) and returns the answer."""

    reach: Callable[[dict, float], bool]
    resolve: Callable[[Any, dict, list[dict]], dict]


class Table:
    """How a rule system plays at the table (see the module's docstring);
    a system's subclass overrides these attributes and methods.

    ``schemas``: the system's request schema of a shared request, by event,
    loading the whole payload (the core's own schema checked only the fields
    it needs; without one, the base game's: ``BASE_GAME_SCHEMAS``).
    ``handlers``: the system's own handler of a shared request, by event,
    where the base game's will not do. ``turn_actions``:
    the events that need their acting token's turn in a running combat, each
    with the field naming that token. ``hazards``: the area hazards
    ``map.blast`` offers, by name, the first the default.
    ``metres_per_square``: the map's scale; ``range_bands``: the system's
    names for distances, each ``(name, up to metres)``, nearest first (the
    ruler shows them; none: metres alone)."""

    schemas: Mapping[str, type[Schema]] = {}
    handlers: Mapping[str, Callable] = {}
    turn_actions: Mapping[str, str] = {}
    hazards: Mapping[str, AreaHazard] = {}
    metres_per_square: float = 1.0
    range_bands: tuple[tuple[str, float], ...] = ()

    def register(self, previous: dict | None, token: dict, sheet: dict) -> dict:
        """A token's record from the core's fields (``token``) and the rest of
        its ``token.register`` request (``sheet``); ``previous``: its record
        before (None: new). The base game keeps the sheet as its schema
        loaded it, and the conditions it had unless the sheet names them."""
        kept = previous.get("conditions", []) if previous else []
        return {**sheet, **token, "conditions": sheet.get("conditions", kept)}

    def view(self, record: dict) -> dict:
        """How the token shows on every page: ``{conditions: [{label, icon,
        severity}], bars: [{label, value, max}]}``. The base game shows each
        condition name set on it. A token registered under another system
        the world played before has that system's fields: read with care."""
        named = [name for name in record.get("conditions", ()) if isinstance(name, str)]
        return {"conditions": [{"label": name, "icon": "circle", "severity": "info"} for name in named], "bars": []}

    def seat_of(self, record: dict) -> str:
        """The seat a combatant acts on when the GM names none: its own."""
        return record["token_id"]

    def order(self, combat: dict, records: dict[str, dict], request: dict, dice) -> tuple[list[str], dict | None]:
        """The seats' turn order for ``combat.initiative`` and the card that
        shows how it was set (None: no card). The base game: seats in the
        order their first combatant was seated."""
        return list(dict.fromkeys(combatant["seat"] for combatant in combat["combatants"])), None

    def turn_passing(self, work, request: dict, combat: dict, new_round: bool) -> dict:
        """``combat.next`` passes the turn: ``combat`` as the core moved it
        on (``new_round``: past the last seat, into the next round), before
        it is kept and the turn's start pushed. The system may change its
        own state and return the combat the next turn starts in (a new
        round's order, say). The base game: the combat as it is."""
        return combat
