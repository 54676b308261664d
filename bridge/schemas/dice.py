"""``dice.roll``'s shapes (docs/protocol.md, Dice for the table): plain dice rolled
by the bridge for a client's own dice roller (Foundry's dice fulfillment)."""

from __future__ import annotations

from marshmallow import fields, validate

from ..protocol import Request
from ..rules.dice import MAX_DICE_PER_ROLL
from .pushes import Out, card_entry
from .requests import LABEL_MAX_CHARS, RequestSchema

#: Most faces a die rolled for a client may have (Foundry's d1000 is the largest it names).
FACES_MAX = 1000


class DiceRollRequest(RequestSchema):
    """``number`` dice of ``faces`` faces; ``label``: what they are for (the client's formula)."""

    faces = fields.Integer(required=True, validate=validate.Range(2, FACES_MAX))
    number = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    label = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))


class DiceRolled(Out):
    """The faces rolled, in order, and their sum."""

    faces = fields.Integer(required=True)
    number = fields.Integer(required=True)
    dice = fields.List(fields.Integer(), required=True)
    total = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


DiceRollEntry = card_entry(Request.DICE_ROLL, DiceRolled, "A logged ``dice.roll`` card: dice rolled for a client's own roller.")
