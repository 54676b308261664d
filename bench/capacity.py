"""Capacity: how many tables one web process holds, as users feel it.

``python -m bench.capacity`` (from the repository root) starts, one after
the other, the bridge and three anchors doing what a roll does on the wire
and nothing else (``bench/anchors.py``, ``bench/node_echo/echo.js``), and
loads each the same way:

- paced rows: N worlds x 5 clients, each client rolling every 2 s (a human
  pace), each roll's card pushed to the other 4 clients of its world;
- burst rows: N worlds x 5 clients, each rolling again as soon as its roll is
  acknowledged;
- idle: 1,000 connections that do nothing, for memory and threads.

Each row prints p50 and p99 of the acknowledgement, errors (refusals,
timeouts, failed connections), push losses (a card that did not reach one of
the other clients of its world exactly once: missing or doubled), rolls/s, and the server's RSS
and threads (its whole process tree, highest sample). Last, each subject's
largest paced N with p99 under 50 ms and no error. The clients are
python-socketio's asyncio client over WebSocket, all in this process, so on a
small machine they share its CPUs with the server under test.

Nothing is asserted; the machine is shared and noisy, which is why the
anchors run in the same run as the bridge.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import pathlib
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterator

import socketio

from bridge.protocol import PROTOCOL_VERSION
from bridge.schemas.settings import default_settings
from bridge.service.server import web_command
from bridge.table.store import Store
from tests.services import RedisServer, free_port, wait_until
from tests.service.test_proxy import HAProxy

ROOT = pathlib.Path(__file__).resolve().parent.parent
NODE_ECHO = ROOT / "bench" / "node_echo"
#: The bridge as shipped, the bridge on the other servers Flask-SocketIO documents, and the anchors.
SUBJECTS = ("bridge", "bridge-queued", "bridge-2web", "bridge-gthread", "bridge-geventws", "bridge-gunicorn", "threaded-echo", "async-echo",
            "node-echo")
DEFAULT_SUBJECTS = ("bridge", "bridge-2web", "threaded-echo", "async-echo", "node-echo")
CLIENTS_PER_WORLD = 5
#: A human's pace: one roll every this many seconds per client.
PACE_SECONDS = 2.0
#: The p99 a paced row must stay under, with no error, to count as held.
HELD_P99_MS = 50
ANSWER_TIMEOUT_SECONDS = 5
CONNECT_TIMEOUT_SECONDS = 20
#: Connections opened at once.
PARALLEL_CONNECTS = 50
#: After the last roll, how long pushes still in flight get to arrive, in seconds.
SETTLE_SECONDS = 2
#: Past this, larger paced rows of the same subject are skipped.
HOPELESS_P99_MS = 2000
ROLL = {"actor_id": "hero", "kind": "skill", "statistic": {"name": "Agility", "value": 3},
        "skill": {"name": "Firearms", "level": 2}}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: The gthread alternative's threads: one per connection it holds.
GTHREAD_THREADS = 1100
#: gunicorn's gevent workers as the bridge's web process ran on them (bridge.service.web's bounds).
GUNICORN_GEVENT = ("--worker-connections", "10000", "--graceful-timeout", "3")


# -- the servers -----------------------------------------------------------------


@dataclass
class Subject:
    name: str
    url: str
    processes: list[subprocess.Popen]  # the server's, and for bridge-2web the second web process and the proxy
    store: Store | None = None  # the bridge's, to make its worlds
    redis_pid: int | None = None  # the bridge's redis-server: its CPU is the bridge's too, its memory is not counted

    def worlds(self, count: int) -> list[dict]:
        """``count`` fresh worlds, as each client's ``auth`` but for its user."""
        if self.store is None:
            return [{"world": f"w{uuid.uuid4().hex[:10]}"} for _ in range(count)]
        made = [self.store.create_world(f"cap-{uuid.uuid4().hex[:12]}", "Capacity", default_settings())
                for _ in range(count)]
        return [{"protocol": PROTOCOL_VERSION, "world": world.world_id, "gm_key": world.gm_key} for world in made]

    def footprint(self) -> tuple[float, int]:
        """RSS in MB and threads, summed over the server's process trees."""
        rss_kb = threads = 0
        for pid in (pid for process in self.processes for pid in _tree(process.pid)):
            try:
                status = pathlib.Path(f"/proc/{pid}/status").read_text().splitlines()
            except OSError:
                continue
            fields = dict(line.split(":", 1) for line in status if ":" in line)
            rss_kb += int(fields.get("VmRSS", "0 kB").split()[0])
            threads += int(fields.get("Threads", "0"))
        return rss_kb / 1024, threads

    def cpu_seconds(self) -> float:
        """CPU (user + system) used so far by the server's process trees and, for the bridge, its redis-server."""
        pids = [pid for process in self.processes for pid in _tree(process.pid)] + [self.redis_pid] * bool(self.redis_pid)
        used = 0.0
        for pid in pids:
            with contextlib.suppress(OSError):
                fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                used += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        return used


def _tree(pid: int) -> list[int]:
    found = [pid]
    for task in pathlib.Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                found += _tree(int(child))
    return found


@contextlib.contextmanager
def started(name: str, workdir: str, logs) -> Iterator[Subject]:
    port = free_port()
    redis_server = store = None
    env = {**os.environ, "LOG_LEVEL": "WARNING"}
    if name.startswith("bridge"):
        redis_server = RedisServer(workdir)
        store = Store.from_url(redis_server.url)
        env["REDIS_URL"] = redis_server.url
        # every load client comes from 127.0.0.1, as a proxy's would: the per-address bound is the proxy's then
        env["VTT_BRIDGE_SOCKETS_PER_ADDRESS"] = "0"
    if name == "bridge":  # as serve runs it: the only web process on its Redis
        env["VTT_BRIDGE_SOLE_WEB_PROCESS"] = "1"
        command = web_command("127.0.0.1", port)
    elif name == "bridge-queued":  # one web process as `vtt-bridge web` runs it: pushes through Redis's channel
        command = web_command("127.0.0.1", port)
    elif name == "bridge-2web":  # docs/deploy.md: two web processes on one Redis, behind HAProxy (started below)
        command = web_command("127.0.0.1", free_port())
    elif name == "bridge-gthread":
        command = _gunicorn("gthread", port, "--threads", str(GTHREAD_THREADS), app="bench.threaded_bridge:app")
    elif name == "bridge-geventws":  # needs gevent-websocket installed, which the shipped server must not have
        command = _gunicorn("geventwebsocket.gunicorn.workers.GeventWebSocketWorker", port, *GUNICORN_GEVENT)
    elif name == "bridge-gunicorn":  # the web process before gevent's own server: gunicorn's gevent worker
        command = _gunicorn("gevent", port, *GUNICORN_GEVENT)
    elif name == "node-echo":
        _install_node_echo()
        command = ["node", str(NODE_ECHO / "echo.js"), str(port)]
    else:
        command = [sys.executable, "-m", "bench.anchors", name.removesuffix("-echo"), str(port)]
    processes = [subprocess.Popen(command, cwd=ROOT, env=env, stdout=logs, stderr=logs)]
    subject = Subject(name, f"http://127.0.0.1:{port}", processes, store,
                      redis_server.process.pid if redis_server else None)
    try:
        if name == "bridge-2web":
            first, second = int(command[-1]), free_port()
            processes.append(subprocess.Popen(web_command("127.0.0.1", second), cwd=ROOT, env=env,
                                              stdout=logs, stderr=logs))
            for web_port, web in ((first, processes[0]), (second, processes[1])):
                wait_until(lambda: _listening(web_port, web), what=name)
            haproxy = HAProxy(pathlib.Path(workdir), port, first, second)
            processes.append(haproxy.process)
        wait_until(lambda: _listening(port, processes[-1]), what=name)
        yield subject
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        if redis_server:
            redis_server.stop()


def _gunicorn(worker_class: str, port: int, *options: str, app: str = "bridge.service.wsgi:app") -> list[str]:
    """gunicorn (``pip install gunicorn``) with one worker of ``worker_class`` serving ``app`` on ``port``."""
    return [sys.executable, "-m", "gunicorn", "--worker-class", worker_class, "--workers", "1",
            "--bind", f"127.0.0.1:{port}", "--no-control-socket", *options, app]


def _listening(port: int, process: subprocess.Popen) -> bool:
    import socket

    if process.poll() is not None:
        raise RuntimeError(f"the server exited with {process.returncode}")
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _install_node_echo() -> None:
    if not (NODE_ECHO / "node_modules" / "socket.io").is_dir():
        npm = shutil.which("npm") or "npm"
        subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=NODE_ECHO, check=True,
                       stdout=subprocess.DEVNULL)


# -- the clients -----------------------------------------------------------------


@dataclass
class Row:
    subject: str
    mode: str
    worlds: int
    latencies: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    rolled: list[tuple["Player", str]] = field(default_factory=list)  # (roller, roll id)
    seconds: float = 0.0
    rss_mb: float = 0.0
    threads: int = 0
    cpu_seconds: float = 0.0
    losses: int = 0
    duplicates: int = 0

    def figures(self) -> dict:
        ordered = sorted(self.latencies)
        return {
            "subject": self.subject, "mode": self.mode, "worlds": self.worlds,
            "clients": self.worlds * CLIENTS_PER_WORLD,
            "p50_ms": round(statistics.median(ordered) * 1000, 1) if ordered else None,
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 1) if ordered else None,
            "errors": sum(self.errors.values()), "error_kinds": dict(self.errors),
            "push_losses": self.losses, "push_duplicates": self.duplicates,
            "rolls_per_s": round(len(ordered) / self.seconds, 1) if self.seconds else 0.0,
            "rss_mb": round(self.rss_mb, 1), "threads": self.threads,
            "cpu_ms_per_roll": round(self.cpu_seconds * 1000 / len(ordered), 2) if ordered else None,
        }


class Player:
    """One connection, counting the cards pushed to it."""

    def __init__(self, world: int, auth: dict):
        self.world, self.auth = world, auth
        self.cards: Counter = Counter()
        self.sio = socketio.AsyncClient(reconnection=False)
        self.sio.on("roll.result", self._card)

    async def _card(self, data) -> None:
        self.cards[data.get("roll_id")] += 1

    async def connect(self, url: str) -> None:
        await self.sio.connect(url, auth=self.auth, transports=["websocket"], wait_timeout=CONNECT_TIMEOUT_SECONDS)

    async def roll(self, row: Row) -> None:
        started_at = time.perf_counter()
        try:
            answer = await self.sio.call("roll", {**ROLL, "request_id": uuid.uuid4().hex}, timeout=ANSWER_TIMEOUT_SECONDS)
        except socketio.exceptions.TimeoutError:
            row.errors["timeout"] += 1
            return
        except Exception as error:  # noqa: BLE001 - a dropped connection is the row's error, not the run's
            row.errors[type(error).__name__] += 1
            return
        if not answer.get("ok"):
            row.errors[answer.get("error", {}).get("code", "refused")] += 1
            return
        row.latencies.append(time.perf_counter() - started_at)
        row.rolled.append((self, answer["result"]["roll_id"]))


async def _connected(subject: Subject, worlds: int, row: Row) -> list[Player]:
    auths = subject.worlds(worlds)
    players = [Player(index, {**auth, "user": f"u{seat}"}) for index, auth in enumerate(auths)
               for seat in range(CLIENTS_PER_WORLD)]
    gate = asyncio.Semaphore(PARALLEL_CONNECTS)

    async def connect(player: Player) -> Player | None:
        async with gate:
            try:
                await player.connect(subject.url)
                return player
            except Exception as error:  # noqa: BLE001
                row.errors[f"connect:{type(error).__name__}"] += 1
                return None

    return [player for player in await asyncio.gather(*map(connect, players)) if player]


async def _sample(subject: Subject, row: Row, stop: asyncio.Event) -> None:
    while not stop.is_set():
        rss, threads = await asyncio.to_thread(subject.footprint)
        row.rss_mb, row.threads = max(row.rss_mb, rss), max(row.threads, threads)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 1)


async def load_row(subject: Subject, mode: str, worlds: int, seconds: float) -> Row:
    """One paced or burst row, from fresh connections and fresh worlds."""
    row = Row(subject.name, mode, worlds)
    players = await _connected(subject, worlds, row)
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sample(subject, row, stop))
    loop = asyncio.get_running_loop()
    ends = loop.time() + seconds

    async def paced(player: Player) -> None:
        await asyncio.sleep(random.uniform(0, PACE_SECONDS))
        due = loop.time()
        while due < ends:
            await player.roll(row)
            due += PACE_SECONDS
            await asyncio.sleep(max(0.0, due - loop.time()))

    async def burst(player: Player) -> None:
        while loop.time() < ends:
            await player.roll(row)

    begun, cpu_before = loop.time(), subject.cpu_seconds()
    await asyncio.gather(*map(paced if mode == "paced" else burst, players))
    row.seconds, row.cpu_seconds = loop.time() - begun, subject.cpu_seconds() - cpu_before
    await asyncio.sleep(SETTLE_SECONDS)
    stop.set()
    await sampler
    row.losses, row.duplicates = _misdelivered(row, players)
    await asyncio.gather(*(player.sio.disconnect() for player in players), return_exceptions=True)
    return row


def _misdelivered(row: Row, players: list[Player]) -> tuple[int, int]:
    """Cards that did not reach another client of their world, and cards that reached one twice or more."""
    by_world: dict[int, list[Player]] = {}
    for player in players:
        by_world.setdefault(player.world, []).append(player)
    counts = [other.cards[roll_id] for roller, roll_id in row.rolled for other in by_world[roller.world]
              if other is not roller]
    return sum(count == 0 for count in counts), sum(count > 1 for count in counts)


async def idle_row(subject: Subject, connections: int) -> Row:
    row = Row(subject.name, "idle", connections // CLIENTS_PER_WORLD)
    players = await _connected(subject, connections // CLIENTS_PER_WORLD, row)
    await asyncio.sleep(5)
    row.rss_mb, row.threads = subject.footprint()
    await asyncio.gather(*(player.sio.disconnect() for player in players), return_exceptions=True)
    return row


# -- the run -----------------------------------------------------------------------


HEADER = (f"{'subject':<16}{'mode':<6}{'worlds':>7}{'clients':>8}{'p50 ms':>8}{'p99 ms':>9}{'errors':>7}"
          f"{'losses':>7}{'rolls/s':>9}{'RSS MB':>8}{'threads':>8}{'CPU ms/roll':>12}")


def show(figures: dict) -> str:
    def ms(value):
        return "-" if value is None else f"{value:.1f}"

    kinds = ",".join(f"{kind}:{count}" for kind, count in figures["error_kinds"].items())
    return (f"{figures['subject']:<16}{figures['mode']:<6}{figures['worlds']:>7}{figures['clients']:>8}"
            f"{ms(figures['p50_ms']):>8}{ms(figures['p99_ms']):>9}{figures['errors']:>7}{figures['push_losses']:>7}"
            f"{figures['rolls_per_s']:>9.1f}{figures['rss_mb']:>8.1f}{figures['threads']:>8}"
            f"{ms(figures['cpu_ms_per_roll']):>12}"
            + (f"  ({kinds})" if kinds else ""))


def held(figures: dict) -> bool:
    return (figures["errors"] == 0 and figures["push_losses"] == figures["push_duplicates"] == 0
            and figures["p99_ms"] is not None
            and figures["p99_ms"] < HELD_P99_MS)


async def run_subject(subject: Subject, args: argparse.Namespace, report: Callable[[dict], None]) -> list[dict]:
    rows = []
    for worlds in args.paced:
        figures = (await load_row(subject, "paced", worlds, args.seconds)).figures()
        report(figures)
        rows.append(figures)
        if figures["p99_ms"] is None or figures["p99_ms"] > HOPELESS_P99_MS:
            break
    for worlds in args.burst:
        figures = (await load_row(subject, "burst", worlds, args.burst_seconds)).figures()
        report(figures)
        rows.append(figures)
    if args.idle:
        figures = (await idle_row(subject, args.idle)).figures()
        report(figures)
        rows.append(figures)
    return rows


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per client, a few more per server

    def report(figures: dict) -> None:
        print(show(figures), flush=True)

    print(f"capacity: {CLIENTS_PER_WORLD} clients per world, paced rows a roll every {PACE_SECONDS} s per client "
          f"for {args.seconds} s, burst rows {args.burst_seconds} s; {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    print(HEADER, flush=True)
    everything = []
    with tempfile.TemporaryDirectory(prefix="vtt-capacity-") as workdir:
        with open(args.logs or os.devnull, "a") as logs:
            for name in args.subjects:
                with started(name, workdir, logs) as subject:
                    everything += asyncio.run(run_subject(subject, args, report))
    print(f"largest paced N (worlds x {CLIENTS_PER_WORLD}) with p99 < {HELD_P99_MS} ms, no error, no loss:")
    for name in dict.fromkeys(args.subjects):  # a subject named twice (alternating runs) once
        counts = [row["worlds"] for row in everything if row["subject"] == name and row["mode"] == "paced" and held(row)]
        print(f"  {name:<16}{max(counts) if counts else 'none'}")
    return 0


def _counts(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.capacity", description=__doc__.splitlines()[0])
    parser.add_argument("--subjects", type=lambda text: text.split(","), default=list(DEFAULT_SUBJECTS),
                        help=f"comma-separated, of {', '.join(SUBJECTS)} (default: the bridge and the echoes)")
    parser.add_argument("--paced", type=_counts, default=[10, 50, 100, 150, 200],
                        help="worlds of each paced row (default 10,50,100,150,200)")
    parser.add_argument("--burst", type=_counts, default=[1, 10], help="worlds of each burst row (default 1,10)")
    parser.add_argument("--idle", type=int, default=1000, help="idle connections (default 1000; 0 skips)")
    parser.add_argument("--seconds", type=float, default=20, help="length of a paced row (default 20)")
    parser.add_argument("--burst-seconds", type=float, default=10, help="length of a burst row (default 10)")
    parser.add_argument("--logs", metavar="PATH", help="append the servers' output here (default: dropped)")
    args = parser.parse_args(argv)
    unknown = set(args.subjects) - set(SUBJECTS)
    if unknown:
        parser.error(f"unknown subjects: {', '.join(sorted(unknown))}")
    return args


if __name__ == "__main__":
    sys.exit(main())
