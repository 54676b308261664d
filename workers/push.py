"""Pushes from workers to the table, through the Socket.IO message queue.

The emitter is write-only and built once per worker process, before any job
runs, so a job pays for a Redis PUBLISH and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

import socketio

from bridge.protocol import NAMESPACE, SOCKETIO_CHANNEL, Push
from bridge.rooms import user_room


@dataclass(frozen=True)
class ReplyTo:
    """Where a queued request's progress and result go."""

    world_id: str
    user: str
    request_id: str
    job_id: str

    def room(self) -> str:
        return user_room(self.world_id, self.user)

    def tag(self) -> dict:
        return {"job_id": self.job_id, "request_id": self.request_id}


class Pusher:
    """Emits protocol pushes to Socket.IO rooms from outside the web process."""

    def __init__(self, redis_url: str):
        self._manager = socketio.RedisManager(redis_url, channel=SOCKETIO_CHANNEL, write_only=True)

    def emit(self, event: Push, payload: dict, room: str) -> None:
        self._manager.emit(event.value, payload, room=room, namespace=NAMESPACE)

    def progress(self, reply: ReplyTo, state: str, fraction: float) -> None:
        self.emit(Push.JOB_PROGRESS, {**reply.tag(), "state": state, "progress": fraction}, reply.room())

    def result(self, reply: ReplyTo, kind: str, result: dict) -> None:
        self.emit(Push.JOB_RESULT, {**reply.tag(), "kind": kind, "result": result}, reply.room())

    def failed(self, reply: ReplyTo, code: str, message: str, fields: dict | None = None) -> None:
        error = {"code": code, "message": message, "fields": fields or {}}
        self.emit(Push.JOB_FAILED, {**reply.tag(), "error": error}, reply.room())

    def deliver(self, pushes: list) -> None:
        """Send pushes recorded as ``[event, payload, room or rooms]`` (see ``workers.effects``)."""
        for event, payload, to in pushes:
            self._manager.emit(event, payload, room=to, namespace=NAMESPACE)


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
