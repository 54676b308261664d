"""A request id belongs to one event: sent again with another, it is refused.

A client retries a request by sending its id again (docs/protocol.md,
Request ids); an id sent with another event is a client's mistake or a
probe, and answering it as the first event's retry (or running it as a new
request that shares the first one's job id) would do nothing it asked. So
each id is bound to its event for as long as its answer is kept.
"""

from __future__ import annotations

from .protocol import ErrorCode, RequestError
from .store import ANSWER_TTL_SECONDS


def bind(store, identity, request_id: str, event: str) -> None:
    """Bind ``request_id`` of ``identity`` to ``event``, or refuse it (``invalid`` on ``request_id``) if bound to another."""
    key = f"vtt:request:{identity.world_id}:{identity.user}:{request_id}"
    bound = store.redis.set(key, event, nx=True, ex=ANSWER_TTL_SECONDS, get=True)
    if bound is not None and bound != event:
        message = f"this request id was sent with '{bound}': a new request needs a new id"
        raise RequestError(ErrorCode.INVALID, message, {"request_id": [message]})
