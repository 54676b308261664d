"""The bridge's own job functions, which know no rule system; each reports to its requester."""

from __future__ import annotations

from bridge.systems import installed

from . import push


def system_odds(reply: dict, system: str, request: dict) -> dict:
    """Exact odds of a rule system's basic roll (``RuleSystem.odds``), from its request as its schema dumped it."""
    reply_to, pusher = push.started(reply)
    odds = installed()[system].odds
    result = odds.compute(odds.schema().load(request))
    pusher.result(reply_to, odds.event, result)
    return result


def echo(reply: dict, echo: object = None) -> object:
    """Push ``echo`` straight back: the queued path with no work in it."""
    push.current().result(push.ReplyTo(**reply), "echo", {"echo": echo})
    return echo
