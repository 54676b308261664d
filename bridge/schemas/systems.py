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


class SystemView(Out):
    """The rule system a world plays (``system``, its wire name) and its state
    document: the shape of ``state.<system>.json`` (docs/systems/), or null
    while it has none (the flagship keeps its own: ``table.snapshot``)."""

    system = fields.String(required=True)
    title = fields.String(required=True)
    state = fields.Dict(required=True, allow_none=True)
