"""Connecting, leaving, revoking a player's tokens, and the echo request.

Hooks: ``connect`` fires once per Socket.IO connection with its ``auth``
object; a refusal reaches the client as a ``connect_error`` whose data is
``{code, message, fields}``. Each admitted connection is held by
``bridge.transport.connections`` until its credentials end.
"""

from __future__ import annotations

import redis
from flask import current_app, request
from flask_socketio import ConnectionRefusedError, join_room
from marshmallow import ValidationError

from ...protocol import PROTOCOL_VERSION, Push, RefusalCode, Request
from ...schemas.requests import ConnectCredentials
from ...systems import title_of
from ...table.auth import Admission, AuthError, authenticate, grounds_now
from ..connections import Connections, announce_ended, close_without_waiting
from ..handling import handles, socketio, store, unknown_event
from ..rooms import gm_room, user_room, world_room

_credentials = ConnectCredentials()



def connections() -> Connections:
    return current_app.extensions["vtt_connections"]


def on_connect(auth=None):
    try:
        admission = _admit(auth)
        identity = admission.identity
        world = store().world(identity.world_id)
    except redis.RedisError:
        connections().forget(request.sid)
        raise ConnectionRefusedError(*_refusal(RefusalCode.UNAVAILABLE, "the service is unavailable; try again shortly", {})) from None
    socketio().server.save_session(request.sid, {"admission": admission})
    join_room(world_room(identity.world_id))
    join_room(user_room(identity.world_id, identity.user))
    if identity.is_gm:
        join_room(gm_room(identity.world_id))
    ready = {
        "protocol": PROTOCOL_VERSION,
        "world": {"id": world.world_id, "name": world.name},
        "user": identity.user,
        "role": identity.role.value,
        "settings": world.settings,
        "system": {"name": world.system, "title": title_of(world.system)},
    }
    socketio().emit(Push.SESSION_READY.value, ready, to=request.sid, ignore_queue=True)  # its client is here


def on_disconnect(*_reason):
    connections().forget(request.sid)


def _admit(auth) -> Admission:
    """The admission ``auth`` earns, held until its credentials end; a rotation
    or revocation between reading them and holding it refuses it."""
    try:
        credentials = _credentials.load(auth if isinstance(auth, dict) else {})
    except ValidationError as invalid:
        raise ConnectionRefusedError(*_refusal(RefusalCode.INVALID, "bad connection credentials", invalid.normalized_messages()))
    if credentials["protocol"] != PROTOCOL_VERSION:
        raise ConnectionRefusedError(
            *_refusal(RefusalCode.PROTOCOL_MISMATCH, f"this bridge speaks protocol {PROTOCOL_VERSION}", {"protocol": [f"must be {PROTOCOL_VERSION}"]})
        )
    address, connection = request.remote_addr or "", socketio().server.manager.eio_sid_from_sid(request.sid, "/")
    if connections().attempts.refused(address, connection):
        socketio().start_background_task(_close_after_refusal, socketio(), connection)
        raise ConnectionRefusedError(*_refusal(RefusalCode.TOO_MANY_ATTEMPTS, "too many failed connects; wait a minute", {}))
    try:
        admission = authenticate(store(), credentials)
        connections().admit(request.sid, admission)
    except AuthError as refused:
        if refused.code in (RefusalCode.UNAUTHORIZED, RefusalCode.TOKEN_EXPIRED) and connections().attempts.failed(address, connection):
            socketio().start_background_task(_close_after_refusal, socketio(), connection)
        raise ConnectionRefusedError(*_refusal(refused.code, refused.message, {})) from None
    if grounds_now(store(), admission.identity) != admission.grounds:
        connections().forget(request.sid)
        raise ConnectionRefusedError(*_refusal(RefusalCode.UNAUTHORIZED, "the credentials were revoked", {}))
    return admission


def _close_after_refusal(sio, connection: str) -> None:
    """Close an Engine.IO connection that used up its connects, once its last refusal has been sent."""
    sio.sleep(0)  # the refusal is queued before this runs; the close goes after it
    close_without_waiting(sio.server.eio, connection)


def _refusal(code: RefusalCode, message: str, fields: dict) -> tuple[str, dict]:
    """Arguments of ConnectionRefusedError: the client's ``err.message`` and ``err.data``."""
    return message, {"code": code.value, "message": message, "fields": fields}


def ping(_unit, request_data) -> dict:
    """Echo the payload: the cheapest request, the latency floor."""
    return {"echo": request_data["echo"]}


def revoke_token(work, revoke_request: dict) -> dict:
    """Void every token the user holds and close the user's player connections (in every web process)."""
    user = revoke_request["user"]
    work.claim()
    generation = work.store.revoke_tokens(work.world_id, user)
    announce_ended(work.store.redis, work.world_id, user)
    return {"user": user, "generation": generation}


def init_app(app) -> None:
    sio = app.extensions["socketio"]
    sio.on_event("connect", on_connect)
    sio.on_event("disconnect", on_disconnect)
    sio.on_event("*", unknown_event)
    handles(app, Request.PING)(ping)
    handles(app, Request.TOKEN_REVOKE)(revoke_token)
