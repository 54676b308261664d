"""Contested rolls (ch. 1, Contested Skill Rolls): the request and its card."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.contests import Party
from ....schemas.pushes import CardEntry, _const
from ....schemas.requests import HELPER_NAME_MAX_CHARS, CardRequest
from ....schemas.spec import CardSpec
from ..names import Event
from .maneuvers import ManeuverContest
from .rolls import HeldReward, MomentsEntry, PoolSpec, RollSpending


class ContestSide(PoolSpec):
    """One side: who rolls (a PC or an NPC) and the pool they roll.
    ``resisting``: resisting the other's action, so taking a deadlock;
    ``cautious``: a cautious target, who notices the attempt on a deadlock;
    ``stakes_raised``: every failure of this side is critical (ch. 5)."""

    name = fields.String(required=True, validate=validate.Length(1, HELPER_NAME_MAX_CHARS))
    party = fields.Enum(Party, by_value=True, required=True)
    resisting = fields.Boolean(load_default=False)
    cautious = fields.Boolean(load_default=False)
    stakes_raised = fields.Boolean(load_default=False)


class ContestRequest(CardRequest):
    """Both sides roll against the world's default TN. `first` is the
    sender's side: `moments` are the sender's Moments of Truth spent for
    +1d6 each on it (ch. 5)."""

    first = fields.Nested(ContestSide, required=True)
    second = fields.Nested(ContestSide, required=True)
    moments = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))


class ContestCard(ManeuverContest):
    """A contest's card: `moments` when the sender spent MoTs on the first
    side, `rewards` when a player's first side earned MoTs (ch. 5), `held`
    when a blind or whispered contest's did (credited when revealed)."""

    moments = fields.Nested(RollSpending)
    rewards = fields.List(fields.Nested(MomentsEntry))
    held = fields.List(fields.Nested(HeldReward))


class ContestEntry(CardEntry):
    """A logged contest in full: every round's faces, the winner and why."""

    rule = _const(Event.CONTEST.value)
    result = fields.Nested(ContestCard, required=True)


CARDS = {Event.CONTEST: CardSpec(ContestRequest, ContestEntry)}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}
