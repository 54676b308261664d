"""The most a client may send at once: one Socket.IO message, or one
long-polling POST, which is refused with 413 before its body is read."""

from __future__ import annotations

#: Bytes one message or one HTTP request body may hold (python-engineio's ``max_http_buffer_size``).
MESSAGE_BYTES_MAX = 1_000_000


class BodyLimit:
    """WSGI middleware: a body over ``MESSAGE_BYTES_MAX`` (by its ``Content-Length``) gets 413 unread."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        length = environ.get("CONTENT_LENGTH") or "0"
        if not length.isdigit() or int(length) > MESSAGE_BYTES_MAX:
            start_response("413 Content Too Large", [("Content-Type", "text/plain"), ("Connection", "close")])
            return [f"a request body may hold at most {MESSAGE_BYTES_MAX} bytes\n".encode()]
        return self.app(environ, start_response)


def init_app(app) -> None:
    app.wsgi_app = BodyLimit(app.wsgi_app)
