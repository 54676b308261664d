"""The bridge's rules run in a worker, their effects made once per job.

A job's rules run against a ``bridge.table.work.Work`` of their own, as a
request's handler does: its changes, roll-log entries and pushes are held,
then written in one compare-and-set with the pushes as the job's receipt
(``bridge.table.work.settle``), and only then are the pushes sent. A job run
again after its worker died finds the receipt and sends the same pushes
again: a token is never changed twice, and clients apply a push they
already had by its version (``token.changed``) or id (``roll.result``, ``job.result``).
"""

from __future__ import annotations

from collections.abc import Callable

from bridge.protocol import Push
from bridge.table.auth import Identity
from bridge.table.queue import ReplyTo
from bridge.table.store import RECEIPT_TTL_SECONDS, Store, receipt_key
from bridge.table.work import Work, settle

from .push import Pusher

_store: Store | None = None


def install(redis_url: str) -> None:
    """Build this process's store for jobs; workers call it before their first job."""
    global _store
    _store = Store.from_url(redis_url)


def store() -> Store:
    if _store is None:
        raise RuntimeError("workers.effects.install() was not called in this process")
    return _store


def run_once(reply: ReplyTo, kind: str, pusher: Pusher, sender: Identity, run: Callable[[Work], dict]) -> dict:
    """Run ``run(work)`` (bridge code making the job's effects for ``sender``
    and returning the requester's result) on a work, make the effects once,
    then send the pushes and ``job.result`` (of ``kind``). Returns the
    result sent. A ``RequestError`` from ``run`` writes nothing."""
    jobs_store = store()

    def effects(work: Work) -> list:
        result = run(work)
        told = [[event, data, where["to"]] for event, data, where in work.pushes]
        return [*told, [Push.JOB_RESULT.value, {**reply.tag(), "kind": kind, "result": result}, reply.room()]]

    key = receipt_key(reply.job_id)
    pushes = jobs_store.receipt(key)
    if pushes is None:
        _, pushes = settle(jobs_store, lambda _: Work(jobs_store, sender), effects, key, RECEIPT_TTL_SECONDS)
    pusher.deliver(pushes)
    return pushes[-1][1]["result"]
