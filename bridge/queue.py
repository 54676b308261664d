"""How the bridge hands work to the workers: one queue, jobs named by their
dotted path (``"workers.jobs.odds"``), so the bridge never imports them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from rq import Callback, Queue, Retry

from .rooms import user_room

#: Wall-clock limit of one job, in seconds.
JOB_TIMEOUT_SECONDS = 60
#: Extra runs a job gets when it raises or its worker dies.
JOB_RETRIES = 2
#: How long a finished job's return value stays in Redis, in seconds.
RESULT_TTL_SECONDS = 3600
#: How long a failed job stays in the failed registry, in seconds.
FAILURE_TTL_SECONDS = 24 * 3600
#: The job that reports a failed job to its requester.
ON_FAILURE = "workers.failures.report_failure"


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


def enqueue(queue: Queue, job: str, reply: ReplyTo, **arguments) -> str:
    """Queue the job named ``job`` (a dotted path) as ``job(reply=..., **arguments)``;
    failures reach ``reply``'s user."""
    queued = queue.enqueue(
        job,
        kwargs={"reply": reply.__dict__, **arguments},
        job_id=reply.job_id,
        job_timeout=JOB_TIMEOUT_SECONDS,
        result_ttl=RESULT_TTL_SECONDS,
        failure_ttl=FAILURE_TTL_SECONDS,
        retry=Retry(max=JOB_RETRIES),
        on_failure=Callback(ON_FAILURE),
    )
    return queued.id
