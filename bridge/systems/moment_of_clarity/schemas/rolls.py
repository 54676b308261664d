"""``moc.roll``, ``moc.opposed`` and ``moc.declare``: a roll read (every
die, the Effect Number, the level against the TN), a skill's pool, and
the secret rolls of opposed actions with their declarations."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_clarity.effect import DieKind
from ....rules.moment_of_clarity.levels import Level
from ....rules.moment_of_clarity.rolls import SIDES
from ....rules.moment_of_clarity.skills import SkillThreshold
from ....schemas.common import Inbound
from ....schemas.pushes import Out, _const
from ....schemas.requests import HELPER_NAME_MAX_CHARS, CardRequest
from ...at_table import ActingToken
from .common import DICE, NAME, TN, enum_of


class MocPoolPart(Inbound):
    source = fields.String(required=True, validate=NAME)
    dice = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))


class MocRollRequest(CardRequest, ActingToken):
    """A roll: the pool's ``parts``, d10 (open-ended 10s) or d6, against
    ``tn``; ``untrained``: the skill's difficulty level when used untrained
    (off the pool in dice, to 1 at least, and on the TN)."""

    parts = fields.List(fields.Nested(MocPoolPart), required=True, validate=validate.Length(1, 20))
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    tn = fields.Integer(load_default=7, validate=TN)
    untrained = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, 2))
    open_ended = fields.Boolean(load_default=True)


class MocOpposedRequest(CardRequest):
    """A secret roll for an opposed action: the card goes to the roller and
    the GM only (whatever ``visibility`` says); its successes are declared later."""

    dice = fields.Integer(required=True, validate=DICE)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    tn = fields.Integer(load_default=7, validate=TN)


class MocDeclareRequest(CardRequest):
    """Declare ``successes`` of the actor's secret roll ``roll_id``: the
    active side against ``against``, or, with ``resists`` (a declaration's
    card id), the resisting side taking levels off it. The rest are saved."""

    roll_id = fields.String(required=True, validate=validate.Length(1, 64))
    successes = fields.Integer(required=True, validate=validate.Range(0, 4))
    against = fields.String(load_default="", validate=validate.Length(max=HELPER_NAME_MAX_CHARS))
    resists = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 64))


class MocDie(Out):
    """A die as rolled: ``natural`` (a bonus die's 1 reads 2), what a card
    added, and how it counted: ``effect`` (in a group worth the Effect
    Number), ``one`` (a natural 1), ``other``."""

    face = fields.Integer(required=True, validate=validate.Range(1, 10), attribute="die.face")
    sides = fields.Integer(required=True, validate=validate.OneOf(SIDES), attribute="die.sides")
    kind = enum_of(DieKind, required=True, attribute="die.kind")
    natural = fields.Integer(required=True, attribute="die.natural")
    augment = fields.Integer(required=True, attribute="die.augment")
    value = fields.Integer(required=True, attribute="die.value")
    counts_as = fields.String(required=True, validate=validate.OneOf(["effect", "one", "other"]))


class MocGroup(Out):
    natural = fields.Integer(required=True)
    count = fields.Integer(required=True)
    worth = fields.Integer(required=True)


class MocEffectNumber(Out):
    value = fields.Integer(required=True)
    groups = fields.List(fields.Nested(MocGroup), required=True)


class MocOutcome(Out):
    label = enum_of(Level, required=True)
    success = fields.Boolean(required=True)


class MocTarget(Out):
    value = fields.Integer(required=True)


class MocRoll(Out):
    """A roll read: every die, the Effect Number and the level against the TN."""

    system = _const("moment_of_clarity")
    sides = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    faces = fields.List(fields.Integer(), required=True)
    dice = fields.List(fields.Nested(MocDie), required=True, attribute="counted_dice")
    effect_number = fields.Nested(MocEffectNumber, required=True, attribute="effect")
    level = enum_of(Level, required=True)
    successes = fields.Integer(required=True, validate=validate.Range(0, 4))
    opponent_shifts = fields.Boolean(required=True)
    outcome = fields.Nested(MocOutcome, required=True)
    target = fields.Nested(MocTarget, required=True)
    explanation = fields.List(fields.String(), required=True)


class MocPoolPartOut(Out):
    source = fields.String(required=True)
    dice = fields.Integer(required=True)


class MocSkillPool(Out):
    parts = fields.List(fields.Nested(MocPoolPartOut), required=True)
    dice = fields.Integer(required=True)
    base_tn = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    untrained = enum_of(SkillThreshold, required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


class MocRollCard(MocRoll):
    pool = fields.Nested(MocSkillPool, required=True)


class MocOpposedCard(MocRoll):
    """A secret roll (seen by its roller and the GM only)."""


class MocDeclareCard(Out):
    """A declaration: ``declared`` now, ``declared_total`` of the roll so
    far; against a declaration (``resists``), the levels ``through``."""

    roll_id = fields.String(required=True)
    declared = fields.Integer(required=True)
    declared_total = fields.Integer(required=True)
    against = fields.String(required=True)
    resists = fields.String(required=True, allow_none=True)
    through = fields.Integer(required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)
