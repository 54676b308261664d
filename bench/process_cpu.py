"""CPU time each benchmark process spends per request of each event (Linux).

A latency benchmark's ratio says how much longer the subject takes; this says
in which process the time goes: the clients, the bridge, redis-server, the
worker. ``CpuMeter.tick`` is the batch barrier's action: it runs once every
client finished a batch of the same event (``schedule``), so the CPU the
processes used since the previous tick is that batch's.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable

#: Clock ticks per second, the unit of ``utime`` and ``stime`` in /proc/<pid>/stat.
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: Where ``utime`` and ``stime`` are among the fields after the command's closing parenthesis (proc(5): 14 and 15).
UTIME_FIELD, STIME_FIELD = 11, 12
US_PER_SECOND = 1_000_000


def cpu_seconds(pid: int) -> float:
    """User and system CPU of process ``pid`` and its threads, ended ones included, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[UTIME_FIELD]) + int(fields[STIME_FIELD])) / CLOCK_TICKS


def schedule(events: tuple[str, ...], requests: int, batch: int) -> list[tuple[str, int]]:
    """The batches a client times, in order: ``(event, requests)``, each
    event ``requests`` times in all, alternating ABBA so neither always goes first."""
    full, rest = divmod(requests, batch)
    sizes = [batch] * full + ([rest] if rest else [])
    return [(event, size) for n, size in enumerate(sizes) for event in (events if n % 2 == 0 else events[::-1])]


class CpuMeter:
    """The CPU of ``processes`` (name: pid; ``read(pid)`` in seconds) per
    request of each event, as ``clients`` clients run ``batches``
    (``schedule``'s) in lockstep. The first tick starts the count (the
    clients have warmed up); each later one closes the batch before it.
    /proc counts in clock ticks (10 ms at 100 Hz), per process and per
    batch boundary: over 1000 requests of 1-2 ms, a few percent."""

    def __init__(
        self, processes: dict[str, int], batches: list[tuple[str, int]], clients: int,
        read: Callable[[int], float] = cpu_seconds,
    ):
        self.processes, self.batches, self.clients, self.read = processes, batches, clients, read
        self.ticks = 0
        self.last: dict[str, float] = {}
        self.spent: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.requests: dict[str, int] = defaultdict(int)

    def tick(self) -> None:
        now = {name: self.read(pid) for name, pid in self.processes.items()}
        if self.ticks:
            event, size = self.batches[self.ticks - 1]
            self.requests[event] += size * self.clients
            for name, seconds in now.items():
                self.spent[event][name] += seconds - self.last[name]
        self.last, self.ticks = now, self.ticks + 1

    def per_request(self, event: str) -> dict[str, int]:
        """Each process's CPU per request of ``event``, in whole µs."""
        return {name: round(seconds / self.requests[event] * US_PER_SECOND) for name, seconds in self.spent[event].items()}
