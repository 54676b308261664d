"""`vtt-bridge serve` heals its faults (issue 32, items 15-17), attacked
with kill -9: a killed worker is replaced, a killed Redis is started again
with the table's state, a killed `serve` takes its children along, and a new
`serve` stops whatever an old one left running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request

import pytest
import redis
from rq import Worker

from bridge.service.lineage import RECORD_FILE, started_at

from ..services import RedisServer, descendants, free_port, wait_until
from ..table import TableClient
from ..wire.test_bridge import SKILL_ROLL

#: How long a test waits for serve to heal, in seconds.
HEAL_TIMEOUT_SECONDS = 60


class Serve:
    """`vtt-bridge serve` on a data directory of its own, with a world made before."""

    def __init__(self, data_dir, workers: int = 1, log_level: str = "WARNING"):
        self.data_dir, self.port = data_dir, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"} | {"LOG_LEVEL": log_level}
        self.bridge = [sys.executable, "-m", "bridge", "--data-dir", str(data_dir)]
        if not (data_dir / "redis").exists():
            made = subprocess.run([*self.bridge, "world", "create", "table"], env=self.env, capture_output=True, text=True, check=True)
            self.gm_key = json.loads(made.stdout)["gm_key"]
        self.log_path = data_dir.parent / f"serve-{self.port}.log"
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([*self.bridge, "serve", "--port", str(self.port), "--workers", str(workers)],
                                        env=self.env, stderr=self.log)
        wait_until(self.healthy, timeout=HEAL_TIMEOUT_SECONDS, what="serve to be healthy")

    def healthy(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(f"serve exited with {self.process.returncode}")
        try:
            return urllib.request.urlopen(self.url + "/healthz", timeout=2).status == 200
        except OSError:
            return False

    def children(self) -> dict[str, int]:
        return {name: pid for name, (pid, _) in json.loads((self.data_dir / RECORD_FILE).read_text())["children"].items()}

    def redis(self) -> redis.Redis:
        return redis.Redis.from_url((self.data_dir / "redis.url").read_text().strip())

    def worker_pids(self) -> set[int]:
        return {worker.pid for worker in Worker.all(connection=self.redis()) if started_at(worker.pid) is not None}

    def gm(self) -> TableClient:
        return TableClient(self.url, {"world": "table", "gm_key": self.gm_key})

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(60)
        self.log.close()


@pytest.fixture
def serve(tmp_path):
    started = []

    def start(**options) -> Serve:
        started.append(Serve(tmp_path / "data", **options))
        return started[-1]

    yield start
    for one in started:
        one.stop()


def test_a_killed_worker_is_replaced_and_jobs_still_run(serve):
    served = serve(workers=2)
    wait_until(lambda: len(served.worker_pids()) == 2, what="two workers")
    before = served.worker_pids()
    victim = min(before)
    os.kill(victim, signal.SIGKILL)
    wait_until(lambda: len(served.worker_pids() - before) == 1 and victim not in served.worker_pids(),
               timeout=HEAL_TIMEOUT_SECONDS, what="a new worker in the killed one's place")
    gm = served.gm()
    queued = gm.request("worker.ping", echo="after the kill")["result"]
    assert gm.wait_for("job.result", lambda push: push["job_id"] == queued["job_id"])["result"] == {"echo": "after the kill"}
    gm.close()


def test_a_killed_redis_is_started_again_with_the_tables_state(serve):
    served = serve()
    gm = served.gm()
    rolled = gm.request("roll", **SKILL_ROLL)["result"]
    gm.close()
    client = served.redis()
    client.bgrewriteaof()  # the roll on disk before the kill (the AOF is fsynced every second otherwise)
    wait_until(lambda: not any(client.info("persistence")[k] for k in ("aof_rewrite_in_progress", "aof_rewrite_scheduled")),
               what="the AOF rewrite")
    killed = served.children()["redis"]
    os.kill(killed, signal.SIGKILL)
    wait_until(lambda: served.children()["redis"] != killed and served.healthy(), timeout=HEAL_TIMEOUT_SECONDS,
               what="serve to start its Redis again")
    gm = wait_until(lambda: _connected(served), timeout=HEAL_TIMEOUT_SECONDS, what="a GM connection")
    assert gm.request("roll.log")["result"]["rolls"] == [rolled]
    gm.close()


def _connected(served):
    try:
        return served.gm()
    except Exception:  # noqa: BLE001 - refused while the web process reconnects
        return None


def test_kill_9_of_serve_takes_its_redis_and_workers_along(serve):
    served = serve(workers=2)
    wait_until(lambda: len(served.worker_pids()) == 2, what="two workers")
    family = {*served.children().values(), *served.worker_pids(), *descendants(served.process.pid)}  # the web's too
    served.process.kill()
    served.process.wait()
    wait_until(lambda: not any(started_at(pid) for pid in family), timeout=HEAL_TIMEOUT_SECONDS,
               what="serve's children to end with it")


def test_a_new_serve_stops_what_an_old_one_left_and_a_second_serve_is_refused(serve, tmp_path):
    data = tmp_path / "data"
    first = serve()
    first.stop()
    left_redis = RedisServer(tmp_path)
    left_worker = subprocess.Popen([sys.executable, "-m", "workers"], env={**os.environ, "REDIS_URL": left_redis.url})
    gone = subprocess.Popen(["true"])
    gone.wait()
    record = {"serve": [gone.pid, 1], "children": {name: [process.pid, started_at(process.pid)] for name, process in
                                                   (("redis", left_redis.process), ("workers", left_worker))}}
    (data / RECORD_FILE).write_text(json.dumps(record))
    second = serve()
    assert left_redis.process.wait(30) is not None and left_worker.wait(30) is not None
    assert set(second.children()) == {"redis", "workers"}
    third = subprocess.run([*second.bridge, "serve", "--port", str(free_port())], env=second.env, capture_output=True,
                           text=True, timeout=60)
    assert third.returncode != 0 and "already runs" in third.stderr


def test_serve_exits_non_zero_when_its_redis_cannot_be_started_again(serve):
    served = serve()
    log = served.data_dir / "redis" / "redis.log"
    log.rename(log.with_name("redis.log.before"))
    log.mkdir()  # where Redis writes its log: a new Redis cannot start
    os.kill(served.children()["redis"], signal.SIGKILL)
    assert served.process.wait(HEAL_TIMEOUT_SECONDS) == 1
    served.log.flush()
    assert "cannot be restarted" in (served.data_dir.parent / f"serve-{served.port}.log").read_text()
