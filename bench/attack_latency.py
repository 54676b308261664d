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
  it reserved. The bridge reads both tokens and the combat, rolls, and
  pushes the card. By the book this stack leaves 4d6 against TN 4: about
  one attack in 81 hits, so this row times a miss, which writes no token;
- a second subject, ``hitting``: a master swordsman (agility and strength
  5, skill 4, the high ground) striking thugs in ballistic vests in turn,
  each behind the defense dice it reserved: 10d6 against TN 3, about 7
  attacks in 10 hit. A hit rolls damage through the vest, writes the
  thug's health and its undo history, and pushes ``token.changed`` with
  the card.

Each row also gives the share of its attacks that hit. Nothing is asserted:
the exit status is 0 whatever the figures are.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter

from bridge.protocol import Request
from bridge.systems.moment_of_truth.names import Event

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

STATISTICS = {"endurance": 4, "strength": 4, "agility": 4, "will": 3, "perception": 3, "education": 3}
#: Enough hit points that the target never dies however long the run.
TARGET_HIT_POINTS = 2100
#: Defense dice the target reserves, and the attacker keeps back.
DEFENSE_DICE = 2
#: Minor damage that leaves the attacker injured: 6 of its 14 hit points left (ch. 7).
ATTACKER_DAMAGE = 8
#: The master swordsman of the ``hitting`` row: strength and agility 5, the
#: most a starting human has (ch. 2), for a melee attack of 5 (their average)
#: and a strength of 5 in his damage.
VETERAN_STATISTICS = {**STATISTICS, "agility": 5, "strength": 5}
#: A master's skill level (ch. 2: levels 0 to 4).
VETERAN_SKILL = 4
#: Thugs the swordsman strikes in turn. At about 7 hit points a hit and 7 hits
#: in 10 attacks, none of them falls unconscious (2100 hit points) within
#: about 2700 timed requests per client.
THUGS = 6
#: The hitting row's name in the reports and in ``bench.handler_cpu`` (its requests are ``attack``s).
HITTING = "hitting"


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
    hurt = _ok(client, Event.TOKEN_DAMAGE, token_id=attacker, minor=ATTACKER_DAMAGE)
    if {"condition": "injured", "gained": True} not in hurt["changes"]:  # a penalty on the attack
        raise RuntimeError(f"the attacker is not injured after {ATTACKER_DAMAGE} minor damage: {hurt['changes']}")
    _ok(client, Event.TOKEN_CONDITION_SET, token_id=target, condition="prone")
    _ok(client, Request.COMBAT_START, scene_id=scene, seating=["gm"], gm_seat="gm",
        combatants=[{"token_id": attacker, "seat": "gm"}, {"token_id": target, "seat": "gm"}])
    _ok(client, Request.COMBAT_INITIATIVE, scene_id=scene)
    _ok(client, Event.COMBAT_RESERVE, scene_id=scene, token_id=target, defense_dice=DEFENSE_DICE)
    prepare_brawl(client)
    client.attacks, client.hits = Counter(), Counter()


def prepare_brawl(client: BenchClient) -> None:
    """The ``hitting`` row's swordsman and thugs, in a combat of a scene of
    their own, each thug's defense dice reserved; ``client.thugs`` cycles through them."""
    scene, veteran = f"brawl-{client.actor_id}", f"veteran-{client.actor_id}"
    thugs = [f"thug-{client.actor_id}-{n}" for n in range(THUGS)]
    _ok(client, Request.TOKEN_REGISTER, token_id=veteran, actor_id=veteran, scene_id=scene, name="Sergeant",
        statistics=VETERAN_STATISTICS, skills={"melee_one_handed": VETERAN_SKILL})
    for thug in thugs:
        _ok(client, Request.TOKEN_REGISTER, token_id=thug, actor_id=thug, scene_id=scene, name="Thug",
            statistics=STATISTICS, hit_points=TARGET_HIT_POINTS, armor={"name": "Ballistic Vest"})
    _ok(client, Request.COMBAT_START, scene_id=scene, seating=["gm"], gm_seat="gm",
        combatants=[{"token_id": token, "seat": "gm"} for token in (veteran, *thugs)])
    _ok(client, Request.COMBAT_INITIATIVE, scene_id=scene)
    for thug in thugs:
        _ok(client, Event.COMBAT_RESERVE, scene_id=scene, token_id=thug, defense_dice=DEFENSE_DICE)
    client.thugs = itertools.cycle(thugs)


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


def hitting_request(client: BenchClient) -> dict:
    return {
        "request_id": fresh_id(),
        "attacker": f"veteran-{client.actor_id}",
        "weapon": {"name": "Broad Sword"},
        "targets": [{"token_id": next(client.thugs), "balanced_weapon": True}],
        "modifiers": [{"source": "high ground", "dice": 1}],
    }


def _timed(client: BenchClient, row: str, attack: dict) -> float:
    """An attack's round trip, counted for its row's share of hits."""
    card, seconds = client.answered(Event.ATTACK.value, attack)
    client.attacks[row] += 1
    client.hits[row] += bool(card["result"]["hits"])
    return seconds


def time_attack(client: BenchClient) -> float:
    return _timed(client, Event.ATTACK.value, attack_request(client))


def time_hitting(client: BenchClient) -> float:
    return _timed(client, HITTING, hitting_request(client))


TIMERS = {Event.ROLL.value: time_roll, Event.ATTACK.value: time_attack, HITTING: time_hitting}


def hit_shares(clients: list[BenchClient]) -> dict[str, dict]:
    """Each row's share of attacks that hit, warm-up included, over every client."""
    shares = {}
    for row in (Event.ATTACK.value, HITTING):
        attacks = sum(client.attacks[row] for client in clients)
        shares[row] = {"hit_share": round(sum(client.hits[row] for client in clients) / attacks, 3)}
    return shares


def run_benchmark(args: argparse.Namespace) -> list[dict]:
    def scenarios(clients: int) -> list[Scenario]:
        return [Scenario("sync", clients, Event.ROLL.value, subject)
                for subject in (Event.ATTACK.value, HITTING)]

    return run_pair(args, scenarios, TIMERS, prepare_fight, tally=hit_shares)


def print_rows(reports: list[dict]) -> None:
    """``print_pair``'s rows, then each row's share of hits."""
    print_pair(reports)
    for report in reports:
        row = report["subject"]["event"]
        print(f"{report['clients']} client(s): {report['hit_share']:.1%} of the {row} row's attacks hit")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    return bench_parser("bench.attack_latency", __doc__, DEFAULT_REQUESTS, DEFAULT_CLIENTS, "crowded").parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return run_main(parse_args(argv), run_benchmark, print_rows)


if __name__ == "__main__":
    sys.exit(main())
