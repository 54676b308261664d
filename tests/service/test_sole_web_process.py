"""The web process `serve` runs is the only one on its Redis
(``VTT_BRIDGE_SOLE_WEB_PROCESS=1``): its pushes go straight to its clients,
never through the Socket.IO channel in Redis (python-socketio's
``ignore_queue``), while the workers' pushes still come through it. A web
process that may have others beside it (``vtt-bridge web``'s default)
publishes each push on the channel for every web process to hear."""

from __future__ import annotations

import threading
import uuid

import pytest
import redis

from bridge.protocol import SOCKETIO_CHANNEL
from bridge.schemas.settings import default_settings
from bridge.table.store import Store

from ..services import Bridge, wait_until
from ..table import TableClient
from ..wire.test_bridge import SKILL_ROLL


class Channel:
    """Every message published on the Socket.IO channel, heard from a subscriber of its own."""

    def __init__(self, redis_url: str):
        self.messages: list[bytes] = []
        self._pubsub = redis.Redis.from_url(redis_url).pubsub()
        self._pubsub.subscribe(SOCKETIO_CHANNEL)
        wait_until(lambda: self._pubsub.get_message(timeout=0.1) is not None, what="the subscription")
        self._thread = threading.Thread(target=self._hear, daemon=True)
        self._running = True
        self._thread.start()

    def _hear(self) -> None:
        while self._running:
            message = self._pubsub.get_message(timeout=0.1)
            if message and message["type"] == "message":
                self.messages.append(message["data"])

    def stop(self) -> None:
        self._running = False
        self._thread.join()
        self._pubsub.close()


@pytest.fixture
def served(bridge, redis_server):
    """``served(sole)``: a web process of its own, told whether it is the only one, on the session's
    Redis and worker (``bridge`` starts the worker), and a world."""
    started = []

    def start(sole: bool):
        web = Bridge(redis_server.url, extra_env={"VTT_BRIDGE_SOLE_WEB_PROCESS": "1" if sole else "0"})
        started.append(web)
        world = Store.from_url(redis_server.url).create_world(f"sole-{uuid.uuid4().hex[:10]}", "Table",
                                                               default_settings())
        return redis_server, web, world

    yield start
    for web in started:
        web.stop()


@pytest.mark.parametrize("sole", [True, False], ids=["sole", "among-several"])
def test_pushes_reach_the_table_through_the_channel_only_when_other_web_processes_may_listen(served, sole):
    redis_server, web, world = served(sole)
    gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
    minted = gm.request("token.mint", user="alice")["result"]["token"]
    alice = TableClient(web.url, {"world": world.world_id, "token": minted})
    channel = Channel(redis_server.url)
    try:
        rolled = gm.request("roll", **SKILL_ROLL)
        assert rolled["ok"], rolled
        card = alice.wait_for("roll.result", lambda entry: entry["roll_id"] == rolled["result"]["roll_id"])
        assert card["result"]["faces"] == rolled["result"]["result"]["faces"]
        queued = gm.request("worker.ping", echo="through the channel")["result"]
        result = gm.wait_for("job.result", lambda push: push["job_id"] == queued["job_id"])
        assert result["result"] == {"echo": "through the channel"}
        def heard(text: str, also: bytes = b"") -> list[bytes]:
            return [message for message in channel.messages if text.encode() in message and also in message]

        # the worker's push always goes through Redis, after the card's: once it is heard, so is the card's
        wait_until(lambda: len(heard(queued["job_id"], b"job.result")) == 1, what="the worker's push on the channel")
        assert len(heard(rolled["result"]["roll_id"])) == (0 if sole else 1)
        assert len(alice.received("roll.result")) == 1
    finally:
        channel.stop()
        gm.close()
        alice.close()
