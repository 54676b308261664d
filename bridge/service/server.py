"""The web process: gunicorn with one gevent worker, as Flask-SocketIO's
deployment docs give it (``gunicorn -k gevent -w 1``), WebSockets by
simple-websocket.

One worker, because Socket.IO's long-polling needs every request of a
client to reach the same process; more processes go behind a proxy with
sticky sessions (docs/deploy.md). gevent, because a table's connections are
idle most of the time: a greenlet holds one for a few kilobytes where a
thread costs a stack (bench/README.md has the measurements).

gunicorn runs as a child process so that gevent patches the standard
library before anything imports it (``vtt-bridge`` itself imports redis).
"""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys

from ..config import Config
from .lineage import die_with_parent

#: How long a stopping web process lets its connections finish, in seconds.
GRACEFUL_SECONDS = 3
#: Connections one web process holds at most (gunicorn's default is 1,000).
MAX_CONNECTIONS = 10_000


def gunicorn_command(host: str, port: int) -> list[str]:
    """The command that serves ``bridge.service.wsgi:app`` (configured from the environment) on ``host:port``."""
    return [
        sys.executable, "-m", "gunicorn", "--worker-class", "gevent", "--workers", "1",
        "--worker-connections", str(MAX_CONNECTIONS), "--graceful-timeout", str(GRACEFUL_SECONDS),
        "--bind", f"{host}:{port}", "--no-control-socket", "bridge.service.wsgi:app",
    ]


def run(config: Config) -> None:
    """Serve the bridge until SIGINT or SIGTERM, then return."""
    env = {
        **os.environ,
        "REDIS_URL": config.redis_url,
        "VTT_BRIDGE_HOST": config.host,
        "PORT": str(config.port),
        "VTT_BRIDGE_QUEUE": config.queue_name,
        "VTT_BRIDGE_CORS_ORIGINS": ",".join(config.cors_origins),
        "VTT_BRIDGE_SOLE_WEB_PROCESS": "1" if config.sole_web_process else "0",
    }
    # gunicorn ends with this process, even on its kill -9 (gunicorn's worker follows its master)
    web = subprocess.Popen(gunicorn_command(config.host, config.port), env=env,
                           preexec_fn=functools.partial(die_with_parent, os.getpid()))

    def stop(*_):
        web.send_signal(signal.SIGTERM)

    handlers = {signum: signal.signal(signum, stop) for signum in (signal.SIGTERM, signal.SIGINT)}
    try:
        web.wait()
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
