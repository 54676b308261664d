"""Two web processes behind HAProxy with sticky sessions, one Redis, one worker:
clients on both, over WebSocket and over long-polling, and every push arrives
exactly once (docs/deploy.md's layout, with Debian's haproxy)."""

from __future__ import annotations

import csv
import shutil
import socket
import subprocess
import threading
import urllib.request
from collections import Counter

import pytest

from bridge.schemas.settings import default_settings
from bridge.table.store import Store

from ..services import Bridge, RedisServer, Worker, free_port, wait_until
from ..table import TableClient

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
ROLLS_EACH = 3
#: ``(user, transports)`` of the players, two of each in turn: HAProxy's round robin then sends
#: each transport's new sessions to both web processes. The GM connects over WebSocket.
PLAYERS = [(f"p{n}", ("polling",) if n // 2 % 2 else ("websocket",)) for n in range(8)]

CONFIG = """\
global
    stats socket {stats} level user
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
frontend table
    bind 127.0.0.1:{port}
    default_backend bridges
backend bridges
    balance roundrobin
    cookie bridge insert indirect nocache
    server web1 127.0.0.1:{first} cookie web1
    server web2 127.0.0.1:{second} cookie web2
"""


class HAProxy:
    """Debian's haproxy in the foreground, in front of the given web processes."""

    def __init__(self, workdir, port: int, first: int, second: int):
        self.port = port
        self.url = f"http://127.0.0.1:{self.port}"
        self.stats = workdir / "haproxy.sock"
        config = workdir / "haproxy.cfg"
        config.write_text(CONFIG.format(stats=self.stats, port=self.port, first=first, second=second))
        self.process = subprocess.Popen([HAPROXY, "-db", "-f", str(config)])
        wait_until(self._answers, what="haproxy")

    def _answers(self) -> bool:
        try:
            return urllib.request.urlopen(self.url + "/healthz", timeout=1).status in (200, 503)
        except urllib.error.HTTPError:
            return True
        except OSError:
            return False

    def current_sessions(self) -> dict[str, int]:
        """Each web process's open sessions, from HAProxy's statistics socket."""
        with socket.socket(socket.AF_UNIX) as stats:
            stats.connect(str(self.stats))
            stats.sendall(b"show stat\n")
            text = b"".join(iter(lambda: stats.recv(65536), b"")).decode()
        rows = csv.DictReader(text.lstrip("# ").splitlines())
        return {row["svname"]: int(row["scur"]) for row in rows if row["svname"].startswith("web")}

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def behind_a_proxy(tmp_path):
    if not shutil.which(HAPROXY):
        pytest.fail("haproxy is missing: ./dev test installs Debian's haproxy")
    redis_server = RedisServer(tmp_path)
    started = [redis_server]
    try:
        port = free_port()  # the public URL the web processes are told: the proxy's
        public = {"VTT_BRIDGE_PUBLIC_URL": f"http://127.0.0.1:{port}"}
        webs = [Bridge(redis_server.url, extra_env=public), Bridge(redis_server.url, extra_env=public)]
        started += webs
        started.append(Worker(redis_server.url))
        proxy = HAProxy(tmp_path, port, webs[0].port, webs[1].port)
        started.append(proxy)
        yield proxy, Store.from_url(redis_server.url)
    finally:
        for service in reversed(started):
            service.stop()


def test_the_proxy_answers_without_the_servers_banner(behind_a_proxy):
    proxy, _ = behind_a_proxy
    with urllib.request.urlopen(proxy.url + "/table", timeout=5) as answer:
        assert answer.headers.get("Server") is None


def test_every_push_arrives_once_across_two_web_processes(behind_a_proxy):
    proxy, store = behind_a_proxy
    world = store.create_world("proxied", "Proxied", default_settings())
    gm = TableClient(proxy.url, {"world": world.world_id, "gm_key": world.gm_key})
    clients = {"gm": gm}
    try:
        for user, transports in PLAYERS:
            assert gm.request("actors.assign", user=user, actor_ids=[f"hero-{user}"])["ok"]
            token = gm.request("token.mint", user=user)["result"]["token"]
            clients[user] = TableClient(proxy.url, {"world": world.world_id, "token": token}, transports=transports)
        polling_backends = {
            cookie.value for user, transports in PLAYERS if transports == ("polling",)
            for cookie in clients[user].sio.eio.http.cookies if cookie.name == "bridge"
        }
        assert polling_backends == {"web1", "web2"}
        assert all(open_sessions > 0 for open_sessions in proxy.current_sessions().values())

        rolled: dict[str, str] = {}  # roll id -> who rolled it
        lock = threading.Lock()

        def roll(user: str, times: int = ROLLS_EACH) -> None:
            for _ in range(times):
                answer = clients[user].request("roll", **_skill_roll("gm-hero" if user == "gm" else f"hero-{user}"))
                assert answer["ok"], answer
                with lock:
                    rolled[answer["result"]["roll_id"]] = user

        rollers = [threading.Thread(target=roll, args=(user,)) for user in clients]
        for roller in rollers:
            roller.start()
        for roller in rollers:
            roller.join()
        assert len(rolled) == ROLLS_EACH * len(clients)
        # Last, a roll from each web process: each process's queue listener delivers in the order
        # published, so once both reached a client, any duplicate of an earlier push has too.
        for backend in ("web1", "web2"):
            roll(next(user for user, transports in PLAYERS if transports == ("polling",)
                      and clients[user].sio.eio.http.cookies.get("bridge") == backend), times=1)

        for user, client in clients.items():
            others = {roll_id for roll_id, roller in rolled.items() if roller != user}
            wait_until(lambda: others <= {entry["roll_id"] for entry in client.received("roll.result")},
                       what=f"{user}'s pushes")
            counted = Counter(entry["roll_id"] for entry in client.received("roll.result"))
            assert counted == Counter({roll_id: 1 for roll_id in others}), user
    finally:
        for client in clients.values():
            client.close()


def _skill_roll(actor: str) -> dict:
    return {"actor_id": actor, "kind": "skill", "statistic": {"name": "Agility", "value": 3},
            "skill": {"name": "Firearms", "level": 2}}
