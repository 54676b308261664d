"""Connecting, leaving, and the echo request.

Hooks: ``connect`` fires once per Socket.IO connection with its ``auth``
object; a refusal reaches the client as a ``connect_error`` whose data is
``{code, message, fields}``.
"""

from __future__ import annotations

from flask import request
from flask_socketio import ConnectionRefusedError, join_room
from marshmallow import ValidationError

from ..auth import AuthError, authenticate
from ..protocol import PROTOCOL_VERSION, Push, RefusalCode, Request
from ..requests import handles, socketio, store, unknown_event
from ..rooms import gm_room, user_room, world_room
from ..schemas.requests import ConnectCredentials
from ..systems import title_of

_credentials = ConnectCredentials()


def on_connect(auth=None):
    identity = _identify(auth)
    socketio().server.save_session(request.sid, {"identity": identity})
    join_room(world_room(identity.world_id))
    join_room(user_room(identity.world_id, identity.user))
    if identity.is_gm:
        join_room(gm_room(identity.world_id))
    world = store().world(identity.world_id)
    ready = {
        "protocol": PROTOCOL_VERSION,
        "world": {"id": world.world_id, "name": world.name},
        "user": identity.user,
        "role": identity.role.value,
        "settings": world.settings,
        "system": {"name": world.system, "title": title_of(world.system)},
    }
    socketio().emit(Push.SESSION_READY.value, ready, to=request.sid)


def _identify(auth):
    try:
        credentials = _credentials.load(auth if isinstance(auth, dict) else {})
    except ValidationError as invalid:
        raise ConnectionRefusedError(*_refusal(RefusalCode.INVALID, "bad connection credentials", invalid.normalized_messages()))
    if credentials["protocol"] != PROTOCOL_VERSION:
        raise ConnectionRefusedError(
            *_refusal(RefusalCode.PROTOCOL_MISMATCH, f"this bridge speaks protocol {PROTOCOL_VERSION}", {"protocol": [f"must be {PROTOCOL_VERSION}"]})
        )
    try:
        return authenticate(store(), credentials)
    except AuthError as refused:
        raise ConnectionRefusedError(*_refusal(refused.code, refused.message, {})) from None


def _refusal(code: RefusalCode, message: str, fields: dict) -> tuple[str, dict]:
    """Arguments of ConnectionRefusedError: the client's ``err.message`` and ``err.data``."""
    return message, {"code": code.value, "message": message, "fields": fields}


def ping(identity, request_data) -> dict:
    """Echo the payload: the cheapest request, the latency floor."""
    return {"echo": request_data["echo"]}


def init_app(app) -> None:
    sio = app.extensions["socketio"]
    sio.on_event("connect", on_connect)
    sio.on_event("*", unknown_event)
    handles(app, Request.PING)(ping)
