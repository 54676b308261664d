"""The one path every request takes: within the player's budget
(``bridge.transport.budgets``), validate, authorize, bind the request id to its event
(``bridge.transport.request_ids``), check the connection's credentials as they stand
(``bridge.transport.standing``), answer once, log.

A handler is ``handler(work, request) -> result`` (``work``: the request's
``bridge.table.work.Work``, its one way to the world); it raises
:class:`RequestError` to refuse. Its envelope is written under the request
id with the work's changes, so a repeated id gets the first answer and never
runs the handler twice.
"""

from __future__ import annotations

import logging
import time
from functools import partial
from typing import Any, Callable

import redis
from flask import current_app, request
from marshmallow import Schema, ValidationError

from ..encoded import Encoded, Unreadable
from ..protocol import ErrorCode, Request, RequestError
from ..schemas.catalog import REQUESTS
from ..schemas.pushes import failure, success
from ..systems import system_of_event, table_of, title_of
from ..table.auth import Admission, Identity
from ..table.combats import check_turn
from ..table.publish import check_audience
from ..table.schemas import BASE_GAME_SCHEMAS
from ..table.store import ANSWER_MAX_BYTES
from ..table.work import Work, answer_once
from . import request_ids, standing

log = logging.getLogger("bridge.transport.handling")

Handler = Callable[[Work, dict], Any]


def store():
    """The app's store, for what runs outside a request's work (a connection's start)."""
    return current_app.extensions["vtt_store"]


def socketio():
    """The app's Flask-SocketIO, for what runs outside a request's work (a connection's start)."""
    return current_app.extensions["socketio"]


def current_admission() -> Admission:
    """What the requesting connection was admitted on (``bridge.transport.events.session``)."""
    return socketio().server.get_session(request.sid)["admission"]


def current_identity() -> Identity:
    return current_admission().identity


def handles(app, event: Request | str, fight: Callable[[dict], list[str]] | None = None,
            extra: Callable[[str], list[str]] | None = None):
    """Register ``handler`` for ``event`` on ``app``'s Socket.IO server,
    validated and authorized as the protocol catalog says; a rule system's
    event is refused in a world playing another system. ``fight(request)``:
    the tokens whose fight (``Work.fight``) the handler reads first, read
    with the request id's claim, in the same round trip, with the plain
    keys ``extra(world_id)``."""
    name = getattr(event, "value", event)
    spec, system = REQUESTS[name], system_of_event().get(name)
    schema, gm_only = spec.schema(), spec.gm_only

    def register(handler: Handler) -> Handler:
        checked = _in_turn(name, _played(system, handler))

        def on_event(*arguments):
            return answer(name, schema, gm_only, checked, arguments, fight, extra)

        app.extensions["socketio"].on_event(name, on_event)
        return handler

    return register


def handles_shared(app, event: Request, default: Handler) -> None:
    """Register a shared request (``bridge.table.events``): checked first for
    the table's fields, then loaded whole by the world's system's schema of
    it, if it has one, and run by the system's handler, or ``default``."""
    name, spec = event.value, REQUESTS[event.value]
    schema, gm_only = spec.schema(), spec.gm_only

    def shared(work: Work, data: dict, payload: dict):
        table = table_of(work.world.system)
        refined = table.schemas.get(name, BASE_GAME_SCHEMAS.get(name))
        return table.handlers.get(name, default)(work, _load(refined(), payload) if refined else data)

    checked = _in_turn(name, shared, with_payload=True)
    app.extensions["socketio"].on_event(name, lambda *arguments: answer(name, schema, gm_only, checked, arguments,
                                                                          with_payload=True))


def _in_turn(event: str, handler, with_payload: bool = False):
    """``handler``, refusing an action the world's system says needs its
    token's turn (``Table.turn_actions``) while a fight runs another's turn."""

    def checked(work: Work, data: dict, *payload):
        field = table_of(work.world.system).turn_actions.get(event)
        if field is not None and data.get(field) is not None:
            check_turn(work, data[field], field)
        return handler(work, data, *payload)

    return checked


def _played(system: str | None, handler: Handler) -> Handler:
    """``handler``, refusing a world that plays another rule system than ``system``
    (the world is read with the request id's claim: no round trip)."""
    if system is None:
        return handler

    def in_its_world(work: Work, data: dict):
        plays = work.world.system
        if plays != system:
            message = f"this world plays '{plays}', not {title_of(system)}"
            raise RequestError(ErrorCode.WRONG_SYSTEM, message, {"system": [f"the world plays '{plays}'"]})
        return handler(work, data)

    return in_its_world


def answer(event: str, schema: Schema, gm_only: bool, handler: Handler, arguments: tuple, fight=None, extra=None,
           with_payload: bool = False) -> dict:
    """The envelope answering ``arguments``, the event's (one payload object, if the client kept to the protocol)."""
    started = time.perf_counter()
    admission = current_admission()
    identity = admission.identity
    payload = arguments[0] if len(arguments) == 1 else None
    request_id = payload.get("request_id") if isinstance(payload, dict) else None
    try:
        current_app.extensions["vtt_budgets"].admit(identity)
        if len(arguments) > 1:
            message = f"send one payload object, not {len(arguments)} arguments"
            raise RequestError(ErrorCode.INVALID, message, {"_schema": [message]})
        if with_payload:
            handler = partial(_with_payload, handler, payload)
        envelope = _answer(event, schema, gm_only, handler, admission, payload, fight, extra)
    except RequestError as refused:
        envelope = failure(request_id, refused)
    except (redis.OutOfMemoryError, redis.ConnectionError, redis.TimeoutError) as lost:
        log.warning("request refused: Redis cannot take it", extra={"event": event, "error": str(lost)})
        full = isinstance(lost, redis.OutOfMemoryError)
        message = "the bridge's storage is full; the GM is told (/healthz)" if full else "the service is unavailable; try again shortly"
        envelope = failure(request_id, RequestError(ErrorCode.UNAVAILABLE, message))
    except Exception:
        log.exception("request failed", extra={"event": event, "request_id": request_id})
        envelope = failure(request_id, RequestError(ErrorCode.INTERNAL, "the bridge failed on this request"))
    _log_request(event, identity, request_id, envelope, started)
    return envelope


def _with_payload(handler, payload, work: Work, data: dict):
    return handler(work, data, payload)


def _load(schema: Schema, payload) -> dict:
    """``payload`` as ``schema`` loads it, refused naming each invalid field."""
    try:
        return schema.load(payload)
    except ValidationError as invalid:
        raise RequestError(ErrorCode.INVALID, "the request has invalid fields", invalid.normalized_messages()) from None


def _answer(event: str, schema, gm_only, handler, admission: Admission, payload, fight, extra) -> dict:
    identity = admission.identity
    if isinstance(payload, Unreadable):
        message = f"the payload could not be read: {payload.reason}"
        raise RequestError(ErrorCode.INVALID, message, {"_schema": [payload.reason]})
    if not isinstance(payload, dict):
        raise RequestError(ErrorCode.INVALID, "the payload must be an object", {"_schema": ["must be an object"]})
    data = _load(schema, payload)
    if gm_only and not identity.is_gm:
        raise RequestError(ErrorCode.FORBIDDEN, f"only the GM may send '{event}'")
    key = f"vtt:answer:{identity.world_id}:{identity.user}:{event}:{data['request_id']}"
    token_ids = fight(data) if fight is not None else None
    keys = extra(identity.world_id) if extra is not None and token_ids else []
    run = partial(_run, handler, data, admission)
    store = current_app.extensions["vtt_store"]
    bound = (request_ids.key(identity, data["request_id"]), event)
    written, answer = answer_once(store, identity, key, run, token_ids, request.sid, keys, bound)
    if written is not None:  # not another run's answer: this run's pushes are told
        current_app.extensions["vtt_budgets"].spend(identity, min(len(answer.json), ANSWER_MAX_BYTES), len(written.entries))
        sio, sole = current_app.extensions["socketio"], current_app.extensions["vtt_config"].sole_web_process
        for pushed, payload, where in written.pushes:
            sio.emit(pushed, payload, ignore_queue=sole, **where)
    return answer


def _run(handler: Handler, data: dict, admission: Admission, work: Work) -> dict:
    """The envelope, encoded once for the stored answer and the acknowledgement;
    refused unless the connection's credentials still hold (``bridge.transport.standing``)."""
    try:
        standing.require(work, admission)
        check_audience(work, data)
        return Encoded(success(data["request_id"], handler(work, data)))
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
