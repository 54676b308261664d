"""Moment of Truth's job functions: exact odds, attack previews and encounter simulations; each reports to its requester."""

from __future__ import annotations

from rq import get_current_job

from bridge.rules.moment_of_truth import RollKind, roll_odds
from bridge.rules.moment_of_truth.attacks import Attack
from bridge.rules.moment_of_truth.damage import DamageDice, effective_dr
from bridge.rules.moment_of_truth.damage_odds import attack_odds, damage_odds, preview_attack
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.encounter import Side
from bridge.rules.moment_of_truth.simulation import simulate
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.names import Event
from bridge.systems.moment_of_truth.roll_spec import pool_of, target_of
from bridge.systems.moment_of_truth.schemas import odds as odds_shapes
from bridge.systems.moment_of_truth.schemas import rolls
from bridge.systems.moment_of_truth.schemas.simulation import EncounterReport
from bridge.table.cancel import cancel_requested

from .. import push


def odds(reply: dict, spec: dict, default_tn: int) -> dict:
    """Exact chances of a Moment of Truth roll: success, criticals, setback."""
    reply_to, pusher = push.started(reply)
    pool, target = pool_of(spec), target_of(spec, default_tn)
    chances = roll_odds(pool.dice, target.value, RollKind(spec["kind"]), spec["stakes_raised"])
    result = {
        "pool": dump(rolls.Pool, pool),
        "target": dump(rolls.TargetNumber, target),
        "stakes_raised": spec["stakes_raised"],
        "odds": dump(rolls.Odds, chances),
    }
    pusher.result(reply_to, Event.ODDS.value, result)
    return result


def odds_damage(reply: dict, spec: dict) -> dict:
    """Exact chances of what a damage roll does through armor (ch. 7)."""
    reply_to, pusher = push.started(reply)
    result = dump(odds_shapes.DamageOdds, damage_odds(*_damage(spec)))
    pusher.result(reply_to, Event.ODDS_DAMAGE.value, result)
    return result


def odds_attack(reply: dict, spec: dict, default_tn: int) -> dict:
    """Exact chances that an attack hits and deals each amount of damage or more."""
    reply_to, pusher = push.started(reply)
    pool, target = pool_of(spec), target_of(spec, default_tn)
    chances = attack_odds(pool.dice, target.value, RollKind(spec["kind"]), *_damage(spec))
    result = {"pool": dump(rolls.Pool, pool), "target": dump(rolls.TargetNumber, target), "odds": dump(odds_shapes.AttackOdds, chances)}
    pusher.result(reply_to, Event.ODDS_ATTACK.value, result)
    return result


def attack_odds_preview(reply: dict, attack: Attack, dials: dict, trials: int, seed: int) -> dict:
    """An attack's odds before it is made (``attack.odds``): exact when one
    roll meets one target with one damage roll, else ``trials`` attacks
    resolved with dice seeded by ``seed``."""
    reply_to, pusher = push.started(reply)
    result = dump(odds_shapes.AttackPreview, preview_attack(attack, dials=Dials.from_settings(dials), trials=trials, seed=seed))
    pusher.result(reply_to, Event.ATTACK_ODDS.value, result)
    return result


def simulate_encounter(reply: dict, spec: dict, dials: dict) -> dict:
    """N fights of two sides (``simulation.simulate``): ``job.progress`` after
    each chunk of fights in order; a GM's ``simulate.cancel`` stops it when
    the next chunk in order is over, and the result then counts the whole
    chunks done."""
    reply_to, pusher = push.started(reply)
    redis = get_current_job().connection
    fights = spec["fights"]

    def keep_going(done: int) -> bool:
        pusher.progress(reply_to, "running", done / fights)
        return not cancel_requested(redis, reply_to.world_id, reply_to.job_id)

    encounter = simulate(
        tuple(Side.from_dict(side) for side in spec["sides"]), dials=Dials.from_settings(dials), fights=fights,
        seed=spec["seed"], round_cap=spec["round_cap"], keep_going=keep_going,
    )
    result = dump(EncounterReport, encounter)
    pusher.result(reply_to, Event.SIMULATE_ENCOUNTER.value, result)
    return result


def _damage(spec: dict) -> tuple[DamageDice, int]:
    """The damage dice counted (lowered by a called shot) and the DR they meet
    (halved by armor-piercing), as the ``damage`` request reads them."""
    damage = DamageDice(spec["dice"], spec["minor_at"], spec["serious_at"]).lowered(spec["lowered_by"])
    return damage, effective_dr(spec["damage_reduction"], spec["armor_piercing"])
