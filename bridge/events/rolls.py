"""Moment of Truth rolls (ch. 1)."""

from __future__ import annotations

from ..cards import check_owner, new_card_id, publish
from ..protocol import Request
from ..requests import handles
from ..world_rules import world_dials
from .moments import roll_with_options


def roll(unit, roll_request: dict) -> dict:
    """Roll for an actor the user owns (the GM rolls for anyone)."""
    check_owner(unit, roll_request["actor_id"])
    dials = world_dials(unit)
    roll_id = new_card_id()
    result = roll_with_options(unit, roll_request, dials, roll_id)
    return publish(unit, roll_request, Request.ROLL, result, roll_id)


def init_app(app) -> None:
    handles(app, Request.ROLL)(roll)
