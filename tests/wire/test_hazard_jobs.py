"""Hazard jobs make their effects once: a worker SIGKILLed after an
explosion's effects are written, before its job finishes, leaves a retry
that changes no token again and tells the table what the first run did."""

from __future__ import annotations

import json
import os
import signal
import threading

import pytest
import redis

from bridge.schemas.settings import default_settings
from bridge.table.store import Store

from ..services import Bridge, RedisServer, Worker, wait_until
from ..table import TableClient
from .test_wire_hazards import register

#: Tokens caught: enough pushes after the write that the kill lands before the job ends.
CAUGHT = 50
#: Explosions tried until one kill lands between the write and the job's end.
ATTEMPTS = 5


@pytest.fixture
def table(tmp_path):
    """Its own Redis (keyspace events on), bridge, and a worker to kill."""
    server = RedisServer(tmp_path)
    redis.Redis.from_url(server.url).config_set("notify-keyspace-events", "K$")
    web = Bridge(server.url)
    world = Store.from_url(server.url).create_world("blast", "Blast", default_settings())
    gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
    workers = [Worker(server.url)]
    yield server, world, gm, workers
    gm.close()
    for worker in workers:
        worker.stop()
    web.stop()
    server.stop()


def kill_on_receipt(url: str, worker: Worker) -> threading.Event:
    """SIGKILL ``worker`` the moment a job's receipt (its effects) is written."""
    killed = threading.Event()
    events = redis.Redis.from_url(url).pubsub()
    events.psubscribe("__keyspace@0__:vtt:receipt:*")

    def watch():
        for message in events.listen():
            if message["type"] == "pmessage":
                os.kill(worker.process.pid, signal.SIGKILL)
                killed.set()
                events.close()
                return

    threading.Thread(target=watch, daemon=True).start()
    wait_until(lambda: events.subscribed, what="the keyspace subscription")
    return killed


def test_a_worker_killed_mid_explosion_leaves_each_token_hurt_once(table):
    server, world, gm, workers = table
    store = Store.from_url(server.url)
    for n in range(CAUGHT):
        register(gm, f"t{n}", hit_points=40)
    caught = [{"token_id": f"t{n}", "distance": 0.5 + n * 0.4} for n in range(CAUGHT)]
    for attempt in range(ATTEMPTS):
        before, request_id = store.tokens(world.world_id), f"blast-{attempt}"
        killed = kill_on_receipt(server.url, workers[-1])
        queued = gm.request(
            "hazard.explosion", request_id=request_id, actor_id="gm", dice=20, charge="shrapnel", tokens=caught
        )["result"]
        assert killed.wait(30), "no receipt was written"
        workers[-1].process.wait(10)
        died_mid_job = store.redis.hget(f"rq:job:{queued['job_id']}", "status") != "finished"
        workers.append(Worker(server.url))
        made = gm.wait_for("job.result", lambda push: push["job_id"] == queued["job_id"], timeout=60)["result"]
        card = gm.wait_for("roll.result", lambda push: push["roll_id"] == made["roll_id"])
        after = store.tokens(world.world_id)
        receipt = json.loads(store.redis.get(f"vtt:receipt:{queued['job_id']}"))
        changed = {change["token_id"]: change for event, change, _ in receipt if event == "token.changed"}
        for entry in card["result"]["tokens"]:
            token_id = entry["token_id"]
            if entry["token"] is None:
                assert after[token_id] == before[token_id]
            else:
                assert after[token_id] == entry["token"]["state"] == changed[token_id]["state"]
                assert after[token_id]["version"] == before[token_id]["version"] + 1
                assert store.redis.llen(f"vtt:world:{world.world_id}:token_history:{token_id}") == before[token_id]["version"]
        logged = [link.entry for link in store.rolls_seen(world.world_id, None, 100) if link.entry["request_id"] == request_id]
        assert [entry["roll_id"] for entry in logged] == [card["roll_id"]]
        if died_mid_job:
            return
    pytest.fail(f"in {ATTEMPTS} explosions the kill never landed before the job's end")
