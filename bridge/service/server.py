"""The web process, started as a child: gevent's own WSGI server, one
process (``bridge.service.web``).

One process, because Socket.IO's long-polling needs every request of a
client to reach the same process; more processes go behind a proxy with
sticky sessions (docs/deploy.md). gevent, because a table's connections are
idle most of the time: a greenlet holds one for a few kilobytes where a
thread costs a stack (bench/README.md has the measurements).

The web process is a child so that gevent patches the standard library
before anything imports it (``vtt-bridge`` itself imports redis).
"""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys

from ..config import Config
from .lineage import die_with_parent


def web_command(host: str, port: int) -> list[str]:
    """The command that serves ``bridge.service.wsgi:app`` (configured from the environment) on ``host:port``."""
    return [sys.executable, "-m", "bridge.service.web", host, str(port)]


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
    # the web process ends with this process, even on its kill -9
    web = subprocess.Popen(web_command(config.host, config.port), env=env,
                           preexec_fn=functools.partial(die_with_parent, os.getpid()))

    def stop(*_):
        web.send_signal(signal.SIGTERM)

    handlers = {signum: signal.signal(signum, stop) for signum in (signal.SIGTERM, signal.SIGINT)}
    try:
        web.wait()
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
