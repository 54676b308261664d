"""Nothing a player sends grows Redis without bound, and a full Redis loses
no game state (issue 32, item 8; issue 38, item 4): ``ping``'s echo is
bounded, the embedded Redis has a memory limit past which it evicts only what
expires anyway, a request it cannot take is answered ``unavailable``, and
``/healthz`` and the log say when it is near or full."""

from __future__ import annotations

import json
import urllib.request

import pytest
import redis

from bridge.schemas.requests import ECHO_MAX_CHARS
from bridge.schemas.settings import default_settings
from bridge.service.embedded_redis import EmbeddedRedis
from bridge.table.store import Store

from ..services import Bridge, wait_until
from ..table import TableClient
from ..wire.test_bridge import SKILL_ROLL

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
    assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "volatile-ttl"}
    world = Store.from_url(small_redis.url).create_world("full", "Full", default_settings())
    log_path = tmp_path / "bridge.log"
    with log_path.open("w") as log:
        web = Bridge(small_redis.url, stderr=log)
    try:
        gm = TableClient(web.url, {"world": "full", "gm_key": world.gm_key})
        rolled = gm.request("roll", **SKILL_ROLL)["result"]
        for n in range(200):  # what expires goes first: 20 MB of it never fills 8 MB
            client.set(f"expiring:{n}", "x" * FILLER_BYTES, ex=3600)
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            for n in range(1000):  # 100 MB at most of what never expires (as game state): far past the limit
                client.set(f"filler:{n}", "x" * FILLER_BYTES)
        # Each request's answer still finds room, made by evicting earlier answers: the table plays on.
        answers = [gm.request("roll", **SKILL_ROLL) for _ in range(5)]
        assert all(answer["ok"] for answer in answers), answers
        # Game state alone past the limit: a request Redis cannot take is answered unavailable.
        limit = client.info("memory")["used_memory"] - 1_000_000
        client.config_set("maxmemory", limit)
        refused = gm.request("roll", **SKILL_ROLL)
        assert not refused["ok"] and refused["error"]["code"] == "unavailable", refused
        # No game state was evicted.
        logged = [json.loads(fields["entry"]) for _, fields in client.xrange("vtt:world:full:rolls")]
        assert logged[0]["roll_id"] == rolled["roll_id"]
        assert [entry["roll_id"] for entry in logged[1:]] == [answer["result"]["roll_id"] for answer in answers if answer["ok"]]
        assert client.get("filler:0") is not None
        try:
            urllib.request.urlopen(web.url + "/healthz", timeout=10)
        except urllib.error.HTTPError as answer:  # 503
            health = json.loads(answer.read())
        memory = health["redis_memory"]
        assert health["redis_full"] is True and health["status"] == "degraded"
        assert memory["max"] == limit and memory["share"] >= 1
        warned = wait_until(lambda: [line for line in log_path.read_text().splitlines() if "redis memory near its limit" in line])
        assert json.loads(warned[0])["level"] == "warning"
        gm.close()
    finally:
        web.stop()
