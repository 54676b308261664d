"""Who may reach the bridge from a browser: which ``Host`` it answers to,
which origins may open a Socket.IO connection, and the headers that keep
its pages from being framed, sniffed or fed foreign scripts.

The ``Host`` header is checked against the public URL's host, loopback and
``trusted_hosts`` (a page on a rebound DNS name reaches the bridge under a
foreign ``Host``); an ``Origin`` is allowed only when configured or equal to
the public URL's, never merely for matching the ``Host`` it came with.
"""

from __future__ import annotations

from typing import Callable
from urllib.parse import urlsplit

from werkzeug.sansio.utils import host_is_trusted

from ..config import Config
from ..service.reach import HOST_REFUSED

#: Sent with every HTTP answer. The pages load scripts, styles and sockets from the bridge alone;
#: images also from any web address (a map background or a token image given by its address).
SECURITY_HEADERS = (
    ("Content-Security-Policy",
     "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: http: https:; connect-src 'self'; "
     "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def allowed_origins(config: Config) -> str | Callable[[str | None, dict], bool]:
    """The configured origins plus the public URL's; ``["*"]`` allows all."""
    if config.cors_origins == ["*"]:
        return "*"
    allowed = {origin.rstrip("/") for origin in config.cors_origins} | {origin_of(config.base_url)}

    def is_allowed(origin: str | None, _environ: dict) -> bool:
        return origin is not None and origin.rstrip("/") in allowed

    return is_allowed


class HostGuard:
    """WSGI middleware: refuses an untrusted ``Host`` (400, naming the settings that trust it) and adds
    ``SECURITY_HEADERS`` to every answer, Socket.IO's included."""

    def __init__(self, app, hosts: list[str]):
        self.app, self.hosts = app, hosts

    def __call__(self, environ, start_response):
        if not host_is_trusted(environ.get("HTTP_HOST"), self.hosts):
            start_response("400 Bad Request", [("Content-Type", "text/plain"), *SECURITY_HEADERS])
            return [HOST_REFUSED.encode()]

        def guarded(status, headers, exc_info=None):
            return start_response(status, [*headers, *SECURITY_HEADERS], exc_info)

        return self.app(environ, guarded)


def init_app(app) -> None:
    """Wrap the app (Socket.IO's middleware included: called after ``SocketIO(app)``)."""
    app.wsgi_app = HostGuard(app.wsgi_app, app.extensions["vtt_config"].allowed_hosts)
