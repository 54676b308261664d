"""Queued requests: the ack says queued, the job's pushes follow; the worker echo."""

from __future__ import annotations

from flask import current_app

from ...protocol import ErrorCode, Request, RequestError
from ...table.queue import PENDING_JOBS_PER_WORLD, Busy, ReplyTo, enqueue, job_id
from ..handling import handles


def queue_job(work, request_id: str, job: str, **arguments) -> dict:
    """Queue the job named ``job`` (a dotted path) for the sender's request;
    the ack says queued, the job's pushes follow; ``busy`` when the world has its share of jobs pending."""
    reply = ReplyTo(work.world_id, work.identity.user, request_id, job_id(work.world_id, work.identity.user, request_id))
    work.claim()
    try:
        enqueue(current_app.extensions["vtt_queue"], job, reply, **arguments)
    except Busy:
        message = f"this world has {PENDING_JOBS_PER_WORLD} jobs queued or running: try again when one is done"
        raise RequestError(ErrorCode.BUSY, message) from None
    return {"job_id": reply.job_id, "state": "queued"}


def worker_ping(work, ping_request: dict) -> dict:
    """Echo through a worker: the queued path with no work in it."""
    return queue_job(work, ping_request["request_id"], "workers.jobs.echo", echo=ping_request["echo"])


def init_app(app) -> None:
    handles(app, Request.WORKER_PING)(worker_ping)
