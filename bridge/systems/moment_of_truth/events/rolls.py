"""Moment of Truth rolls (ch. 1) and the GM's reveal of a hidden roll."""

from __future__ import annotations

from ....protocol import ErrorCode, RequestError
from ....schemas.common import Visibility
from ....schemas.encode import dump_many
from ....table.publish import check_owner, new_card_id, publish
from ....transport.handling import handles
from ..names import Event
from ..schemas.rolls import MomentsEntry
from ..world_rules import world_dials
from .moments import credit_revealed, roll_with_options


def roll(work, roll_request: dict) -> dict:
    """Roll for an actor the user owns (the GM rolls for anyone)."""
    check_owner(work, roll_request["actor_id"])
    dials = world_dials(work)
    roll_id = new_card_id()
    result = roll_with_options(work, roll_request, dials, roll_id)
    return publish(work, roll_request, Event.ROLL, result, roll_id)


def reveal(work, reveal_request: dict) -> dict:
    """Show the table a blind or whispered card (a roll, a contest, a
    maneuver...), once, as a public card; its held rewards are credited then
    (docs/rules/moment_of_truth.md, Blind and whispered rolls)."""
    roll_id = reveal_request["roll_id"]
    logged = work.store.card_link(work.world_id, roll_id)
    entry = logged.entry if logged else None
    if entry is None or entry["visibility"] == Visibility.PUBLIC:
        message = "no blind or whispered card has this id"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"roll_id": [message]})
    rewards = credit_revealed(work, entry)
    shown = f"the GM reveals {entry['user']}'s {entry['visibility']} roll"
    card = {
        "revealed": entry,
        "opened": logged.shown(opened=True),  # its salt: anyone may check it against the commitment they were shown
        "rewards": dump_many(MomentsEntry, rewards),
        "explanation": [shown, *(reward.line for reward in rewards)],
    }
    card_request = {
        "request_id": reveal_request["request_id"], "actor_id": entry["actor_id"], "label": entry["label"],
        "visibility": Visibility.PUBLIC, "whisper_to": [],
    }
    return publish(work, card_request, Event.ROLL_REVEAL, card)


def init_app(app) -> None:
    handles(app, Event.ROLL)(roll)
    handles(app, Event.ROLL_REVEAL)(reveal)
