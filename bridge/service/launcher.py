"""What ``serve`` runs beside its web process, kept running.

- The embedded Redis (unless ``REDIS_URL`` names one): restarted at the same
  URL when it dies; when it cannot be, ``serve`` stops and exits non-zero,
  for a service manager to restart it.
- The worker pool, ``vtt-bridge worker --count N``: RQ's pool replaces a worker
  that dies; the pool itself is started again if it dies.

Both die with ``serve`` (``lineage.die_with_parent``), and both are recorded
(``lineage.Lineage``) so that a ``serve`` started after a killed one stops
whatever it left.
"""

from __future__ import annotations

import functools
import logging
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

from ..config import Config
from .embedded_redis import EmbeddedRedis, RedisStartError
from .lineage import Lineage, die_with_parent

log = logging.getLogger("bridge.service.launcher")

#: How often the children are looked at, in seconds.
WATCH_SECONDS = 1.0
#: How long the worker pool gets to stop its workers after SIGTERM, in seconds.
POOL_STOP_SECONDS = 15.0


class Serving:
    """``serve``'s Redis and workers, watched from a thread while the web process runs in the main one.

    Use as a context manager; ``failed`` says whether it gave up (the Redis
    could not be restarted) and sent this process SIGTERM to stop the web.
    """

    def __init__(self, data_dir: pathlib.Path, config: Config, worker_count: int):
        self.data_dir, self.config, self.worker_count = data_dir, config, worker_count
        self.lineage = Lineage(data_dir)
        self.embedded: EmbeddedRedis | None = None
        self.redis_url = config.redis_url
        self.pool: subprocess.Popen | None = None
        self.failed = False
        self._stopping = False
        self._lock = threading.Lock()

    def __enter__(self) -> "Serving":
        self.lineage.claim()
        if not self.redis_url:
            self.embedded = EmbeddedRedis(self.data_dir, maxmemory=self.config.redis_maxmemory)
            self.redis_url = self.embedded.start()
            self.lineage.record("redis", self.embedded.pid)
        self._start_pool()
        threading.Thread(target=self._watch, name="serve-watch", daemon=True).start()  # lives as long as the process
        return self

    def __exit__(self, *exc_info) -> None:
        with self._lock:
            self._stopping = True
        self._stop_pool()
        if self.embedded is not None:
            self.embedded.stop()
        self.lineage.release()

    def _start_pool(self) -> None:
        env = {**os.environ, "REDIS_URL": self.redis_url, "VTT_BRIDGE_QUEUE": self.config.queue_name}
        self.pool = subprocess.Popen(
            [sys.executable, "-m", "bridge", "worker", "--count", str(self.worker_count)],
            env=env,
            start_new_session=True,  # Ctrl-C reaches serve, which stops the pool itself
            preexec_fn=functools.partial(die_with_parent, os.getpid()),
        )
        self.lineage.record("workers", self.pool.pid)

    def _stop_pool(self) -> None:
        self.pool.send_signal(signal.SIGTERM)
        try:
            self.pool.wait(POOL_STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.pool.kill()
            self.pool.wait()

    def _watch(self) -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            with self._lock:
                if self._stopping or self.failed:
                    continue
                if self.embedded is not None and self.embedded.exited() is not None:
                    self._restart_redis()
                if not self.failed and self.pool.poll() is not None:
                    log.error("the worker pool died; starting it again", extra={"exit_code": self.pool.returncode})
                    self._start_pool()

    def _restart_redis(self) -> None:
        log.error("the embedded Redis died; starting it again", extra={"exit_code": self.embedded.exited()})
        try:
            self.embedded.restart()
        except (RedisStartError, OSError) as error:  # OSError: e.g. its log cannot be opened
            log.critical("the embedded Redis cannot be restarted; stopping", extra={"error": str(error)})
            self.failed = True
            os.kill(os.getpid(), signal.SIGTERM)
            return
        self.lineage.record("redis", self.embedded.pid)
