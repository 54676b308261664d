"""Schemas of what clients send: connection credentials and every request."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ..encoded import compact
from ..rules.dice import MAX_DICE_PER_ROLL
from ..rules.moment_of_truth import RollKind
from ..rules.moment_of_truth.conditions import Condition
from ..rules.moment_of_truth.statistics import Statistic as BasicStatistic
from .common import Identifier, Inbound, Visibility
from .settings import TOKEN_TTL_MAX_SECONDS, WorldSettingsSchema

#: Longest free-text label a client may attach to a roll, in characters.
LABEL_MAX_CHARS = 200
#: Most named modifiers on one roll.
MODIFIERS_MAX = 20
#: Highest statistic or skill level accepted.
RATING_MAX = 20
#: Most characters helping one roll.
HELPERS_MAX = 20
#: Longest helper or talent name, in characters.
HELPER_NAME_MAX_CHARS = 60
#: Most players contributing Moments of Truth to one roll.
PLAYERS_MAX = 50
#: Longest ``ping`` echo, in characters of compact JSON.
ECHO_MAX_CHARS = 4096
#: The kinds of roll that name a skill (a module constant: an enum member's lookup is slow).
SKILL_KINDS = (RollKind.SKILL, RollKind.PERIPHERAL)


class ConnectCredentials(Inbound):
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


class RequestSchema(Inbound):
    """Every request carries the client's id for it."""

    request_id = Identifier(required=True)


def _echo_fits(echo) -> None:
    """An echo is stored with its answer: at most ``ECHO_MAX_CHARS`` of JSON."""
    try:
        size = len(compact(echo))
    except (TypeError, ValueError, RecursionError):
        raise ValidationError("must be JSON") from None
    if size > ECHO_MAX_CHARS:
        raise ValidationError(f"at most {ECHO_MAX_CHARS} characters of JSON")


class PingRequest(RequestSchema):
    echo = fields.Raw(load_default=None, validate=_echo_fits)


class Statistic(Inbound):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    value = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class Skill(Inbound):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    level = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class PoolModifier(Inbound):
    source = fields.String(required=True, validate=validate.Length(min=1, max=60))
    dice = fields.Integer(required=True, validate=validate.Range(-MAX_DICE_PER_ROLL, MAX_DICE_PER_ROLL))
    penalty = fields.Boolean(load_default=False)

    @validates_schema
    def penalty_takes_dice(self, data, **_):
        if data.get("penalty") and data.get("dice", 0) > 0:
            raise ValidationError("a penalty removes dice: dice must be 0 or less", "dice")


class PoolSpec(Inbound):
    """A Moment of Truth roll's pool (ch. 1)."""

    kind = fields.Enum(RollKind, by_value=True, required=True)
    statistic = fields.Nested(Statistic, required=True)
    skill = fields.Nested(Skill)
    modifiers = fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))
    helpers = fields.Integer(load_default=0, validate=validate.Range(0, HELPERS_MAX))

    @validates_schema
    def skill_matches_kind(self, data, **_):
        needs_skill = data.get("kind") in SKILL_KINDS
        if needs_skill and "skill" not in data:
            raise ValidationError("a skill or peripheral roll names its skill", "skill")
        if not needs_skill and "skill" in data:
            raise ValidationError("only skill and peripheral rolls name a skill", "skill")


class RollSpec(PoolSpec, RequestSchema):
    """A Moment of Truth roll's pool and target (ch. 1); ``stakes_raised``:
    every failure is critical (ch. 5)."""

    difficulty = fields.Integer(load_default=0, validate=validate.Range(-1, 10))
    stakes_raised = fields.Boolean(load_default=False)


class CardOptions(RequestSchema):
    """A request whose result is a card at the table: logged, and shown to
    whoever ``visibility`` lets see it. A card about a tracked token takes
    the token's actor as the card's ``actor_id``."""

    label = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))
    visibility = fields.Enum(Visibility, by_value=True, load_default=Visibility.PUBLIC)
    whisper_to = fields.List(Identifier(), load_default=list, validate=validate.Length(max=50))

    @validates_schema
    def whisper_has_audience(self, data, **_):
        if data.get("whisper_to") and data.get("visibility") is not Visibility.WHISPER:
            raise ValidationError("whisper_to goes with visibility 'whisper'", "whisper_to")


class CardRequest(CardOptions):
    """A card about the actor ``actor_id``."""

    actor_id = Identifier(required=True)


_HELPER = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": HELPER_NAME_MAX_CHARS},
        "has_skill": {"type": "boolean", "default": True},
    },
    "required": ["name"],
    "additionalProperties": False,
}


class Helper(Inbound):
    """A character lending 1 die (ch. 1, Helping); ``has_skill``: whether
    they possess the skill the GM requires (``required_skill``)."""

    name = fields.String(required=True, validate=validate.Length(1, HELPER_NAME_MAX_CHARS))
    has_skill = fields.Boolean(load_default=True)


class Helpers(fields.Field):
    """A count of helping characters, or the helpers by name (ch. 1, Helping)."""

    count = fields.Integer(validate=validate.Range(0, HELPERS_MAX))
    named = fields.List(fields.Nested(Helper), validate=validate.Length(max=HELPERS_MAX))

    def __init__(self, **kwargs):
        one_of = [
            {"type": "integer", "minimum": 0, "maximum": HELPERS_MAX},
            {"type": "array", "maxItems": HELPERS_MAX, "items": _HELPER},
        ]
        super().__init__(metadata={"oneOf": one_of}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        shape = self.named if isinstance(value, list) else self.count
        return shape.deserialize(value, attr, data, **kwargs)


class Contribution(Inbound):
    """Another player's dice for the roll: N d6 cost them N + 1 MoTs (ch. 5)."""

    user = Identifier(required=True)
    dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))


class MomentsSpent(Inbound):
    """Moments of Truth spent on the roll (ch. 5): the roller's own, 1d6 each, and other players'."""

    own = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    contributions = fields.List(
        fields.Nested(Contribution), load_default=list, validate=validate.Length(max=PLAYERS_MAX)
    )


class RollTalent(Inbound):
    """A talent used on the roll (ch. 4): +3d6. It names ``skills`` or one
    ``statistic``; ``off_spirit``: a skill roll it does not name, the GM agreeing."""

    name = fields.String(required=True, validate=validate.Length(1, HELPER_NAME_MAX_CHARS))
    circumstances = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))
    skills = fields.List(
        fields.String(validate=validate.Length(1, 40)), load_default=list, validate=validate.Length(max=MODIFIERS_MAX)
    )
    statistic = fields.Enum(BasicStatistic, by_value=True, load_default=None)
    off_spirit = fields.Boolean(load_default=False)


class RollRequest(RollSpec, CardRequest):
    """A roll for an actor, with the roll's options: named helpers and the
    skill the GM requires of them (ch. 1), the actor's conditions (ch. 7),
    Moments of Truth spent and a talent used (ch. 4-5)."""

    helpers = Helpers(load_default=0)
    required_skill = fields.String(validate=validate.Length(1, 40))
    conditions = fields.List(
        fields.Enum(Condition, by_value=True), load_default=list, validate=validate.Length(max=len(Condition))
    )
    moments = fields.Nested(MomentsSpent)
    talent = fields.Nested(RollTalent)


class OddsRequest(RollSpec):
    pass


class RollLogRequest(RequestSchema):
    limit = fields.Integer(load_default=50, validate=validate.Range(1, 200))


class WorkerPingRequest(PingRequest):
    pass


class TokenMintRequest(RequestSchema):
    user = Identifier(required=True)
    ttl_seconds = fields.Integer(validate=validate.Range(60, TOKEN_TTL_MAX_SECONDS))


class TokenRevokeRequest(RequestSchema):
    user = Identifier(required=True)


class ActorsAssignRequest(RequestSchema):
    user = Identifier(required=True)
    actor_ids = fields.List(Identifier(), required=True, validate=validate.Length(max=1000))


class SettingsGetRequest(RequestSchema):
    pass


class SettingsUpdateRequest(RequestSchema):
    settings = fields.Nested(WorldSettingsSchema(partial=True), required=True)
