"""Contested rolls (ch. 1, Contested Skill Rolls): the request and its card."""

from __future__ import annotations

from marshmallow import fields, validate

from ..protocol import Request
from ..rules.moment_of_truth.contests import Party
from .maneuvers import ManeuverContest
from .pushes import CardEntry, _const
from .requests import HELPER_NAME_MAX_CHARS, CardRequest, PoolSpec
from .spec import CardSpec


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
    """Both sides roll against the world's default TN."""

    first = fields.Nested(ContestSide, required=True)
    second = fields.Nested(ContestSide, required=True)


class ContestEntry(CardEntry):
    """A logged contest in full: every round's faces, the winner and why."""

    rule = _const(Request.CONTEST.value)
    result = fields.Nested(ManeuverContest, required=True)


CARDS = {Request.CONTEST: CardSpec(ContestRequest, ContestEntry)}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}
