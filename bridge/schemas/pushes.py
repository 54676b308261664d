"""Schemas of what the bridge sends: acks, request results, pushes.

They document the wire and are exported as JSON Schema (``export.py``); the
bridge builds these payloads itself. Objects sent may gain fields within a
protocol version, so these schemas let unknown fields through.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ..protocol import ErrorCode, RefusalCode, RequestError
from ..table.auth import Role
from .common import Identifier, Visibility
from .encode import dump
from .settings import world_settings_schema


class Either(fields.Field):
    """A value matching exactly one of ``schemas`` (JSON Schema ``oneOf``)."""

    def __init__(self, *schemas: type[Schema], **kwargs):
        super().__init__(**kwargs)
        self.schemas = schemas
        self._loaders: tuple[Schema, ...] = ()

    def _deserialize(self, value, attr, data, **kwargs):
        # Built once: a schema instance deep-copies its fields, and loading reuses it safely.
        self._loaders = self._loaders or tuple(schema() for schema in self.schemas)
        errors = []
        for loader in self._loaders:
            try:
                return loader.load(value)
            except ValidationError as invalid:
                errors.append(invalid.messages)
        raise ValidationError(errors)


class Out(Schema):
    class Meta:
        unknown = EXCLUDE


def _const(value):
    """A field that always holds ``value`` (written as ``value`` when the value dumped has no such attribute)."""
    field_class = fields.Boolean if isinstance(value, bool) else fields.String
    return field_class(required=True, validate=validate.Equal(value), dump_default=value)


# --- envelopes and refusals -------------------------------------------------


class ErrorBody(Out):
    """Why a request failed; ``fields`` maps field names to messages."""

    code = fields.Enum(ErrorCode, by_value=True, required=True)
    message = fields.String(required=True)
    fields_ = fields.Dict(data_key="fields", required=True, attribute="fields")


class OkEnvelope(Out):
    """Ack of an answered request; ``result`` depends on the request."""

    ok = _const(True)
    request_id = Identifier(required=True)
    result = fields.Raw(required=True)


class ErrorEnvelope(Out):
    """Ack of a refused request; ``request_id`` is what the client sent (null if none)."""

    ok = _const(False)
    request_id = fields.Raw(required=True)
    error = fields.Nested(ErrorBody, required=True)


class Answer(NamedTuple):
    """An envelope's request id and what answers it: the result, or the refusal (a ``RequestError``)."""

    request_id: Any
    result: Any = None
    error: RequestError | None = None


def success(request_id: str | None, result: Any) -> dict:
    return dump(OkEnvelope, Answer(request_id, result))


def failure(request_id: str | None, error: RequestError) -> dict:
    return dump(ErrorEnvelope, Answer(request_id, error=error))


class ConnectRefusal(Out):
    """Data of ``connect_error`` when the bridge refuses a connection."""

    code = fields.Enum(RefusalCode, by_value=True, required=True)
    message = fields.String(required=True)
    fields_ = fields.Dict(data_key="fields", required=True)


class CardHeader(Out):
    """What every reader of a card sees: who rolled, for whom, when (Unix
    seconds), and which request made it (``rule``)."""

    roll_id = fields.String(required=True)
    request_id = Identifier(required=True)
    at = fields.Float(required=True)
    user = Identifier(required=True)
    actor_id = Identifier(required=True)
    label = fields.String(required=True)
    visibility = fields.Enum(Visibility, by_value=True, required=True)
    rule = fields.String(required=True)


class RollNotice(CardHeader):
    """A blind card as its roller sees it: that it happened, not how."""

    hidden = _const(True)


class CardEntry(CardHeader):
    """A logged card in full; each kind of card fixes ``rule`` and ``result``."""

    world = Identifier(required=True)
    whisper_to = fields.List(Identifier(), required=True)


def card_entry(event, result: type[Schema], doc: str = "", name: str = "") -> type[CardEntry]:
    """The logged card of ``event`` (a request, or its name), whose ``result`` is ``result``;
    ``name``: its class's (and JSON Schema definition's) name, by default the event's words + ``Entry``."""
    rule = getattr(event, "value", event)
    name = name or "".join(part.title() for part in rule.replace(".", "_").split("_")) + "Entry"
    body = {"__doc__": doc or f"A logged ``{rule}`` card in full.", "rule": _const(rule), "result": fields.Nested(result, required=True)}
    return type(name, (CardEntry,), body)


# --- chances (rules.judging ``Chance``) ------------------------------------------


class Chance(Out):
    """A probability: exact fraction and its float."""

    exact = fields.String(required=True, validate=validate.Regexp(r"^[0-9]+/[0-9]+$"))
    value = fields.Float(required=True, validate=validate.Range(0, 1))


# --- request results ---------------------------------------------------------


class Echo(Out):
    """The request's ``echo``, unchanged."""

    echo = fields.Raw(required=True)


class JobQueued(Out):
    """The request went to a worker; ``job.*`` pushes follow."""

    job_id = fields.String(required=True)
    state = _const("queued")


class TokenMinted(Out):
    """A player token; ``expires_at`` is Unix seconds."""

    user = Identifier(required=True)
    token = fields.String(required=True)
    expires_at = fields.Integer(required=True)


class TokenRevoked(Out):
    """Every token the user held is void; ``generation`` counts the revocations."""

    user = Identifier(required=True)
    generation = fields.Integer(required=True)


class ActorsAssigned(Out):
    """The actors the user now owns (the whole set)."""

    user = Identifier(required=True)
    actor_ids = fields.List(Identifier(), required=True)


class SettingsResult(Out):
    """The world's settings, all of them."""

    settings = fields.Nested(lambda: world_settings_schema()(), required=True)


# --- pushes -------------------------------------------------------------------


class WorldInfo(Out):
    id = Identifier(required=True)
    name = fields.String(required=True)


class SystemInfo(Out):
    """A rule system: its wire name and title (``bridge.systems``)."""

    name = fields.String(required=True)
    title = fields.String(required=True)


class SessionReady(Out):
    """Sent to a connection once it is accepted."""

    protocol = fields.Integer(required=True)
    world = fields.Nested(WorldInfo, required=True)
    user = Identifier(required=True)
    role = fields.Enum(Role, by_value=True, required=True)
    settings = fields.Nested(lambda: world_settings_schema()(), required=True)
    system = fields.Nested(SystemInfo, required=True)


class JobEvent(Out):
    job_id = fields.String(required=True)
    request_id = Identifier(required=True)


def job_result(event: str, result: type[Out], what: str = "its result") -> type[JobEvent]:
    """The ``job.result`` push of a queued request ``event``: ``result`` under ``kind`` ``event``."""
    return type(
        "Job" + "".join(part.title() for part in event.replace(".", "_").split("_")),
        (JobEvent,),
        {"__doc__": f"The finished job of a ``{event}`` request: {what}.",
         "kind": _const(event), "result": fields.Nested(result, required=True)},
    )


class JobProgress(JobEvent):
    """A queued request's job started, will be retried, or is running
    (``progress``: the fraction done, as a long job reports it)."""

    state = fields.String(required=True, validate=validate.OneOf(["started", "retrying", "running"]))
    progress = fields.Float(required=True, validate=validate.Range(0, 1))


class JobEchoResult(JobEvent):
    """The finished job of a ``worker.ping`` request."""

    kind = _const("echo")
    result = fields.Nested(Echo, required=True)


class JobFailed(JobEvent):
    """A queued request's job failed for good (after its retries)."""

    error = fields.Nested(ErrorBody, required=True)


class ChangeCause(Out):
    """The request that changed a token or a combat, and who sent it."""

    rule = fields.String(required=True)
    request_id = fields.String(required=True)
    user = fields.String(required=True)
