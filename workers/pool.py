"""Several worker processes, started and stopped together."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

#: How long a worker gets to finish its job after SIGTERM, in seconds.
STOP_TIMEOUT_SECONDS = 10


class WorkerPool:
    """``count`` processes of ``python -m workers`` on one Redis and queue."""

    def __init__(self, redis_url: str, queue_name: str, count: int):
        self.env = {**os.environ, "REDIS_URL": redis_url, "VTT_BRIDGE_QUEUE": queue_name}
        self.count = count
        self.processes: list[subprocess.Popen] = []

    def start(self) -> "WorkerPool":
        self.processes = [subprocess.Popen([sys.executable, "-m", "workers"], env=self.env) for _ in range(self.count)]
        return self

    def wait(self) -> None:
        for process in self.processes:
            process.wait()

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(STOP_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
