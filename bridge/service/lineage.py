"""Children that die with their parent, and a ``serve`` that cleans up after
an earlier one that was killed.

``die_with_parent`` asks Linux (``prctl(PR_SET_PDEATHSIG)``) to send SIGTERM
to the calling process when the thread that started it ends, so ``kill -9``
of ``serve`` takes its Redis (which saves and exits on SIGTERM) and its
worker pool (which stops its workers) along. ``Lineage`` records in the data
directory which processes a ``serve`` started, with their start times (a
reused pid is never taken for one); the next ``serve`` stops those still running.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import pathlib
import signal
import time

#: ``prctl`` option: the signal sent when the parent ends (linux/prctl.h).
PR_SET_PDEATHSIG = 1
#: The record of a running ``serve`` and its children, in the data directory.
RECORD_FILE = "serve.json"
#: How long a left-over process gets to stop after SIGTERM before SIGKILL, in seconds.
STOP_SECONDS = 10.0


class AlreadyServing(RuntimeError):
    """Another ``serve`` runs on this data directory."""


def die_with_parent(parent_pid: int) -> None:
    """In a child just started: SIGTERM when the parent ends; exit now if it already has."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != parent_pid:  # the parent ended before the request took hold
        os._exit(1)


def started_at(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot), or None if there is none."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None if fields[0] == "Z" else int(fields[19])  # a zombie has ended


class Lineage:
    """This ``serve``'s record of itself and its children in ``data_dir``."""

    def __init__(self, data_dir: pathlib.Path):
        self.path = pathlib.Path(data_dir) / RECORD_FILE
        self.children: dict[str, list[int]] = {}

    def claim(self) -> "Lineage":
        """Stop what an earlier, killed ``serve`` left running, and record this one; AlreadyServing if it still runs."""
        left = self._read()
        if left and _running(*left["serve"]):
            raise AlreadyServing(f"a vtt-bridge serve (pid {left['serve'][0]}) already runs on {self.path.parent}")
        for pid, start in (left or {}).get("children", {}).values():
            _stop(pid, start)
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._write()
        return self

    def record(self, name: str, pid: int) -> None:
        """``pid`` is this ``serve``'s child ``name`` (a restarted child replaces the one before)."""
        self.children[name] = [pid, started_at(pid)]
        self._write()

    def release(self) -> None:
        self.path.unlink(missing_ok=True)

    def _read(self) -> dict | None:
        try:
            return json.loads(self.path.read_text())
        except (FileNotFoundError, ValueError):
            return None

    def _write(self) -> None:
        me = os.getpid()
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps({"serve": [me, started_at(me)], "children": self.children}))
        os.replace(tmp, self.path)


def _running(pid: int, start: int | None) -> bool:
    return start is not None and started_at(pid) == start


def _stop(pid: int, start: int | None) -> None:
    """SIGTERM, then SIGKILL after ``STOP_SECONDS``, to ``pid`` if it is still the process recorded."""
    if not _running(pid, start):
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_SECONDS
    while _running(pid, start) and time.monotonic() < deadline:
        time.sleep(0.05)
    if _running(pid, start):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
