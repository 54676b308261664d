"""The most a client may send at once: one Socket.IO message, or one HTTP
request body, whoever sends it and before any login.

- An HTTP body must say its length (``Content-Length``); one over
  ``MESSAGE_BYTES_MAX`` is refused with 413 before it is read, one of unknown
  length (chunked) with 411. Flask's ``MAX_CONTENT_LENGTH`` says the same
  to Flask's own routes.
- A WebSocket message is cut off at ``MESSAGE_BYTES_MAX`` as it is read
  (``bridge.transport.websocket_cap``), and one address holds at most
  ``SOCKETS_PER_ADDRESS`` WebSockets at once (further upgrades get 429), so
  the messages one client can have in reading at once stay bounded
  (``Config.sockets_per_address``). Behind a proxy every client has the
  proxy's address: set ``VTT_BRIDGE_SOCKETS_PER_ADDRESS`` to 0 there and let
  the proxy bound each client (docs/deploy.md).
"""

from __future__ import annotations

import threading

from . import websocket_cap

#: Bytes one message or one HTTP request body may hold (python-engineio's ``max_http_buffer_size``).
MESSAGE_BYTES_MAX = 1_000_000


class BodyLimit:
    """WSGI middleware: a body over ``MESSAGE_BYTES_MAX`` gets 413 unread, a body of unknown length 411."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if environ.get("HTTP_TRANSFER_ENCODING") and not environ.get("CONTENT_LENGTH"):
            return _refuse(start_response, "411 Length Required", "a request body must say its length (Content-Length)")
        length = environ.get("CONTENT_LENGTH") or "0"
        if not length.isdigit() or int(length) > MESSAGE_BYTES_MAX:
            return _refuse(start_response, "413 Content Too Large", f"a request body may hold at most {MESSAGE_BYTES_MAX} bytes")
        return self.app(environ, start_response)


class SocketsPerAddress:
    """WSGI middleware: a WebSocket upgrade from an address that holds ``bound`` already gets 429.
    A WebSocket's WSGI call lasts as long as the WebSocket (gevent), so the calls in progress are the open ones."""

    def __init__(self, app, bound: int):
        self.app, self.bound = app, bound
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def __call__(self, environ, start_response):
        if environ.get("HTTP_UPGRADE", "").lower() != "websocket" or not self.bound:
            return self.app(environ, start_response)
        address = environ.get("REMOTE_ADDR", "")
        with self._lock:
            if self._open.get(address, 0) >= self.bound:
                full = True
            else:
                full, self._open[address] = False, self._open.get(address, 0) + 1
        if full:
            return _refuse(start_response, "429 Too Many Requests", f"one address may hold {self.bound} WebSockets")
        try:
            return self.app(environ, start_response)
        finally:
            with self._lock:
                self._open[address] -= 1
                if not self._open[address]:
                    del self._open[address]


def _refuse(start_response, status: str, why: str) -> list[bytes]:
    start_response(status, [("Content-Type", "text/plain"), ("Connection", "close")])
    return [f"{why}\n".encode()]


def init_app(app) -> None:
    app.config["MAX_CONTENT_LENGTH"] = MESSAGE_BYTES_MAX
    websocket_cap.install(app.extensions["socketio"].server.eio, MESSAGE_BYTES_MAX)
    bound = app.extensions["vtt_config"].sockets_per_address
    app.wsgi_app = SocketsPerAddress(BodyLimit(app.wsgi_app), bound)
