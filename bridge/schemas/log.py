"""The roll log's chain as clients get it (``bridge.table.chain``; docs/protocol.md, "The roll log's chain")."""

from __future__ import annotations

from marshmallow import fields, validate

from .pushes import Out
from .requests import RequestSchema

#: Links one ``roll.links`` answers at most.
LINKS_MAX = 500

_HEX_64 = validate.Regexp(r"^[0-9a-f]{64}$")
_LOG_ID = validate.Regexp(r"^[0-9]{1,20}-[0-9]{1,20}$")


class ChainLink(Out):
    """One entry's place in the chain: ``link = SHA-256(prev ‖ commitment)``,
    ``commitment = SHA-256(salt ‖ the entry's canonical JSON)``; ``salt`` only
    to a reader who sees the entry whole."""

    log_id = fields.String(required=True, validate=_LOG_ID)
    prev = fields.String(required=True, validate=_HEX_64)
    commitment = fields.String(required=True, validate=_HEX_64)
    link = fields.String(required=True, validate=_HEX_64)
    salt = fields.String(validate=_HEX_64)


class RollLinksRequest(RequestSchema):
    """The links after log id ``after`` (left out: from the oldest kept), without their entries."""

    after = fields.String(validate=_LOG_ID)
    limit = fields.Integer(load_default=200, validate=validate.Range(1, LINKS_MAX))


class RollLinksResult(Out):
    """Oldest first; no salt: a hidden entry stays hidden."""

    links = fields.List(fields.Nested(ChainLink), required=True)
