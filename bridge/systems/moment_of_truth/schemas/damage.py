"""Damage rolls `Xd6 (Y,Z)` against armor (ch. 7): the request and its card."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.damage import SIDES
from ....schemas.common import Inbound
from ....schemas.pushes import CardEntry, Out, _const
from ....schemas.requests import CardRequest
from ....schemas.spec import CardSpec
from ..names import Event

#: Highest armor damage reduction accepted (the book's highest is 6).
DAMAGE_REDUCTION_MAX = 30
#: Most a damage number may be lowered (a called shot: 1, a critical success: 2).
LOWERED_MAX = 4


def _dice(**kwargs):
    return fields.Integer(validate=validate.Range(0, MAX_DICE_PER_ROLL), **kwargs)


def _threshold():
    """A damage number: a face of a d6, or null for the book's `-` (never)."""
    return fields.Integer(required=True, allow_none=True, validate=validate.Range(1, SIDES))


class DamageSpec(Inbound):
    """`dice`d6 (`minor_at`, `serious_at`) against armor, numbers lowered by a called shot."""

    dice = _dice(required=True)
    minor_at = _threshold()
    serious_at = _threshold()
    damage_reduction = fields.Integer(load_default=0, validate=validate.Range(0, DAMAGE_REDUCTION_MAX))
    armor_piercing = fields.Boolean(load_default=False)
    lowered_by = fields.Integer(load_default=0, validate=validate.Range(0, LOWERED_MAX))


class DamageRequest(DamageSpec, CardRequest):
    """Roll `dice`d6 (`minor_at`, `serious_at`) and take armor off (ch. 7)."""

    moments_spent = _dice(load_default=0)

    @validates_schema
    def pool_within_cap(self, data, **_):
        if data.get("dice", 0) + data.get("moments_spent", 0) > MAX_DICE_PER_ROLL:
            raise ValidationError(f"dice + moments_spent is more than {MAX_DICE_PER_ROLL}", "moments_spent")


class DamageDice(Out):
    """`dice`d6 (`minor_at`, `serious_at`); null is the book's `-`: never."""

    dice = _dice(required=True)
    minor_at = _threshold()
    serious_at = _threshold()
    notation = fields.String(required=True)


class DamageDie(Out):
    face = fields.Integer(required=True, validate=validate.Range(1, SIDES))
    minor = fields.Boolean(required=True)
    serious = fields.Boolean(required=True)


class DamageResult(Out):
    """A damage roll read and armor taken off; hit points lost = serious + minor."""

    damage = fields.Nested(DamageDice, required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    dice = fields.List(fields.Nested(DamageDie), required=True)
    serious_rolled = fields.Integer(required=True)
    minor_rolled = fields.Integer(required=True)
    damage_reduction = fields.Integer(required=True)
    serious_absorbed = fields.Integer(required=True)
    minor_absorbed = fields.Integer(required=True)
    serious = fields.Integer(required=True, validate=validate.Range(min=0))
    minor = fields.Integer(required=True, validate=validate.Range(min=0))
    hit_points_lost = fields.Integer(required=True, validate=validate.Range(min=0))
    explanation = fields.List(fields.String(), required=True)


class DamageCard(DamageResult):
    """A `damage` request's result: the roll, and what changed the dice and DR."""

    armor_piercing = fields.Boolean(required=True)
    lowered_by = fields.Integer(required=True)
    moments_spent = fields.Integer(required=True)


class DamageEntry(CardEntry):
    """A logged damage roll in full."""

    rule = _const(Event.DAMAGE.value)
    result = fields.Nested(DamageCard, required=True)


CARDS = {Event.DAMAGE: CardSpec(DamageRequest, DamageEntry)}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    DamageRequest.pool_within_cap: {"description": f"dice + moments_spent is at most {MAX_DICE_PER_ROLL}"},
}
