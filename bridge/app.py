"""The application factory: Flask, Socket.IO, the store and the job queue."""

from __future__ import annotations

import secrets

from flask import Flask
from flask_socketio import SocketIO
from redis import Redis
from socketio import RedisManager

from . import encoded, systems
from .config import Config
from .protocol import SOCKETIO_CHANNEL
from .service import logs
from .table import events as table_events
from .table.queue import WorldQueues
from .table.store import Store
from .transport import connections, cors, events, limits, plugin_files, status
from .transport.budgets import Budgets


def create_app(config: Config | None = None, async_mode: str = "gevent") -> Flask:
    """The bridge's app; ``async_mode`` is Flask-SocketIO's, set so that an installed library is never guessed."""
    config = config or Config.from_env()
    if not config.redis_url:
        raise ValueError("REDIS_URL is not set (serve starts an embedded Redis; web and worker need one)")
    app = Flask(__name__)
    app.config["SECRET_KEY"] = secrets.token_hex(32)  # no cookie outlives the process
    app.extensions["vtt_config"] = config
    app.extensions["vtt_store"] = Store.from_url(config.redis_url)
    app.extensions["vtt_budgets"] = Budgets(config.player_requests_per_second)  # what each player may take (bridge.transport.handling spends it)
    # RQ needs raw bytes from Redis, the store wants text: two clients.
    app.extensions["vtt_queue"] = WorldQueues(config.queue_name, Redis.from_url(config.redis_url))
    app.extensions["socketio"] = SocketIO(
        app,
        async_mode=async_mode,
        client_manager=RedisManager(config.redis_url, channel=SOCKETIO_CHANNEL, json=encoded.SocketIOJson),
        json=encoded.SocketIOJson,
        serializer=encoded.TextPacket,
        max_http_buffer_size=limits.MESSAGE_BYTES_MAX,
        cors_allowed_origins=cors.allowed_origins(config),
        manage_session=False,
        logger=logs.library_logger("socketio.server"),
        engineio_logger=logs.library_logger("engineio.server"),
    )
    for module in (status, plugin_files, connections, *events.MODULES, table_events, *systems.installed().values(), limits, cors):
        module.init_app(app)
    return app
