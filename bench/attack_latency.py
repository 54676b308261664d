"""Attack latency against the skill roll's, measured in the same run.

``python -m bench.attack_latency`` (from the repository root) starts its own
redis-server, one bridge web process and one worker (as
``bench.roll_latency`` does), gives each client an attacker and a target
token in a running combat of its own scene, then times, in alternating
batches on the same connections:

- the floor: a skill ``roll`` (the request every roll button sends);
- the subject: an ``attack`` with a full modifier stack: a charge with a
  balanced broadsword and a called shot to the legs, defense dice kept
  back, two GM modifiers, an injured attacker, a prone target in a
  ballistic vest parrying with a balanced weapon behind the defense dice
  it reserved. The bridge reads both tokens and the combat, rolls, writes
  the target's health and the attacker's stance, and pushes the card,
  ``token.changed`` and ``combat.changed``.

Nothing is asserted: the target is printed for reference and the exit status
is 0 whatever the figures are.
"""

from __future__ import annotations

import argparse
import sys

from bridge.protocol import Request

from .roll_latency import (
    BenchClient,
    Scenario,
    bench_parser,
    fresh_id,
    print_pair,
    run_main,
    run_pair,
    time_roll,
)

#: Timed requests per client and per event, unless --requests says otherwise.
DEFAULT_REQUESTS = 200
#: Concurrent connections of the crowded scenario.
DEFAULT_CLIENTS = 10
#: Reference target, as a ratio of p50 latencies (not asserted).
TARGET_RATIO = 1.2

STATISTICS = {"endurance": 4, "strength": 4, "agility": 4, "will": 3, "perception": 3, "education": 3}
#: Enough hit points that the target never dies however long the run.
TARGET_HIT_POINTS = 2100
#: Defense dice the target reserves, and the attacker keeps back.
DEFENSE_DICE = 2
#: Minor damage that leaves the attacker injured: 6 of its 14 hit points left (ch. 7).
ATTACKER_DAMAGE = 8


def _ok(client: BenchClient, event: Request, **payload) -> dict:
    envelope, _ = client.request(event.value, {"request_id": fresh_id(), **payload})
    if not envelope.get("ok"):
        raise RuntimeError(f"{event.value} refused while setting up: {envelope.get('error')}")
    return envelope["result"]


def prepare_fight(client: BenchClient) -> None:
    """An attacker and a target in a combat of the client's own scene, the target's defense dice reserved."""
    scene, attacker, target = f"scene-{client.actor_id}", client.actor_id, f"target-{client.actor_id}"
    _ok(client, Request.TOKEN_REGISTER, token_id=attacker, actor_id=attacker, scene_id=scene, name="Dwight",
        statistics=STATISTICS, skills={"melee_one_handed": 3})
    _ok(client, Request.TOKEN_REGISTER, token_id=target, actor_id=target, scene_id=scene, name="Thug",
        statistics=STATISTICS, hit_points=TARGET_HIT_POINTS, armor={"name": "Ballistic Vest"})
    hurt = _ok(client, Request.TOKEN_DAMAGE, token_id=attacker, minor=ATTACKER_DAMAGE)
    if {"condition": "injured", "gained": True} not in hurt["changes"]:  # a penalty on the attack
        raise RuntimeError(f"the attacker is not injured after {ATTACKER_DAMAGE} minor damage: {hurt['changes']}")
    _ok(client, Request.TOKEN_CONDITION_SET, token_id=target, condition="prone")
    _ok(client, Request.COMBAT_START, scene_id=scene, seating=["gm"], gm_seat="gm",
        combatants=[{"token_id": attacker, "seat": "gm"}, {"token_id": target, "seat": "gm"}])
    _ok(client, Request.COMBAT_INITIATIVE, scene_id=scene)
    _ok(client, Request.COMBAT_RESERVE, scene_id=scene, token_id=target, defense_dice=DEFENSE_DICE)


def attack_request(client: BenchClient) -> dict:
    return {
        "request_id": fresh_id(),
        "attacker": client.actor_id,
        "weapon": {"name": "Broad Sword"},
        "targets": [{"token_id": f"target-{client.actor_id}", "balanced_weapon": True}],
        "called_shot": "legs",
        "charge": "charged",
        "defense_dice": DEFENSE_DICE,
        "modifiers": [{"source": "slick floor", "dice": -1}, {"source": "high ground", "dice": 1}],
    }


def time_attack(client: BenchClient) -> float:
    return client.request_seconds(Request.ATTACK.value, attack_request(client))


TIMERS = {Request.ROLL.value: time_roll, Request.ATTACK.value: time_attack}


def run_benchmark(args: argparse.Namespace) -> list[dict]:
    def scenario(clients: int) -> Scenario:
        return Scenario("sync", clients, Request.ROLL.value, Request.ATTACK.value, TARGET_RATIO)

    return run_pair(args, scenario, TIMERS, prepare_fight)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    return bench_parser("bench.attack_latency", __doc__, DEFAULT_REQUESTS, DEFAULT_CLIENTS, "crowded").parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return run_main(parse_args(argv), run_benchmark, print_pair)


if __name__ == "__main__":
    sys.exit(main())
