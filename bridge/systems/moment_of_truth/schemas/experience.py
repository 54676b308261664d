"""Experience (ch. 11): the GM's awards, a raise of a token's skill or
statistic paid in experience, and Moments of Truth bought back for it
(docs/mot/characters.md). Each character's account is kept in the world's
Moment of Truth state document (``MotState``), which ``system.get`` reads."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ....rules.moment_of_truth.experience import ExperienceKind
from ....rules.moment_of_truth.statistics import Statistic
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import Out
from ....schemas.requests import RATING_MAX, RequestSchema
from ....schemas.spec import RequestSpec
from ..names import Event
from .characters import MOMENTS_MAX, SKILL_NAME_MAX_CHARS, AdvancementCost, _text
from .moments import MomentsChange
from .tokens import TokenStateChange

#: Most experience one award gives (the book suggests up to 8 a session).
AWARD_MAX = 100


class ExperienceAwardRequest(RequestSchema):
    """The GM's award of `experience` to the character `actor_id`, with a `reason`."""

    actor_id = Identifier(required=True)
    experience = fields.Integer(required=True, validate=validate.Range(1, AWARD_MAX))
    reason = _text(required=True)


class SkillTo(Inbound):
    name = _text(SKILL_NAME_MAX_CHARS, required=True)
    desired = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class StatisticTo(Inbound):
    name = fields.Enum(Statistic, by_value=True, required=True)
    desired = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class ExperienceSpendRequest(RequestSchema):
    """Raise a `skill` or a `statistic` of the tracked token `token_id` to `desired`,
    paid from its character's experience; the current level is the token's."""

    token_id = Identifier(required=True)
    skill = fields.Nested(SkillTo)
    statistic = fields.Nested(StatisticTo)

    @validates_schema
    def one_raise(self, data, **_):
        if ("skill" in data) == ("statistic" in data):
            raise ValidationError("give exactly one of skill or statistic", "skill")


class ExperienceBuybackRequest(RequestSchema):
    """A player's unspent Moments of Truth (`player`: the GM names them) bought back as
    experience for the character `actor_id`."""

    actor_id = Identifier(required=True)
    moments = fields.Integer(required=True, validate=validate.Range(1, MOMENTS_MAX))
    player = Identifier()


class ExperienceEntry(Out):
    """One change of a character's experience: gained (+) or spent (-), and the balance after."""

    kind = fields.Enum(ExperienceKind, by_value=True, required=True)
    change = fields.Integer(required=True)
    balance = fields.Integer(required=True, validate=validate.Range(min=0))
    reason = fields.String(required=True)


class ExperienceAccount(Out):
    balance = fields.Integer(required=True, validate=validate.Range(min=0))
    history = fields.List(fields.Nested(ExperienceEntry), required=True)


class MotState(Out):
    """Moment of Truth's state document: each character's experience, by actor id."""

    experience = fields.Dict(keys=Identifier(), values=fields.Nested(ExperienceAccount), required=True)


class ExperienceChanged(Out):
    """A character's experience after the request: the entry it recorded and the account;
    a raise's `cost` and the token's `token` change; a buyback's `moments` (the ledger's change)."""

    actor_id = Identifier(required=True)
    entry = fields.Nested(ExperienceEntry, required=True)
    account = fields.Nested(ExperienceAccount, required=True)
    cost = fields.Nested(AdvancementCost, allow_none=True)
    token = fields.Nested(TokenStateChange, allow_none=True)
    moments = fields.Nested(MomentsChange, allow_none=True)


CARDS: dict = {}
REQUESTS = {
    Event.EXPERIENCE_AWARD: RequestSpec(ExperienceAwardRequest, ExperienceChanged, gm_only=True),
    Event.EXPERIENCE_SPEND: RequestSpec(ExperienceSpendRequest, ExperienceChanged),
    Event.EXPERIENCE_BUYBACK: RequestSpec(ExperienceBuybackRequest, ExperienceChanged),
}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    ExperienceSpendRequest.one_raise: {"oneOf": [{"required": ["skill"]}, {"required": ["statistic"]}]},
}
