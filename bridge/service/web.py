"""The web process: ``python -m bridge.service.web HOST PORT`` serves
``bridge.service.wsgi:app`` on gevent's own WSGI server, in one process
(Flask-SocketIO's embedded server in gevent mode, what ``socketio.run``
starts), WebSockets by simple-websocket.

gevent patches the standard library here, before anything imports it
(``vtt-bridge`` itself imports redis: this runs as its child).

A WebSocket's connection ends with its WSGI call (``WebSocketHandler``).
"""

from gevent import monkey

monkey.patch_all()

import gc  # noqa: E402 - after patching, as gevent requires
import logging  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402

import gevent  # noqa: E402
from gevent import pywsgi  # noqa: E402

#: How long a stopping web process lets its connections finish, in seconds.
GRACEFUL_SECONDS = 3
#: Connections one web process holds at most; past it, new ones wait in the listen queue.
MAX_CONNECTIONS = 10_000


class WebSocketHandler(pywsgi.WSGIHandler):
    """gevent's handler, except that its connection sends without delay and
    a WebSocket request's connection ends once the app returns.

    Without ``TCP_NODELAY`` (gevent leaves it off; gunicorn, the server before,
    sets it), a small frame written while an earlier one waits for the client's
    acknowledgement is held back until it comes, which the client delays by up
    to 40 ms: a table rolling quickly waited that long for each card.

    Under gevent, simple-websocket serves a WebSocket on a copy (``dup``) of
    the connection's socket, and python-engineio's app returns, with no HTTP
    response, once the WebSocket has ended (refused, or closed by either
    side). gevent's own handler then keeps the connection alive and reads a
    next request from it: it takes frames still coming (a client's close
    frame) from simple-websocket's reader on the copy, and the copy keeps
    the connection open, so a client waiting for its end waits out its own
    timeout (websocket-client's ``close()``: 3 s). Shutting the socket down
    ends the connection under both file descriptors (the reader's ``recv``
    sees the end, and it closes the copy), as gunicorn ended it by closing
    its socket. (``handler_class`` is gevent's extension point for this.)
    """

    def handle(self):
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().handle()

    def handle_one_response(self):
        super().handle_one_response()
        if self.environ.get("HTTP_UPGRADE", "").lower() == "websocket":
            self.close_connection = True  # no next request on this connection
            try:
                self.socket.shutdown(socket.SHUT_RDWR)  # after any HTTP answer: it is sent already
            except OSError:
                pass  # the client is gone already


def serve(host: str, port: int) -> None:
    """Serve the bridge until SIGTERM or SIGINT, then give open connections ``GRACEFUL_SECONDS``."""
    from .wsgi import app

    # What the app made at its start (modules, schemas, the rules' tables) lives as long as the
    # process: frozen out of the collector's sight, a full collection walks only the tables' own
    # objects, and its pause, which every request waits out, is half as long (bench/README.md).
    gc.collect()
    gc.freeze()
    server = pywsgi.WSGIServer((host, port), app, spawn=MAX_CONNECTIONS, handler_class=WebSocketHandler,
                               log=None,  # no access log: at INFO the bridge logs one line per request itself
                               error_log=pywsgi.LoggingLogAdapter(logging.getLogger("gevent.pywsgi"), logging.WARNING),
                               environ={"SERVER_NAME": host})  # not a reverse DNS lookup of it
    for signum in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(signum, server.close)
    server.serve_forever(stop_timeout=GRACEFUL_SECONDS)


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
