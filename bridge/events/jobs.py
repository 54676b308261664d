"""Requests answered by the workers: the ack says queued, pushes follow."""

from __future__ import annotations

from flask import current_app

from workers import jobs
from workers.push import ReplyTo
from workers.queue import enqueue, job_id

from ..protocol import Request
from ..requests import handles, store
from ..roll_spec import pool_of
from ..schemas.catalog import REQUESTS


def queue_job(identity, request_id: str, job, **arguments) -> dict:
    """Queue ``job`` for the sender's request; the ack says queued, the job's pushes follow."""
    reply = ReplyTo(identity.world_id, identity.user, request_id, job_id(identity.world_id, identity.user, request_id))
    enqueue(current_app.extensions["vtt_queue"], job, reply, **arguments)
    return {"job_id": reply.job_id, "state": "queued"}


def _roll_job(identity, event: Request, request: dict, job) -> dict:
    """Queue a job on a roll spec, with the world's current default TN."""
    pool_of(request)  # refuse too many dice now, not after the job's retries
    spec = REQUESTS[event].schema().dump(request)
    default_tn = store().world(identity.world_id).settings["default_tn"]
    return queue_job(identity, request["request_id"], job, spec=spec, default_tn=default_tn)


def odds(identity, odds_request: dict) -> dict:
    """Exact odds of a roll, computed by a worker and pushed as ``job.result``."""
    return _roll_job(identity, Request.ODDS, odds_request, jobs.odds)


def odds_damage(identity, odds_request: dict) -> dict:
    """Exact odds of damage through armor, computed by a worker."""
    spec = REQUESTS[Request.ODDS_DAMAGE].schema().dump(odds_request)
    return queue_job(identity, odds_request["request_id"], jobs.odds_damage, spec=spec)


def odds_attack(identity, odds_request: dict) -> dict:
    """Exact odds that an attack hits and deals each amount of damage, computed by a worker."""
    return _roll_job(identity, Request.ODDS_ATTACK, odds_request, jobs.odds_attack)


def worker_ping(identity, ping_request: dict) -> dict:
    """Echo through a worker: the queued path with no work in it."""
    return queue_job(identity, ping_request["request_id"], jobs.echo, echo=ping_request["echo"])


def init_app(app) -> None:
    handles(app, Request.ODDS)(odds)
    handles(app, Request.ODDS_DAMAGE)(odds_damage)
    handles(app, Request.ODDS_ATTACK)(odds_attack)
    handles(app, Request.WORKER_PING)(worker_ping)
