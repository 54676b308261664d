"""Moment of Truth odds, answered by the workers (ch. 1, ch. 7): the ack says queued, ``job.result`` follows."""

from __future__ import annotations

from ....events.jobs import queue_job
from ....protocol import Request
from ....requests import handles
from ....schemas.catalog import REQUESTS
from ..roll_spec import pool_of


def _roll_job(unit, event: Request, request: dict, job) -> dict:
    """Queue a job on a roll spec, with the world's current default TN."""
    pool_of(request)  # refuse too many dice now, not after the job's retries
    spec = REQUESTS[event.value].schema().dump(request)
    default_tn = unit.world.settings["default_tn"]
    return queue_job(unit, request["request_id"], job, spec=spec, default_tn=default_tn)


def odds(unit, odds_request: dict) -> dict:
    """Exact odds of a roll, computed by a worker and pushed as ``job.result``."""
    return _roll_job(unit, Request.ODDS, odds_request, "workers.moment_of_truth.jobs.odds")


def odds_damage(unit, odds_request: dict) -> dict:
    """Exact odds of damage through armor, computed by a worker."""
    spec = REQUESTS[Request.ODDS_DAMAGE.value].schema().dump(odds_request)
    return queue_job(unit, odds_request["request_id"], "workers.moment_of_truth.jobs.odds_damage", spec=spec)


def odds_attack(unit, odds_request: dict) -> dict:
    """Exact odds that an attack hits and deals each amount of damage, computed by a worker."""
    return _roll_job(unit, Request.ODDS_ATTACK, odds_request, "workers.moment_of_truth.jobs.odds_attack")


def init_app(app) -> None:
    handles(app, Request.ODDS)(odds)
    handles(app, Request.ODDS_DAMAGE)(odds_damage)
    handles(app, Request.ODDS_ATTACK)(odds_attack)
