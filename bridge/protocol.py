"""The wire protocol's names and envelopes; see docs/protocol.md.

Every request is a Socket.IO event whose payload carries a ``request_id``
and whose acknowledgement is an envelope: ``{ok: true, request_id, result}``
or ``{ok: false, request_id, error: {code, message, fields}}``.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

#: Bumped when a change would break an existing client. Clients send the
#: version they speak in their connection credentials.
PROTOCOL_VERSION = 1

#: Socket.IO namespace every event travels on.
NAMESPACE = "/"

#: Redis pub/sub channel the web processes and the workers share.
SOCKETIO_CHANNEL = "vtt-bridge"


class Request(str, Enum):
    """Events a client sends; each is answered through its acknowledgement."""

    PING = "ping"
    ROLL_LOG = "roll.log"
    ROLL_LINKS = "roll.links"
    DICE_ROLL = "dice.roll"
    WORKER_PING = "worker.ping"
    TOKEN_MINT = "token.mint"
    TOKEN_REVOKE = "token.revoke"
    TOKEN_OFFER = "token.offer"
    ACTORS_ASSIGN = "actors.assign"
    SETTINGS_GET = "settings.get"
    SETTINGS_UPDATE = "settings.update"
    SYSTEM_GET = "system.get"
    SYSTEM_SET = "system.set"
    SYSTEM_REQUESTS = "system.requests"

    TOKEN_REGISTER = "token.register"
    TABLE_SNAPSHOT = "table.snapshot"
    TOKEN_MOVE = "token.move"
    MAP_GET = "map.get"
    MAP_BLAST = "map.blast"
    COMBAT_START = "combat.start"
    COMBAT_END = "combat.end"
    COMBAT_JOIN = "combat.join"
    COMBAT_LEAVE = "combat.leave"
    COMBAT_INITIATIVE = "combat.initiative"
    COMBAT_NEXT = "combat.next"
    MACRO_LIST = "macro.list"
    MACRO_RUN = "macro.run"
    MACRO_RELOAD = "macro.reload"
    CHAT_SEND = "chat.send"
    SCENE_GET = "scene.get"
    SCENE_BACKGROUND = "scene.background"
    SCENE_TOKEN_IMAGE = "scene.token_image"



#: The requests every world shares, the table core's (``bridge.table.events``).
SHARED_REQUESTS = frozenset({
    Request.TOKEN_REGISTER, Request.TABLE_SNAPSHOT, Request.TOKEN_MOVE, Request.MAP_GET, Request.MAP_BLAST,
    Request.COMBAT_START, Request.COMBAT_JOIN, Request.COMBAT_LEAVE, Request.COMBAT_INITIATIVE, Request.COMBAT_NEXT,
    Request.COMBAT_END,
})


class Push(str, Enum):
    """Events the bridge sends without being asked."""

    SESSION_READY = "session.ready"
    ROLL_RESULT = "roll.result"
    SETTINGS_CHANGED = "settings.changed"
    SYSTEM_CHANGED = "system.changed"
    JOB_PROGRESS = "job.progress"
    JOB_RESULT = "job.result"
    JOB_FAILED = "job.failed"
    MOMENTS_CHANGED = "moments.changed"
    TOKEN_CHANGED = "token.changed"
    TOKEN_MOVED = "token.moved"
    COMBAT_CHANGED = "combat.changed"
    TURN_ENDED = "turn.ended"
    TURN_STARTED = "turn.started"
    SCENE_CHANGED = "scene.changed"


class ErrorCode(str, Enum):
    INVALID = "invalid"
    FORBIDDEN = "forbidden"
    UNKNOWN_EVENT = "unknown_event"
    IMPOSSIBLE_ROLL = "impossible_roll"
    TOO_MANY_DICE = "too_many_dice"
    AGAINST_THE_RULES = "against_the_rules"
    NOT_TRACKED = "not_tracked"
    OUT_OF_TURN = "out_of_turn"
    WRONG_SYSTEM = "wrong_system"
    BUSY = "busy"
    ANSWER_NOT_KEPT = "answer_not_kept"
    UNAUTHORIZED = "unauthorized"
    TOKEN_EXPIRED = "token_expired"
    TOO_MANY_REQUESTS = "too_many_requests"
    UNAVAILABLE = "unavailable"
    JOB_FAILED = "job_failed"
    INTERNAL = "internal"


class RefusalCode(str, Enum):
    """``code`` of a refused connection."""

    INVALID = "invalid"
    PROTOCOL_MISMATCH = "protocol_mismatch"
    UNAUTHORIZED = "unauthorized"
    TOKEN_EXPIRED = "token_expired"
    TOO_MANY_CONNECTIONS = "too_many_connections"
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    UNAVAILABLE = "unavailable"


class RequestError(Exception):
    """A request the bridge refuses; becomes an ``ok: false`` envelope."""

    def __init__(self, code: ErrorCode, message: str, fields: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.fields = fields or {}


def against_the_rules(broken: Exception, field: str) -> RequestError:
    """A well-formed request the rules refuse (a ``RulesRefusal``),
    blamed on the field that carries the offending value."""
    return RequestError(ErrorCode.AGAINST_THE_RULES, str(broken), {field: [str(broken)]})

