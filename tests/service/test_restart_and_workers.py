"""State survives restarts; a dead worker's job is noticed within seconds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import redis
from rq import Queue, Retry

from bridge.schemas.settings import default_settings
from bridge.table.store import Store

from ..services import Bridge, RedisServer, Worker, free_port, wait_until
from ..table import TableClient
from ..wire.test_bridge import SKILL_ROLL


def test_bridge_and_redis_restart_keep_the_roll_log(tmp_path):
    server = RedisServer(tmp_path, appendonly=True)
    world = Store.from_url(server.url).create_world("keep", "Keep", default_settings())
    web = Bridge(server.url)
    gm = TableClient(web.url, {"world": "keep", "gm_key": world.gm_key})
    rolled = gm.request("roll", request_id="before-restart", **SKILL_ROLL)
    gm.close()
    web.stop()
    server.stop()

    server = RedisServer(tmp_path, appendonly=True)
    web = Bridge(server.url)
    try:
        gm = TableClient(web.url, {"world": "keep", "gm_key": world.gm_key})
        assert gm.request("roll.log")["result"]["rolls"] == [rolled["result"]]
        assert gm.request("roll", request_id="before-restart", **SKILL_ROLL) == rolled
        gm.close()
    finally:
        web.stop()
        server.stop()


def test_serve_runs_everything_and_keeps_worlds_across_restarts(tmp_path):
    """`vtt-bridge serve` with no configuration: embedded Redis, workers, web.
    Stopped with a GM still connected, by SIGTERM (a service manager) and by
    SIGINT (Ctrl-C), it exits cleanly and logs no error."""
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    bridge = [sys.executable, "-m", "bridge", "--data-dir", str(tmp_path)]
    created = subprocess.run([*bridge, "world", "create", "my-world"], env=env, capture_output=True, text=True, check=True)
    gm_key = json.loads(created.stdout)["gm_key"]  # shown this once
    command = [*bridge, "serve", "--port", str(port)]

    def serve_once(stop: signal.Signals) -> tuple[str, int, str]:
        process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_until(lambda: _healthy(url), what="serve to be healthy")
            gm = TableClient(url, {"world": "my-world", "gm_key": gm_key})
            gm.request("roll", **SKILL_ROLL)
            rolls = len(gm.request("roll.log")["result"]["rolls"])
        finally:
            process.send_signal(stop)
            logged = process.communicate(timeout=30)[1]
        gm.close()
        assert process.returncode == 0, logged
        assert not (tmp_path / "redis.url").exists(), "serve left its Redis running"
        return rolls, logged

    first_rolls, first_log = serve_once(signal.SIGTERM)
    second_rolls, second_log = serve_once(signal.SIGINT)
    assert (first_rolls, second_rolls) == (1, 2)
    for logged in (first_log, second_log):
        assert [line for line in logged.splitlines() if _is_error(line)] == [], logged


def test_the_message_queue_losing_redis_is_logged_as_json_lines(tmp_path):
    """python-socketio's own errors come as the bridge's JSON lines, once each."""
    server = RedisServer(tmp_path)
    world = Store.from_url(server.url).create_world("lost", "Lost", default_settings())
    stderr = tmp_path / "bridge.log"
    with stderr.open("w") as log:
        web = Bridge(server.url, stderr=log)
    try:
        TableClient(web.url, {"world": "lost", "gm_key": world.gm_key}).close()  # starts the queue's listener
        server.stop()
        wait_until(lambda: "Cannot receive from redis" in stderr.read_text(), what="the listener to log the loss")
    finally:
        web.stop()
    lost = [line for line in stderr.read_text().splitlines() if "Cannot receive from redis" in line]
    assert all(json.loads(line)["level"] == "error" for line in lost), lost


def _is_error(line: str) -> bool:
    """Whether a line of stderr is an error: a JSON record at ERROR or above, or a plain one."""
    try:
        return json.loads(line)["level"] in ("error", "critical")
    except (ValueError, TypeError, KeyError):
        return "error" in line.lower() or "cannot" in line.lower()


def _healthy(url: str) -> bool:
    import urllib.request

    try:
        return urllib.request.urlopen(url + "/healthz", timeout=1).status == 200
    except OSError:
        return False


def hold(seconds: float) -> str:
    """A job that takes its time, so its worker can be killed mid-way."""

    time.sleep(seconds)
    return "held"


@pytest.fixture
def queue_and_workers(redis_server):
    connection = redis.Redis.from_url(redis_server.url)
    queue = Queue(f"death-{free_port()}", connection=connection)
    env = {"VTT_BRIDGE_QUEUE": queue.name, "PYTHONPATH": os.getcwd()}
    started = []

    def start_worker():
        started.append(Worker(redis_server.url, env))
        return started[-1]

    yield queue, start_worker
    for worker in started:
        worker.stop()


def test_job_of_a_killed_worker_is_retried_within_seconds(queue_and_workers):
    queue, start_worker = queue_and_workers
    doomed = start_worker()
    job = queue.enqueue(hold, 3, retry=Retry(max=1), job_timeout=30)
    wait_until(lambda: job.get_status(refresh=True) == "started", what="the job to start")
    doomed.process.send_signal(signal.SIGKILL)
    doomed.process.wait()
    start_worker()
    # RQ's defaults take 10+ minutes to notice; here it must be seconds.
    wait_until(lambda: job.get_status(refresh=True) == "finished", timeout=45, what="the retried job to finish")
    assert job.return_value() == "held"


def test_rolls_reach_the_table_across_web_processes(tmp_path):
    """A web process that joins after rolls were made hears every roll from then on, and is heard."""
    server = RedisServer(tmp_path)
    world = Store.from_url(server.url).create_world("two-webs", "Two webs", default_settings())
    first = Bridge(server.url)
    second = None
    clients = []
    try:
        gm = TableClient(first.url, {"world": "two-webs", "gm_key": world.gm_key})
        clients.append(gm)
        gm.request("roll", **SKILL_ROLL)
        second = Bridge(server.url)
        token = gm.request("token.mint", user="bob")["result"]["token"]
        bob = TableClient(second.url, {"world": "two-webs", "token": token})
        clients.append(bob)
        rolled = gm.request("roll", **SKILL_ROLL)["result"]
        assert bob.wait_for("roll.result", lambda entry: entry["roll_id"] == rolled["roll_id"])["result"] == rolled["result"]
        gm_again = TableClient(second.url, {"world": "two-webs", "gm_key": world.gm_key, "user": "gm2"})
        clients.append(gm_again)
        answer = bob.request("ping")
        assert answer["ok"]
        rolled_there = gm_again.request("roll", **SKILL_ROLL)["result"]
        assert gm.wait_for("roll.result", lambda entry: entry["roll_id"] == rolled_there["roll_id"])
    finally:
        for client in clients:
            client.close()
        for web in (second, first):
            if web is not None:
                web.stop()
        server.stop()
