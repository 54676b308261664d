"""The encounter simulation (GM only): queued to a worker, cancellable."""

from __future__ import annotations

import secrets

from flask import current_app

from ....protocol import ErrorCode, RequestError
from ....rules.moment_of_truth.encounter import Combatant, Side, check_sides
from ....schemas.encode import dump, dump_many
from ....table.cancel import request_cancel
from ....transport.events.jobs import queue_job
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ..names import Event
from ..schemas.simulation import SEED_MAX, DescribedSide
from ..settings import MomentOfTruthSettings
from ..world_rules import world_dials
from .combat import armor_of, arsenal_of, statistics_of, weapon_of

#: The job that runs the fights.
SIMULATE = "workers.moment_of_truth.jobs.simulate_encounter"


def simulate_encounter(work, request: dict) -> dict:
    """Read every stat block against the world's arsenal and dials now (a
    refusal names its field), then queue the fights with everything described."""
    arsenal, dials = arsenal_of(work), world_dials(work)
    sides = tuple(
        Side(side["name"], tuple(_combatant(entry, arsenal, f"sides.{s}.combatants.{c}")
                                 for c, entry in enumerate(side["combatants"])))
        for s, side in enumerate(request["sides"])
    )
    with refused_as("sides"):
        check_sides(sides, dials)
    seed = request["seed"] if request["seed"] is not None else secrets.randbelow(SEED_MAX + 1)
    spec = {
        "sides": dump_many(DescribedSide, sides),
        "fights": request["fights"], "round_cap": request["round_cap"], "seed": seed,
    }
    return queue_job(work, request["request_id"], SIMULATE, spec=spec, dials=dump(MomentOfTruthSettings, dials))


def _combatant(entry: dict, arsenal, path: str) -> Combatant:
    try:
        weapon = weapon_of(entry["weapon"], arsenal)
        armor = armor_of(entry["armor"], arsenal, "armor")
    except RequestError as refused:
        refused.fields = {f"{path}.{field}": messages for field, messages in refused.fields.items()}
        raise
    return Combatant(
        entry["name"], statistics_of(entry["statistics"]), entry["skill_level"], weapon, armor,
        entry["hit_points"], entry["defense_dice"], entry["targeting"],
    )


def simulate_cancel(work, request: dict) -> dict:
    """Ask the job to stop between two chunks of fights."""
    job = current_app.extensions["vtt_queue"].of(work.world_id).fetch_job(request["job_id"])
    if job is None or job.func_name != SIMULATE or (
        job.kwargs["reply"]["world_id"] != work.world_id
    ):
        message = "no encounter simulation of this world has that job id"
        raise RequestError(ErrorCode.INVALID, message, {"job_id": [message]})
    request_cancel(work.store.redis, work.world_id, job.id)
    return {"job_id": job.id, "state": "cancelling"}


def init_app(app) -> None:
    handles(app, Event.SIMULATE_ENCOUNTER)(simulate_encounter)
    handles(app, Event.SIMULATE_CANCEL)(simulate_cancel)
