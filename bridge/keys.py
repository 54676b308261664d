"""A world's secrets: the GM key, kept only as a slow hash, and the token-signing secret, a separate random value.

The GM key is shown once (when the world is created and when it is
rotated); Redis holds ``scrypt`` of it, so a copy of the data does not open
the world. Player tokens are signed with the signing secret, never with the
GM key, and both change together on rotation.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

#: scrypt's cost: 16 MiB and some tens of milliseconds per check (RFC 7914's interactive figures).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
_SCRYPT_MAXMEM = 64 * 1024 * 1024


def new_gm_key() -> str:
    """A fresh GM key: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def new_signing_secret() -> str:
    """A fresh token-signing secret: 32 random bytes."""
    return secrets.token_urlsafe(32)


def hash_gm_key(gm_key: str) -> str:
    """``scrypt$N$r$p$salt$hash``, salt and hash in URL-safe base64."""
    salt = secrets.token_bytes(16)
    digest = _scrypt(gm_key, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return "$".join(["scrypt", str(SCRYPT_N), str(SCRYPT_R), str(SCRYPT_P), _b64(salt), _b64(digest)])


def gm_key_matches(offered: str, stored_hash: str) -> bool:
    """Whether ``offered`` is the GM key ``stored_hash`` was made from (compared in constant time)."""
    try:
        scheme, n, r, p, salt, digest = stored_hash.split("$")
        expected = base64.urlsafe_b64decode(digest)
        found = _scrypt(offered, base64.urlsafe_b64decode(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return scheme == "scrypt" and hmac.compare_digest(found, expected)


def _scrypt(key: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(key.encode(), salt=salt, n=n, r=r, p=p, maxmem=_SCRYPT_MAXMEM, dklen=32)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode()
