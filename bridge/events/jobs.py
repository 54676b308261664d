"""Queued requests: the ack says queued, the job's pushes follow; the worker echo."""

from __future__ import annotations

from flask import current_app

from workers import jobs
from workers.push import ReplyTo
from workers.queue import enqueue, job_id

from ..protocol import Request
from ..requests import handles


def queue_job(identity, request_id: str, job, **arguments) -> dict:
    """Queue ``job`` for the sender's request; the ack says queued, the job's pushes follow."""
    reply = ReplyTo(identity.world_id, identity.user, request_id, job_id(identity.world_id, identity.user, request_id))
    enqueue(current_app.extensions["vtt_queue"], job, reply, **arguments)
    return {"job_id": reply.job_id, "state": "queued"}


def worker_ping(identity, ping_request: dict) -> dict:
    """Echo through a worker: the queued path with no work in it."""
    return queue_job(identity, ping_request["request_id"], jobs.echo, echo=ping_request["echo"])


def init_app(app) -> None:
    handles(app, Request.WORKER_PING)(worker_ping)
