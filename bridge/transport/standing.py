"""Whether a connection's credentials still hold, checked on every request it sends.

``bridge.transport.connections`` ends a connection when its credentials end, but only
as fast as it hears of it; the request path does not rely on that. Each
request is checked against what its connection was admitted on
(``Admission``): the token's expiry, read from the token itself, and the
grounds, compared with the world as the request read it (the GM key's
digest, the signing key's epoch) and, for a player, the token generation
now stored. A connection whose credentials ended gets ``unauthorized`` or
``token_expired`` for every request, whether or not it is still open.
"""

from __future__ import annotations

import time

from ..protocol import ErrorCode, RequestError
from ..table.auth import Admission, grounds_of


def require(work, admission: Admission, now: float | None = None) -> None:
    """Refuse the request ``work`` runs unless ``admission`` still holds (``RequestError``)."""
    if admission.expires_at is not None and admission.expires_at <= (time.time() if now is None else now):
        raise RequestError(ErrorCode.TOKEN_EXPIRED, "this connection's token has expired; ask the GM for a new one")
    if grounds_of(work.store, work.world, admission.identity, work.token_generation()) != admission.grounds:
        raise RequestError(ErrorCode.UNAUTHORIZED, "this connection's credentials were revoked or rotated")
