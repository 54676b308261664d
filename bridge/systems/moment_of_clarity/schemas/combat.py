"""``moc.attack``, ``moc.recover``, ``moc.move`` and ``moc.fatigue``: to
hit, damage and resistance, recovery, movement and fatigue. A fight's order
and turns are the table's combat's (``combat.initiative``, ``combat.next``)."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.moment_of_clarity.levels import Level
from ....rules.moment_of_clarity.rolls import SIDES
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import Out
from ....schemas.requests import CardRequest, RequestSchema
from ...at_table import ActingToken
from .common import DICE, NAME, TN, TN_MAX, enum_of
from .rolls import MocRoll
from .state import MocTracksOut


class MocWeapon(Inbound):
    """``damage`` dice; ``lethality`` the damage roll's TN before the hit
    location; ``lethal`` (firearms): at least 6 damage dice."""

    name = fields.String(required=True, validate=NAME)
    damage = fields.Integer(required=True, validate=DICE)
    lethality = fields.Integer(required=True, validate=TN)
    lethal = fields.Boolean(load_default=False)


class MocResistance(Inbound):
    """The target resists with ``dice`` (its Body) at 7 + the location's
    modifier; ``ignore_with_ten``: a 10 ignores the damage (not opened up)."""

    dice = fields.Integer(required=True, validate=DICE)
    ignore_with_ten = fields.Boolean(load_default=False)


class MocAttackRequest(CardRequest, ActingToken):
    """``actor_id`` attacks the registered character ``target``: ``dice``
    against the TN the defender's AG sets (7 + AG - 1; ``tn``: the GM's
    override), each raise a damage die, the damage roll's successes levels
    of damage on the target's tracks."""

    target = Identifier(required=True)
    dice = fields.Integer(required=True, validate=DICE)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    tn = fields.Integer(validate=TN)
    weapon = fields.Nested(MocWeapon, required=True)
    location_modifier = fields.Integer(load_default=0, validate=validate.Range(-TN_MAX, TN_MAX))
    resist = fields.Nested(MocResistance, load_default=None, allow_none=True)


class MocMoveRequest(RequestSchema, ActingToken):
    """``actor_id`` moves ``meters`` by its primary mode (2 x Sp + B a turn) or
    another (Sp + B); in a fight, on its token's turn, the moves of the turn added up."""

    actor_id = Identifier(required=True)
    meters = fields.Integer(required=True, validate=validate.Range(1, 1000))
    mode = fields.String(load_default="primary", validate=validate.OneOf(["primary", "other"]))


class MocMoved(Out):
    """The move, the allowance a turn, the meters moved this turn (in a fight; else this move) and those left."""

    actor_id = Identifier(required=True)
    mode = fields.String(required=True)
    meters = fields.Integer(required=True)
    allowance = fields.Integer(required=True)
    moved = fields.Integer(required=True)
    left = fields.Integer(required=True)


class MocFatigueRequest(RequestSchema):
    """GM: ``levels`` of Fatigue a character gains from an action or the story."""

    actor_id = Identifier(required=True)
    levels = fields.Integer(required=True, validate=validate.Range(1, 20))


class MocRecoverRequest(CardRequest):
    """``action``: a full action of recovery, Pain back equal to Toughness;
    ``damage``: the end of a healing period, an L roll (d10, TN 7) heals a point."""

    kind = fields.String(required=True, validate=validate.OneOf(["action", "damage"]))


class MocDamagePoolOut(Out):
    weapon = fields.String(required=True, attribute="weapon.name")
    level = enum_of(Level, required=True)
    raises = fields.Integer(required=True)
    dice = fields.Integer(required=True)
    sides = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    choose_location = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class MocHealth(Out):
    damage = fields.Integer(required=True)
    damage_points = fields.Integer(required=True)
    pain = fields.Integer(required=True)
    pain_points = fields.Integer(required=True)
    fatigue = fields.Integer(required=True)


class MocHitOut(Out):
    """What one hit did: damage and pain taken, dazing, and the tracks after."""

    health = fields.Nested(MocHealth, required=True)
    damage = fields.Integer(required=True)
    pain = fields.Integer(required=True)
    dazed = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class MocTargetOut(Out):
    actor_id = fields.String(required=True)
    name = fields.String(required=True)
    tracks = fields.Nested(MocTracksOut, required=True)
    pain_points = fields.Integer(required=True)
    dazed = fields.Boolean(required=True)


class MocAttackCard(Out):
    """The to-hit roll, the damage pool its level makes, the damage roll
    (null on a miss), the resistance roll if any, and the target after."""

    attack = fields.Nested(MocRoll, required=True)
    damage_pool = fields.Nested(MocDamagePoolOut, required=True)
    damage = fields.Nested(MocRoll, required=True, allow_none=True)
    resistance = fields.Nested(MocRoll, required=True, allow_none=True)
    hit = fields.Nested(MocHitOut, required=True, allow_none=True)
    target = fields.Nested(MocTargetOut, required=True)
    explanation = fields.List(fields.String(), required=True)


class MocRecoverCard(Out):
    kind = fields.String(required=True)
    roll = fields.Nested(MocRoll, required=True, allow_none=True)
    tracks = fields.Nested(MocTracksOut, required=True)
    explanation = fields.List(fields.String(), required=True)
