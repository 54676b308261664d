"""How the bridge hands work to the workers, fairly across worlds.

Jobs are named by their dotted path (``"workers.jobs.system_odds"``), so the bridge
never imports them. Each world's jobs go to one of ``SHARDS`` queues (by a
hash of its id), and every worker takes from the queues in turn (RQ's
``RoundRobinWorker``): a world flooding its queue delays a job of another
queue by about one job per worker. A world holds at most ``PENDING_JOBS_PER_WORLD``
jobs queued or running, past which its requests are refused ``busy``: that
also bounds the wait of a world whose queue it shares.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from redis import Redis
from rq import Callback, Queue, Retry

from ..transport.rooms import user_room

#: Wall-clock limit of one job, in seconds.
JOB_TIMEOUT_SECONDS = 60
#: Extra runs a job gets when it raises or its worker dies.
JOB_RETRIES = 2
#: How long a finished job's return value stays in Redis, in seconds.
RESULT_TTL_SECONDS = 3600
#: How long a failed job stays in the failed registry, in seconds.
FAILURE_TTL_SECONDS = 24 * 3600
#: The job that reports a failed job to its requester (and calls ``job_done`` when RQ will not retry).
ON_FAILURE = "workers.failures.report_failure"
#: The callback that frees a finished job's place in its world's share.
ON_SUCCESS = "bridge.table.queue.job_done"
#: Queues the worlds' jobs are spread over; every worker serves all of them in turn.
SHARDS = 16
#: Jobs one world may have queued or running at once: its share.
PENDING_JOBS_PER_WORLD = 8
#: A pending job older than this no longer counts (its callback was lost with a killed worker), in seconds.
PENDING_STALE_SECONDS = 600

#: Lua: count job ARGV[1] (ARGV[2]: now) among the world's pending jobs
#: (KEYS[1], a sorted set by time queued) unless it holds ARGV[4] already;
#: entries queued before ARGV[3] are dropped first. 1: counted (or already), 0: full.
_ADMIT = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""


class WorldQueues:
    """The ``SHARDS`` queues named after ``name`` (the first one is ``name`` itself)."""

    def __init__(self, name: str, connection: Redis):
        self.connection = connection
        self.queues = [Queue(name if shard == 0 else f"{name}.{shard}", connection=connection) for shard in range(SHARDS)]
        self._admit = connection.register_script(_ADMIT)

    def of(self, world_id: str) -> Queue:
        """The queue of the world's jobs."""
        digest = hashlib.sha256(world_id.encode()).digest()
        return self.queues[int.from_bytes(digest[:4], "big") % SHARDS]

    def admit(self, world_id: str, job: str) -> bool:
        """Count ``job`` in the world's share; False when the share is full."""
        now = time.time()
        arguments = [job, now, now - PENDING_STALE_SECONDS, PENDING_JOBS_PER_WORLD, PENDING_STALE_SECONDS]
        return bool(self._admit(keys=[pending_key(world_id)], args=arguments))


def pending_key(world_id: str) -> str:
    """The world's jobs queued or running: a sorted set of job ids by when they were queued."""
    return f"vtt:world:{world_id}:pending_jobs"


def job_done(job, connection, result=None, *_) -> None:
    """RQ callback: the job is over (done, or failed for good); its place in its world's share is free."""
    connection.zrem(pending_key(job.kwargs["reply"]["world_id"]), job.id)


@dataclass(frozen=True)
class ReplyTo:
    """Where a queued request's progress and result go."""

    world_id: str
    user: str
    request_id: str
    job_id: str

    def room(self) -> str:
        return user_room(self.world_id, self.user)

    def tag(self) -> dict:
        return {"job_id": self.job_id, "request_id": self.request_id}


def job_id(world_id: str, user: str, request_id: str) -> str:
    """One job id per request id (RQ ids allow only letters, digits, - and _)."""
    digest = hashlib.sha256(f"{world_id}\n{user}\n{request_id}".encode()).hexdigest()
    return f"vtt-{digest[:32]}"


class Busy(Exception):
    """The world has its share of jobs pending."""


def enqueue(queues: WorldQueues, job: str, reply: ReplyTo, **arguments) -> str:
    """Queue the job named ``job`` (a dotted path) as ``job(reply=..., **arguments)``
    on its world's queue; failures reach ``reply``'s user. Raises ``Busy``
    when the world has ``PENDING_JOBS_PER_WORLD`` jobs pending."""
    if not queues.admit(reply.world_id, reply.job_id):
        raise Busy(reply.world_id)
    queued = queues.of(reply.world_id).enqueue(
        job,
        kwargs={"reply": reply.__dict__, **arguments},
        job_id=reply.job_id,
        job_timeout=JOB_TIMEOUT_SECONDS,
        result_ttl=RESULT_TTL_SECONDS,
        failure_ttl=FAILURE_TTL_SECONDS,
        retry=Retry(max=JOB_RETRIES),
        on_failure=Callback(ON_FAILURE),
        on_success=Callback(ON_SUCCESS),
    )
    return queued.id
