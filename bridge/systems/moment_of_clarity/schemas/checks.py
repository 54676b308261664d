"""``moc.check`` and ``moc.success``: a roll from the character's sheet with
the beads, token and chips spent on it, and successes added after it."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.moment_of_clarity.characteristics import PRIMARY
from ....rules.moment_of_clarity.elements import Element
from ....rules.moment_of_clarity.levels import Level
from ....schemas.common import Inbound
from ....schemas.pushes import Out, _const
from ....schemas.requests import RATING_MAX, CardRequest
from .common import NAME, TN, enum_of
from .rolls import SIDES, MocRoll, MocSkillPool

BEADS_MAX = 3 * RATING_MAX


class MocBeadsBefore(Inbound):
    """Beads spent from ``element`` before the roll: ``dice`` (two dice each in a pool of the skill's
    Element, else one), ``tn`` (one off the TN each; more than one only from the primary Element),
    or one for a ``free_success`` (a marginal success, no roll, never increased)."""

    element = enum_of(Element, load_default=None, allow_none=True)
    dice = fields.Integer(load_default=0, validate=validate.Range(0, BEADS_MAX))
    tn = fields.Integer(load_default=0, validate=validate.Range(0, BEADS_MAX))
    free_success = fields.Boolean(load_default=False)


class MocUntrained(Inbound):
    """A skill the sheet lacks, used untrained: its difficulty level, Element and cascade."""

    difficulty = fields.Integer(required=True, validate=validate.Range(0, 2))
    element = enum_of(Element, required=True)
    primary = fields.String(required=True, validate=validate.OneOf(PRIMARY))
    secondary = fields.String(load_default=None, allow_none=True, validate=NAME)


class MocCheckRequest(CardRequest):
    """``actor_id`` rolls ``skill`` from its sheet (or ``untrained``) against ``tn``:
    ``token`` expends a token of the skill's primary characteristic for its secondary's dice."""

    skill = fields.String(required=True, validate=NAME)
    tn = fields.Integer(load_default=7, validate=TN)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    token = fields.Boolean(load_default=False)
    beads = fields.Nested(MocBeadsBefore, load_default=None)
    untrained = fields.Nested(MocUntrained)


class MocBeadsAfter(Inbound):
    element = enum_of(Element, required=True)
    count = fields.Integer(required=True, validate=validate.Range(1, 4))


class MocSuccessRequest(CardRequest):
    """After ``actor_id``'s roll ``roll_id`` (``moc.check``, ``moc.roll`` or an earlier
    ``moc.success``): ``beads`` add a success each, or a white ``chip`` makes it a Success."""

    roll_id = fields.String(required=True, validate=validate.Length(1, 64))
    beads = fields.Nested(MocBeadsAfter)
    chip = fields.String(validate=validate.OneOf(["white"]))


class MocBeadsSpentOut(Out):
    element = fields.String(required=True, allow_none=True)
    dice = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    free_success = fields.Boolean(required=True)
    spent = fields.Integer(required=True)


class MocCheckCard(Out):
    """The pool from the sheet (its parts: the primary, the skill, a token's secondary, beads' dice),
    the roll (null for a free success), the level, and the token and beads spent."""

    system = _const("moment_of_clarity")
    skill = fields.String(required=True)
    pool = fields.Nested(MocSkillPool, required=True)
    roll = fields.Nested(MocRoll, required=True, allow_none=True)
    level = enum_of(Level, required=True)
    successes = fields.Integer(required=True)
    token = fields.String(required=True, allow_none=True)
    beads = fields.Nested(MocBeadsSpentOut, required=True)
    explanation = fields.List(fields.String(), required=True)


class MocBeadsAfterOut(Out):
    element = fields.String(required=True)
    count = fields.Integer(required=True)


class MocSuccessCard(Out):
    """A roll's level before and after the beads or the white chip spent on it."""

    system = _const("moment_of_clarity")
    roll_id = fields.String(required=True)
    before = enum_of(Level, required=True)
    level = enum_of(Level, required=True)
    successes = fields.Integer(required=True)
    beads = fields.Nested(MocBeadsAfterOut, required=True, allow_none=True)
    chip = fields.String(required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


class MocBeadPlayed(Inbound):
    element = enum_of(Element, required=True)


class MocShiftRequest(CardRequest):
    """The opponent ``actor_id`` plays an Effect Modifier, one bead (``beads.element``) or a white
    ``chip``, on another's failed roll ``roll_id``: it becomes a spectacular failure."""

    roll_id = fields.String(required=True, validate=validate.Length(1, 64))
    beads = fields.Nested(MocBeadPlayed)
    chip = fields.String(validate=validate.OneOf(["white"]))


class MocShiftCard(Out):
    system = _const("moment_of_clarity")
    roll_id = fields.String(required=True)
    roller = fields.String(required=True)
    before = enum_of(Level, required=True)
    level = enum_of(Level, required=True)
    paid = fields.String(required=True)
    explanation = fields.List(fields.String(), required=True)
