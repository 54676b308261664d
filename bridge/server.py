"""The HTTP and Socket.IO listener: Werkzeug's threaded server, no Nagle,
and a Socket.IO message queue that publishes only when someone listens.

Neither Werkzeug nor simple-websocket sets TCP_NODELAY; without it a push
right after an acknowledgement waited about 44 ms here instead of 5-9 ms.
"""

from __future__ import annotations

import signal
import socket
import threading
import time

import socketio
from flask import Flask
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

#: How often a web process counts the other web processes on the channel, in seconds.
PEER_CHECK_SECONDS = 1.0
#: What a web process publishes once subscribed, so the others publish to it at once.
#: Not JSON: python-socketio's listeners skip it.
HELLO = "vtt-bridge:hello"


class NoDelayRequestHandler(WSGIRequestHandler):
    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class PeerAwareRedisManager(socketio.RedisManager):
    """python-socketio's Redis message queue, minus the publishes nobody else hears.

    Every push is delivered to this process's connections first, then
    published for the other web processes (workers only publish). With no
    other web process, that PUBLISH and decoding its echo on this process's
    own subscription were about 0.35 ms of a 1.8 ms roll (bench/roll_latency).
    So the manager counts the channel's subscribers (``PUBSUB NUMSUB``) every
    ``PEER_CHECK_SECONDS`` and skips publishing while it is the only one; a
    web process that subscribes says ``HELLO`` and the others publish again
    at once. Until the first count, and whenever its own subscription is in
    doubt, it publishes.
    """

    def __init__(self, url: str, channel: str):
        super().__init__(url, channel=channel)
        self._alone = False

    def initialize(self) -> None:
        super().initialize()
        self.server.start_background_task(self._watch_peers)

    def _publish(self, data):
        if not self._alone:
            return super()._publish(data)
        return None

    def _listen(self):
        for message in super()._listen():
            if message in (HELLO, HELLO.encode()):
                self._alone = False
            else:
                yield message

    def _watch_peers(self) -> None:
        announced = None
        while True:
            pubsub = self.pubsub
            if pubsub is None or not pubsub.subscribed_event.wait(PEER_CHECK_SECONDS):
                self._alone = False
                time.sleep(0.001 if pubsub is None else 0)
                continue
            try:
                if pubsub is not announced:
                    self.redis.publish(self.channel, HELLO)
                    announced = pubsub
                (_, subscribers), = self.redis.pubsub_numsub(self.channel)
                self._alone = subscribers <= 1 and self.pubsub is announced
            except Exception:  # noqa: BLE001 - Redis away: publish as usual, look again later
                self._alone = False
            time.sleep(PEER_CHECK_SECONDS)


def make_web_server(app: Flask, host: str, port: int) -> BaseWSGIServer:
    return make_server(host, port, app, threaded=True, request_handler=NoDelayRequestHandler)


def serve_until_signalled(server: BaseWSGIServer) -> None:
    """Serve until SIGINT or SIGTERM, then return."""

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server.serve_forever()
