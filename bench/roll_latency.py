"""Roll latency as ratios against a floor measured in the same run.

``python -m bench.roll_latency`` (from the repository root) starts its own
redis-server, one bridge web process and one worker, then times:

- the synchronous path: a skill ``roll`` against the ``ping`` echo request,
  acknowledgement round trips, with 1 and with ``--clients`` connections;
- the queued path: ``odds`` against ``worker.ping`` (a job with no work in
  it), from the emit to the arrival of the ``job.result`` push, with 1 and
  with ``--queued-clients`` connections.

The machine is shared and noisy, so absolute times mean little. Each subject
is compared with its floor, measured on the same server in alternating
batches (ABBA order, every client in lockstep) so that drift hits both alike.
Nothing is asserted: the exit status is 0 whatever the figures are. What
users feel under load is ``bench.capacity``'s to measure.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import websocket

from bridge.protocol import PROTOCOL_VERSION, Push, Request
from bridge.schemas.settings import default_settings
from bridge.systems.moment_of_truth.names import Event
from bridge.table.store import Store
from tests.services import Bridge, RedisServer, Worker, wait_until

from .process_cpu import CpuMeter, schedule

#: Timed requests per client and per event, unless --requests says otherwise.
DEFAULT_REQUESTS = 200
#: Concurrent connections of the crowded synchronous scenario.
DEFAULT_CLIENTS = 50
#: Concurrent connections of the crowded queued scenario (0 or 1 skips it).
DEFAULT_QUEUED_CLIENTS = 10
#: Untimed requests per client and per event before timing starts.
WARMUP_REQUESTS = 10
#: Consecutive requests of one event before a client switches to the other.
BATCH_REQUESTS = 10

#: Longest wait for one acknowledgement or one job.result push, in seconds.
ANSWER_TIMEOUT_SECONDS = 30
#: Longest wait for a connection to open and be accepted, in seconds.
CONNECT_TIMEOUT_SECONDS = 10
#: Longest wait for the server's answer to a WebSocket close frame, in seconds.
CLOSE_TIMEOUT_SECONDS = 0.5
#: Longest a client waits at a batch boundary for the slowest one, in seconds.
BARRIER_TIMEOUT_SECONDS = 300
#: Longest wait for a started process to exit before it is killed, in seconds.
STOP_TIMEOUT_SECONDS = 10
#: Timeout of one /healthz probe, in seconds.
HEALTH_PROBE_TIMEOUT_SECONDS = 1
#: Connections opened or closed at once around each scenario.
PARALLEL_SETUP = 50

#: The roll every ``roll`` and ``odds`` request asks for: 3 + 2 = 5d6, skilled.
STATISTIC = {"name": "Agility", "value": 3}
SKILL = {"name": "Athletics", "level": 2}
#: The small object ``ping`` and ``worker.ping`` send back.
ECHO = {"bench": "roll_latency", "n": 1}

MS_PER_SECOND = 1000


# -- the processes -------------------------------------------------------------


@dataclass(frozen=True)
class Services:
    redis_url: str
    bridge_url: str
    processes: dict[str, subprocess.Popen]

    def exited(self) -> list[str]:
        """The started processes that are no longer running, with their exit codes."""
        return [f"{name} (exit code {process.returncode})" for name, process in self.processes.items() if process.poll() is not None]


@contextlib.contextmanager
def running_services(log_path: str | None) -> Iterator[Services]:
    """redis-server, one bridge web process and one worker, all stopped on exit.

    Their output goes to ``log_path``, or to a file deleted afterwards.
    """
    started: list = []
    with tempfile.TemporaryDirectory(prefix="vtt-bench-") as workdir:
        try:
            with _children_write_to(log_path or os.path.join(workdir, "services.log")):
                redis_server = _launch(started, RedisServer, workdir)
                bridge = _launch(started, Bridge, redis_server.url)
                worker = _launch(started, Worker, redis_server.url)
            wait_until(lambda: _healthy(bridge.url), what="a registered worker")
            processes = {"redis-server": redis_server.process, "bridge": bridge.process, "worker": worker.process}
            yield Services(redis_server.url, bridge.url, processes)
        finally:
            for service in reversed(started):
                _stop(service)


@contextlib.contextmanager
def _children_write_to(path: str) -> Iterator[None]:
    """Point this process's stdout and stderr at ``path`` for a while.

    The tests' service classes start processes that inherit both; their logs
    would bury the table (and break ``--json``).
    """
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    try:
        with open(path, "ab") as log:
            os.dup2(log.fileno(), 1)
            os.dup2(log.fileno(), 2)
        yield
    finally:
        for fd, original in zip((1, 2), saved):
            os.dup2(original, fd)
            os.close(original)


def _launch(started: list, service_class, *args):
    """Start one of the tests' service classes, remembered *before* it starts,
    so a start that fails or is interrupted half-way is still stopped."""
    service = service_class.__new__(service_class)
    started.append(service)
    service.__init__(*args)
    return service


def _stop(service) -> None:
    """Terminate the service's process (if it got one), killing it if it lingers."""
    process: subprocess.Popen | None = getattr(service, "process", None)
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(STOP_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _healthy(bridge_url: str) -> bool:
    """True once /healthz answers 200: Redis reachable and a worker alive."""
    try:
        with urllib.request.urlopen(bridge_url + "/healthz", timeout=HEALTH_PROBE_TIMEOUT_SECONDS) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


# -- the clients ---------------------------------------------------------------

# Engine.IO 4 / Socket.IO 5 text packets, as much of them as this client needs.
EIO_OPEN, EIO_CLOSE, EIO_PING, EIO_PONG = "0", "1", "2", "3"
SIO_CONNECT, SIO_DISCONNECT, SIO_EVENT, SIO_ACK, SIO_CONNECT_ERROR = "40", "41", "42", "43", "44"
#: Pushes this client decodes (job.progress, job.result, job.failed); every
#: other push (roll.result, session.ready) is skipped without decoding.
JOB_PUSH_PREFIX = SIO_EVENT + '["job.'


@dataclass
class _Awaited:
    """One answer a request thread waits for; the reader thread fills it in."""

    done: threading.Event = field(default_factory=threading.Event)
    arrived_at: float = 0.0
    value: Any = None


class BenchClient:
    """One GM connection over a bare WebSocket, speaking just enough Socket.IO.

    Not python-socketio's ``Client``: in threading mode it starts an OS thread
    for every message it receives. With every GM in one world, each roll is
    pushed to every other connection, and 50 such clients in one process
    saturate a core by themselves: the benchmark would time its own client.
    This one decodes only acknowledgements and job pushes, on one reader
    thread per connection, and answers the server's pings.
    """

    def __init__(self, bridge_url: str, world_id: str, gm_key: str, user: str, actor_id: str):
        self.actor_id = actor_id
        self._acks: dict[int, _Awaited] = {}
        self._jobs: dict[str, _Awaited] = {}
        self._ack_ids = itertools.count()
        self._failure: BaseException | None = None
        url = bridge_url.replace("http://", "ws://", 1) + "/socket.io/?EIO=4&transport=websocket"
        # websocket-client checks UTF-8 in pure Python, a cost per received frame
        # that would again make the client, not the bridge, the bottleneck.
        self.ws = websocket.create_connection(
            url, timeout=CONNECT_TIMEOUT_SECONDS, enable_multithread=True, skip_utf8_validation=True
        )
        try:
            self._join({"protocol": PROTOCOL_VERSION, "world": world_id, "gm_key": gm_key, "user": user})
        except BaseException:
            self.ws.close(timeout=CLOSE_TIMEOUT_SECONDS)
            raise
        self.ws.settimeout(None)
        threading.Thread(target=self._read, name=f"bench-reader-{user}", daemon=True).start()

    def _join(self, auth: dict) -> None:
        """Engine.IO open, then the Socket.IO connect with ``auth``."""
        opening = self.ws.recv()
        if not opening.startswith(EIO_OPEN):
            raise ConnectionError(f"expected an Engine.IO open packet, got {opening[:80]!r}")
        self.ws.send(SIO_CONNECT + json.dumps(auth))
        while True:
            message = self.ws.recv()
            if message.startswith(SIO_CONNECT):
                return
            if message.startswith(SIO_CONNECT_ERROR):
                raise ConnectionError(f"the bridge refused the connection: {message[len(SIO_CONNECT_ERROR):]}")
            # session.ready may come first; nothing else is expected yet

    def request(self, event: str, payload: dict) -> tuple[dict, float]:
        """The acknowledgement of one request and its round trip in seconds."""
        ack_id = next(self._ack_ids)
        awaited = self._acks[ack_id] = _Awaited()
        started = time.perf_counter()
        try:
            self.ws.send(f"{SIO_EVENT}{ack_id}" + json.dumps([event, payload], separators=(",", ":")))
            self._wait(awaited, f"the acknowledgement of '{event}'")
        finally:
            self._acks.pop(ack_id, None)
        return awaited.value, awaited.arrived_at - started

    def request_seconds(self, event: str, payload: dict) -> float:
        """Round trip of one request, emit to acknowledgement."""
        return self.answered(event, payload)[1]

    def answered(self, event: str, payload: dict) -> tuple[dict, float]:
        """The result of one request the bridge accepted, and its round trip in seconds."""
        envelope, seconds = self.request(event, payload)
        _check_ok(event, envelope)
        return envelope["result"], seconds

    def job_seconds(self, event: str, payload: dict) -> float:
        """Round trip of one queued request, emit to its ``job.result`` push."""
        request_id = payload["request_id"]
        job = self._jobs[request_id] = _Awaited()  # before the emit: the push may beat the ack
        started = time.perf_counter()
        try:
            envelope, _ = self.request(event, payload)
            _check_ok(event, envelope)
            if envelope["result"].get("state") != "queued":
                raise RuntimeError(f"'{event}' was not queued: {envelope}")
            self._wait(job, f"the job.result of '{event}' {request_id}")
        finally:
            self._jobs.pop(request_id, None)
        name, data = job.value
        if name != Push.JOB_RESULT.value:
            raise RuntimeError(f"'{event}' job ended with {name}: {data}")
        return job.arrived_at - started

    def _wait(self, awaited: _Awaited, what: str) -> None:
        if not awaited.done.wait(ANSWER_TIMEOUT_SECONDS):
            raise TimeoutError(f"no {what} within {ANSWER_TIMEOUT_SECONDS} s")
        if self._failure is not None and awaited.value is None:
            raise ConnectionError(f"the connection failed: {self._failure!r}")

    def _read(self) -> None:
        """Reader thread: time every message on arrival, decode only what is awaited."""
        try:
            while True:
                message = self.ws.recv()
                arrived_at = time.perf_counter()
                if message == EIO_PING:
                    self.ws.send(EIO_PONG)
                elif message.startswith(SIO_ACK):
                    self._acknowledged(message, arrived_at)
                elif message.startswith(JOB_PUSH_PREFIX):
                    self._job_pushed(message, arrived_at)
                elif message.startswith(SIO_EVENT):
                    self._pushed(message, arrived_at)
                elif message in ("", EIO_CLOSE):
                    raise ConnectionError("the bridge closed the connection")
        except BaseException as failure:  # noqa: BLE001 - handed to the waiting request thread
            self._failure = failure
            for awaited in [*self._acks.values(), *self._jobs.values()]:
                awaited.done.set()

    def _acknowledged(self, message: str, arrived_at: float) -> None:
        body = message[len(SIO_ACK):]
        digits = len(body) - len(body.lstrip("0123456789"))
        awaited = self._acks.get(int(body[:digits]))
        if awaited is not None:
            awaited.value = json.loads(body[digits:])[0]
            awaited.arrived_at = arrived_at
            awaited.done.set()

    def _job_pushed(self, message: str, arrived_at: float) -> None:
        name, data = json.loads(message[len(SIO_EVENT):])[:2]
        if name == Push.JOB_PROGRESS.value:
            return
        awaited = self._jobs.get(data.get("request_id"))
        if awaited is not None:
            awaited.value = (name, data)
            awaited.arrived_at = arrived_at
            awaited.done.set()

    def _pushed(self, message: str, arrived_at: float) -> None:
        """Any other push, on the reader thread: skipped here; a subclass may time it."""

    def close(self) -> None:
        """Leave politely, without waiting long for a close frame the server may not send."""
        with contextlib.suppress(Exception):
            self.ws.send(SIO_DISCONNECT)
            self.ws.send(EIO_CLOSE)
        with contextlib.suppress(Exception):
            self.ws.close(timeout=CLOSE_TIMEOUT_SECONDS)


def _check_ok(event: str, envelope) -> None:
    """A refused request must not pass for a fast one."""
    if not (isinstance(envelope, dict) and envelope.get("ok")):
        raise RuntimeError(f"'{event}' was refused: {envelope}")


@contextlib.contextmanager
def connected_clients(
    services: Services, count: int, world_per_client: bool, client_class: type[BenchClient] = BenchClient
) -> Iterator[list[BenchClient]]:
    """``count`` GM connections (``client_class``), each its own user (so job
    pushes reach only the requester) and, with ``world_per_client``, each in its own world."""
    store = Store.from_url(services.redis_url)
    shared = None if world_per_client else _new_world(store)
    worlds = [shared or _new_world(store) for _ in range(count)]
    store.redis.close()
    clients: list[BenchClient] = []

    def connect(index: int) -> None:
        world = worlds[index]
        clients.append(client_class(services.bridge_url, world.world_id, world.gm_key, f"gm-{index}", f"actor-{index}"))

    try:
        _in_parallel(connect, range(count))
        yield clients
    finally:
        _in_parallel(BenchClient.close, clients)


def _in_parallel(function: Callable, items) -> None:
    """``function(item)`` for every item, PARALLEL_SETUP at a time; re-raises the first error."""
    with ThreadPoolExecutor(PARALLEL_SETUP) as pool:
        for future in [pool.submit(function, item) for item in items]:
            future.result()


def _new_world(store: Store):
    return store.create_world(f"bench-{uuid.uuid4().hex[:12]}", "Roll latency bench", default_settings())


# -- the requests --------------------------------------------------------------


def fresh_id() -> str:
    """A new request id every time: a repeated id would get the cached first answer."""
    return uuid.uuid4().hex


def roll_spec() -> dict:
    return {"request_id": fresh_id(), "kind": "skill", "statistic": STATISTIC, "skill": SKILL}


def time_ping(client: BenchClient) -> float:
    return client.request_seconds(Request.PING.value, {"request_id": fresh_id(), "echo": ECHO})


def time_roll(client: BenchClient) -> float:
    return client.request_seconds(Event.ROLL.value, {**roll_spec(), "actor_id": client.actor_id})


def time_worker_ping(client: BenchClient) -> float:
    return client.job_seconds(Request.WORKER_PING.value, {"request_id": fresh_id(), "echo": ECHO})


def time_odds(client: BenchClient) -> float:
    return client.job_seconds(Event.ODDS.value, roll_spec())


#: How each measured event is timed, by event name.
TIMERS: dict[str, Callable[[BenchClient], float]] = {
    Request.PING.value: time_ping,
    Event.ROLL.value: time_roll,
    Request.WORKER_PING.value: time_worker_ping,
    Event.ODDS.value: time_odds,
}


# -- measuring -----------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    path: str  # "sync" or "queued"
    clients: int
    floor: str  # event name of the floor
    subject: str  # event name measured against it


def measure(
    clients: list[BenchClient], events: tuple[str, ...], requests: int, timers: dict[str, Callable] = TIMERS,
    meter: CpuMeter | None = None,
) -> dict[str, list[float]]:
    """Seconds per request of each event (timed by ``timers[event]``), pooled over every client.

    Each client runs in its own thread; all of them warm up, then alternate
    batches of the events in lockstep, so all see the same concurrency.
    ``meter``, if given, ticks at every batch boundary.
    """
    barrier = threading.Barrier(len(clients), action=meter.tick if meter else None, timeout=BARRIER_TIMEOUT_SECONDS)
    pooled: dict[str, list[float]] = {event: [] for event in events}
    errors: list[BaseException] = []
    lock = threading.Lock()

    def run(client: BenchClient) -> None:
        try:
            own = _run_client(client, events, requests, barrier, timers)
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)
            barrier.abort()
            return
        with lock:
            for event, seconds in own.items():
                pooled[event].extend(seconds)

    threads = [threading.Thread(target=run, args=(client,), daemon=True) for client in clients]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            thread.join()
    finally:
        barrier.abort()  # on Ctrl-C, release every thread waiting at a boundary
    if errors:
        raise _first_cause(errors)
    return pooled


def _run_client(
    client: BenchClient, events: tuple[str, ...], requests: int, barrier: threading.Barrier, timers: dict[str, Callable]
) -> dict[str, list[float]]:
    for event in events:
        for _ in range(WARMUP_REQUESTS):
            timers[event](client)
    barrier.wait()
    own: dict[str, list[float]] = {event: [] for event in events}
    for event, size in schedule(events, requests, BATCH_REQUESTS):
        own[event].extend(timers[event](client) for _ in range(size))
        barrier.wait()
    return own


def measured(
    services: Services, clients: list[BenchClient], events: tuple[str, ...], args: argparse.Namespace,
    timers: dict[str, Callable] = TIMERS,
) -> tuple[dict[str, list[float]], CpuMeter | None]:
    """``measure``'s samples, and with ``--cpu`` the meter of every process
    (this one as ``clients``) over the same batches."""
    meter = None
    if args.cpu:
        processes = {"clients": os.getpid(), **{name: process.pid for name, process in services.processes.items()}}
        meter = CpuMeter(processes, schedule(events, args.requests, BATCH_REQUESTS), len(clients))
    return measure(clients, events, args.requests, timers, meter), meter


def _first_cause(errors: list[BaseException]) -> BaseException:
    """The error that started it, not the BrokenBarrierErrors it caused in others."""
    real = [error for error in errors if not isinstance(error, threading.BrokenBarrierError)]
    return (real or errors)[0]


# -- reporting -----------------------------------------------------------------


def percentile(seconds: list[float], fraction: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    ordered = sorted(seconds)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1] * MS_PER_SECOND


def summarize(event: str, seconds: list[float]) -> dict:
    return {
        "event": event,
        "samples": len(seconds),
        "p50_ms": round(statistics.median(seconds) * MS_PER_SECOND, 3),
        "p99_ms": round(percentile(seconds, 0.99), 3),
    }


def scenario_report(scenario: Scenario, samples: dict[str, list[float]], meter: CpuMeter | None = None) -> dict:
    """The scenario's figures; with a ``meter``, each process's CPU per request of the floor and the subject."""
    floor = summarize(scenario.floor, samples[scenario.floor])
    subject = summarize(scenario.subject, samples[scenario.subject])
    report = {
        "path": scenario.path,
        "clients": scenario.clients,
        "floor": floor,
        "subject": subject,
        "ratio_p50": round(subject["p50_ms"] / floor["p50_ms"], 3),
        "ratio_p99": round(subject["p99_ms"] / floor["p99_ms"], 3),
    }
    if meter:
        report["cpu_us"] = {event: meter.per_request(event) for event in (scenario.floor, scenario.subject)}
    return report


TABLE_HEADER = (
    f"{'path':<7}{'clients':>7}  {'floor':<12}{'p50 ms':>8}{'p99 ms':>9}  "
    f"{'subject':<8}{'p50 ms':>8}{'p99 ms':>9}  {'x p50':>6}{'x p99':>7}"
)


def table_row(report: dict) -> str:
    floor, subject = report["floor"], report["subject"]
    return (
        f"{report['path']:<7}{report['clients']:>7}  {floor['event']:<12}{floor['p50_ms']:>8.2f}{floor['p99_ms']:>9.2f}  "
        f"{subject['event']:<8}{subject['p50_ms']:>8.2f}{subject['p99_ms']:>9.2f}  "
        f"{report['ratio_p50']:>6.2f}{report['ratio_p99']:>7.2f}"
    )


def cpu_rows(report: dict) -> list[str]:
    """With ``--cpu``: a line per event of each process's CPU per request."""
    return [
        f"  CPU per {event} request (µs): " + ", ".join(f"{name} {us}" for name, us in processes.items())
        for event, processes in report.get("cpu_us", {}).items()
    ]


def print_report(report: dict) -> None:
    print(table_row(report))
    for line in cpu_rows(report):
        print(line)


def print_table(run: dict) -> None:
    settings, environment = run["settings"], run["environment"]
    worlds = "one world per client" if settings["world_per_client"] else "one shared world"
    print(f"roll latency: ratios against a floor measured in this run ({settings['requests']} timed requests "
          f"per client per event, {worlds}, {environment['cpus']} CPUs, "
          f"load {environment['load_before']} -> {environment['load_after']}, {environment['seconds']} s)")
    print(TABLE_HEADER)
    for report in run["scenarios"]:
        print_report(report)


# -- the run -------------------------------------------------------------------


def plan(args: argparse.Namespace) -> list[Scenario]:
    """The scenarios to measure, lightest first."""

    def sync(clients: int) -> Scenario:
        return Scenario("sync", clients, Request.PING.value, Event.ROLL.value)

    def queued(clients: int) -> Scenario:
        return Scenario("queued", clients, Request.WORKER_PING.value, Event.ODDS.value)

    scenarios = [sync(1)] + ([sync(args.clients)] if args.clients > 1 else [])
    return scenarios + [queued(1)] + ([queued(args.queued_clients)] if args.queued_clients > 1 else [])


def run_benchmark(args: argparse.Namespace) -> dict:
    started, load_before = time.monotonic(), _load()
    with running_services(args.logs) as services:
        reports = [run_scenario(services, scenario, args) for scenario in plan(args)]
    return {
        "settings": {"requests": args.requests, "clients": args.clients, "queued_clients": args.queued_clients,
                     "warmup_requests": WARMUP_REQUESTS, "batch_requests": BATCH_REQUESTS,
                     "world_per_client": args.world_per_client},
        "environment": {"cpus": os.cpu_count(), "python": platform.python_version(), "load_before": load_before,
                        "load_after": _load(), "seconds": round(time.monotonic() - started, 1)},
        "scenarios": reports,
    }


def run_scenario(services: Services, scenario: Scenario, args: argparse.Namespace) -> dict:
    _progress(f"{scenario.path}, {scenario.clients} client(s): {scenario.subject} vs {scenario.floor} ...")
    started = time.monotonic()
    try:
        with connected_clients(services, scenario.clients, args.world_per_client) as clients:
            samples, meter = measured(services, clients, (scenario.floor, scenario.subject), args)
    except Exception as error:
        exited = services.exited()
        if exited:  # e.g. killed from outside: say so rather than report a timeout
            raise RuntimeError(f"a started process is gone: {', '.join(exited)}") from error
        raise
    report = scenario_report(scenario, samples, meter)
    _progress(f"  {time.monotonic() - started:.1f} s: {table_row(report)}")
    return report


def run_pair(
    args: argparse.Namespace, scenarios_for: Callable[[int], list[Scenario]], timers: dict[str, Callable],
    prepare: Callable[[BenchClient], None], client_class: type[BenchClient] = BenchClient,
    tally: Callable[[list[BenchClient]], dict] | None = None,
) -> list[dict]:
    """One floor against its subjects (``scenarios_for(clients)``, one floor
    for all), with 1 client and with ``--clients``, each client ``prepare``d
    before timing; the floor and every subject alternate in the same batches.
    ``tally(clients)``, if given, adds to each report what the clients counted."""
    counts = [1] + ([args.clients] if args.clients > 1 else [])
    reports = []
    with running_services(args.logs) as services:
        for count in counts:
            scenarios = scenarios_for(count)
            events = (scenarios[0].floor, *(scenario.subject for scenario in scenarios))
            _progress(f"{count} client(s): {', '.join(events[1:])} vs {events[0]} ...")
            with connected_clients(services, count, args.world_per_client, client_class) as clients:
                for client in clients:
                    prepare(client)
                samples, meter = measured(services, clients, events, args, timers)
                counted = tally(clients) if tally else {}
            for scenario in scenarios:
                reports.append(scenario_report(scenario, samples, meter) | counted.get(scenario.subject, {}))
                _progress(f"  {table_row(reports[-1])}")
    return reports


def print_pair(reports: list[dict]) -> None:
    """``run_pair``'s rows."""
    for report in reports:
        print_report(report)


def _load() -> list[float]:
    return [round(load, 2) for load in os.getloadavg()]


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def bench_parser(module: str, doc: str, requests: int, clients: int, crowded: str) -> argparse.ArgumentParser:
    """The options every benchmark takes: --requests, --clients (of the ``crowded`` scenario),
    --world-per-client, --json, --logs and --cpu."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=doc.splitlines()[0])
    parser.add_argument("--requests", type=_positive, default=requests,
                        help=f"timed requests per client and per event (default {requests})")
    parser.add_argument("--clients", type=_positive, default=clients,
                        help=f"connections of the {crowded} scenario (default {clients})")
    parser.add_argument("--world-per-client", action="store_true",
                        help="give each connection its own world, so no push reaches the other connections")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    parser.add_argument("--logs", metavar="PATH", default=None,
                        help="keep the output of redis-server, the bridge and the worker in PATH (default: discarded)")
    parser.add_argument("--cpu", action="store_true",
                        help="also print each process's CPU per request of each event (Linux, from /proc; in 10 ms ticks, so use --requests 1000 or more)")
    return parser


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = bench_parser("bench.roll_latency", __doc__, DEFAULT_REQUESTS, DEFAULT_CLIENTS, "crowded synchronous")
    parser.add_argument("--queued-clients", type=int, default=DEFAULT_QUEUED_CLIENTS,
                        help=f"connections of the crowded queued scenario; 0 or 1 skips it (default {DEFAULT_QUEUED_CLIENTS})")
    return parser.parse_args(argv)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _interrupt_on_signals() -> None:
    """Make SIGINT and SIGTERM unwind as KeyboardInterrupt, so every started
    process is stopped (SIGINT too: a shell starts background jobs with it ignored)."""

    def interrupt(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)


def run_main(args: argparse.Namespace, benchmark: Callable[[argparse.Namespace], Any], show: Callable[[Any], None]) -> int:
    """Run ``benchmark`` and print its figures (``show``, or as JSON with
    --json): 0 whatever the figures; 1 if it could not run; 130 on Ctrl-C."""
    _interrupt_on_signals()
    try:
        run = benchmark(args)
    except KeyboardInterrupt:
        _progress("interrupted; every process the benchmark started has been stopped")
        return 130
    except Exception as error:  # noqa: BLE001 - one line instead of a thread's traceback
        _progress(f"the benchmark could not run: {error!r}; every process it started has been stopped")
        return 1
    if args.json:
        print(json.dumps(run, indent=2))
    else:
        show(run)
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_main(parse_args(argv), run_benchmark, print_table)


if __name__ == "__main__":
    sys.exit(main())
