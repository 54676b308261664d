"""Moment of Truth rolls (ch. 1) and the roll log."""

from __future__ import annotations

import time
import uuid

from flask import request

from ..protocol import ErrorCode, Push, Request, RequestError
from ..requests import handles, socketio, store
from ..rooms import user_room
from ..schemas.common import Visibility
from ..schemas.settings import dials_of
from ..visibility import full_view_rooms, notice, view_for
from .moments import roll_with_options


def roll(identity, roll_request: dict) -> dict:
    """Roll for an actor the user owns (the GM rolls for anyone)."""
    if not identity.is_gm and not store().owns_actor(identity.world_id, identity.user, roll_request["actor_id"]):
        raise RequestError(ErrorCode.FORBIDDEN, "you may only roll for actors you own", {"actor_id": ["not yours"]})
    dials = dials_of(store().world(identity.world_id).settings)
    roll_id = uuid.uuid4().hex
    entry = {
        "roll_id": roll_id,
        "request_id": roll_request["request_id"],
        "at": round(time.time(), 3),
        "world": identity.world_id,
        "user": identity.user,
        "actor_id": roll_request["actor_id"],
        "label": roll_request["label"],
        "visibility": roll_request["visibility"].value,
        "whisper_to": roll_request["whisper_to"],
        "rule": Request.ROLL.value,
        "result": roll_with_options(identity, roll_request, dials, roll_id),
    }
    store().log_roll(identity.world_id, entry)
    _deliver(entry, identity)
    return view_for(entry, identity)


def _deliver(entry: dict, identity) -> None:
    """Push the roll to everyone who may see it, except this connection."""
    sio = socketio()
    sio.emit(Push.ROLL_RESULT.value, entry, to=full_view_rooms(entry), skip_sid=request.sid)
    if entry["visibility"] == Visibility.BLIND.value and not identity.is_gm:
        sio.emit(Push.ROLL_RESULT.value, notice(entry), to=user_room(identity.world_id, identity.user), skip_sid=request.sid)


def roll_log(identity, log_request: dict) -> dict:
    """The newest rolls this user may see, oldest first."""
    return {"rolls": store().recent_rolls(identity.world_id, log_request["limit"], lambda entry: view_for(entry, identity))}


def init_app(app) -> None:
    handles(app, Request.ROLL)(roll)
    handles(app, Request.ROLL_LOG)(roll_log)
