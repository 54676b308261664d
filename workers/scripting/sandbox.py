"""Running a world's script code in a child process the worker can kill.

The child is forked from the worker (it inherits the arguments, nothing is
pickled on the way in) and sends back one JSON-able answer. It interrupts
itself at the time limit (``SIGALRM``), so the error names the script's line
it was on; one that does not stop is killed ``KILL_GRACE_SECONDS`` later.
It leads a process group of its own, killed whole when the call ends, so
nothing the script forked outlives it, and its memory is capped
(``MEMORY_BYTES`` beyond what it inherited): a bigger allocation raises
``MemoryError`` on the script's line. What it prints is kept, up to
``api.OUTPUT_MAX_CHARS``.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import resource
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bridge.scripting.api import OUTPUT_MAX_CHARS, MacroError
from bridge.scripting.loader import Blame, blame

#: Seconds a killed child is given to go after its own interruption.
KILL_GRACE_SECONDS = 1.0
#: Memory a script's process may take beyond the worker's own, in bytes.
MEMORY_BYTES = 256 * 1024 * 1024


class OutOfTime(BaseException):
    """Raised in the child at its time limit (not an Exception: a script's
    ``except Exception`` does not swallow it)."""


@dataclass(frozen=True)
class Outcome:
    """``value`` when the code returned, else ``failure`` (where and why)."""

    value: object = None
    failure: Blame | None = None
    printed: str = ""


class _Printed(io.StringIO):
    def write(self, text: str) -> int:
        if self.tell() + len(text) > OUTPUT_MAX_CHARS:
            raise MacroError(f"a macro prints at most {OUTPUT_MAX_CHARS} characters")
        return super().write(text)


def call(code: Callable[[], object], folder: Path, seconds: float, blamed: str) -> Outcome:
    """Run ``code()`` in a child for at most ``seconds``; an error is blamed on
    the line of ``folder``'s script it came from (``blamed``: the file when
    no line can be named, as when the child is killed)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, code, folder, seconds, blamed), daemon=True)
    child.start()
    with contextlib.suppress(OSError):  # the child sets it too; whichever is first (or it is gone)
        os.setpgid(child.pid, child.pid)
    send.close()
    try:
        if receive.poll(seconds + KILL_GRACE_SECONDS):
            return receive.recv()
        return Outcome(failure=Blame(blamed, None, f"killed after {seconds:g} s"))
    except EOFError:
        return Outcome(failure=Blame(blamed, None, f"the script's process died (exit code {child.exitcode})"))
    finally:
        receive.close()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, signal.SIGKILL)
        child.join()


def _child(send, code: Callable[[], object], folder: Path, seconds: float, blamed: str) -> None:
    os.setpgid(0, 0)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + MEMORY_BYTES
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))

    def out_of_time(*_):
        raise OutOfTime(f"ran past its {seconds:g} s")

    signal.signal(signal.SIGALRM, out_of_time)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    printed = _Printed()
    try:
        with contextlib.redirect_stdout(printed):
            value = code()
        outcome = Outcome(value=value, printed=printed.getvalue())
    except BaseException as error:  # noqa: BLE001 -- whatever the script did, the worker hears of it
        signal.setitimer(signal.ITIMER_REAL, 0)
        outcome = Outcome(failure=blame(error, folder.resolve(), blamed), printed=printed.getvalue())
    signal.setitimer(signal.ITIMER_REAL, 0)
    send.send(outcome)
    send.close()


def _address_space() -> int:
    """This process's virtual memory size, in bytes (Linux's ``/proc``)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
