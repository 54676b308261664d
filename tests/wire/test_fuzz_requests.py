"""Every request kind, fuzzed from its published JSON Schema (docs/schemas),
as a careless or hostile client would send it (issue 32's "done when").

Each kind gets ``PAYLOADS_PER_KIND`` payloads in a world playing its rule
system, sent by the GM (who reaches every handler) over real Socket.IO to a
bridge of its own: about a third near-valid (built from the schema, with the
world's own token and actor ids), the rest the same with one value made
hostile, or not an object at all. Every payload must be answered within
``ANSWER_SECONDS``, none with ``internal``; afterwards each connection still
answers a ping and the bridge's memory grew by less than ``MEMORY_GROWTH_MB``.

The kinds are dealt to lanes of at most ``KINDS_PER_LANE``, each a GM
connection to a world of its own sending its kinds' payloads one after the
other, all lanes side by side: the bridge is kept busy instead of waiting for
one client's round trips (issue 40).
"""

from __future__ import annotations

import json
import os
import random
import threading
import uuid
from pathlib import Path

import pytest
import socketio

from bridge.schemas.settings import default_settings
from bridge.table.store import Store

from ..services import Bridge

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "docs" / "schemas"
#: Payloads per request kind (FUZZ_PAYLOADS lowers it for a quick local run).
PAYLOADS_PER_KIND = int(os.environ.get("FUZZ_PAYLOADS", 1000))
#: The issue's bound on an answer: the client gives up after it.
ANSWER_SECONDS = 2
#: How much the bridge's resident memory may grow over the whole run.
MEMORY_GROWTH_MB = 150
#: Kinds per lane: one connection, one world, its payloads in turn; the lanes run side by side.
KINDS_PER_LANE = 10
#: Which rule system's world a kind is sent in, by its prefix.
SYSTEM_PREFIXES = {"2d20.": "two_d20", "moc.": "moment_of_clarity", "d10.": "highest_d10"}
#: Ids the near-valid payloads use: the tokens, actors and scene the world has.
KNOWN_IDS = ["t1", "t2", "a1", "a2", "s1", "alice", "gm"]
STATISTICS = {"endurance": 3, "strength": 2, "agility": 3, "will": 2, "perception": 2, "education": 2}
#: Values a hostile client puts where a field's value should be.
HOSTILE = [
    None, True, False, 0, -1, 1.5, -1e308, 2**63, 10**120, "", "x" * 5000, "\x00", "\u202e", "\ud800x",
    [], [[[[[]]]]], {}, {"__proto__": 1}, {"a": {"b": {"c": {}}}}, "NaN", "1", [1, "a", None],
    json.loads("[" * 200 + "]" * 200),
]


def kinds() -> list[str]:
    return sorted(path.name[len("request."):-len(".json")] for path in SCHEMA_DIR.glob("request.*.json"))


def system_of(kind: str) -> str:
    return next((system for prefix, system in SYSTEM_PREFIXES.items() if kind.startswith(prefix)), "moment_of_truth")


class Builder:
    """Near-valid values for a JSON Schema, drawn from ``rng``."""

    def __init__(self, schema: dict, rng: random.Random):
        self.defs, self.rng = schema.get("$defs", {}), rng

    def value(self, schema: dict, depth: int = 0):
        rng = self.rng
        if "$ref" in schema:
            schema = self.defs[schema["$ref"].rsplit("/", 1)[-1]]
        if "const" in schema:
            return schema["const"]
        if "enum" in schema:
            return rng.choice(schema["enum"])
        for choice in ("anyOf", "oneOf"):
            if choice in schema and "type" not in schema:
                return self.value(rng.choice(schema[choice]), depth)
        kind = schema.get("type", "object")
        if isinstance(kind, list):
            kind = rng.choice(kind)
        if kind == "null":
            return None
        if kind == "boolean":
            return rng.random() < 0.5
        if kind in ("integer", "number"):
            low, high = schema.get("minimum", 0), schema.get("maximum", 10)
            low, high = max(low, -50), min(high, max(low, -50) + 50)
            number = rng.randint(int(low), int(high))
            return number if kind == "integer" or rng.random() < 0.7 else number + 0.5 * (number < high)
        if kind == "string":
            if "pattern" in schema:
                return rng.choice(KNOWN_IDS)
            low, high = schema.get("minLength", 1), min(schema.get("maxLength", 12), 12)
            return rng.choice(["Stealth", "Melee", "Agility", "Knife", "Thug", "x" * max(low, 1)])[:max(high, low)]
        if kind == "array":
            if depth > 4:
                return []
            low, high = schema.get("minItems", 0), min(schema.get("maxItems", 3), 3)
            return [self.value(schema.get("items", {}), depth + 1) for _ in range(rng.randint(low, max(low, high)))]
        return self.object(schema, depth)

    def object(self, schema: dict, depth: int) -> dict:
        built = {}
        for name, part in schema.get("properties", {}).items():
            if name in schema.get("required", ()) or (depth < 4 and self.rng.random() < 0.5):
                built[name] = self.value(part, depth + 1)
        return built


def mutate(payload: dict, rng: random.Random):
    """``payload`` with one value made hostile, an unknown key, a key dropped, or not an object at all."""
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(HOSTILE)
    payload = dict(payload)
    keys = [key for key in payload if key != "request_id"]
    if roll < 0.2 or not keys:
        payload[rng.choice(["zzz", "constructor", "request_id\x00"])] = rng.choice(HOSTILE)
    elif roll < 0.3:
        del payload[rng.choice(keys)]
    else:
        key = rng.choice(keys)
        inner = payload[key]
        if isinstance(inner, dict) and inner and rng.random() < 0.5:
            payload[key] = {**inner, rng.choice(list(inner)): rng.choice(HOSTILE)}
        elif isinstance(inner, list) and inner and rng.random() < 0.5:
            payload[key] = [rng.choice(HOSTILE), *inner[1:]]
        else:
            payload[key] = rng.choice(HOSTILE)
    return payload


def payloads(kind: str, count: int):
    schema = json.loads((SCHEMA_DIR / f"request.{kind}.json").read_text())
    rng = random.Random(kind)
    builder = Builder(schema, rng)
    for _ in range(count):
        payload = builder.object(schema, 0)
        payload["request_id"] = uuid.UUID(int=rng.getrandbits(128)).hex
        yield payload if rng.random() < 0.35 else mutate(payload, rng)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.fixture(scope="module")
def fuzz_bridge(redis_server):
    web = Bridge(redis_server.url)
    yield web
    web.stop()


def lanes() -> list[tuple[str, list[str]]]:
    """``(system, kinds)``: each system's kinds, in order, in lanes of at most ``KINDS_PER_LANE``."""
    by_system: dict[str, list[str]] = {}
    for kind in kinds():
        by_system.setdefault(system_of(kind), []).append(kind)
    return [(system, of_system[start:start + KINDS_PER_LANE])
            for system, of_system in by_system.items() for start in range(0, len(of_system), KINDS_PER_LANE)]


def gm_of(bridge_url: str, store: Store, system: str) -> socketio.Client:
    world = store.create_world(f"fuzz-{uuid.uuid4().hex[:10]}", "Fuzz", default_settings(), system=system)
    client = socketio.Client(reconnection=False)
    client.connect(bridge_url, auth={"protocol": 1, "world": world.world_id, "gm_key": world.gm_key},
                   transports=["websocket"], wait_timeout=10)
    if system == "moment_of_truth":
        for token, actor in (("t1", "a1"), ("t2", "a2")):
            registered = client.call("token.register", {"request_id": uuid.uuid4().hex, "token_id": token,
                                                        "actor_id": actor, "name": token, "scene_id": "s1",
                                                        "statistics": STATISTICS}, timeout=10)
            assert registered["ok"], registered
    return client


def fuzz_lane(client: socketio.Client, lane_kinds: list[str], failures: list[str]) -> None:
    """Every payload of each kind, one after the other; then a ping, which must still be answered."""
    for kind in lane_kinds:
        for payload in payloads(kind, PAYLOADS_PER_KIND):
            try:
                answer = client.call(kind, payload, timeout=ANSWER_SECONDS)
            except socketio.exceptions.TimeoutError:
                failures.append(f"{kind}: no answer within {ANSWER_SECONDS} s to {str(payload)[:300]}")
                continue
            error = answer.get("error") if isinstance(answer, dict) else None
            if not isinstance(answer, dict) or (error and error.get("code") == "internal"):
                failures.append(f"{kind}: {str(answer)[:200]} to {str(payload)[:300]}")
    try:
        pong = client.call("ping", {"request_id": uuid.uuid4().hex}, timeout=ANSWER_SECONDS)
    except socketio.exceptions.TimeoutError:
        pong = None
    if not (isinstance(pong, dict) and pong.get("ok")):
        failures.append(f"after {', '.join(lane_kinds)}: ping answered {pong!r}")


@pytest.mark.fuzz
def test_every_request_kind_answers_every_payload(fuzz_bridge, redis_server):
    store = Store.from_url(redis_server.url)
    dealt = lanes()
    clients = [gm_of(fuzz_bridge.url, store, system) for system, _ in dealt]
    before = rss_mb(fuzz_bridge.process.pid)
    failures: list[str] = []
    threads = [threading.Thread(target=fuzz_lane, args=(client, lane_kinds, failures))
               for client, (_, lane_kinds) in zip(clients, dealt)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert not failures, f"{len(failures)} failures, first ones:\n" + "\n".join(failures[:20])
        grown = rss_mb(fuzz_bridge.process.pid) - before
        assert grown < MEMORY_GROWTH_MB, f"the bridge grew by {grown:.0f} MB"
    finally:  # a websocket-client close waits up to 3 s for the server's close frame: side by side
        closers = [threading.Thread(target=client.disconnect) for client in clients]
        for closer in closers:
            closer.start()
        for closer in closers:
            closer.join()


def test_the_lanes_deal_every_kind_once():
    dealt = [kind for _, lane_kinds in lanes() for kind in lane_kinds]
    assert sorted(dealt) == kinds()
    assert all(system_of(kind) == system for system, lane_kinds in lanes() for kind in lane_kinds)
