"""Real processes for the tests: redis-server, the bridge, RQ workers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import suppress
from pathlib import Path

import redis

from bridge.service.embedded_redis import find_redis_server

#: How long a test waits for a process to come up, in seconds.
START_TIMEOUT_SECONDS = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check, timeout: float = START_TIMEOUT_SECONDS, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise TimeoutError(f"timed out waiting for {what}")


class RedisServer:
    """A throwaway redis-server on a free loopback port."""

    def __init__(self, workdir, appendonly: bool = False):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        args = [find_redis_server(), "--port", str(self.port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "yes" if appendonly else "no", "--dir", str(workdir)]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        wait_until(lambda: _pings(client), what="redis-server")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def _pings(client) -> bool:
    try:
        return client.ping()
    except redis.ConnectionError:
        return False


def _env(redis_url: str, **extra) -> dict:
    return {**os.environ, "REDIS_URL": redis_url, "LOG_LEVEL": "WARNING", **extra}


class Bridge:
    """`vtt-bridge web` as a child process."""

    def __init__(self, redis_url: str, port: int | None = None, extra_env: dict | None = None, stderr=None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "bridge", "web", "--port", str(self.port)]
        self.process = subprocess.Popen(command, env=_env(redis_url, **(extra_env or {})), stderr=stderr, text=True)
        wait_until(self._answers, what="the bridge")

    def _answers(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(f"bridge exited with {self.process.returncode}")
        try:
            urllib.request.urlopen(self.url + "/healthz", timeout=1)
        except urllib.error.HTTPError:
            return True  # 503 without workers still means it is up
        except OSError:
            return False
        return True

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Worker:
    """One `python -m workers` process."""

    def __init__(self, redis_url: str, extra_env: dict | None = None):
        self.process = subprocess.Popen([sys.executable, "-m", "workers"], env=_env(redis_url, **(extra_env or {})))

    def stop(self) -> None:
        """A warm shutdown (SIGTERM lets a running job finish), killed after 10 s: a test's last job may be long."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def descendants(pid: int) -> list[int]:
    """Every process under ``pid``: children, their children and so on."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with suppress(OSError):
            for child in map(int, (task / "children").read_text().split()):
                found += [child, *descendants(child)]
    return found


def signal_tree(process: subprocess.Popen, signum: int) -> None:
    """Send ``signum`` to ``process`` and every process under it (`vtt-bridge web` runs the web
    process, `python -m workers` RQ's pool and its workers): a SIGSTOP stalls them all."""
    for pid in [process.pid, *descendants(process.pid)]:
        with suppress(ProcessLookupError):
            os.kill(pid, signum)
