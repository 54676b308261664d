"""The shared requests' core fields and the table's pushes, over the wire.

A shared request (``token.register``, ``token.move``, ``map.*``,
``combat.*``) is checked twice: here, for the fields the table needs, with
every other field let through; then by the world's system's schema of the
event (``Table.schemas``), which loads the whole payload. The pushes carry a
token's or a combat's record whole: the table's fields, then its system's.
"""

from __future__ import annotations

from marshmallow import INCLUDE, RAISE, fields, validate

from ..schemas.common import Identifier, Inbound
from ..schemas.pushes import ChangeCause, Out
from ..schemas.requests import CardOptions, RequestSchema
from .auth import Role

#: The severities a condition shows with, mildest first.
SEVERITIES = ("info", "minor", "serious", "critical")
#: The map's size in squares.
COLUMNS = 16
ROWS = 12
#: Most combatants in one fight.
COMBATANTS_MAX = 200
NAME_MAX_CHARS = 100
#: Most conditions the base game's sheet names.
CONDITIONS_MAX = 20


class Shared(RequestSchema):
    """The fields the table reads; the world's system checks the rest."""

    class Meta:
        unknown = INCLUDE


class Named(fields.String):
    """A name a person reads: not empty, not only spaces."""

    def __init__(self, **kwargs):
        super().__init__(validate=[validate.Length(1, NAME_MAX_CHARS),
                                   validate.Regexp(r"\S", error="type a name: letters or digits, not only spaces")], **kwargs)


class TokenRegisterRequest(Shared):
    """Put a token on the table, or change its sheet (GM only)."""

    token_id = Identifier(required=True)
    actor_id = Identifier(required=True)
    name = Named(required=True)
    scene_id = Identifier(load_default=None, allow_none=True)


class BaseSheet(TokenRegisterRequest):
    """The base game's sheet: a token's conditions by name, and nothing else."""

    class Meta:
        unknown = RAISE

    conditions = fields.List(Named(), validate=validate.Length(max=CONDITIONS_MAX))


class TokenMoveRequest(RequestSchema):
    """Put a tracked token on a square (a player: only a token of theirs)."""

    token_id = Identifier(required=True)
    x = fields.Integer(required=True, validate=validate.Range(0, COLUMNS - 1), metadata={"description": "column from 0"})
    y = fields.Integer(required=True, validate=validate.Range(0, ROWS - 1), metadata={"description": "row from 0"})


class MapGetRequest(RequestSchema):
    pass


class Point(Inbound):
    """A point of the map in squares from the grid's corner (a square's center is x + 0.5)."""

    x = fields.Float(required=True, validate=validate.Range(0, COLUMNS))
    y = fields.Float(required=True, validate=validate.Range(0, ROWS))


class MapBlastRequest(Shared, CardOptions):
    """An area hazard of the world's system (``hazard``; left out: its first)
    at ``center``: every tracked token on the map it reaches is caught, at
    its distance from ``center`` measured by the bridge from its squares."""

    center = fields.Nested(Point, required=True)
    hazard = Identifier(load_default=None, allow_none=True)


class Seated(Inbound):
    """A tracked token and the seat it acts on (left out: the system's choice, by default its own)."""

    class Meta:
        unknown = INCLUDE

    token_id = Identifier(required=True)
    seat = Identifier(load_default=None)


class SceneRequest(Shared):
    scene_id = Identifier(required=True)


class CombatStartRequest(SceneRequest):
    """A fight begins in the scene (GM only), with its first combatants."""

    combatants = fields.List(fields.Nested(Seated), load_default=list, validate=validate.Length(max=COMBATANTS_MAX))


class CombatJoinRequest(SceneRequest):
    """A token joins the fight (GM only)."""

    token_id = Identifier(required=True)
    seat = Identifier(load_default=None)


class CombatLeaveRequest(SceneRequest):
    """A token leaves the fight (GM only)."""

    token_id = Identifier(required=True)


class CombatInitiativeRequest(SceneRequest, CardOptions):
    """Set the fight's turn order as the world's system does (GM only), and start the first turn."""


class CombatNextRequest(SceneRequest):
    """End the turn of the seat that has it and start the next one's (the
    GM, or a player whose token has the turn); ``seat``: the seat meant to
    have it, refused if the turn moved on meanwhile."""

    seat = Identifier(load_default=None, allow_none=True)


class CombatEndRequest(SceneRequest):
    """The fight in the scene is over (GM only)."""


# --- what the table sends ---------------------------------------------------------


class ConditionShown(Out):
    label = fields.String(required=True)
    icon = fields.String(required=True)
    severity = fields.String(required=True, validate=validate.OneOf(SEVERITIES))


class Bar(Out):
    label = fields.String(required=True)
    value = fields.Integer(required=True)
    max = fields.Integer(required=True)


class TokenView(Out):
    """How a token shows on every page, whatever its system: its conditions and its bars."""

    conditions = fields.List(fields.Nested(ConditionShown), required=True)
    bars = fields.List(fields.Nested(Bar), required=True)


class TokenRecord(Out):
    """A token: the table's fields; its system's follow (see the system's reference)."""

    class Meta:
        unknown = INCLUDE

    token_id = fields.String(required=True)
    actor_id = fields.String(required=True)
    name = fields.String(required=True)
    scene_id = fields.String(required=True, allow_none=True)
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class TokenChange(Out):
    token_id = fields.String(required=True)
    version = fields.Integer(required=True)
    changes = fields.List(fields.Dict(), required=True, metadata={"description": "what changed, in the system's terms"})
    state = fields.Nested(TokenRecord, required=True)
    view = fields.Nested(TokenView, required=True)


class TokenChanged(TokenChange):
    """`token.changed`: apply it when its `version` is newer than the one held."""

    cause = fields.Nested(ChangeCause, required=True)


class Sender(Out):
    """The user a job runs for, as the queued job carries it (``auth.Identity``)."""

    world_id = fields.String(required=True)
    user = fields.String(required=True)
    role = fields.Enum(Role, by_value=True, required=True)


class CombatantRecord(Out):
    class Meta:
        unknown = INCLUDE

    token_id = fields.String(required=True)
    seat = fields.String(required=True)


class CombatRecord(Out):
    """A scene's fight: the table's fields; its system's follow."""

    class Meta:
        unknown = INCLUDE

    scene_id = fields.String(required=True)
    combatants = fields.List(fields.Nested(CombatantRecord), required=True)
    order = fields.List(fields.String(), required=True)
    turn = fields.Integer(required=True, allow_none=True)
    seat = fields.String(required=True, allow_none=True)
    round = fields.Integer(required=True, validate=validate.Range(min=1))
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class CombatChanged(Out):
    """`combat.changed`: the scene's combat after a change (`state` null: it ended)."""

    scene_id = fields.String(required=True)
    version = fields.Integer(required=True)
    state = fields.Nested(CombatRecord, required=True, allow_none=True)
    cause = fields.Nested(ChangeCause, required=True)


class Turn(Out):
    """`turn.ended` / `turn.started`: whose turn, and what its start or end did to each of its tokens."""

    scene_id = fields.String(required=True)
    round = fields.Integer(required=True)
    seat = fields.String(required=True, allow_none=True)
    tokens = fields.List(fields.Dict(), required=True)
    new_round = fields.Boolean()
    cause = fields.Nested(ChangeCause, required=True)


class Position(Out):
    """Where a token stands; apply it when its `version` is newer than the one held."""

    token_id = fields.String(required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class TokenMoved(Position):
    """`token.moved`, to everyone at the table."""

    cause = fields.Nested(ChangeCause, required=True)


class RangeBand(Out):
    """A distance as the system names it: up to `up_to_metres`."""

    name = fields.String(required=True)
    up_to_metres = fields.Float(required=True)


class TableMap(Out):
    """The grid, its scale, the system's range bands (nearest first; none:
    the ruler shows metres) and every tracked token's square."""

    columns = fields.Integer(required=True)
    rows = fields.Integer(required=True)
    metres_per_square = fields.Float(required=True)
    range_bands = fields.List(fields.Nested(RangeBand), required=True)
    positions = fields.List(fields.Nested(Position), required=True)


class TableSnapshotRequest(Shared):
    scene_id = Identifier(load_default=None, allow_none=True, metadata={"description": "null: every scene"})


class TableSnapshot(Out):
    """Every tracked token (and how each shows, by token id) and every running
    combat; the world's system may add its own (Moment of Truth: its ledger)."""

    class Meta:
        unknown = INCLUDE

    tokens = fields.List(fields.Nested(TokenRecord), required=True)
    views = fields.Dict(keys=fields.String(), values=fields.Nested(TokenView), required=True)
    combats = fields.List(fields.Nested(CombatRecord), required=True)


class OrderSet(Out):
    """The turn order set, the card showing how (when the system has one) and the first turn."""

    combat = fields.Nested(CombatRecord, required=True)
    card = fields.Dict()
    started = fields.Nested(Turn, required=True)


class TurnsPassed(Out):
    """The turn that ended and the one that started."""

    ended = fields.Nested(Turn, required=True)
    started = fields.Nested(Turn, required=True)


class CombatEnded(Out):
    """The combat as it was when it ended."""

    ended = fields.Nested(CombatRecord, required=True)


class HazardOutcome(Out):
    """What an area hazard answers, as its system defines it (Moment of
    Truth's explosion: the queued job, `{job_id, state}`)."""

    class Meta:
        unknown = INCLUDE


#: The base game's schemas of the shared requests (``bridge.table.game.Table.schemas``).
BASE_GAME_SCHEMAS = {"token.register": BaseSheet}
