"""The web process's connection handler (``bridge.service.web.WebSocketHandler``)
under gevent's own server, in a process of its own (gevent patches the standard library)."""

from __future__ import annotations

import subprocess
import sys
import urllib.request

from ..services import free_port, wait_until

#: gevent's server with the bridge's handler, answering with the connection's
#: TCP_NODELAY as its socket stands when the app runs (found as simple-websocket finds it).
SERVER = """
import socket, sys
import bridge.service.web as web
from gevent import pywsgi

def app(environ, start_response):
    sock = environ["wsgi.input"].rfile.raw._sock
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [str(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)).encode()]

pywsgi.WSGIServer(("127.0.0.1", int(sys.argv[1])), app, handler_class=web.WebSocketHandler, log=None).serve_forever()
"""


def test_a_connection_sends_without_waiting_for_the_clients_acknowledgement():
    """TCP_NODELAY on every connection: else a small frame written behind another waits
    for the client's delayed acknowledgement (up to 40 ms on Linux)."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(port)])
    try:
        answer = wait_until(lambda: _get(f"http://127.0.0.1:{port}/"), what="the server")
        assert answer != b"0"
    finally:
        server.terminate()
        server.wait(10)


def _get(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.read()
    except OSError:
        return None
