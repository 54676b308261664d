"""Who is at the table: the GM by the world's key, players by signed tokens.

A player token is signed with the world's GM key, so rotating the key
revokes every token minted before. The token names its world, its user and
its expiry; it carries no secret itself.
"""

from __future__ import annotations

import hmac
import time
from dataclasses import dataclass
from enum import Enum

from itsdangerous import BadSignature, URLSafeSerializer

from .protocol import RefusalCode
from .store import Store, UnknownWorld

#: The GM's user id when the GM names none; never a player's.
GM_USER = "gm"

#: Salt that keeps player tokens from being valid for any other signed value.
TOKEN_SALT = "vtt-bridge.player-token.v1"


class Role(str, Enum):
    GM = "gm"
    PLAYER = "player"


@dataclass(frozen=True)
class Identity:
    """An authenticated connection: which world, which user, which role."""

    world_id: str
    user: str
    role: Role

    @property
    def is_gm(self) -> bool:
        return self.role is Role.GM

    def to_dict(self) -> dict[str, str]:
        """As a queued job carries its sender."""
        return {"world_id": self.world_id, "user": self.user, "role": self.role.value}

    @classmethod
    def from_dict(cls, sent: dict[str, str]) -> Identity:
        return cls(sent["world_id"], sent["user"], Role(sent["role"]))


class AuthError(Exception):
    """Credentials refused; ``code`` goes to the client unchanged."""

    def __init__(self, code: RefusalCode, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def mint_player_token(gm_key: str, world_id: str, user: str, ttl_seconds: int, now: float | None = None) -> tuple[str, int]:
    """A token for ``user`` in ``world_id`` and its expiry (Unix seconds)."""
    expires_at = int((time.time() if now is None else now) + ttl_seconds)
    token = _serializer(gm_key).dumps({"w": world_id, "u": user, "exp": expires_at})
    return token, expires_at


def authenticate(store: Store, credentials: dict, now: float | None = None) -> Identity:
    """The identity behind connection ``credentials``, or :class:`AuthError`."""
    world_id = credentials.get("world")
    if not isinstance(world_id, str):
        raise AuthError(RefusalCode.UNAUTHORIZED, "credentials must name a world")
    try:
        world = store.world(world_id)
    except UnknownWorld:
        raise AuthError(RefusalCode.UNAUTHORIZED, "unknown world or bad credentials") from None
    if "gm_key" in credentials:
        return _seated(store, _gm_identity(world.gm_key, world_id, credentials))
    if "token" in credentials:
        return _seated(store, _player_identity(world.gm_key, world_id, credentials["token"], now))
    raise AuthError(RefusalCode.UNAUTHORIZED, "credentials need a gm_key or a player token")


def _seated(store: Store, identity: Identity) -> Identity:
    """``identity``, if its user id is not the other role's: an id keeps the
    role it first connected with, and ``GM_USER`` is the GM's. Answers,
    user rooms and job results go by user id, so the ids never meet."""
    reserved = identity.role is Role.PLAYER and identity.user == GM_USER
    if reserved or store.seat(identity.world_id, identity.user, identity.role.value) != identity.role.value:
        raise AuthError(RefusalCode.UNAUTHORIZED, f"the user id '{identity.user}' is not a {identity.role.value}'s in this world")
    return identity


def _gm_identity(gm_key: str, world_id: str, credentials: dict) -> Identity:
    offered = credentials["gm_key"]
    if not isinstance(offered, str) or not hmac.compare_digest(offered, gm_key):
        raise AuthError(RefusalCode.UNAUTHORIZED, "unknown world or bad credentials")
    user = credentials.get("user") or GM_USER
    if not isinstance(user, str):
        raise AuthError(RefusalCode.UNAUTHORIZED, "user must be a string")
    return Identity(world_id, user, Role.GM)


def _player_identity(gm_key: str, world_id: str, token: object, now: float | None) -> Identity:
    if not isinstance(token, str):
        raise AuthError(RefusalCode.UNAUTHORIZED, "token must be a string")
    try:
        claims = _serializer(gm_key).loads(token)
    except BadSignature:
        raise AuthError(RefusalCode.UNAUTHORIZED, "token is not valid for this world (revoked or forged)") from None
    if claims.get("w") != world_id:
        raise AuthError(RefusalCode.UNAUTHORIZED, "token belongs to another world")
    if claims["exp"] <= (time.time() if now is None else now):
        raise AuthError(RefusalCode.TOKEN_EXPIRED, "token has expired; ask the GM for a new one")
    return Identity(world_id, claims["u"], Role.PLAYER)


def _serializer(gm_key: str) -> URLSafeSerializer:
    return URLSafeSerializer(gm_key, salt=TOKEN_SALT)
