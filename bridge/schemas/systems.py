"""The bridge's requests about rule systems: which one a world plays, and its state."""

from __future__ import annotations

from marshmallow import fields, validate

from ..systems import installed
from .pushes import Out
from .requests import RequestSchema


class SystemGetRequest(RequestSchema):
    pass


class SystemSetRequest(RequestSchema):
    """The GM switches the world's rule system; each system's state is kept apart, ready for a switch back."""

    system = fields.String(required=True, validate=validate.OneOf(list(installed())))


class SystemRequestsRequest(RequestSchema):
    pass


class SystemRequest(Out):
    """A request of the world's rule system the sender may send: its event,
    whether only the GM may (``gm_only``), whether its result is a card
    (``card``) or a queued job (``queued``), and its JSON Schema
    (``request.<event>.json``, for a client to build its form)."""

    event = fields.String(required=True)
    gm_only = fields.Boolean(required=True)
    card = fields.Boolean(required=True)
    queued = fields.Boolean(required=True)
    schema = fields.Dict(required=True)


class SystemRequests(Out):
    system = fields.String(required=True)
    requests = fields.List(fields.Nested(SystemRequest), required=True)


class SystemView(Out):
    """The rule system a world plays (``system``, its wire name) and its state
    document: the shape of ``state.<system>.json`` (docs/systems/), or null
    while it has none (the flagship keeps its own: ``table.snapshot``)."""

    system = fields.String(required=True)
    title = fields.String(required=True)
    state = fields.Dict(required=True, allow_none=True)
