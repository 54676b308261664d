"""The standalone table's map over the wire: a token's square (`token.move`),
the whole map (`map.get`), an explosion at a point of it (`map.blast`) and
the `token.moved` push."""

from __future__ import annotations

from marshmallow import fields, validate

from ....protocol import Request
from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.hazards import Charge
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import ChangeCause, JobQueued, Out
from ....schemas.requests import CardRequest, RequestSchema
from ....schemas.spec import RequestSpec
from .health import dice_count

#: The map's size in squares, and a square's side.
COLUMNS = 16
ROWS = 12
METRES_PER_SQUARE = 1


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


class MapBlastRequest(CardRequest):
    """A charge of `dice`d6 going off at `center`: every tracked token on the map
    within its reach is caught at its distance from `center`, measured by the
    bridge from the squares it keeps, behind `cover` dice; then as `hazard.explosion`."""

    center = fields.Nested(Point, required=True)
    dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    charge = fields.Enum(Charge, by_value=True, required=True)
    cover = dice_count()


class Position(Out):
    """Where a token stands; apply it when its `version` is newer than the one held."""

    token_id = fields.String(required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class TokenMoved(Position):
    """`token.moved`, to everyone at the table."""

    cause = fields.Nested(ChangeCause, required=True)


class TableMap(Out):
    """The grid and every tracked token's square."""

    columns = fields.Integer(required=True)
    rows = fields.Integer(required=True)
    metres_per_square = fields.Float(required=True)
    positions = fields.List(fields.Nested(Position), required=True)


CARDS: dict = {}
REQUESTS = {
    Request.TOKEN_MOVE: RequestSpec(TokenMoveRequest, Position),
    Request.MAP_GET: RequestSpec(MapGetRequest, TableMap),
    Request.MAP_BLAST: RequestSpec(MapBlastRequest, JobQueued, gm_only=True),
}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}
