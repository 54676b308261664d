"""Failed connects, counted per connection and per address, and refused past a bound.

A GM key or a token is far too long to guess, and checking one costs
microseconds (``bridge.table.keyring``); the bounds keep a client from spending
the web process's time and log on guesses all the same. One Engine.IO
connection may fail ``PER_CONNECTION`` Socket.IO connects, after which it is
closed; one address may fail ``PER_ADDRESS`` in ``WINDOW_SECONDS``, after
which its connects are refused unchecked (``too_many_attempts``) until the
window has passed. Behind a proxy every client has the proxy's address: the
proxy's own per-client limits apply there (docs/deploy.md).
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque

#: Failed connects one Engine.IO connection may make before it is closed.
PER_CONNECTION = 3
#: Failed connects one address may make in ``WINDOW_SECONDS``.
PER_ADDRESS = 30
WINDOW_SECONDS = 60.0
#: Addresses remembered before the ones whose failures are all old are swept.
ADDRESSES_KEPT = 10_000


class Attempts:
    """This process's failed connects; thread-safe. ``per_address``: whether
    an address is bounded too (not behind a proxy, whose address every client shares)."""

    def __init__(self, per_address: bool = True):
        self._lock = threading.Lock()
        self._per_address = per_address
        self._by_connection: dict[str, int] = defaultdict(int)
        self._by_address: dict[str, deque] = defaultdict(deque)

    def refused(self, address: str, connection: str, now: float | None = None) -> bool:
        """Whether a connect from ``address`` on ``connection`` is refused unchecked."""
        now = time.monotonic() if now is None else now
        with self._lock:
            crowded = self._per_address and self._recent(address, now) >= PER_ADDRESS
            return self._by_connection.get(connection, 0) >= PER_CONNECTION or crowded

    def failed(self, address: str, connection: str, now: float | None = None) -> bool:
        """Count a failed connect; whether ``connection`` has used up its attempts (close it)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            if len(self._by_address) > ADDRESSES_KEPT:
                for each in list(self._by_address):
                    self._recent(each, now)
            self._by_address[address].append(now)
            self._by_connection[connection] += 1
            return self._by_connection[connection] >= PER_CONNECTION

    def keep_only(self, connections) -> None:
        """Forget the counts of every connection but ``connections`` (those still open)."""
        with self._lock:
            for gone in set(self._by_connection) - set(connections):
                del self._by_connection[gone]

    def _recent(self, address: str, now: float) -> int:
        """``address``'s failures within the window (older ones forgotten)."""
        failures = self._by_address.get(address)
        while failures and failures[0] <= now - WINDOW_SECONDS:
            failures.popleft()
        if failures is not None and not failures:
            del self._by_address[address]
        return len(failures or ())
