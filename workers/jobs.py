"""Job functions the bridge queues; each reports to its requester."""

from __future__ import annotations

from bridge.protocol import Request
from bridge.roll_spec import pool_of, target_of
from bridge.rules.moment_of_truth import RollKind, roll_odds
from bridge.rules.moment_of_truth.damage import DamageDice, effective_dr
from bridge.rules.moment_of_truth.damage_odds import attack_odds, damage_odds

from . import push


def odds(reply: dict, spec: dict, default_tn: int) -> dict:
    """Exact chances of a Moment of Truth roll: success, criticals, setback."""
    reply_to, pusher = _started(reply)
    pool, target = pool_of(spec), target_of(spec, default_tn)
    chances = roll_odds(pool.dice, target.value, RollKind(spec["kind"]), spec["stakes_raised"])
    result = {
        "pool": pool.to_dict(),
        "target": target.to_dict(),
        "stakes_raised": spec["stakes_raised"],
        "odds": chances.to_dict(),
    }
    pusher.result(reply_to, Request.ODDS.value, result)
    return result


def odds_damage(reply: dict, spec: dict) -> dict:
    """Exact chances of what a damage roll does through armor (ch. 7)."""
    reply_to, pusher = _started(reply)
    result = damage_odds(*_damage(spec)).to_dict()
    pusher.result(reply_to, Request.ODDS_DAMAGE.value, result)
    return result


def odds_attack(reply: dict, spec: dict, default_tn: int) -> dict:
    """Exact chances that an attack hits and deals each amount of damage or more."""
    reply_to, pusher = _started(reply)
    pool, target = pool_of(spec), target_of(spec, default_tn)
    chances = attack_odds(pool.dice, target.value, RollKind(spec["kind"]), *_damage(spec))
    result = {"pool": pool.to_dict(), "target": target.to_dict(), "odds": chances.to_dict()}
    pusher.result(reply_to, Request.ODDS_ATTACK.value, result)
    return result


def echo(reply: dict, echo: object = None) -> object:
    """Push ``echo`` straight back: the queued path with no work in it."""
    push.current().result(push.ReplyTo(**reply), "echo", {"echo": echo})
    return echo


def _started(reply: dict) -> tuple[push.ReplyTo, push.Pusher]:
    reply_to, pusher = push.ReplyTo(**reply), push.current()
    pusher.progress(reply_to, "started", 0.0)
    return reply_to, pusher


def _damage(spec: dict) -> tuple[DamageDice, int]:
    """The damage dice counted (lowered by a called shot) and the DR they meet
    (halved by armor-piercing), as the ``damage`` request reads them."""
    damage = DamageDice(spec["dice"], spec["minor_at"], spec["serious_at"]).lowered(spec["lowered_by"])
    return damage, effective_dr(spec["damage_reduction"], spec["armor_piercing"])
