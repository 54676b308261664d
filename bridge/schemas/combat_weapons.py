"""Weapon handling over the wire (ch. 10): readying an unwieldy weapon or
gripping a two-handed one in one hand, reloading a muzzle-loader, clearing
a jam. Each is a card mirroring the rules' ``WeaponCheck`` or ``TimedTask``."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ..protocol import Request
from ..rules.dice import MAX_DICE_PER_ROLL
from ..rules.moment_of_truth.rolls import SIDES, RollKind
from ..rules.moment_of_truth.weapon_handling import Check, Task
from .characters import MeleeItem, RangedItem
from .combat import item_field
from .pushes import CardEntry, Die, Out, Pool, RollResult, _const
from .requests import MODIFIERS_MAX, RATING_MAX, CardRequest, PoolModifier
from .spec import CardSpec

#: The fields only the roll to ready a weapon after an attack takes.
READY_ONLY = ("one_handed", "skill_level", "modifiers")


def _rating(**kwargs):
    return fields.Integer(validate=validate.Range(0, RATING_MAX), **kwargs)


def _moments():
    return fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))


def _modifiers():
    return fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))


class WeaponReadyRequest(CardRequest):
    """`ready_after_attack`: after each attack with an unwieldy weapon (or a
    two-handed one held in one hand), Strength + weapon skill, or the next
    turn is spent readying it. `one_handed_grip`: a two-handed, unwieldy
    weapon held in one hand needs a Strength statistic roll at the start of
    each turn to attack with it (ch. 10, Unwieldy; Two-handed)."""

    check = fields.Enum(Check, by_value=True, required=True)
    weapon = item_field(MeleeItem, required=True)
    strength = _rating(required=True)
    skill_level = _rating(load_default=None, allow_none=True)
    one_handed = fields.Boolean(load_default=False)
    modifiers = _modifiers()
    moments_spent = _moments()

    @validates_schema(pass_original=True)
    def ready_fields(self, data, original, **_):
        if data.get("check") is Check.ONE_HANDED_GRIP:
            for name in READY_ONLY:
                if name in original:
                    raise ValidationError("only ready_after_attack takes this", name)


class WeaponTaskRequest(CardRequest):
    """An Agility + weapon skill roll whose successes shorten the task;
    `skill_level` null: lacking the skill, an unskilled roll."""

    weapon = item_field(RangedItem, required=True)
    agility = _rating(required=True)
    skill_level = _rating(required=True, allow_none=True)
    modifiers = _modifiers()
    moments_spent = _moments()


class WeaponReloadRequest(WeaponTaskRequest):
    """Reloading a muzzle-loader: 6 rounds less the successes, never fewer
    than the world's `muzzle_reload_minimum_rounds` (ch. 10, Muzzle-loaded)."""


class WeaponClearJamRequest(WeaponTaskRequest):
    """Clearing a jam: 4 rounds less the successes, at least 1 (ch. 10, Unreliable)."""


class WeaponCheck(Out):
    """A pass-or-fail weapon roll: `passed` says whether the weapon is ready."""

    check = fields.Enum(Check, by_value=True, required=True)
    weapon = fields.String(required=True)
    passed = fields.Boolean(required=True)
    roll = fields.Nested(RollResult, required=True)
    explanation = fields.List(fields.String(), required=True)


class TimedTask(Out):
    """A task's rounds: `base_rounds` less the successes, at least `minimum_rounds`."""

    task = fields.Enum(Task, by_value=True, required=True)
    weapon = fields.String(required=True)
    kind = fields.Enum(RollKind, by_value=True, required=True)
    pool = fields.Nested(Pool, required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    dice = fields.List(fields.Nested(Die), required=True)
    successes = fields.Integer(required=True)
    base_rounds = fields.Integer(required=True)
    minimum_rounds = fields.Integer(required=True)
    rounds = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


class WeaponReadyEntry(CardEntry):
    """A logged weapon check in full."""

    rule = _const(Request.WEAPON_READY.value)
    result = fields.Nested(WeaponCheck, required=True)


class WeaponReloadEntry(CardEntry):
    """A logged muzzle-loader reload in full."""

    rule = _const(Request.WEAPON_RELOAD.value)
    result = fields.Nested(TimedTask, required=True)


class WeaponClearJamEntry(CardEntry):
    """A logged jam cleared in full."""

    rule = _const(Request.WEAPON_CLEAR_JAM.value)
    result = fields.Nested(TimedTask, required=True)


CARDS = {
    Request.WEAPON_READY: CardSpec(WeaponReadyRequest, WeaponReadyEntry),
    Request.WEAPON_RELOAD: CardSpec(WeaponReloadRequest, WeaponReloadEntry),
    Request.WEAPON_CLEAR_JAM: CardSpec(WeaponClearJamRequest, WeaponClearJamEntry),
}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    WeaponReadyRequest.ready_fields: {
        "if": {"properties": {"check": {"const": Check.ONE_HANDED_GRIP.value}}, "required": ["check"]},
        "then": {"not": {"anyOf": [{"required": [name]} for name in READY_ONLY]}},
    },
}
