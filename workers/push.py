"""Pushes from workers to the table, through the Socket.IO message queue.

A worker publishes each push on the queue's channel as the message
python-socketio's ``PubSubManager.emit`` writes (5.x), which every web
process's listener delivers to its connections in the room. Written here
rather than by that ``emit``: it walks each payload for bytes first (JSON
payloads hold none; half the time of a 50-token explosion's pushes went
there), and it publishes one message per round trip, where a job's pushes
go in one (``bench/hazard_latency``).
"""

from __future__ import annotations

import json
import uuid

import redis

from bridge import encoded
from bridge.protocol import NAMESPACE, SOCKETIO_CHANNEL, Push
from bridge.queue import ReplyTo


class Pusher:
    """Emits protocol pushes to Socket.IO rooms from outside the web process."""

    def __init__(self, redis_url: str):
        self._redis = redis.Redis.from_url(redis_url)
        # The queue's messages name their sender; a web process skips only its own.
        self._envelope = json.dumps({"method": "emit", "binary": False, "namespace": NAMESPACE, "skip_sid": None,
                                     "callback": None, "host_id": uuid.uuid4().hex})[1:-1]

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
        """Send pushes given as ``[event, payload, room or rooms]``, in order, in one round trip."""
        with self._redis.pipeline(transaction=False) as pipe:
            for event, payload, to in pushes:
                pipe.publish(SOCKETIO_CHANNEL, self._message(event, payload, to))
            pipe.execute()

    def _message(self, event: str, payload: dict, to) -> str:
        """The queue's message: ``payload`` (an ``Encoded`` one spliced in) to ``to``."""
        return f'{{"event":{json.dumps(event)},"room":{json.dumps(to)},"data":[{encoded.dumps(payload)}],{self._envelope}}}'


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
