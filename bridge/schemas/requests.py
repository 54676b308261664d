"""Schemas of what clients send: connection credentials and every request."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ..rules.dice import MAX_DICE_PER_ROLL
from ..rules.moment_of_truth import RollKind
from .common import Identifier, Visibility
from .settings import TOKEN_TTL_MAX_SECONDS, WorldSettingsSchema

#: Longest free-text label a client may attach to a roll, in characters.
LABEL_MAX_CHARS = 200
#: Most named modifiers on one roll.
MODIFIERS_MAX = 20
#: Highest statistic or skill level accepted.
RATING_MAX = 20


class ConnectCredentials(Schema):
    """The ``auth`` object of the Socket.IO connection."""

    protocol = fields.Integer(required=True)
    world = Identifier(required=True)
    gm_key = fields.String(validate=validate.Length(min=1, max=200))
    token = fields.String(validate=validate.Length(min=1, max=2000))
    user = Identifier()

    @validates_schema
    def one_credential(self, data, **_):
        if ("gm_key" in data) == ("token" in data):
            raise ValidationError("give exactly one of gm_key or token", "gm_key")


class RequestSchema(Schema):
    """Every request carries the client's id for it."""

    request_id = Identifier(required=True)


class PingRequest(RequestSchema):
    echo = fields.Raw(load_default=None)


class Statistic(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    value = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class Skill(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    level = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class PoolModifier(Schema):
    source = fields.String(required=True, validate=validate.Length(min=1, max=60))
    dice = fields.Integer(required=True, validate=validate.Range(-MAX_DICE_PER_ROLL, MAX_DICE_PER_ROLL))
    penalty = fields.Boolean(load_default=False)

    @validates_schema
    def penalty_takes_dice(self, data, **_):
        if data.get("penalty") and data.get("dice", 0) > 0:
            raise ValidationError("a penalty removes dice: dice must be 0 or less", "dice")


class RollSpec(RequestSchema):
    """A Moment of Truth roll's pool and target (ch. 1)."""

    kind = fields.Enum(RollKind, by_value=True, required=True)
    statistic = fields.Nested(Statistic, required=True)
    skill = fields.Nested(Skill)
    difficulty = fields.Integer(load_default=0, validate=validate.Range(-1, 10))
    modifiers = fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))
    helpers = fields.Integer(load_default=0, validate=validate.Range(0, 20))

    @validates_schema
    def skill_matches_kind(self, data, **_):
        needs_skill = data.get("kind") in (RollKind.SKILL, RollKind.PERIPHERAL)
        if needs_skill and "skill" not in data:
            raise ValidationError("a skill or peripheral roll names its skill", "skill")
        if not needs_skill and "skill" in data:
            raise ValidationError("only skill and peripheral rolls name a skill", "skill")


class CardRequest(RequestSchema):
    """A request whose result is a card at the table: logged, and shown to
    whoever ``visibility`` lets see it."""

    actor_id = Identifier(required=True)
    label = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))
    visibility = fields.Enum(Visibility, by_value=True, load_default=Visibility.PUBLIC)
    whisper_to = fields.List(Identifier(), load_default=list, validate=validate.Length(max=50))

    @validates_schema
    def whisper_has_audience(self, data, **_):
        if data.get("whisper_to") and data.get("visibility") is not Visibility.WHISPER:
            raise ValidationError("whisper_to goes with visibility 'whisper'", "whisper_to")


class RollRequest(RollSpec, CardRequest):
    pass


class OddsRequest(RollSpec):
    stakes_raised = fields.Boolean(load_default=False)


class RollLogRequest(RequestSchema):
    limit = fields.Integer(load_default=50, validate=validate.Range(1, 200))


class WorkerPingRequest(PingRequest):
    pass


class TokenMintRequest(RequestSchema):
    user = Identifier(required=True)
    ttl_seconds = fields.Integer(validate=validate.Range(60, TOKEN_TTL_MAX_SECONDS))


class ActorsAssignRequest(RequestSchema):
    user = Identifier(required=True)
    actor_ids = fields.List(Identifier(), required=True, validate=validate.Length(max=1000))


class SettingsGetRequest(RequestSchema):
    pass


class SettingsUpdateRequest(RequestSchema):
    settings = fields.Nested(WorldSettingsSchema(partial=True), required=True)
