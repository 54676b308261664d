"""Pushes from workers to the table, through the Socket.IO message queue.

A worker emits with python-socketio's own ``RedisManager``, write-only (its
documented way to emit from outside a server): every web process's listener
delivers the push to its connections in the room.
"""

from __future__ import annotations

from socketio import RedisManager

from bridge import encoded
from bridge.protocol import NAMESPACE, SOCKETIO_CHANNEL, Push
from bridge.table.queue import ReplyTo


class Pusher:
    """Emits protocol pushes to Socket.IO rooms from outside the web process."""

    def __init__(self, redis_url: str):
        self._queue = RedisManager(redis_url, channel=SOCKETIO_CHANNEL, write_only=True, json=encoded.SocketIOJson)

    def emit(self, event: Push, payload: dict, room: str) -> None:
        self.deliver([[event.value, payload, room]])

    def progress(self, reply: ReplyTo, state: str, fraction: float) -> None:
        self.emit(Push.JOB_PROGRESS, {**reply.tag(), "state": state, "progress": fraction}, reply.room())

    def result(self, reply: ReplyTo, kind: str, result: dict) -> None:
        self.emit(Push.JOB_RESULT, {**reply.tag(), "kind": kind, "result": result}, reply.room())

    def failed(self, reply: ReplyTo, code: str, message: str, fields: dict | None = None) -> None:
        error = {"code": code, "message": message, "fields": fields or {}}
        self.emit(Push.JOB_FAILED, {**reply.tag(), "error": error}, reply.room())

    def deliver(self, pushes: list) -> None:
        """Send pushes given as ``[event, payload, room or rooms]``, in order."""
        for event, payload, to in pushes:
            self._queue.emit(event, payload, namespace=NAMESPACE, to=to)


_installed: Pusher | None = None


def install(redis_url: str) -> Pusher:
    """Build this process's pusher; workers call it before their first job."""
    global _installed
    _installed = Pusher(redis_url)
    return _installed


def current() -> Pusher:
    if _installed is None:
        raise RuntimeError("workers.push.install() was not called in this process")
    return _installed


def started(reply: dict) -> tuple[ReplyTo, Pusher]:
    """A job's start: where its pushes go, and ``job.progress`` ``started`` sent there."""
    reply_to, pusher = ReplyTo(**reply), current()
    pusher.progress(reply_to, "started", 0.0)
    return reply_to, pusher
