"""The most a client may send at once: one Socket.IO message, or one HTTP
request body, whoever sends it and before any login.

- An HTTP body must say its length (``Content-Length``); one over
  ``MESSAGE_BYTES_MAX`` is refused with 413 before it is read, one of unknown
  length (chunked) with 411. Flask's ``MAX_CONTENT_LENGTH`` says the same
  to Flask's own routes.
- A WebSocket message is cut off at ``MESSAGE_BYTES_MAX`` as it is read
  (``bridge.websocket_cap``).
"""

from __future__ import annotations

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


def _refuse(start_response, status: str, why: str) -> list[bytes]:
    start_response(status, [("Content-Type", "text/plain"), ("Connection", "close")])
    return [f"{why}\n".encode()]


def init_app(app) -> None:
    app.config["MAX_CONTENT_LENGTH"] = MESSAGE_BYTES_MAX
    websocket_cap.install(app.extensions["socketio"].server.eio, MESSAGE_BYTES_MAX)
    app.wsgi_app = BodyLimit(app.wsgi_app)
