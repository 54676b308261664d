"""Job functions the bridge queues; each reports to its requester."""

from __future__ import annotations

from bridge.roll_spec import pool_of, target_of
from bridge.rules.moment_of_truth import RollKind, roll_odds

from . import push


def odds(reply: dict, spec: dict, default_tn: int) -> dict:
    """Exact chances of a Moment of Truth roll: success, criticals, setback."""
    reply_to = push.ReplyTo(**reply)
    pusher = push.current()
    pusher.progress(reply_to, "started", 0.0)
    pool, target = pool_of(spec), target_of(spec, default_tn)
    result = {"pool": pool.to_dict(), "target": target.to_dict(), "odds": roll_odds(pool.dice, target.value, RollKind(spec["kind"])).to_dict()}
    pusher.result(reply_to, "odds", result)
    return result


def echo(reply: dict, echo: object = None) -> object:
    """Push ``echo`` straight back: the queued path with no work in it."""
    push.current().result(push.ReplyTo(**reply), "echo", {"echo": echo})
    return echo
