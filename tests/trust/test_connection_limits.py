"""No player can hold the bridge's connections without bound, and a bridge
without its Redis says so (issue 32, items 9 and 16): connections that
never authenticate are closed, each world and user holds a bounded number,
and a connection refused for a lost Redis is told the service is unavailable."""

from __future__ import annotations

import json
import time

import socketio
import websocket

from bridge.schemas.settings import default_settings
from bridge.table.store import Store
from bridge.transport.connections import HANDSHAKE_SECONDS

from ..services import Bridge, RedisServer, wait_until
from ..table import TableClient
from ..wire.test_bridge import refusal

#: Longer than Engine.IO's ping interval (25 s), which a hostile client answers to stay open.
OUTLAST_PINGS_SECONDS = 32


def test_a_connection_that_never_authenticates_is_closed(bridge):
    raw = websocket.create_connection(bridge.url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket", timeout=5)
    assert raw.recv().startswith("0")  # Engine.IO's open packet; the Socket.IO connect never follows
    deadline, ended = time.monotonic() + OUTLAST_PINGS_SECONDS, False
    while time.monotonic() < deadline and not ended:
        try:
            received = raw.recv()
        except websocket.WebSocketTimeoutException:
            continue
        except (websocket.WebSocketConnectionClosedException, ConnectionError):
            ended = True
            continue
        if received == "2":
            raw.send("3")  # answer every ping: only the bridge's own limit can close it
        ended = received in ("", "1")
    raw.close()
    assert ended, f"an unauthenticated connection stayed open {OUTLAST_PINGS_SECONDS} s (limit {HANDSHAKE_SECONDS} s)"


def test_a_world_and_a_user_hold_a_bounded_number_of_connections(redis_server):
    world = Store.from_url(redis_server.url).create_world("crowded", "Crowded", default_settings())
    web = Bridge(redis_server.url, extra_env={"VTT_BRIDGE_CONNECTIONS_PER_WORLD": "4", "VTT_BRIDGE_CONNECTIONS_PER_USER": "2"})
    opened = []
    try:
        gm = TableClient(web.url, {"world": "crowded", "gm_key": world.gm_key})
        token = lambda user: gm.request("token.mint", user=user)["result"]["token"]  # noqa: E731
        alice = token("alice")
        opened += [TableClient(web.url, {"world": "crowded", "token": alice}) for _ in range(2)]
        assert refusal(web, world="crowded", token=alice)["code"] == "too_many_connections"
        opened.append(TableClient(web.url, {"world": "crowded", "token": token("bob")}))
        assert refusal(web, world="crowded", token=token("carol"))["code"] == "too_many_connections"
        opened.pop(0).close()
        wait_until(lambda: _connects(web, alice), what="a freed place to be taken")
    finally:
        for client in [*opened]:
            client.close()
        web.stop()


def _connects(web, token) -> bool:
    try:
        TableClient(web.url, {"world": "crowded", "token": token}).close()
    except socketio.exceptions.ConnectionError:
        return False
    return True


def test_a_bridge_that_lost_its_redis_refuses_connections_as_unavailable(tmp_path):
    server = RedisServer(tmp_path)
    world = Store.from_url(server.url).create_world("lost", "Lost", default_settings())
    web = Bridge(server.url)
    try:
        server.stop()
        refused = refusal(web, world="lost", gm_key=world.gm_key)
        assert refused["code"] == "unavailable" and "unavailable" in refused["message"]
        assert json.loads(json.dumps(refused))["fields"] == {}
    finally:
        web.stop()
