"""``d10.odds``: the exact chance of each degree of a skill roll, computed by
a worker (``bridge.rules.highest_d10.odds``; docs/systems/highest_d10.md)."""

from __future__ import annotations

from bridge.rules.highest_d10 import Condition, build_pool, roll_odds
from bridge.schemas.encode import dump
from bridge.systems import Odds

from .schemas import D10Odds, D10OddsRequest, D10PoolResult, D10RollOdds


def chances(request: dict) -> dict:
    """The roll's pool after its conditions, its modifiers summed, and the chance of each degree."""
    pool = build_pool(request["dice"], [Condition(name) for name in request["conditions"]])
    modifier = sum(each["value"] for each in request["modifiers"])
    return {**dump(D10RollOdds, roll_odds(pool.dice, request["tn"], modifier, request["stressful"])), "pool": dump(D10PoolResult, pool)}


ODDS = Odds("d10.odds", D10OddsRequest, D10Odds, chances)
