"""A request id belongs to one event: sent again with another, it is refused.

A client retries a request by sending its id again (docs/protocol.md,
Request ids); an id sent with another event is a client's mistake or a
probe, and answering it as the first event's retry (or running it as a new
request that shares the first one's job id) would do nothing it asked. So
each id is bound to its event for as long as its answer is kept: the binding
is set with the request's first read (``Store.read_request``), and
``bridge.table.work.answer_once`` refuses an id bound to another event
(``invalid`` on ``request_id``).
"""

from __future__ import annotations


def key(identity, request_id: str) -> str:
    """Where the event ``request_id`` of ``identity`` is bound to is kept."""
    return f"vtt:request:{identity.world_id}:{identity.user}:{request_id}"
