"""The RQ worker: one process, jobs run in it, liveness kept in seconds.

Jobs here are short and pure, so they run in the worker process
(``SimpleWorker``), with the pusher built once at start: a forking worker
would import Flask-SocketIO again for every job (bench/roll_latency.py
measures the queued path).

RQ's defaults notice a dead worker's job after minutes (maintenance every
600 s, heartbeat TTL job timeout + 60 s). Here a job heartbeats every
``JOB_HEARTBEAT_SECONDS`` from a side thread, its registry entry expires
``HEARTBEAT_GRACE_SECONDS`` after the last beat, and every live worker runs
maintenance every ``MAINTENANCE_INTERVAL_SECONDS``: a job whose worker was
killed is failed or retried within about 15 s.

RQ's worker reports each of those clean-ups, and each job, at INFO (a line
per queue every 5 s); here they are DEBUG records (``bridge.service.logs.demote``),
and the worker says itself when it starts and stops.
"""

from __future__ import annotations

import contextlib
import logging
import threading

from redis import Redis
from rq import SimpleWorker
from rq.worker import RoundRobinWorker, WorkerStatus

from bridge.service import logs
from bridge.table.queue import WorldQueues

from . import effects, push

#: Seconds between heartbeats of a running job.
JOB_HEARTBEAT_SECONDS = 2
#: Seconds a job's heartbeat stays valid after the last beat.
HEARTBEAT_GRACE_SECONDS = 4
#: Seconds between registry clean-ups (abandoned jobs, dead workers).
MAINTENANCE_INTERVAL_SECONDS = 5
#: Seconds a worker's own registration lives without a heartbeat; RQ blocks
#: on the queue for this minus 15 s between maintenance checks.
WORKER_TTL_SECONDS = 20

log = logging.getLogger("workers.worker")


class BridgeWorker(RoundRobinWorker, SimpleWorker):
    """A SimpleWorker that takes from its queues in turn (fair across worlds,
    ``bridge.table.queue``), whose running job keeps a short heartbeat."""

    def get_heartbeat_ttl(self, job) -> int:
        return JOB_HEARTBEAT_SECONDS + HEARTBEAT_GRACE_SECONDS

    def execute_job(self, job, queue) -> None:
        self.prepare_execution(job)
        with self._beating(job):
            self.perform_job(job, queue)
        self.set_state(WorkerStatus.IDLE)

    @contextlib.contextmanager
    def _beating(self, job):
        stopped = threading.Event()

        def beat():
            while not stopped.wait(JOB_HEARTBEAT_SECONDS):
                self.maintain_heartbeats(job)

        beater = threading.Thread(target=beat, name=f"heartbeat-{job.id}", daemon=True)
        beater.start()
        try:
            yield
        finally:
            stopped.set()
            beater.join()


def run_worker(redis_url: str, queue_name: str, name: str | None = None) -> None:
    """Run one worker until it is told to stop (SIGINT or SIGTERM)."""
    push.install(redis_url)
    effects.install(redis_url)
    connection = Redis.from_url(redis_url)
    worker = BridgeWorker(
        WorldQueues(queue_name, connection).queues,
        name=name,
        connection=connection,
        worker_ttl=WORKER_TTL_SECONDS,
        maintenance_interval=MAINTENANCE_INTERVAL_SECONDS,
        job_monitoring_interval=JOB_HEARTBEAT_SECONDS,
    )
    logs.demote("rq.worker")
    log.info("worker started", extra={"worker": worker.name, "queues": len(worker.queues)})
    # RQ sets its worker's logger to INFO on import; its documented ``logging_level`` sets it to ours
    worker.work(with_scheduler=False, logging_level=logging.getLogger().level)
    log.info("worker stopped", extra={"worker": worker.name})
