"""The bridge's rules run in a worker, their effects made once per job.

A job runs bridge code (``change_tokens``, ``publish``…) inside an app
context of its own, its writes held by the store and its pushes recorded by
the request's ``Outbox`` (``bridge.requests``), as a request holding a fight
does. When the rules are done, the writes and the pushes (as the job's
receipt) go to Redis in one script (``Store.once``), and only then are the
pushes sent. A job run again after its worker died finds the receipt and
sends the same pushes again: a token is never changed twice, and clients
apply a push they already had by its version (``token.changed``) or id
(``roll.result``, ``job.result``).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from bridge.protocol import Push
from bridge.requests import Outbox
from bridge.store import Store

from .push import Pusher, ReplyTo

_app: Flask | None = None


def install(redis_url: str) -> None:
    """Build this process's app context for jobs; workers call it before their first job."""
    global _app
    _app = Flask("workers")
    _app.extensions["vtt_store"] = Store.from_url(redis_url)


def run_once(reply: ReplyTo, kind: str, pusher: Pusher, run: Callable[[], dict]) -> dict:
    """Run ``run()`` (bridge code making the job's effects and returning the
    requester's result) with its writes held and its pushes recorded, make
    the effects once, then send the pushes and ``job.result`` (of ``kind``).
    Returns the result sent. A ``RequestError`` from ``run`` writes nothing."""
    if _app is None:
        raise RuntimeError("workers.effects.install() was not called in this process")
    outbox = Outbox()

    def effects() -> list:
        result = outbox.run(run)
        told = [[event, data, where["to"]] for event, data, where in outbox.pushes]
        return [*told, [Push.JOB_RESULT.value, {**reply.tag(), "kind": kind, "result": result}, reply.room()]]

    with _app.app_context():
        pushes = _app.extensions["vtt_store"].once(reply.world_id, reply.job_id, effects)
    pusher.deliver(pushes)
    return pushes[-1][1]["result"]
