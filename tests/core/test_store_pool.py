"""A full connection pool makes a call wait for a connection, not fail."""

from __future__ import annotations

import threading

import redis

from bridge.table.store import Store

THREADS, CALLS = 8, 25


def _hammer(client: redis.Redis, key: str) -> list[BaseException]:
    """``THREADS`` threads each making ``CALLS`` increments at once; what they raised."""
    raised: list[BaseException] = []

    def calls():
        try:
            for _ in range(CALLS):
                client.incr(key)
        except BaseException as error:  # noqa: BLE001 - collected for the assertion
            raised.append(error)

    threads = [threading.Thread(target=calls) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return raised


def test_more_callers_than_connections_all_get_through(redis_server):
    store = Store.from_url(redis_server.url, connections=1)
    assert _hammer(store.redis, "pool:blocking") == []
    assert int(store.redis.get("pool:blocking")) == THREADS * CALLS

