"""Job functions the bridge queues; each reports to its requester."""

from __future__ import annotations

from bridge.rules.moment_of_truth import Modifier, RollKind, build_pool, roll_odds, target_number

from . import push


def odds(reply: dict, spec: dict, default_tn: int) -> dict:
    """Exact chances of a Moment of Truth roll: success, criticals, setback."""
    reply_to = push.ReplyTo(**reply)
    pusher = push.current()
    pusher.progress(reply_to, "started", 0.0)
    kind = RollKind(spec["kind"])
    pool = build_pool(
        kind,
        spec["statistic"]["value"],
        spec["skill"]["level"] if "skill" in spec else None,
        modifiers=[Modifier(**modifier) for modifier in spec["modifiers"]],
        helpers=spec["helpers"],
    )
    target = target_number(default_tn, spec["difficulty"])
    result = {"pool": pool.to_dict(), "target": target.to_dict(), "odds": roll_odds(pool.dice, target.value, kind).to_dict()}
    pusher.result(reply_to, "odds", result)
    return result


def echo(reply: dict, echo: object = None) -> object:
    """Push ``echo`` straight back: the queued path with no work in it."""
    push.current().result(push.ReplyTo(**reply), "echo", {"echo": echo})
    return echo
