"""The one path every request takes: validate, authorize, answer once, log.

A handler is ``handler(unit, request) -> result`` (``unit``: the request's
``bridge.unit.Unit``, its one way to the world); it raises
:class:`RequestError` to refuse. Its envelope is written under the request
id with the unit's changes, so a repeated id gets the first answer and never
runs the handler twice.
"""

from __future__ import annotations

import logging
import time
from functools import partial
from typing import Any, Callable

from flask import current_app, request
from marshmallow import Schema, ValidationError

from .auth import Identity
from .encoded import Encoded, Unreadable
from .protocol import ErrorCode, Request, RequestError, failure, success
from .schemas.catalog import REQUESTS
from .systems import system_of_event, title_of
from .unit import Unit, answer_once

log = logging.getLogger("bridge.requests")

Handler = Callable[[Unit, dict], Any]


def store():
    """The app's store, for what runs outside a request's unit (a connection's start)."""
    return current_app.extensions["vtt_store"]


def socketio():
    """The app's Flask-SocketIO, for what runs outside a request's unit (a connection's start)."""
    return current_app.extensions["socketio"]


def current_identity() -> Identity:
    return socketio().server.get_session(request.sid)["identity"]


def handles(app, event: Request | str, fight: Callable[[dict], list[str]] | None = None):
    """Register ``handler`` for ``event`` on ``app``'s Socket.IO server,
    validated and authorized as the protocol catalog says; a rule system's
    event is refused in a world playing another system. ``fight(request)``:
    the tokens whose fight (``Unit.fight``) the handler reads first, read
    with the request id's claim, in the same round trip."""
    name = getattr(event, "value", event)
    spec, system = REQUESTS[name], system_of_event().get(name)
    schema, gm_only = spec.schema(), spec.gm_only

    def register(handler: Handler) -> Handler:
        def on_event(*arguments):
            return answer(name, schema, gm_only, _played(system, handler), arguments, fight)

        app.extensions["socketio"].on_event(name, on_event)
        return handler

    return register


def _played(system: str | None, handler: Handler) -> Handler:
    """``handler``, refusing a world that plays another rule system than ``system``
    (the world is read with the request id's claim: no round trip)."""
    if system is None:
        return handler

    def in_its_world(unit: Unit, data: dict):
        plays = unit.world.system
        if plays != system:
            message = f"this world plays '{plays}', not {title_of(system)}"
            raise RequestError(ErrorCode.WRONG_SYSTEM, message, {"system": [f"the world plays '{plays}'"]})
        return handler(unit, data)

    return in_its_world


def answer(event: str, schema: Schema, gm_only: bool, handler: Handler, arguments: tuple, fight=None) -> dict:
    """The envelope answering ``arguments``, the event's (one payload object, if the client kept to the protocol)."""
    started = time.perf_counter()
    identity = current_identity()
    payload = arguments[0] if len(arguments) == 1 else None
    request_id = payload.get("request_id") if isinstance(payload, dict) else None
    try:
        if len(arguments) > 1:
            message = f"send one payload object, not {len(arguments)} arguments"
            raise RequestError(ErrorCode.INVALID, message, {"_schema": [message]})
        envelope = _answer(event, schema, gm_only, handler, identity, payload, fight)
    except RequestError as refused:
        envelope = failure(request_id, refused)
    except Exception:
        log.exception("request failed", extra={"event": event, "request_id": request_id})
        envelope = failure(request_id, RequestError(ErrorCode.INTERNAL, "the bridge failed on this request"))
    _log_request(event, identity, request_id, envelope, started)
    return envelope


def _answer(event: str, schema, gm_only, handler, identity: Identity, payload, fight) -> dict:
    if isinstance(payload, Unreadable):
        message = f"the payload could not be read: {payload.reason}"
        raise RequestError(ErrorCode.INVALID, message, {"_schema": [payload.reason]})
    if not isinstance(payload, dict):
        raise RequestError(ErrorCode.INVALID, "the payload must be an object", {"_schema": ["must be an object"]})
    try:
        data = schema.load(payload)
    except ValidationError as invalid:
        raise RequestError(ErrorCode.INVALID, "the request has invalid fields", invalid.normalized_messages()) from None
    if gm_only and not identity.is_gm:
        raise RequestError(ErrorCode.FORBIDDEN, f"only the GM may send '{event}'")
    key = f"vtt:answer:{identity.world_id}:{identity.user}:{event}:{data['request_id']}"
    token_ids = fight(data) if fight is not None else None
    run = partial(_run, handler, data)
    written, answer = answer_once(current_app.extensions["vtt_store"], identity, key, run, token_ids, request.sid)
    if written is not None:  # not another run's answer: this run's pushes are told
        sio, sole = current_app.extensions["socketio"], current_app.extensions["vtt_config"].sole_web_process
        for pushed, payload, where in written.pushes:
            sio.emit(pushed, payload, ignore_queue=sole, **where)
    return answer


def _run(handler: Handler, data: dict, unit: Unit) -> dict:
    """The envelope, encoded once for the stored answer and the acknowledgement."""
    try:
        return Encoded(success(data["request_id"], handler(unit, data)))
    except RequestError as refused:
        return Encoded(failure(data["request_id"], refused))


def unknown_event(event: str, *_args) -> dict:
    """Answer for an event the protocol does not have."""
    return failure(None, RequestError(ErrorCode.UNKNOWN_EVENT, f"no such request: '{event}'"))


def _log_request(event, identity: Identity, request_id, envelope: dict, started: float) -> None:
    log.info(
        "request",
        extra={
            "event": event,
            "world": identity.world_id,
            "user": identity.user,
            "request_id": request_id,
            "outcome": "ok" if envelope["ok"] else envelope["error"]["code"],
            "ms": round((time.perf_counter() - started) * 1000, 3),
        },
    )
