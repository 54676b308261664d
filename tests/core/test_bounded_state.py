"""A request costs the same on a world with a long history as on a fresh
one: the bytes Redis moves per request do not grow with the roll log, the
Moments of Truth history or the setbacks taken.

The world's history is what 10,000 rolls leave: the roll log full (copies
of a real card), hundreds of Moments of Truth entries made by real requests
(more than the history keeps), and a setback taken on thousands of rolls."""

from __future__ import annotations

import json
import uuid

import pytest
import redis

from bridge.schemas.settings import default_settings
from bridge.systems.moment_of_truth.ledger import MOMENTS_HISTORY_MAX
from bridge.table.store import ROLL_LOG_MAX_ENTRIES, Store

from ..services import Bridge, RedisServer
from ..table import TableClient

#: Requests per measurement.
MEASURED = 20
#: Bytes a request may cost beyond 10% more than on a fresh world: the
#: bridge's own once-a-second look at its peers while the requests run.
SLACK_BYTES = 64


@pytest.fixture
def alone(tmp_path):
    """A Redis server and a bridge of this test's own: nothing else moves bytes."""
    server = RedisServer(tmp_path)
    web = Bridge(server.url, extra_env={"VTT_BRIDGE_PLAYER_REQUESTS_PER_SECOND": "1000"})  # a campaign in a minute
    yield server, web
    web.stop()
    server.stop()


def _bytes(client: redis.Redis) -> int:
    stats = client.info("stats")
    return stats["total_net_input_bytes"] + stats["total_net_output_bytes"]


def _cost(client: redis.Redis, request) -> float:
    """The bytes in and out of Redis per request, over ``MEASURED`` requests."""
    before = _bytes(client)
    for _ in range(MEASURED):
        answer = request()
        assert answer["ok"] or answer["error"]["code"] == "against_the_rules", answer
    return (_bytes(client) - before) / MEASURED


def test_a_request_costs_the_same_after_ten_thousand_rolls(alone):
    server, web = alone
    store, raw = Store.from_url(server.url), redis.Redis.from_url(server.url)
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Long campaign", default_settings())
    gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
    try:
        token = gm.request("token.mint", user="pat")["result"]["token"]
        assert gm.request("actors.assign", user="pat", actor_ids=["hero"])["ok"]
        pat = TableClient(web.url, {"world": world.world_id, "token": token})
        try:
            # the GM's: a player's roll earns a reward by its dice, which would make the bytes vary
            roll = lambda: gm.request("roll", actor_id="hero", kind="statistic", statistic={"name": "Agility", "value": 3})
            requests = {
                "roll": roll,
                # a take names a roll of pat's (for pat's actor), one take each
                "moments.take": lambda: pat.request("moments.take", reward="take_failure", roll_id=roll()["result"]["roll_id"]),
                "moments.get": lambda: pat.request("moments.get", recent=5),
                # refused, after looking for the roll in the log
                "setback on no roll": lambda: pat.request("moments.take", reward="take_setback", roll_id="no-such-roll"),
            }
            for request in requests.values():  # the first of each loads what it needs once
                request()
            fresh = {name: _cost(raw, request) for name, request in requests.items()}
            _live_ten_thousand_rolls(raw, world.world_id, requests["moments.take"], requests["roll"])
            grown = {name: _cost(raw, request) for name, request in requests.items()}
        finally:
            pat.close()
    finally:
        gm.close()
    assert all(grown[name] <= fresh[name] * 1.1 + SLACK_BYTES for name in fresh), (fresh, grown)


def _live_ten_thousand_rolls(raw: redis.Redis, world_id: str, take, roll) -> None:
    """Leave the world as a long campaign does, and check the history stays trimmed."""
    for _ in range(MOMENTS_HISTORY_MAX + 50):
        assert take()["ok"]
    card = roll()["result"]
    rolls, setbacks = f"vtt:world:{world_id}:rolls", f"vtt:world:{world_id}:system:moment_of_truth:moments:setbacks"
    with raw.pipeline(transaction=False) as pipe:
        for n in range(ROLL_LOG_MAX_ENTRIES):
            pipe.xadd(rolls, {"entry": json.dumps({**card, "roll_id": f"r{n}"})})
            if n % 2:
                pipe.hset(setbacks, f"r{n}", json.dumps({"player": "pat", "kind": "take_setback", "roll_id": f"r{n}"}))
        pipe.execute()
    assert raw.llen(f"vtt:world:{world_id}:system:moment_of_truth:moments:history") == MOMENTS_HISTORY_MAX
    assert raw.xlen(rolls) >= ROLL_LOG_MAX_ENTRIES
