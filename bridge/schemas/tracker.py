"""A scene's combat over the wire (``rules.moment_of_truth.tracker``): the
tracker's requests and the ``combat.changed`` push."""

from __future__ import annotations

from marshmallow import fields, validate

from ..rules.moment_of_truth.defense import Charge
from .pushes import ChangeCause, Out


class Stance(Out):
    """What a combatant did that lasts until its next turn."""

    defense_dice = fields.Integer(required=True, validate=validate.Range(min=0))
    aiming_turns = fields.Integer(required=True, validate=validate.Range(min=0))
    aim_target = fields.String(required=True, allow_none=True)
    aim_lost = fields.Boolean(required=True)
    charge = fields.Enum(Charge, by_value=True, required=True, allow_none=True)
    desperate = fields.Boolean(required=True)
    shots = fields.Integer(required=True, validate=validate.Range(min=0))


class Combatant(Out):
    token_id = fields.String(required=True)
    seat = fields.String(required=True)
    stance = fields.Nested(Stance, required=True)


class Combat(Out):
    """A scene's fight: `seating` clockwise, `order` the seats' turn order
    (empty before initiative), `turn` its index and `seat` whose turn it is
    (null before the first turn), `round` from 1, `initiative` the roll."""

    scene_id = fields.String(required=True)
    seating = fields.List(fields.String(), required=True)
    gm_seat = fields.String(required=True)
    combatants = fields.List(fields.Nested(Combatant), required=True)
    order = fields.List(fields.String(), required=True)
    turn = fields.Integer(required=True, allow_none=True)
    seat = fields.String(required=True, allow_none=True)
    round = fields.Integer(required=True, validate=validate.Range(min=1))
    initiative = fields.Dict(required=True, allow_none=True)
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class CombatChanged(Out):
    """`combat.changed`: the scene's combat after a change (`state` null: it
    ended); apply it when its `version` is newer than the one held."""

    scene_id = fields.String(required=True)
    version = fields.Integer(required=True)
    state = fields.Nested(Combat, required=True, allow_none=True)
    cause = fields.Nested(ChangeCause, required=True)


CARDS: dict = {}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}
