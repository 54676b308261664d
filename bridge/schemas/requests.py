"""Schemas of what clients send: connection credentials and every request."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ..encoded import compact
from .common import Identifier, Inbound, Visibility
from .settings import TOKEN_TTL_MAX_SECONDS, world_settings_schema

#: Longest free-text label a client may attach to a roll, in characters.
LABEL_MAX_CHARS = 200
#: Most named modifiers on one roll.
MODIFIERS_MAX = 20
#: Highest statistic or skill level accepted.
RATING_MAX = 20
#: Longest helper or talent name, in characters.
HELPER_NAME_MAX_CHARS = 60
#: Most players contributing Moments of Truth to one roll.
PLAYERS_MAX = 50
#: Longest ``ping`` echo, in characters of compact JSON.
ECHO_MAX_CHARS = 4096


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
    settings = fields.Nested(lambda: world_settings_schema()(partial=True), required=True)
