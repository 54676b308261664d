"""Moment of Truth odds, answered by the workers (ch. 1, ch. 7): the ack says queued, ``job.result`` follows."""

from __future__ import annotations

from ....protocol import ErrorCode, Request, RequestError
from ....rules.moment_of_truth.conditions import skill_penalties
from ....rules.moment_of_truth.rolls import MOMENT_OF_TRUTH
from ....schemas.catalog import REQUESTS
from ....transport.events.jobs import queue_job
from ....transport.handling import handles
from ..names import Event
from ..roll_spec import pool_of, statistic_of
from ..world_rules import world_dials


def _roll_job(work, event: Request, request: dict, job) -> dict:
    """Queue a job on a roll spec, with the world's current default TN."""
    pool_of(request)  # refuse too many dice now, not after the job's retries
    spec = REQUESTS[event.value].schema().dump(request)
    default_tn = work.world.settings["default_tn"]
    return queue_job(work, request["request_id"], job, spec=spec, default_tn=default_tn)


def odds(work, odds_request: dict) -> dict:
    """Exact odds of a roll as ``roll`` would pool it, computed by a worker and
    pushed as ``job.result``: the actor's conditions and the Moments of Truth
    spent are read here into the pool's modifiers."""
    return _roll_job(work, Event.ODDS, as_rolled(work, odds_request), "workers.moment_of_truth.jobs.odds")


def as_rolled(work, odds_request: dict) -> dict:
    """The odds request with its conditions' penalties (ch. 7, by the roll's
    statistic) and its Moments of Truth (+1d6 each, ch. 5) as modifiers."""
    conditions, spent = odds_request.pop("conditions"), odds_request.pop("moments", {})
    added = []
    if conditions:
        statistic = statistic_of(odds_request)
        if statistic is None:
            message = "conditions go by the roll's statistic: name one of the six statistics or a derived one"
            raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"statistic": [message]})
        added += [{"source": penalty.source, "dice": penalty.dice, "penalty": True}
                  for penalty in skill_penalties(conditions, statistic, world_dials(work))]
    moments = spent.get("own", 0) + sum(given["dice"] for given in spent.get("contributions", ()))
    if moments:
        added.append({"source": MOMENT_OF_TRUTH, "dice": moments, "penalty": False})
    return {**odds_request, "modifiers": [*odds_request["modifiers"], *added]}


def odds_damage(work, odds_request: dict) -> dict:
    """Exact odds of damage through armor, computed by a worker."""
    spec = REQUESTS[Event.ODDS_DAMAGE.value].schema().dump(odds_request)
    return queue_job(work, odds_request["request_id"], "workers.moment_of_truth.jobs.odds_damage", spec=spec)


def odds_attack(work, odds_request: dict) -> dict:
    """Exact odds that an attack hits and deals each amount of damage, computed by a worker."""
    return _roll_job(work, Event.ODDS_ATTACK, odds_request, "workers.moment_of_truth.jobs.odds_attack")


def init_app(app) -> None:
    handles(app, Event.ODDS)(odds)
    handles(app, Event.ODDS_DAMAGE)(odds_damage)
    handles(app, Event.ODDS_ATTACK)(odds_attack)
