"""The HTTP and Socket.IO listener: Werkzeug's threaded server, no Nagle,
no HTTP after a WebSocket, and a Socket.IO message queue that publishes
only when someone listens.

Neither Werkzeug nor simple-websocket sets TCP_NODELAY; without it a push
right after an acknowledgement waited about 44 ms here instead of 5-9 ms.
"""

from __future__ import annotations

import signal
import socket
import threading
import time
import uuid

import redis
import socketio
from flask import Flask
from socketio import packet
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from . import encoded

#: How often a web process counts the other web processes on the channel, in seconds.
PEER_CHECK_SECONDS = 1.0
#: How long a web process that stops waits for its listener to leave the channel, in seconds.
LEAVE_SECONDS = 2.0
#: What a web process publishes once subscribed (with its own id after a colon),
#: so the others publish to it at once. Not JSON: python-socketio's listeners skip it.
HELLO = "vtt-bridge:hello"


class TableRequestHandler(WSGIRequestHandler):
    """Werkzeug's handler for a table's connections: without Nagle, and
    closed when its WebSocket ends."""

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send_response(self, code, message=None) -> None:
        """As http.server's, without the ``Server`` banner naming Werkzeug's and Python's versions."""
        self.log_request(code)
        self.send_response_only(code, message)
        self.send_header("Date", self.date_time_string())

    def connection_dropped(self, error, environ=None) -> None:
        """Close the connection once its WebSocket ended (simple-websocket ends
        one by raising ``ConnectionError``) or the client dropped it. Read as
        an HTTP request, the client's close frame held this thread waiting for
        a newline until the client gave up (3 s for python-socketio's client),
        then drew a logged 400."""
        self.close_connection = True


class JsonOncePacket(packet.Packet):
    """A Socket.IO packet that encodes its payload to JSON once.

    python-socketio walks each payload looking for bytes (binary events),
    then encodes it; a payload that encodes to JSON holds no bytes, so
    encoding first answers both. On a roll entry the walk was about 25 us,
    and a roll builds two packets (the table's push and the acknowledgement).
    An ``encoded.Encoded`` payload (the roll's entry) gives its own text.
    """

    def __init__(self, packet_type=packet.EVENT, data=None, namespace=None, id=None, binary=None, encoded_packet=None):
        self._encoded_data = None
        if binary is None and encoded_packet is None and data is not None:
            try:
                self._encoded_data = encoded.dumps(data)
                binary = False
            except TypeError:  # bytes in it: python-socketio's binary path
                pass
        super().__init__(packet_type, data, namespace, id, binary, encoded_packet)

    def encode(self):
        if self._encoded_data is None:
            return super().encode()
        namespace = self.namespace + "," if self.namespace not in (None, "/") else ""
        return f"{self.packet_type}{namespace}{'' if self.id is None else self.id}{self._encoded_data}"


class PeerAwareRedisManager(socketio.RedisManager):
    """python-socketio's Redis message queue, minus the publishes nobody else hears.

    Every push is delivered to this process's connections first, then
    published for the other web processes (workers only publish). With no
    other web process, that PUBLISH and decoding its echo on this process's
    own subscription were about 0.35 ms of a 1.8 ms roll (bench/roll_latency).
    So the manager counts the channel's subscribers (``PUBSUB NUMSUB``) every
    ``PEER_CHECK_SECONDS`` and, while it is the only one, emits without the
    queue; a web process that subscribes says ``HELLO`` and the others
    publish again at once. Until the first count, when a hello crosses a
    count, and whenever its own subscription is in doubt, it publishes.

    ``leave`` stops the listening before Redis goes away on purpose (``serve``
    stops its embedded Redis after the web server), which python-socketio's
    listener would otherwise log as an error.
    """

    def __init__(self, url: str, channel: str):
        super().__init__(url, channel=channel)
        self._alone = False
        self._hellos = 0  # peers' hellos heard: a count taken across one is stale
        self._hello = f"{HELLO}:{uuid.uuid4().hex}"  # this process's own, which it hears too
        self.thread = None  # the listener, started with the first connection
        self._leaving = threading.Event()
        self._left = threading.Event()

    def initialize(self) -> None:
        super().initialize()
        self.server.start_background_task(self._watch_peers)

    def emit(self, event, data, namespace=None, room=None, skip_sid=None, callback=None, to=None, **kwargs):
        """Deliver here; publish too unless alone. Alone, skip the queue's
        encoding as well, and a push with nobody to receive it (a roll at a
        table of one) is not even encoded."""
        namespace = namespace or "/"
        if self._alone:
            if not self._reaches_anyone(namespace, to or room, skip_sid):
                return None
            kwargs["ignore_queue"] = True
        return super().emit(event, data, namespace=namespace, room=room, skip_sid=skip_sid, callback=callback, to=to, **kwargs)

    def _reaches_anyone(self, namespace, room, skip_sid) -> bool:
        """Whether a connection of this process is in ``room``, ``skip_sid`` aside."""
        skipped = skip_sid if isinstance(skip_sid, list) else [skip_sid]
        return any(sid not in skipped for sid, _ in self.get_participants(namespace, room))

    def leave(self) -> None:
        """Stop listening to the channel: wake the listener with a hello and
        wait, at most ``LEAVE_SECONDS``, until it stops reading."""
        self._leaving.set()
        if self.thread is None or self.pubsub is None:  # not listening yet
            return
        try:
            self.redis.publish(self.channel, self._hello)
        except redis.RedisError:  # Redis already away: nothing more to wait for
            return
        self._left.wait(LEAVE_SECONDS)

    def _listen(self):
        for message in super()._listen():
            if self._leaving.is_set():
                self._left.set()
                threading.Event().wait()  # for good: the listener is a daemon thread
            hello = _hello_in(message)
            if hello is None:
                yield message
            elif hello != self._hello:  # a peer's (counting its own kept a lone process publishing for a second)
                self._hellos += 1
                self._alone = False

    def _watch_peers(self) -> None:
        announced = None
        while True:
            pubsub = self.pubsub
            if pubsub is None:  # the listener has not connected yet
                time.sleep(0.001)
                continue
            if not pubsub.subscribed_event.wait(PEER_CHECK_SECONDS):
                self._alone = False
                continue
            try:
                if pubsub is not announced:
                    self.redis.publish(self.channel, self._hello)
                    announced = pubsub
                heard = self._hellos
                (_, subscribers), = self.redis.pubsub_numsub(self.channel)
                self._alone = subscribers <= 1 and self.pubsub is announced and self._hellos == heard
            except Exception:  # noqa: BLE001 - Redis away: publish as usual, look again later
                self._alone = False
            time.sleep(PEER_CHECK_SECONDS)


def _hello_in(message) -> str | None:
    """The hello ``message`` is, if it is one (from Redis, as bytes)."""
    if isinstance(message, bytes) and message.startswith(HELLO.encode()):
        return message.decode(errors="replace")
    return message if isinstance(message, str) and message.startswith(HELLO) else None


def make_web_server(app: Flask, host: str, port: int) -> BaseWSGIServer:
    return make_server(host, port, app, threaded=True, request_handler=TableRequestHandler)


def serve_until_signalled(server: BaseWSGIServer) -> None:
    """Serve until SIGINT or SIGTERM, then return."""

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server.serve_forever()
