"""Moment of Truth rolls (ch. 1) and the roll log."""

from __future__ import annotations

from ..cards import check_owner, new_card_id, publish
from ..protocol import Request
from ..requests import handles
from ..visibility import view_for
from ..world_rules import world_dials
from .moments import roll_with_options


def roll(unit, roll_request: dict) -> dict:
    """Roll for an actor the user owns (the GM rolls for anyone)."""
    check_owner(unit, roll_request["actor_id"])
    dials = world_dials(unit)
    roll_id = new_card_id()
    result = roll_with_options(unit, roll_request, dials, roll_id)
    return publish(unit, roll_request, Request.ROLL, result, roll_id)


def roll_log(unit, log_request: dict) -> dict:
    """The newest cards this user may see, oldest first."""
    return {"rolls": unit.store.recent_rolls(unit.world_id, log_request["limit"], lambda entry: view_for(entry, unit.identity))}


def init_app(app) -> None:
    handles(app, Request.ROLL)(roll)
    handles(app, Request.ROLL_LOG)(roll_log)
