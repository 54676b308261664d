"""What the protocol catalog records per request, shared by every area's schemas."""

from __future__ import annotations

from dataclasses import dataclass

from marshmallow import Schema

#: A schema class, or a tuple of them when the payload is one of several
#: (JSON Schema ``oneOf``).
Shape = type[Schema] | tuple[type[Schema], ...]


@dataclass(frozen=True)
class RequestSpec:
    schema: type[Schema]  # what the client sends
    result: Shape  # ``result`` of the ``ok: true`` ack
    gm_only: bool = False


@dataclass(frozen=True)
class CardSpec:
    """A request whose result is a card (``rule`` = the request's name).
    ``queued``: a worker makes the card; the ack says queued, the card comes
    as ``roll.result`` (to the requester too), and ``job.result`` names it."""

    schema: type[Schema]  # what the client sends
    entry: type[Schema]  # the logged card in full
    gm_only: bool = False
    queued: bool = False
