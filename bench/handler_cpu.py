"""CPU per request of ``ping``, ``roll``, ``attack`` and ``hitting``, in-process.

``python -m bench.handler_cpu`` (from the repository root) starts a
redis-server, builds the bridge's app in this process and sends each event
through python-socketio's own dispatch (``_handle_eio_message``: the packet
decoded, Flask's request context, ``requests.answer``, the acknowledgement
encoded), the fight set up as ``bench.attack_latency`` sets it up. No sockets
to the client and no other threads in the way: on a shared machine the
latency benchmarks' ratios drift with the load, the handler thread's CPU much
less. It prints that CPU per request (``time.thread_time``, the lowest and
the median of ``--rounds`` rounds) for each event (``hitting``: the
hitting attack of ``bench.attack_latency``).

For a count that does not move with the load at all, run it under callgrind
with ``--callgrind``: each event's loop then runs inside its own C function
(``operator.countOf`` for ping, ``operator.indexOf`` for roll, ``math.fsum``
for attack, ``math.prod`` for hitting), with seeded dice, so the instructions
of each are collected apart (divide by ``--requests``)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \\
      --toggle-collect=_operator_countOf --toggle-collect=_operator_indexOf \\
      --toggle-collect=math_fsum --toggle-collect=math_prod \\
      python -m bench.handler_cpu --callgrind --requests 300
    callgrind_annotate --inclusive=yes callgrind.out.* | grep -E 'countOf|indexOf|fsum|prod'

Nothing is asserted; the exit status is 0.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import operator
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from itertools import count

import flask_socketio.test_client

from bridge.app import create_app
from bridge.config import Config
from bridge.protocol import PROTOCOL_VERSION, Request
from bridge.rules.dice import SeededDice
from bridge.schemas.settings import default_settings
from bridge.systems.moment_of_truth.events import combat, moments
from bridge.systems.moment_of_truth.names import Event
from tests.services import RedisServer

from .attack_latency import attack_request, hitting_request, prepare_fight
from .roll_latency import ECHO, fresh_id, roll_spec

#: Untimed requests of each event before timing starts.
WARMUP_REQUESTS = 50


class InProcessClient:
    """A GM connection made with Flask-SocketIO's test client, then sending
    raw Socket.IO packets through the server's own dispatch, its encoding kept.

    The test client refuses a message queue; the bridge's queue manager is
    kept (each push is also published on Redis). Engine.IO sessions are
    a dict, as no Engine.IO socket stands behind the test client."""

    def __init__(self, app, world):
        sio = app.extensions["socketio"]
        self.server = sio.server
        flask_socketio.test_client.PubSubManager = type("NoQueueCheck", (), {})
        self.server.manager_initialized = True  # the test client initializes the manager itself, once
        sessions: dict = {}
        self.server.eio.get_session = lambda sid: sessions.setdefault(sid, {})
        self.server.eio.save_session = sessions.__setitem__
        auth = {"protocol": PROTOCOL_VERSION, "world": world.world_id, "gm_key": world.gm_key, "user": "gm"}
        self.eio_sid = sio.test_client(app, auth=auth).eio_sid
        del self.server._send_packet, self.server._send_eio_packet  # the test client's decoding mocks
        self.sent: list[str] = []
        self.server.eio.send_packet = lambda sid, packet: self.sent.append(packet.data)
        self.ack_ids = count()
        self.actor_id = "attacker"

    def send(self, event: str, payload: dict) -> str:
        """The acknowledgement's text."""
        self.sent.clear()
        packet = f"2{next(self.ack_ids)}" + json.dumps([event, payload], separators=(",", ":"))
        self.server._handle_eio_message(self.eio_sid, packet)
        return self.sent[-1]

    def request(self, event: str, payload: dict) -> tuple[dict, float]:
        """As ``BenchClient.request`` answers ``prepare_fight`` (no time)."""
        ack = self.send(event, payload)
        return json.loads(ack[ack.index("["):])[0], 0.0


def requests_of(client: InProcessClient) -> dict[str, Callable[[], str]]:
    return {
        "ping": lambda: client.send(Request.PING.value, {"request_id": fresh_id(), "echo": ECHO}),
        "roll": lambda: client.send(Event.ROLL.value, {**roll_spec(), "actor_id": client.actor_id}),
        "attack": lambda: client.send(Event.ATTACK.value, attack_request(client)),
        "hitting": lambda: client.send(Event.ATTACK.value, hitting_request(client)),
    }


def thread_cpu(sends: dict[str, Callable[[], str]], requests: int, rounds: int) -> dict[str, list[float]]:
    """Each event's handler-thread CPU per request in µs, one figure per round."""
    spent: dict[str, list[float]] = {event: [] for event in sends}
    for _ in range(rounds):
        for event, send in sends.items():
            started = time.thread_time()
            for _ in range(requests):
                send()
            spent[event].append((time.thread_time() - started) / requests * 1e6)
    return spent


def under_callgrind(sends: dict[str, Callable[[], str]], requests: int) -> None:
    """Each event's loop inside its own C function (see the module's docstring)."""
    operator.countOf(_sent(sends["ping"], requests), None)
    try:
        operator.indexOf(_sent(sends["roll"], requests), None)
    except ValueError:  # not found: every roll was sent
        pass
    math.fsum(_sent(sends["attack"], requests))
    math.prod(_sent(sends["hitting"], requests))


def _sent(send: Callable[[], str], requests: int) -> Iterator[float]:
    """``requests`` sends, a zero after each for the C function consuming them."""
    for _ in range(requests):
        send()
        yield 0.0


def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="vtt-bench-") as workdir:
        redis_server = RedisServer(workdir)
        try:
            app = create_app(Config(redis_url=redis_server.url), async_mode="threading")
            world = app.extensions["vtt_store"].create_world(f"bench-{fresh_id()[:12]}", "CPU bench", default_settings())
            client = InProcessClient(app, world)
            if args.callgrind:  # the same faces whatever the tree
                combat._dice, moments._dice = SeededDice(1), SeededDice(2)
            prepare_fight(client)
            sends = requests_of(client)
            for send in sends.values():
                for _ in range(WARMUP_REQUESTS):
                    send()
            if args.callgrind:
                under_callgrind(sends, args.requests)
                return
            for event, figures in thread_cpu(sends, args.requests, args.rounds).items():
                print(f"{event:7s} {min(figures):8.1f} µs (lowest)  {statistics.median(figures):8.1f} µs (median)")
        finally:
            logging.getLogger("socketio.server").disabled = True  # its listener's complaints once Redis is gone
            redis_server.stop()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.handler_cpu", description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000, help="requests of each event per round (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each event, alternating (default 5)")
    parser.add_argument("--callgrind", action="store_true", help="one loop of each event, for callgrind (see above)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    run(parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
