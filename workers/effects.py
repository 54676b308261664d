"""The bridge's rules run in a worker, their effects made once per job.

A job runs bridge code (``change_tokens``, ``publish``…) inside an app
context of its own: its store holds the job's writes back and its Socket.IO
is an :class:`Outbox` that records pushes. When the rules are done, the
writes and the pushes (as the job's receipt) go to Redis in one script
(``Store.once``), and only then are the pushes sent. A job run again after
its worker died finds the receipt and sends the same pushes again: a token
is never changed twice, and clients apply a push they already had by its
version (``token.changed``) or id (``roll.result``, ``job.result``).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from bridge.protocol import Push
from bridge.store import Store

from .push import Pusher, ReplyTo


class Outbox:
    """Flask-SocketIO's ``emit`` as the bridge's code calls it, recording
    each push as ``[event, payload, room or rooms]`` instead of sending it."""

    def __init__(self):
        self.pushes: list[list] = []

    def emit(self, event: str, payload: dict, to, skip_sid: str | None = None) -> None:
        self.pushes.append([event, payload, to])


_app: Flask | None = None


def install(redis_url: str) -> None:
    """Build this process's app context for jobs; workers call it before their first job."""
    global _app
    _app = Flask("workers")
    _app.extensions["vtt_store"] = Store.from_url(redis_url)
    _app.extensions["socketio"] = Outbox()


def run_once(reply: ReplyTo, kind: str, pusher: Pusher, run: Callable[[], dict]) -> dict:
    """Run ``run()`` (bridge code making the job's effects and returning the
    requester's result) with its writes held and its pushes recorded, make
    the effects once, then send the pushes and ``job.result`` (of ``kind``).
    Returns the result sent. A ``RequestError`` from ``run`` writes nothing."""
    if _app is None:
        raise RuntimeError("workers.effects.install() was not called in this process")
    outbox: Outbox = _app.extensions["socketio"]

    def effects() -> list:
        outbox.pushes = []
        result = run()
        return [*outbox.pushes, [Push.JOB_RESULT.value, {**reply.tag(), "kind": kind, "result": result}, reply.room()]]

    with _app.app_context():
        pushes = _app.extensions["vtt_store"].once(reply.world_id, reply.job_id, effects)
    pusher.deliver(pushes)
    return pushes[-1][1]["result"]
