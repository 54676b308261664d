"""One world's jobs cannot starve another's: real bridge, real RQ worker.

A GM floods their world with slow encounter simulations; a GM of another
world then queues a job. With one worker, that job is served after at most
the flooding world's running job and one more, not after all of them; the
flooding world gets ``busy`` past its share, and its share frees as its jobs end."""

from __future__ import annotations

import os
import uuid

import pytest
from redis import Redis

from bridge.schemas.settings import default_settings
from bridge.table.queue import PENDING_JOBS_PER_WORLD, WorldQueues

from ..services import Bridge, Worker, free_port
from ..table import TableClient
from ..wire.test_wire_simulation import BRAWLER, encounter

#: A slow job: fights between brawlers in plate that rarely end.
SLOW = encounter([BRAWLER], [BRAWLER], fights=20_000, round_cap=20, seed=7)


@pytest.fixture
def own_queue(redis_server):
    """A bridge and one worker on a queue of this test's own."""
    env = {"VTT_BRIDGE_QUEUE": f"fair-{free_port()}", "PYTHONPATH": os.getcwd()}
    web, worker = Bridge(redis_server.url, extra_env=env), Worker(redis_server.url, extra_env=env)
    yield web, WorldQueues(env["VTT_BRIDGE_QUEUE"], Redis.from_url(redis_server.url))
    worker.stop()
    web.stop()


def _two_worlds_on_two_queues(store, queues: WorldQueues):
    flooding = store.create_world(f"flood-{uuid.uuid4().hex[:8]}", "Flooding", default_settings())
    while True:
        other = store.create_world(f"other-{uuid.uuid4().hex[:8]}", "Other", default_settings())
        if queues.of(other.world_id) is not queues.of(flooding.world_id):
            return flooding, other


def test_another_worlds_job_is_not_stuck_behind_a_flooding_world(own_queue, store):
    web, queues = own_queue
    flooding, other = _two_worlds_on_two_queues(store, queues)
    flooder = TableClient(web.url, {"world": flooding.world_id, "gm_key": flooding.gm_key})
    bystander = TableClient(web.url, {"world": other.world_id, "gm_key": other.gm_key})
    try:
        queued = [flooder.request("simulate.encounter", **SLOW) for _ in range(PENDING_JOBS_PER_WORLD)]
        assert all(answer["ok"] for answer in queued), queued
        refused = flooder.request("simulate.encounter", **SLOW)
        assert not refused["ok"] and refused["error"]["code"] == "busy", refused

        pinged = bystander.request("worker.ping", echo="still here")
        bystander.wait_for("job.result", lambda push: push["request_id"] == pinged["request_id"], timeout=60)
        assert len(flooder.received("job.result")) <= 2

        for answer in queued:
            flooder.request("simulate.cancel", job_id=answer["result"]["job_id"])
        for answer in queued:
            flooder.wait_for("job.result", lambda push, mine=answer["request_id"]: push["request_id"] == mine, timeout=60)
        again = flooder.request("worker.ping")
        assert again["ok"], again  # the share freed as its jobs ended
        flooder.wait_for("job.result", lambda push: push["request_id"] == again["request_id"], timeout=60)
    finally:
        flooder.close()
        bystander.close()
