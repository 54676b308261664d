"""The token handoff (docs/protocol.md, Token handoff).

A player's page keeps a random secret and shows only its SHA-256 digest; the
GM's client, which learns from Foundry which user wrote that digest, offers a
token for that user to whoever shows the secret (``token.offer``, GM only);
the page redeems the secret directly here (``POST /handoff``) for its token.
An offer is used once and lives ``OFFER_SECONDS``. Hearing the digest, the
user's id or the offer gives nothing: only the secret, which never leaves the
page but to come here, redeems it. An offer holds the user's token
generation and a seal made with the world's signing secret when it was made:
a ``token.revoke`` or a rotation of the GM key since voids it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time

from flask import Response, current_app, jsonify, request
from marshmallow import ValidationError

from ...protocol import ErrorCode, Request, RequestError
from ...schemas.handoff import HandoffRedeem
from ...table.auth import mint_player_token
from ...table.store import UnknownWorld, world_key
from ..cors import allowed_origins
from ..handling import handles, store
from .gm import check_player_id

#: How long an offer waits for its secret, in seconds.
OFFER_SECONDS = 300

_redeem = HandoffRedeem()


def _offer_key(world_id: str, digest: str) -> str:
    return f"{world_key(world_id)}:handoff:{digest}"


def offer_token(work, offer: dict) -> dict:
    """Offer ``user`` a token for the secret behind ``digest``; a digest already offered is refused.
    The offer is written at once, on its own (``SET NX``): the work reads nothing it could conflict with."""
    check_player_id(work, offer["user"])
    work.claim()
    standing = {"user": offer["user"], "generation": work.store.token_generation(work.world_id, offer["user"]),
                "seal": _seal(work.world.signing_secret, offer["digest"])}
    if not work.store.redis.set(_offer_key(work.world_id, offer["digest"]), json.dumps(standing), nx=True, ex=OFFER_SECONDS):
        raise RequestError(ErrorCode.INVALID, "this digest is already offered", {"digest": ["already offered"]})
    return {"user": offer["user"], "expires_at": int(time.time()) + OFFER_SECONDS}


def redeem(sent: dict) -> dict:
    """The token for the secret's offer, which is used up: refused unless it was offered for ``user``
    and neither the user's tokens were revoked nor the GM key rotated since."""
    digest = hashlib.sha256(sent["secret"].encode()).hexdigest()
    stored = store().redis.getdel(_offer_key(sent["world"], digest))
    standing = _standing(stored)
    if standing is None or standing["user"] != sent["user"]:
        raise PermissionError("no offer for this secret and user (never made, used, or expired)")
    world, offered = store().world(sent["world"]), standing["user"]
    generation = store().token_generation(world.world_id, offered)
    if generation != standing["generation"] or not hmac.compare_digest(standing["seal"], _seal(world.signing_secret, digest)):
        raise PermissionError("no offer for this secret and user (never made, used, or expired)")
    token, expires_at = mint_player_token(
        world.signing_secret, world.world_id, offered, generation, world.settings["player_token_ttl_seconds"]
    )
    return {"user": offered, "token": token, "expires_at": expires_at}


def _seal(signing_secret: str, digest: str) -> str:
    """What ties an offer to the world's signing secret of the moment (it tells nothing of the secret)."""
    return hmac.new(signing_secret.encode(), f"handoff offer\n{digest}".encode(), hashlib.sha256).hexdigest()


def _standing(stored: str | None) -> dict | None:
    """An offer as stored (None: none, or one from before offers were sealed)."""
    try:
        standing = json.loads(stored) if stored else None
    except ValueError:
        return None
    return standing if isinstance(standing, dict) else None


def handoff() -> Response:
    """``POST /handoff``: JSON in, the token or a refusal ``{code, message, fields}`` out."""
    if request.method == "OPTIONS":
        return _cors(Response(status=204))
    try:
        answer, status = redeem(_redeem.load(request.get_json(silent=True) or {})), 200
    except ValidationError as invalid:
        answer, status = _refusal("invalid", "bad handoff", invalid.normalized_messages()), 400
    except (PermissionError, UnknownWorld):
        answer, status = _refusal("unauthorized", "no offer for this secret and user (never made, used, or expired)"), 403
    return _cors(jsonify(answer), status)


def _refusal(code: str, message: str, fields: dict | None = None) -> dict:
    return {"code": code, "message": message, "fields": fields or {}}


def _cors(response: Response, status: int | None = None) -> Response:
    """The browser may read the answer from the origins Socket.IO accepts (bridge.transport.cors)."""
    if status is not None:
        response.status_code = status
    allowed = allowed_origins(current_app.extensions["vtt_config"])
    origin = request.headers.get("Origin")
    if allowed == "*" or (origin and allowed(origin, request.environ)):
        response.headers["Access-Control-Allow-Origin"] = "*" if allowed == "*" else origin
        response.headers["Access-Control-Allow-Methods"] = "POST"
        response.headers["Access-Control-Allow-Headers"] = "Content-Type"
        response.headers["Vary"] = "Origin"
    return response


def init_app(app) -> None:
    handles(app, Request.TOKEN_OFFER)(offer_token)
    app.add_url_rule("/handoff", "handoff", handoff, methods=["POST", "OPTIONS"])
