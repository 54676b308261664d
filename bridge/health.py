"""``/healthz``: is Redis reachable and is at least one worker alive?"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from rq import Worker

from .protocol import PROTOCOL_VERSION

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz():
    store = current_app.extensions["vtt_store"]
    redis_ok = store.ping()
    workers = _live_workers() if redis_ok else 0
    healthy = redis_ok and workers > 0
    body = {"status": "ok" if healthy else "degraded", "redis": redis_ok, "workers": workers, "protocol": PROTOCOL_VERSION}
    return jsonify(body), 200 if healthy else 503


def _live_workers() -> int:
    queue = current_app.extensions["vtt_queue"].queues[0]  # every worker serves every queue
    return len(Worker.all(queue=queue))


def init_app(app) -> None:
    app.register_blueprint(blueprint)
