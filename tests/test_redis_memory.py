"""Nothing a player sends grows Redis without bound, and a full Redis loses
no game state (issue 32, item 8): ``ping``'s echo is bounded, the embedded
Redis has a memory limit that never evicts, and ``/healthz`` and the log say
when it is near."""

from __future__ import annotations

import json
import urllib.request

import pytest
import redis

from bridge.embedded_redis import EmbeddedRedis
from bridge.schemas.requests import ECHO_MAX_CHARS
from bridge.schemas.settings import default_settings
from bridge.store import Store

from .services import Bridge, wait_until
from .table import TableClient
from .test_bridge import SKILL_ROLL

FILLER_BYTES = 100_000


def test_a_ping_echo_past_its_bound_is_refused_naming_the_field(gm):
    answer = gm.request("ping", echo="x" * (ECHO_MAX_CHARS + 1))
    assert answer["ok"] is False and answer["error"]["code"] == "invalid"
    assert list(answer["error"]["fields"]) == ["echo"]
    nested = gm.request("ping", echo={"a": ["y" * 100] * 100})
    assert nested["error"]["fields"].keys() == {"echo"}
    assert gm.request("ping", echo={"fits": "y" * 100})["result"] == {"echo": {"fits": "y" * 100}}


@pytest.fixture
def small_redis(tmp_path):
    embedded = EmbeddedRedis(tmp_path / "data", maxmemory="8mb")
    embedded.start()
    yield embedded
    embedded.stop()


def test_a_full_embedded_redis_refuses_writes_evicts_no_game_state_and_says_so(small_redis, tmp_path):
    client = redis.Redis.from_url(small_redis.url, decode_responses=True)
    assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
    world = Store.from_url(small_redis.url).create_world("full", "Full", default_settings())
    log_path = tmp_path / "bridge.log"
    with log_path.open("w") as log:
        web = Bridge(small_redis.url, stderr=log)
    try:
        gm = TableClient(web.url, {"world": "full", "gm_key": world.gm_key})
        rolled = gm.request("roll", **SKILL_ROLL)["result"]
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            for n in range(1000):  # 100 MB at most: far past the limit
                client.set(f"filler:{n}", "x" * FILLER_BYTES, ex=3600)
        # Nothing stored was evicted; a request is still answered, though its claim (a write) may be refused.
        logged = [json.loads(fields["entry"]) for _, fields in client.xrange("vtt:world:full:rolls")]
        assert [entry["roll_id"] for entry in logged] == [rolled["roll_id"]]
        answer = gm.request("roll.log")
        assert answer["ok"] or answer["error"]["code"] == "internal", answer
        try:
            urllib.request.urlopen(web.url + "/healthz", timeout=10)
        except urllib.error.HTTPError as answer:  # 503: no worker runs here
            memory = json.loads(answer.read())["redis_memory"]
        assert memory["max"] == 8 * 1024 * 1024 and memory["share"] >= 0.8
        warned = wait_until(lambda: [line for line in log_path.read_text().splitlines() if "redis memory near its limit" in line])
        assert json.loads(warned[0])["level"] == "warning"
        gm.close()
    finally:
        web.stop()
