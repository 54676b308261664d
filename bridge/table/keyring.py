"""The server's own secrets, kept outside Redis, from which each world's are derived.

Whoever reads Redis (a backup, a shared host) must not get a way in. So
Redis holds no secret: a world's GM key is stored as a keyed digest,
``HMAC-SHA256(server key, world id ‖ GM key)``, compared in constant time
(the way API tokens are checked: the key is 256 random bits, so no slow
password hash is needed and a connect costs microseconds); a world's token
signing secret is derived, ``HMAC-SHA256(server key, world id ‖ epoch)``,
from an epoch that Redis holds and rotation replaces. Without the server
key, neither can be tested offline, forged or replaced.

The server keys live in one file, ``secrets.json`` in the data directory
(``VTT_BRIDGE_SECRET_FILE`` names another), created 0600, or come from
``VTT_BRIDGE_SECRET`` (hex, one key). The file holds every key still in use
by id; each digest and epoch names its key. ``vtt-bridge secret rotate``
adds a new key that new GM keys and rotated worlds use while the old keys
still open what they made; ``vtt-bridge secret retire`` drops an old one,
ending every GM key and token made with it. A web process reads the file
again when it changes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import pathlib
import secrets
import threading

from ..service.embedded_redis import default_data_dir

#: Prefix of a GM key digest as stored: ``hmac-sha256$<key id>$<hex>``.
DIGEST_SCHEME = "hmac-sha256"


class UnknownKey(LookupError):
    """A digest or epoch names a server key the keyring no longer holds (retired)."""


def secret_file(env: dict | None = None) -> pathlib.Path:
    """Where the server keys are kept: ``VTT_BRIDGE_SECRET_FILE``, else the data directory's ``secrets.json``."""
    env = os.environ if env is None else env
    return pathlib.Path(env["VTT_BRIDGE_SECRET_FILE"]) if env.get("VTT_BRIDGE_SECRET_FILE") else default_data_dir() / "secrets.json"


class Keyring:
    """The server keys by id, and ``current``, the one new secrets are made with."""

    def __init__(self, path: pathlib.Path | None = None, fixed: bytes | None = None):
        self.path, self._fixed = path, fixed
        self._lock = threading.Lock()
        self._seen: tuple | None = None  # the file's (mtime_ns, size) when last read
        self._keys: dict[str, bytes] = {"env": fixed} if fixed is not None else {}
        self._current = "env" if fixed is not None else ""

    @classmethod
    def from_env(cls, env: dict | None = None) -> "Keyring":
        env = os.environ if env is None else env
        if env.get("VTT_BRIDGE_SECRET"):
            return cls(fixed=bytes.fromhex(env["VTT_BRIDGE_SECRET"]))
        return cls(path=secret_file(env))

    # -- the keys ---------------------------------------------------------------

    def current(self) -> str:
        self._load()
        return self._current

    def key(self, key_id: str) -> bytes:
        self._load()
        try:
            return self._keys[key_id]
        except KeyError:
            raise UnknownKey(key_id) from None

    def _load(self) -> None:
        if self.path is None:
            return
        with self._lock:
            try:
                stat = self.path.stat()
            except FileNotFoundError:
                first = secrets.token_hex(4)
                _write(self.path, {"current": first, "keys": {first: secrets.token_hex(32)}}, exclusive=True)
                stat = self.path.stat()
            if (stat.st_mtime_ns, stat.st_size) != self._seen:
                stored = json.loads(self.path.read_text())
                self._keys = {key_id: bytes.fromhex(key) for key_id, key in stored["keys"].items()}
                self._current, self._seen = stored["current"], (stat.st_mtime_ns, stat.st_size)

    def rotate(self) -> str:
        """Add a new key and make it current; the old ones still open what they made. Its id."""
        self._require_file()
        self._load()
        new = secrets.token_hex(4)
        _write(self.path, {"current": new, "keys": {**{k: v.hex() for k, v in self._keys.items()}, new: secrets.token_hex(32)}})
        return new

    def retire(self, key_id: str) -> None:
        """Drop key ``key_id`` (never the current one): what it made opens nothing any more."""
        self._require_file()
        if key_id == self.current():
            raise ValueError("the current key cannot be retired: rotate first")
        self.key(key_id)
        _write(self.path, {"current": self._current, "keys": {k: v.hex() for k, v in self._keys.items() if k != key_id}})

    def _require_file(self) -> None:
        if self.path is None:
            raise ValueError("the server key comes from VTT_BRIDGE_SECRET: rotate it there")

    # -- what is derived from them -----------------------------------------------------

    def gm_key_digest(self, world_id: str, gm_key: str) -> str:
        """What Redis keeps of a GM key: ``hmac-sha256$<key id>$<hex>``."""
        key_id = self.current()
        return f"{DIGEST_SCHEME}${key_id}${self._mac(key_id, 'gm-key', world_id, gm_key)}"

    def gm_key_matches(self, world_id: str, offered: str, stored: str) -> bool:
        """Whether ``offered`` is the GM key behind digest ``stored``, compared in constant time."""
        scheme, _, rest = stored.partition("$")
        key_id, _, digest = rest.partition("$")
        if scheme != DIGEST_SCHEME:
            return False
        try:
            found = self._mac(key_id, "gm-key", world_id, offered)
        except UnknownKey:
            return False
        return hmac.compare_digest(found.encode(), digest.encode())

    def new_epoch(self) -> str:
        """A fresh signing epoch, ``<key id>$<nonce>``: the token signing secret it derives is new."""
        return f"{self.current()}${secrets.token_hex(16)}"

    def signing_secret(self, world_id: str, epoch: str) -> str:
        """The secret a world's player tokens are signed with in signing epoch ``epoch``.
        A retired key's epoch derives a secret that no token carries."""
        key_id, _, nonce = epoch.partition("$")
        try:
            return self._mac(key_id, "token-signing", world_id, nonce)
        except UnknownKey:
            return "retired:" + secrets.token_hex(32)

    def _mac(self, key_id: str, purpose: str, world_id: str, value: str) -> str:
        message = "\n".join((purpose, world_id, value)).encode("utf-8", "surrogatepass")
        return hmac.new(self.key(key_id), message, hashlib.sha256).hexdigest()


def _write(path: pathlib.Path, stored: dict, exclusive: bool = False) -> None:
    """Write ``stored`` to ``path`` 0600, whole or not at all; ``exclusive``:
    only if no file is there yet (two processes starting at once keep one key)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    with os.fdopen(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as out:
        json.dump(stored, out)
    if not exclusive:
        os.replace(partial, path)
        return
    try:
        os.link(partial, path)
    except FileExistsError:
        pass
    finally:
        os.unlink(partial)
