"""Fixtures: one real Redis, bridge and worker for the session; a world per test."""

from __future__ import annotations

import os
import tempfile
import threading
import uuid

import pytest

from bridge.schemas.settings import default_settings
from bridge.table.store import Store

from .services import Bridge, RedisServer, Worker
from .table import TableClient

# The server's keys (bridge.table.keyring) for this run: the tests' own stores, the bridges and the workers they start share them.
os.environ["VTT_BRIDGE_SECRET_FILE"] = os.path.join(tempfile.mkdtemp(prefix="vtt-keys-"), "secrets.json")


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def bridge(redis_server):
    web = Bridge(redis_server.url)
    worker = Worker(redis_server.url)
    yield web
    try:
        worker.stop()
    finally:  # a worker slow to stop must not leave the web process running
        web.stop()


@pytest.fixture
def store(redis_server) -> Store:
    return Store.from_url(redis_server.url)


@pytest.fixture
def world(store):
    """A fresh world; its GM key opens the GM's connection."""
    return store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Test world", default_settings())


@pytest.fixture
def connect(bridge):
    """``connect(**auth)`` opens a real Socket.IO connection, closed after the test."""
    clients = []

    def open_client(**auth) -> TableClient:
        client = TableClient(bridge.url, auth)
        clients.append(client)
        return client

    yield open_client
    # A websocket-client close waits up to 3 s for the server's close frame:
    # close them side by side.
    closers = [threading.Thread(target=client.close) for client in clients]
    for closer in closers:
        closer.start()
    for closer in closers:
        closer.join()


@pytest.fixture
def gm(world, connect) -> TableClient:
    return connect(world=world.world_id, gm_key=world.gm_key)


@pytest.fixture
def player_for(world, gm, connect):
    """``player_for(user, actor_ids)``: a player connected with a GM-minted token."""

    def join(user: str, actor_ids=()) -> TableClient:
        minted = gm.request("token.mint", user=user)
        assert minted["ok"], minted
        assigned = gm.request("actors.assign", user=user, actor_ids=list(actor_ids))
        assert assigned["ok"], assigned
        return connect(world=world.world_id, token=minted["result"]["token"])

    return join
