"""The open connections of one web process, and when each must end.

A connection ends when its credentials do: at its token's expiry, when the
GM key is rotated (every connection of the world, the GM's too) and when the
GM revokes a player's tokens (that player's). Rotation and revocation are
announced on ``CHANNEL`` (the CLI announces too), which every web process
hears; an announcement made while a process was not listening (Redis away)
is caught up on when it listens again, by checking each open connection's
credentials anew. A connection that opened Engine.IO but never
authenticated is closed after ``HANDSHAKE_SECONDS``, and one address holds at most
``HANDSHAKES_PER_ADDRESS`` such connections. A world and a user hold a bounded number of
connections (``Config.connections_per_world``, ``connections_per_user``).

Nothing here waits on a client: a connection is ended the way Engine.IO
ends one whose client stopped answering pings (``Socket.close(wait=False)``),
never by ``Server.disconnect``, which waits for the client to take its close
packet and so blocks for good on a long-polling client that never polls again.
Each open connection's requests are checked against its credentials too
(``standing``), so a connection missed here still acts for no one.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass

import redis

from ..protocol import NAMESPACE, RefusalCode
from ..table.auth import Admission, AuthError, Identity, grounds_now
from ..table.store import Store
from .attempts import Attempts

log = logging.getLogger("bridge.transport.connections")

#: Redis channel on which ended credentials are announced: ``{"world": id, "user": id or null}``.
CHANNEL = "vtt-bridge:credentials"
#: How often the watcher looks for expired connections and idle handshakes, in seconds.
WATCH_SECONDS = 0.5
#: How long a connection may stay open without authenticating, in seconds.
HANDSHAKE_SECONDS = 10.0
#: Connections one address may hold open unauthenticated at once (each may hold a message up to the cap,
#: ``bridge.transport.limits``); behind a proxy (``VTT_BRIDGE_SOCKETS_PER_ADDRESS=0``), the proxy bounds them.
HANDSHAKES_PER_ADDRESS = 32


def announce_ended(client: redis.Redis, world_id: str, user: str | None = None) -> None:
    """Tell every web process that ``user``'s credentials (None: everyone's) in ``world_id`` ended."""
    client.publish(CHANNEL, json.dumps({"world": world_id, "user": user}))


@dataclass(frozen=True)
class Open:
    identity: Identity
    expires_at: int | None
    grounds: tuple


class Connections:
    """This process's authenticated connections, and the thread that ends them."""

    def __init__(self, server, store: Store, per_world: int, per_user: int, per_address: bool = True):
        self.server, self.store = server, store  # python-socketio's Server
        self.per_world, self.per_user, self.per_address = per_world, per_user, per_address
        self._open: dict[str, Open] = {}
        self._handshakes: dict[str, float] = {}  # Engine.IO session -> when the watcher first saw it unauthenticated
        self.attempts = Attempts(per_address)  # failed connects (bridge.transport.events.session counts them)
        self._lock = threading.Lock()

    def admit(self, sid: str, admission: Admission) -> None:
        """Hold ``sid`` until its credentials end; AuthError when its world or user holds too many."""
        identity = admission.identity
        with self._lock:
            same_world = [held.identity for held in self._open.values() if held.identity.world_id == identity.world_id]
            if len(same_world) >= self.per_world:
                raise AuthError(RefusalCode.TOO_MANY_CONNECTIONS, f"this world holds {self.per_world} connections already")
            if sum(held.user == identity.user for held in same_world) >= self.per_user:
                raise AuthError(RefusalCode.TOO_MANY_CONNECTIONS, f"'{identity.user}' holds {self.per_user} connections already")
            self._open[sid] = Open(identity, admission.expires_at, admission.grounds)

    def forget(self, sid: str) -> None:
        with self._lock:
            self._open.pop(sid, None)

    def watch(self) -> None:
        """Run for good: end connections whose credentials ended, and idle handshakes."""
        pubsub = None
        while True:
            try:
                if pubsub is None:
                    pubsub = self.store.redis.pubsub(ignore_subscribe_messages=True)
                    pubsub.subscribe(CHANNEL)
                    self._end(lambda held: grounds_now(self.store, held.identity) != held.grounds)
                message = pubsub.get_message(timeout=WATCH_SECONDS)
                if message is not None:
                    self._end_announced(json.loads(message["data"]))
            except redis.RedisError as lost:
                if pubsub is not None:
                    log.warning("credential announcements unheard until Redis is back", extra={"error": str(lost)})
                    pubsub.close()
                pubsub = None
                time.sleep(WATCH_SECONDS)
            try:
                self._end_expired(time.time())
                self._end_idle_handshakes(time.monotonic())
            except Exception:  # noqa: BLE001 - the watch must go on
                log.exception("ending connections failed")

    def _end_announced(self, ended: dict) -> None:
        def ends(held: Open) -> bool:
            identity = held.identity
            return identity.world_id == ended["world"] and (ended["user"] is None or (identity.user == ended["user"] and not identity.is_gm))

        self._end(ends)

    def _end_expired(self, now: float) -> None:
        self._end(lambda held: held.expires_at is not None and held.expires_at <= now)

    def _end(self, ends) -> None:
        with self._lock:
            ended = [sid for sid, held in self._open.items() if ends(held)]
            for sid in ended:
                del self._open[sid]
        for sid in ended:
            eio_sid = self.server.manager.eio_sid_from_sid(sid, NAMESPACE)
            self.server.disconnect(sid, namespace=NAMESPACE)  # queues the client's disconnect packet; waits for nothing
            if eio_sid is not None:
                close_without_waiting(self.server.eio, eio_sid)

    def _end_idle_handshakes(self, now: float) -> None:
        """Close each Engine.IO session that has not authenticated within ``HANDSHAKE_SECONDS``."""
        eio = self.server.eio
        live = list(eio.sockets)
        self.attempts.keep_only(live)
        waiting = {eio_sid for eio_sid in live if self.server.manager.sid_from_eio_sid(eio_sid, NAMESPACE) is None}
        self._handshakes = {eio_sid: self._handshakes.get(eio_sid, now) for eio_sid in waiting}
        by_address: dict[str, int] = {}
        for eio_sid, first_seen in sorted(self._handshakes.items(), key=lambda item: item[1]):
            address = (self.server.environ.get(eio_sid) or {}).get("REMOTE_ADDR", "")
            by_address[address] = by_address.get(address, 0) + 1
            crowded = self.per_address and by_address[address] > HANDSHAKES_PER_ADDRESS
            if now - first_seen >= HANDSHAKE_SECONDS or crowded:
                close_without_waiting(eio, eio_sid)


def close_without_waiting(eio, eio_sid: str) -> None:
    """Close Engine.IO session ``eio_sid`` without waiting for its client, as
    Engine.IO's own ping timeout does; Engine.IO's service task forgets it."""
    socket = eio.sockets.get(eio_sid)
    if socket is not None:
        socket.close(wait=False, reason=eio.reason.SERVER_DISCONNECT)


def init_app(app) -> None:
    """Hold the app's connections (``app.extensions["vtt_connections"]``) and start watching them."""
    sio, config = app.extensions["socketio"], app.extensions["vtt_config"]
    held = Connections(sio.server, app.extensions["vtt_store"], config.connections_per_world, config.connections_per_user,
                       per_address=config.sockets_per_address > 0)
    app.extensions["vtt_connections"] = held
    sio.start_background_task(held.watch)
