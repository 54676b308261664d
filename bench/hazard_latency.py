"""A GM's explosion over 50 tokens against the empty job, measured in the same run.

``python -m bench.hazard_latency`` (from the repository root) starts its own
redis-server, one bridge web process and one worker (as
``bench.roll_latency`` does), registers 50 tokens for each GM client, then
times, in alternating batches on the same connections:

- the floor: ``worker.ping``, a job with no work in it, from the emit to
  its ``job.result`` push;
- the subject: ``hazard.explosion``, a shrapnel charge among the client's
  50 tokens, from the emit to the last ``token.changed`` push it causes at
  the client. The worker reads the 50 tokens and the world, rolls each
  token's pool by its distance, writes their health, the card and its
  receipt in one script, and publishes a push per token changed, the card
  and ``job.result``.

Nothing is asserted: the exit status is 0 whatever the figures are.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bridge.protocol import Push, Request
from bridge.systems.moment_of_truth.names import Event
from bridge.systems.moment_of_truth.schemas.hazards import TOKENS_MAX
from bridge.systems.moment_of_truth.schemas.health import HIT_POINTS_MAX

from .roll_latency import (
    SIO_EVENT,
    BenchClient,
    Scenario,
    bench_parser,
    fresh_id,
    print_pair,
    run_main,
    run_pair,
    time_worker_ping,
)

#: Timed requests per client and per event, unless --requests says otherwise.
DEFAULT_REQUESTS = 100
#: Concurrent GM connections of the crowded scenario, each with its own 50 tokens.
DEFAULT_CLIENTS = 4
#: The charge: base dice at its center; each token stands a little farther off.
CHARGE_DICE = 20
FIRST_DISTANCE_METERS, STEP_METERS = 0.5, 0.1

STATISTICS = {"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3}
TOKEN_PUSH_PREFIX = SIO_EVENT + f'["{Push.TOKEN_CHANGED.value}",'


class TableClient(BenchClient):
    """A GM connection that also notes when each ``token.changed`` arrives, by the request that caused it."""

    def __init__(self, *args, **kwargs):
        self.token_arrivals: dict[str, list[float]] = {}
        super().__init__(*args, **kwargs)

    def _pushed(self, message: str, arrived_at: float) -> None:
        if message.startswith(TOKEN_PUSH_PREFIX):
            change = json.loads(message[len(SIO_EVENT):])[1]
            arrivals = self.token_arrivals.get(change["cause"]["request_id"])
            if arrivals is not None:
                arrivals.append(arrived_at)


def _token_ids(client: BenchClient) -> list[str]:
    return [f"{client.actor_id}-t{n}" for n in range(TOKENS_MAX)]


def register_tokens(client: BenchClient) -> None:
    for token_id in _token_ids(client):
        envelope, _ = client.request(Request.TOKEN_REGISTER.value, {
            "request_id": fresh_id(), "token_id": token_id, "actor_id": token_id, "name": token_id,
            "statistics": STATISTICS, "hit_points": HIT_POINTS_MAX,
        })
        if not envelope.get("ok"):
            raise RuntimeError(f"token.register refused while setting up: {envelope.get('error')}")


def explosion_request(client: BenchClient, request_id: str) -> dict:
    caught = [{"token_id": token_id, "distance": round(FIRST_DISTANCE_METERS + n * STEP_METERS, 2)}
              for n, token_id in enumerate(_token_ids(client))]
    return {"request_id": request_id, "actor_id": client.actor_id, "dice": CHARGE_DICE, "charge": "shrapnel",
            "tokens": caught}


def time_explosion(client: TableClient) -> float:
    """Emit to the last ``token.changed`` it caused (pushed before its ``job.result``, on the same
    connection, so all of them are in once ``job.result`` is)."""
    request_id = fresh_id()
    arrivals = client.token_arrivals[request_id] = []
    started = time.perf_counter()
    try:
        client.job_seconds(Event.HAZARD_EXPLOSION.value, explosion_request(client, request_id))
    finally:
        client.token_arrivals.pop(request_id, None)
    if not arrivals:
        raise RuntimeError(f"the explosion {request_id} changed no token")
    return max(arrivals) - started


TIMERS = {Request.WORKER_PING.value: time_worker_ping, Event.HAZARD_EXPLOSION.value: time_explosion}


def run_benchmark(args: argparse.Namespace) -> list[dict]:
    def scenarios(clients: int) -> list[Scenario]:
        return [Scenario("queued", clients, Request.WORKER_PING.value, Event.HAZARD_EXPLOSION.value)]

    return run_pair(args, scenarios, TIMERS, register_tokens, TableClient)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    return bench_parser("bench.hazard_latency", __doc__, DEFAULT_REQUESTS, DEFAULT_CLIENTS, "crowded").parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return run_main(parse_args(argv), run_benchmark, print_pair)


if __name__ == "__main__":
    sys.exit(main())
