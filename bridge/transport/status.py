"""``/healthz``: is Redis reachable, does it take writes (``redis_full``: it
refuses them for want of memory), how full is it, and is at least one worker alive?

Redis's memory is also checked every ``MEMORY_CHECK_SECONDS``; past
``MEMORY_WARN_SHARE`` of its limit a warning is logged, before Redis starts
refusing writes (the embedded one never evicts: ``bridge.service.embedded_redis``).
"""

from __future__ import annotations

import contextlib
import logging
import time

import redis
from flask import Blueprint, current_app, jsonify
from rq import Worker

from ..protocol import PROTOCOL_VERSION

log = logging.getLogger("bridge.transport.status")

#: Share of Redis's memory limit past which a warning is logged.
MEMORY_WARN_SHARE = 0.8
#: Seconds between the web process's own checks of Redis's memory.
MEMORY_CHECK_SECONDS = 60

#: What ``/healthz`` writes to learn whether Redis takes writes.
PROBE_KEY = "vtt:healthz:probe"

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz():
    store = current_app.extensions["vtt_store"]
    redis_ok = store.ping()
    full = redis_ok and _refuses_writes(store.redis)
    workers = _live_workers() if redis_ok else 0
    healthy = redis_ok and not full and workers > 0
    body = {"status": "ok" if healthy else "degraded", "redis": redis_ok, "redis_full": full, "workers": workers,
            "protocol": PROTOCOL_VERSION}
    if redis_ok:
        with contextlib.suppress(redis.RedisError):  # gone since the ping: the next check says so
            body["redis_memory"] = redis_memory(store.redis)
    return jsonify(body), 200 if healthy else 503


def redis_memory(client: redis.Redis) -> dict:
    """``{used, max, share}`` in bytes (``max`` 0 and ``share`` null: no limit); logs a warning near the limit."""
    info = client.info("memory")
    used, limit = info["used_memory"], info["maxmemory"]
    share = round(used / limit, 3) if limit else None
    if share is not None and share >= MEMORY_WARN_SHARE:
        log.warning("redis memory near its limit", extra={"used": used, "max": limit, "share": share})
    return {"used": used, "max": limit, "share": share}


def _refuses_writes(client: redis.Redis) -> bool:
    """Whether Redis refuses a small write for want of memory (one short-lived key)."""
    try:
        client.set(PROBE_KEY, "1", ex=10)
    except redis.OutOfMemoryError:
        return True
    except redis.RedisError:
        return False  # away since the ping: the next check says so
    return False


def _watch_memory(client: redis.Redis) -> None:
    while True:
        time.sleep(MEMORY_CHECK_SECONDS)
        try:
            redis_memory(client)
        except redis.RedisError:
            pass  # Redis away: /healthz says so


def _live_workers() -> int:
    queue = current_app.extensions["vtt_queue"].queues[0]  # every worker serves every queue
    return len(Worker.all(queue=queue))


def init_app(app) -> None:
    app.register_blueprint(blueprint)
    app.extensions["socketio"].start_background_task(_watch_memory, app.extensions["vtt_store"].redis)
