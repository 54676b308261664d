"""What one player may take of the bridge: requests, kept answers, roll-log entries.

Three token buckets per player in a world, kept by each web process:

- requests: ``REQUESTS_PER_SECOND``, in bursts of ``REQUEST_BURST``;
- bytes of answers kept for retries (``bridge.table.store.ANSWER_TTL_SECONDS``):
  ``ANSWER_BYTES`` per ``ANSWER_WINDOW_SECONDS``;
- roll-log entries: ``LOG_ENTRIES`` per ``LOG_WINDOW_SECONDS``, a small share
  of the ``ROLL_LOG_MAX_ENTRIES`` a world keeps, so no player pushes the
  world's history out.

A request from a player whose bucket is empty is answered
``too_many_requests`` unrun (and not kept). The GM, who holds the world's
key, is not bounded. Behind a proxy with several web processes each keeps
its own buckets (docs/deploy.md).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..protocol import ErrorCode, RequestError
from ..table.store import ROLL_LOG_MAX_ENTRIES

REQUESTS_PER_SECOND, REQUEST_BURST = 10.0, 60.0
ANSWER_BYTES, ANSWER_WINDOW_SECONDS = 4_000_000.0, 600.0
LOG_ENTRIES, LOG_WINDOW_SECONDS = ROLL_LOG_MAX_ENTRIES * 0.05, 3600.0
#: Players remembered before the full buckets (players at rest) are forgotten.
PLAYERS_KEPT = 10_000


@dataclass
class _Bucket:
    level: float
    at: float

    def fill(self, capacity: float, per_second: float, now: float) -> float:
        self.level, self.at = min(capacity, self.level + (now - self.at) * per_second), now
        return self.level


#: Each bucket: (capacity, refill per second, what a refusal says).
_BUCKETS = {
    "requests": (REQUEST_BURST, REQUESTS_PER_SECOND, "more than {:.0f} requests a second"),
    "answers": (ANSWER_BYTES, ANSWER_BYTES / ANSWER_WINDOW_SECONDS, "more than {:.0f} bytes of answers to keep"),
    "log": (LOG_ENTRIES, LOG_ENTRIES / LOG_WINDOW_SECONDS, "more than {:.0f} roll-log entries"),
}


class Budgets:
    """This process's buckets by (world, player); thread-safe. ``requests_per_second``:
    a player's request rate (bursts of six seconds' worth); the other buckets are fixed."""

    def __init__(self, requests_per_second: float = REQUESTS_PER_SECOND):
        self._lock = threading.Lock()
        self._buckets: dict[tuple[str, str, str], _Bucket] = {}
        rate = requests_per_second
        self._sizes = {**_BUCKETS, "requests": (rate * REQUEST_BURST / REQUESTS_PER_SECOND, rate, _BUCKETS["requests"][2])}

    def admit(self, identity, now: float | None = None) -> None:
        """Take one request from ``identity``'s budget, or refuse it (``too_many_requests``) if any bucket is empty."""
        if identity.is_gm:
            return
        now = time.monotonic() if now is None else now
        with self._lock:
            if len(self._buckets) > PLAYERS_KEPT:
                self._forget_full(now)
            for name, (capacity, per_second, says) in self._sizes.items():
                bucket = self._buckets.setdefault((identity.world_id, identity.user, name), _Bucket(capacity, now))
                if bucket.fill(capacity, per_second, now) < 1:
                    message = f"'{identity.user}' sent {says.format(capacity)} lately; wait a little"
                    raise RequestError(ErrorCode.TOO_MANY_REQUESTS, message, {"_schema": [message]})
            self._buckets[identity.world_id, identity.user, "requests"].level -= 1

    def spend(self, identity, answer_bytes: int, log_entries: int) -> None:
        """What an answered request took: the bytes kept of its answer, the roll-log entries it wrote."""
        if identity.is_gm:
            return
        with self._lock:
            for name, amount in (("answers", answer_bytes), ("log", log_entries)):
                bucket = self._buckets.get((identity.world_id, identity.user, name))
                if bucket is not None:
                    bucket.level -= amount

    def _forget_full(self, now: float) -> None:
        for key, bucket in list(self._buckets.items()):
            capacity, per_second, _ = self._sizes[key[2]]
            if bucket.fill(capacity, per_second, now) >= capacity:
                del self._buckets[key]
