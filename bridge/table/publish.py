"""Publishing a card: log a table-visible result and deliver it to whoever
may see it. Every request whose result the table should see ends here."""

from __future__ import annotations

import secrets
import time

from ..encoded import Encoded
from ..protocol import ErrorCode, Push, Request, RequestError
from ..schemas.common import Visibility
from ..transport.rooms import user_room
from .visibility import full_view_rooms, notice, view_for
from .work import Work


def check_owner(work: Work, actor_id: str, field: str = "actor_id") -> None:
    """Players act only for actors they own; the GM acts for anyone. ``field`` names the actor (or its token)."""
    if not work.identity.is_gm and not work.store.owns_actor(work.world_id, work.identity.user, actor_id):
        raise RequestError(ErrorCode.FORBIDDEN, "you may only act for actors you own", {field: ["not yours"]})


def check_audience(work: Work, card_request: dict) -> None:
    """A whisper goes to users who have joined this world: a misspelled name
    is refused on ``whisper_to`` rather than whispered to no one."""
    unknown = [user for user in card_request.get("whisper_to") or ()
               if work.store.seat(work.world_id, user) is None]
    if unknown:
        names = ", ".join(f"'{user}'" for user in unknown)
        message = f"no one called {names} has joined this world: whisper to the users at the table"
        raise RequestError(ErrorCode.INVALID, message, {"whisper_to": [message]})


def new_card_id() -> str:
    """A card's id (``roll_id``), for a rule that must name its card before publishing it."""
    return secrets.token_hex(16)  # 32 hex digits, as uuid4().hex gave, without building a UUID


def publish(
    work: Work, card_request: dict, rule: Request | str, result: dict, card_id: str | None = None, actor_id: str | None = None
) -> dict:
    """Log ``result`` as a card of ``rule`` (the request's event), push it, and return the requester's view.
    ``actor_id``: the card's actor when the request names a token rather than an actor.
    The entry is encoded once, for the log, the push, the stored answer and the acknowledgement."""
    entry = Encoded({
        "roll_id": card_id or new_card_id(),
        "request_id": card_request["request_id"],
        "at": round(time.time(), 3),
        "world": work.world_id,
        "user": work.identity.user,
        "actor_id": actor_id or card_request["actor_id"],
        "label": card_request["label"],
        "visibility": card_request["visibility"].value,
        "whisper_to": card_request["whisper_to"],
        "rule": getattr(rule, "value", rule),
        "result": result,
    })
    work.log(entry)
    _deliver(entry, work)
    return view_for(entry, work.identity)


def _deliver(entry: dict, work: Work) -> None:
    """Push the card to everyone who may see it, except the requesting
    connection (its ack carries the card; a worker's card goes to all)."""
    work.emit(Push.ROLL_RESULT.value, entry, to=full_view_rooms(entry), skip_sid=work.sid)
    if entry["visibility"] == Visibility.BLIND and not work.identity.is_gm:
        work.emit(Push.ROLL_RESULT.value, notice(entry), to=user_room(work.world_id, work.identity.user), skip_sid=work.sid)
