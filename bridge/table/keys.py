"""A world's GM key, and how keys hashed by an older bridge are still recognised.

The GM key is 32 random bytes, shown once (when the world is created and
when it is rotated). Redis keeps only its keyed digest (``bridge.table.keyring``).
A world stored by a bridge before keyed digests holds an scrypt hash
instead: it is checked that way once, at the GM's next connect, and replaced
by the digest (``bridge.table.auth``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

_SCRYPT_MAXMEM = 64 * 1024 * 1024


def new_gm_key() -> str:
    """A fresh GM key: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def is_scrypt_hash(stored: str) -> bool:
    return stored.startswith("scrypt$")


def scrypt_hash_matches(offered: str, stored_hash: str) -> bool:
    """Whether ``offered`` is the GM key an older bridge stored as ``scrypt$N$r$p$salt$hash`` (constant-time compare)."""
    try:
        scheme, n, r, p, salt, digest = stored_hash.split("$")
        expected = base64.urlsafe_b64decode(digest)
        found = hashlib.scrypt(offered.encode(), salt=base64.urlsafe_b64decode(salt), n=int(n), r=int(r), p=int(p),
                               maxmem=_SCRYPT_MAXMEM, dklen=32)
    except ValueError:
        return False
    return scheme == "scrypt" and hmac.compare_digest(found, expected)
