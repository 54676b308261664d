"""``moc.split`` and ``moc.augment``: a pool split among actions, and a
card from the hand played on the dice of an earlier roll or split."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_clarity.cards import Suiting
from ....rules.moment_of_clarity.elements import Element
from ....rules.moment_of_clarity.levels import Level
from ....rules.moment_of_clarity.rolls import SIDES
from ....schemas.common import Inbound
from ....schemas.pushes import Out
from ....schemas.requests import CardRequest
from ...at_table import ActingToken
from .common import ACTIONS_MAX, DICE, NAME, TN, MocPlayingCard, enum_of
from .rolls import MocRoll
from .state import MocCardOut


class MocSplitAction(Inbound):
    """One action of a split pool; ``needs``: the lowest level that does not
    pre-empt what follows; ``free_success``: a bead bought it a marginal success."""

    name = fields.String(required=True, validate=NAME)
    dice = fields.Integer(required=True, validate=DICE)
    tn = fields.Integer(load_default=7, validate=TN)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    needs = enum_of(Level, load_default=Level.NEAR_SUCCESS)
    free_success = fields.Boolean(load_default=False)


class MocSplitRequest(CardRequest, ActingToken):
    """A pool split among ``actions`` rolled in order: one die lost per
    action after the first (``counted`` actions, the GM's ``extra_loss``);
    a failed action pre-empts the rest unless the GM says not (``preempt``)."""

    pool = fields.Integer(required=True, validate=DICE)
    actions = fields.List(fields.Nested(MocSplitAction), required=True, validate=validate.Length(1, ACTIONS_MAX))
    counted = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(1, ACTIONS_MAX))
    extra_loss = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    preempt = fields.Boolean(load_default=True)


class MocDiePoints(Inbound):
    """Points of a card on die ``die`` of action ``action`` (0 for a plain roll)."""

    action = fields.Integer(load_default=0, validate=validate.Range(0, ACTIONS_MAX - 1))
    die = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    points = fields.Integer(required=True, validate=validate.Range(1, 14))


class MocAugmentRequest(CardRequest):
    """A card from the actor's hand played on the dice of its earlier roll
    (``roll_id``, a ``moc.roll`` or ``moc.split`` card) for the ``element``
    of the action: on suit its value split among dice, otherwise half of it
    (rounded up) on one die."""

    roll_id = fields.String(required=True, validate=validate.Length(1, 64))
    card = fields.Nested(MocPlayingCard, required=True)
    element = enum_of(Element, required=True)
    points = fields.List(fields.Nested(MocDiePoints), required=True, validate=validate.Length(1, 40))


class MocActionOut(Out):
    """An action of a split: its roll, its level (a bead's marginal success
    stands whatever the dice say) and whether an earlier failure pre-empted it."""

    name = fields.String(required=True, attribute="action.name")
    needs = enum_of(Level, required=True, attribute="action.needs")
    free_success = fields.Boolean(required=True, attribute="action.free_success")
    roll = fields.Nested(MocRoll, required=True)
    level = enum_of(Level, required=True)
    preempted = fields.Boolean(required=True)


class MocSplitCard(Out):
    pool = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    preempt = fields.Boolean(required=True)
    actions = fields.List(fields.Nested(MocActionOut), required=True)
    explanation = fields.List(fields.String(), required=True)


class MocCardPlayOut(Out):
    card = fields.Nested(MocCardOut, required=True)
    suiting = enum_of(Suiting, required=True)
    points = fields.Integer(required=True)
    splits = fields.Boolean(required=True)


class MocAugmentCard(MocSplitCard):
    """The earlier card's roll(s) again, as a split pool (a plain roll is one
    action), with the card's points on the dice."""

    roll_id = fields.String(required=True)
    element = enum_of(Element, required=True)
    play = fields.Nested(MocCardPlayOut, required=True)
