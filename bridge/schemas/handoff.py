"""The token handoff's shapes (docs/protocol.md, Token handoff): the GM's offer of
a digest for a user, and a player's redemption of the secret behind it."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import Identifier, Inbound
from .pushes import Out
from .requests import RequestSchema

#: A SHA-256 digest, or a secret of 32 random bytes, as lowercase hex.
HEX_256 = validate.Regexp(r"^[0-9a-f]{64}\Z", error="must be 64 lowercase hex digits")


class TokenOfferRequest(RequestSchema):
    """The GM offers a token to whoever shows the secret whose SHA-256 is ``digest``."""

    user = Identifier(required=True)
    digest = fields.String(required=True, validate=HEX_256)


class TokenOffered(Out):
    """The offer stands until ``expires_at`` (Unix seconds) or its redemption."""

    user = Identifier(required=True)
    expires_at = fields.Integer(required=True)


class HandoffRedeem(Inbound):
    """``POST /handoff``'s body: the secret, and who the page is."""

    world = Identifier(required=True)
    user = Identifier(required=True)
    secret = fields.String(required=True, validate=HEX_256)
