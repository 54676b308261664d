"""Workers that come back: RQ's worker pool (``rq worker-pool``), which
replaces a worker that dies, running the bridge's workers.

RQ's pool forks each worker and builds it with RQ's defaults; here each is
built as ``run_worker`` builds one (the pusher, short heartbeats), and dies
with the pool (``lineage.die_with_parent``) if the pool itself is killed.
"""

from __future__ import annotations

import multiprocessing
import os

from redis import Redis
from rq.worker_pool import WorkerPool

from bridge.service.lineage import die_with_parent

from .worker import BridgeWorker, run_worker


class BridgePool(WorkerPool):
    """``count`` BridgeWorkers on one Redis and queue, each replaced when it dies."""

    def __init__(self, redis_url: str, queue_name: str, count: int):
        super().__init__([queue_name], connection=Redis.from_url(redis_url), num_workers=count, worker_class=BridgeWorker)
        self.redis_url, self.queue_name = redis_url, queue_name

    def get_worker_process(self, name: str, burst: bool, _sleep: float = 0, logging_level: str = "INFO"):
        """A worker process as ``run_worker`` makes one (``burst`` and the rest are RQ's testing knobs, unused)."""
        return multiprocessing.get_context("fork").Process(
            target=_worker, args=(self.redis_url, self.queue_name, name, os.getpid()), name=f"vtt-bridge worker {name}"
        )


def _worker(redis_url: str, queue_name: str, name: str, pool_pid: int) -> None:
    die_with_parent(pool_pid)
    run_worker(redis_url, queue_name, name)


def run_pool(redis_url: str, queue_name: str, count: int) -> None:
    """Run the pool until SIGINT or SIGTERM, which stop its workers (each finishing its job)."""
    BridgePool(redis_url, queue_name, count).start()
