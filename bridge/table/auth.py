"""Who is at the table: the GM by the world's key, players by signed tokens.

The GM key is checked against its keyed digest (``bridge.table.keyring``). A
player token is signed (HMAC-SHA256) with the world's signing secret
(``bridge.table.keyring``), which rotating the GM key replaces, so rotation voids
every token minted before; ``token.revoke`` voids one user's tokens by
counting up that user's generation, which each token carries. The token names
its world, its user, its generation and its expiry; it carries no secret.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from enum import Enum

from itsdangerous import BadSignature, URLSafeSerializer

from ..protocol import RefusalCode
from . import keys
from .store import Store, UnknownWorld

#: The GM's user id when the GM names none; never a player's.
GM_USER = "gm"

#: Salt that keeps player tokens from being valid for any other signed value.
TOKEN_SALT = "vtt-bridge.player-token.v2"


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

    @classmethod
    def from_dict(cls, sent: dict[str, str]) -> Identity:
        """As a queued job carries its sender (``table.schemas.Sender``)."""
        return cls(sent["world_id"], sent["user"], Role(sent["role"]))


@dataclass(frozen=True)
class Admission:
    """An identity, when its credentials end (Unix seconds; None: at the next
    rotation), and ``grounds``: what they rested on, which must still hold
    once the connection is registered (a rotation may have come between)."""

    identity: Identity
    expires_at: int | None
    grounds: tuple


class AuthError(Exception):
    """Credentials refused; ``code`` goes to the client unchanged."""

    def __init__(self, code: RefusalCode, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def mint_player_token(signing_secret: str, world_id: str, user: str, generation: int, ttl_seconds: int,
                      now: float | None = None) -> tuple[str, int]:
    """A token for ``user`` in ``world_id`` and its expiry (Unix seconds)."""
    expires_at = int((time.time() if now is None else now) + ttl_seconds)
    token = _serializer(signing_secret).dumps({"w": world_id, "u": user, "g": generation, "exp": expires_at})
    return token, expires_at


def authenticate(store: Store, credentials: dict, now: float | None = None) -> Admission:
    """Who ``credentials`` admit, or :class:`AuthError`."""
    world_id = credentials.get("world")
    if not isinstance(world_id, str):
        raise AuthError(RefusalCode.UNAUTHORIZED, "credentials must name a world")
    try:
        world = store.world(world_id)
    except UnknownWorld:
        raise AuthError(RefusalCode.UNAUTHORIZED, "unknown world or bad credentials") from None
    if "gm_key" in credentials:
        return _seated(store, _gm_admission(store, world.gm_key_hash, world_id, credentials))
    if "token" in credentials:
        return _seated(store, _player_admission(store, world.signing_secret, world_id, credentials["token"], now))
    raise AuthError(RefusalCode.UNAUTHORIZED, "credentials need a gm_key or a player token")


def grounds_now(store: Store, identity: Identity) -> tuple:
    """What an admission of ``identity`` would rest on now (see ``Admission.grounds``)."""
    return grounds_of(store, store.world(identity.world_id), identity)


def grounds_of(store: Store, world, identity: Identity, generation: int | None = None) -> tuple:
    """What an admission of ``identity`` rests on in ``world`` as read (a
    player's token generation: ``generation``, else read now)."""
    if identity.is_gm:
        return (world.gm_key_hash,)
    if generation is None:
        generation = store.token_generation(identity.world_id, identity.user)
    return world.signing_secret, generation


def _seated(store: Store, admission: Admission) -> Admission:
    """``admission``, if its user id is not the other role's: an id keeps the
    role it first connected with, and ``GM_USER`` is the GM's. Answers,
    user rooms and job results go by user id, so the ids never meet."""
    identity = admission.identity
    reserved = identity.role is Role.PLAYER and identity.user == GM_USER
    if reserved or store.seat(identity.world_id, identity.user, identity.role.value) != identity.role.value:
        raise AuthError(RefusalCode.UNAUTHORIZED, f"the user id '{identity.user}' is not a {identity.role.value}'s in this world")
    return admission


def _gm_admission(store: Store, gm_key_hash: str, world_id: str, credentials: dict) -> Admission:
    offered = credentials["gm_key"]
    if not isinstance(offered, str):
        raise AuthError(RefusalCode.UNAUTHORIZED, "unknown world or bad credentials")
    if keys.is_scrypt_hash(gm_key_hash) and keys.scrypt_hash_matches(offered, gm_key_hash):
        digest = store.keyring.gm_key_digest(world_id, offered)  # an older bridge's hash, replaced once
        store.replace_gm_key_hash(world_id, gm_key_hash, digest)
        gm_key_hash = store.world(world_id).gm_key_hash
    if not store.keyring.gm_key_matches(world_id, offered, gm_key_hash):
        raise AuthError(RefusalCode.UNAUTHORIZED, "unknown world or bad credentials")
    user = credentials.get("user") or GM_USER
    if not isinstance(user, str):
        raise AuthError(RefusalCode.UNAUTHORIZED, "user must be a string")
    return Admission(Identity(world_id, user, Role.GM), None, (gm_key_hash,))


def _player_admission(store: Store, signing_secret: str, world_id: str, token: object, now: float | None) -> Admission:
    if not isinstance(token, str):
        raise AuthError(RefusalCode.UNAUTHORIZED, "token must be a string")
    try:
        claims = _serializer(signing_secret).loads(token)
    except BadSignature:
        raise AuthError(RefusalCode.UNAUTHORIZED, "token is not valid for this world (revoked or forged)") from None
    if claims.get("w") != world_id:
        raise AuthError(RefusalCode.UNAUTHORIZED, "token belongs to another world")
    generation = store.token_generation(world_id, claims["u"])
    if claims.get("g") != generation:
        raise AuthError(RefusalCode.UNAUTHORIZED, "token is not valid for this world (revoked or forged)")
    if claims["exp"] <= (time.time() if now is None else now):
        raise AuthError(RefusalCode.TOKEN_EXPIRED, "token has expired; ask the GM for a new one")
    return Admission(Identity(world_id, claims["u"], Role.PLAYER), claims["exp"], (signing_secret, generation))


def _serializer(signing_secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(signing_secret, salt=TOKEN_SALT, signer_kwargs={"digest_method": hashlib.sha256})
