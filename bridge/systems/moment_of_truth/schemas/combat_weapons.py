"""Weapon handling over the wire (ch. 10) on a tracked token's weapon:
readying an unwieldy weapon or gripping a two-handed one in one hand,
reloading, clearing a jam. Each card mirrors the rules' ``WeaponCheck`` or
``TimedTask`` and carries the weapon's state after it."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.rolls import SIDES, RollKind
from ....rules.moment_of_truth.weapon_handling import Check, Task
from ....schemas.common import Identifier
from ....schemas.pushes import CardEntry, Out, _const
from ....schemas.requests import MODIFIERS_MAX, CardOptions
from ....schemas.spec import CardSpec
from ..names import Event
from .characters import MeleeItem, RangedItem
from .combat import ROUNDS_MAX, WeaponState, item_field
from .rolls import Die, Pool, PoolModifier, RollResult

#: The fields only the roll to ready a weapon after an attack takes.
READY_ONLY = ("one_handed", "modifiers", "turn_spent")
#: The fields a turn spent readying does without (no roll).
ROLL_ONLY = ("one_handed", "modifiers", "moments_spent")


def _moments():
    return fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))


def _modifiers():
    return fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))


class WeaponRequest(CardOptions):
    """A tracked token's weapon (the sender must own the token's actor; the
    GM any): its statistics and weapon skill (missing: unskilled) come from
    the token, the weapon's state is kept on it by weapon name."""

    token_id = Identifier(required=True)


class WeaponReadyRequest(WeaponRequest):
    """`ready_after_attack`: after each attack with an unwieldy weapon (or a
    two-handed one held in one hand), Strength + weapon skill, or the next
    turn is spent readying it: `turn_spent` says that turn was spent (no
    roll). `one_handed_grip`: a two-handed, unwieldy weapon held in one hand
    needs a Strength statistic roll at the start of each turn to attack
    with it (ch. 10, Unwieldy; Two-handed)."""

    check = fields.Enum(Check, by_value=True, required=True)
    weapon = item_field(MeleeItem, required=True)
    one_handed = fields.Boolean(load_default=False)
    turn_spent = fields.Boolean(load_default=False)
    modifiers = _modifiers()
    moments_spent = _moments()

    @validates_schema(pass_original=True)
    def ready_fields(self, data, original, **_):
        if data.get("check") is Check.ONE_HANDED_GRIP:
            for name in READY_ONLY:
                if name in original:
                    raise ValidationError("only ready_after_attack takes this", name)

    @validates_schema(pass_original=True)
    def roll_fields(self, data, original, **_):
        if data.get("turn_spent"):
            for name in ROLL_ONLY:
                if name in original:
                    raise ValidationError("a turn spent readying rolls nothing", name)


class WeaponTaskRequest(WeaponRequest):
    """An Agility + weapon skill roll whose successes shorten the task."""

    weapon = item_field(RangedItem, required=True)
    modifiers = _modifiers()
    moments_spent = _moments()


class WeaponReloadRequest(WeaponTaskRequest):
    """A fresh magazine of `capacity` rounds (null: the weapon's largest),
    one combat round; a muzzle-loader: 6 rounds less the successes, never
    fewer than the world's `muzzle_reload_minimum_rounds` (ch. 10,
    Ammunition; Muzzle-loaded). Only for a weapon whose rounds are counted
    (a muzzle-loader; a magazine under the ammunition rules)."""

    capacity = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(1, ROUNDS_MAX))


class WeaponClearJamRequest(WeaponTaskRequest):
    """Clearing a jammed weapon: 4 rounds less the successes, at least 1 (ch. 10, Unreliable)."""


class WeaponRoll(Out):
    """A pass-or-fail weapon roll (null: the turn spent readying it, no
    roll): `passed` says whether the weapon is ready."""

    check = fields.Enum(Check, by_value=True, required=True)
    weapon = fields.String(required=True)
    passed = fields.Boolean(required=True)
    roll = fields.Nested(RollResult, required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


class WeaponCheck(WeaponRoll):
    """A pass-or-fail weapon roll (null: the turn spent readying it, no
    roll): `passed` says whether the weapon is ready; `weapon_state` is the
    token's weapon after it."""

    weapon_state = fields.Nested(WeaponState, required=True)


class TimedTask(Out):
    """A task's rounds: `base_rounds` less the successes, at least `minimum_rounds`."""

    task = fields.Enum(Task, by_value=True, required=True)
    weapon = fields.String(required=True)
    kind = fields.Enum(RollKind, by_value=True, required=True)
    pool = fields.Nested(Pool, required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True, attribute="counting.faces")
    dice = fields.List(fields.Nested(Die), required=True, attribute="counting.dice")
    successes = fields.Integer(required=True, attribute="counting.successes")
    base_rounds = fields.Integer(required=True)
    minimum_rounds = fields.Integer(required=True)
    rounds = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


class JamCleared(TimedTask):
    """A jam cleared, and the token's weapon after it."""

    weapon_state = fields.Nested(WeaponState, required=True)


class Reloaded(Out):
    """A reload: `rounds` it takes (a magazine change: 1; a muzzle-loader:
    its roll, `task`), and the token's weapon after it."""

    weapon = fields.String(required=True)
    task = fields.Nested(TimedTask, required=True, allow_none=True)
    rounds = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)
    weapon_state = fields.Nested(WeaponState, required=True)


class WeaponReadyEntry(CardEntry):
    """A logged weapon check in full."""

    rule = _const(Event.WEAPON_READY.value)
    result = fields.Nested(WeaponCheck, required=True)


class WeaponReloadEntry(CardEntry):
    """A logged muzzle-loader reload in full."""

    rule = _const(Event.WEAPON_RELOAD.value)
    result = fields.Nested(Reloaded, required=True)


class WeaponClearJamEntry(CardEntry):
    """A logged jam cleared in full."""

    rule = _const(Event.WEAPON_CLEAR_JAM.value)
    result = fields.Nested(JamCleared, required=True)


CARDS = {
    Event.WEAPON_READY: CardSpec(WeaponReadyRequest, WeaponReadyEntry),
    Event.WEAPON_RELOAD: CardSpec(WeaponReloadRequest, WeaponReloadEntry),
    Event.WEAPON_CLEAR_JAM: CardSpec(WeaponClearJamRequest, WeaponClearJamEntry),
}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    WeaponReadyRequest.ready_fields: {
        "if": {"properties": {"check": {"const": Check.ONE_HANDED_GRIP.value}}, "required": ["check"]},
        "then": {"not": {"anyOf": [{"required": [name]} for name in READY_ONLY]}},
    },
    WeaponReadyRequest.roll_fields: {
        "if": {"properties": {"turn_spent": {"const": True}}, "required": ["turn_spent"]},
        "then": {"not": {"anyOf": [{"required": [name]} for name in ROLL_ONLY]}},
    },
}
