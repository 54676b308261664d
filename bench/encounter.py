"""The encounter simulation against drawing its dice with numpy, same run.

``python -m bench.encounter`` (from the repository root) simulates 10,000
fights of 4 against 6 (shooters with pistols and a rifle against swords
and axes, see FIGHT) with ``simulation.simulate``, counts the d6 the rules
roll in them (``dice_drawn``: every attack pool rolled and every damage
roll; the simulation draws each roll as one number, not die by die), and
times drawing that many d6 with one ``Generator.integers`` call: the floor
the issue sets. Both are timed in alternation, ``--repeats`` times each,
after a warm-up, in chunks of ``--chunk`` fights (the job's by default);
the medians and their ratio are printed (target within 5x, reference
only: nothing is asserted). Exit status 0, or 130 if interrupted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import numpy as np

from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.encounter import CHUNK, Side
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.rolls import SIDES
from bridge.rules.moment_of_truth.simulation import simulate
from tests.rules.test_mot_encounter import combatant_of

TARGET_RATIO = 5
FIGHTS = 10_000
AVERAGE = {"endurance": 2, "strength": 2, "agility": 2, "will": 2, "perception": 2, "education": 2}
TRAINED = {**AVERAGE, "endurance": 3, "agility": 3, "perception": 3}


def _fighter(name: str, statistics: dict, skill: int | None, weapon: str, **more) -> dict:
    return {"name": name, "statistics": statistics, "skill_level": skill, "weapon": weapon, **more}


#: 4 shooters (a vest, leather, 2 defense dice held by one) against 6 trained swordsmen and axemen:
#: the shooters win about 4 fights in 5, in about 7 rounds.
FIGHT = (
    [
        _fighter("sergeant", TRAINED, 2, "AR-15 (5.56mm)", armor="Ballistic Vest", targeting="weakest"),
        _fighter("medic", TRAINED, 1, ".45 Auto Pistol", armor="Leather", defense_dice=2),
        _fighter("scout", TRAINED, 2, ".38 Revolver", targeting="random"),
        _fighter("driver", AVERAGE, 1, ".45 Auto Pistol"),
    ],
    [_fighter(f"thug {n}", TRAINED, 2, "Axe" if n % 2 else "Broad Sword", armor="Leather" if n < 2 else None,
              targeting="random" if n % 3 == 0 else "first") for n in range(6)],
)


def sides() -> tuple[Side, Side]:
    arsenal = Arsenal.book()
    return tuple(Side(name, tuple(combatant_of(entry, arsenal) for entry in entries))
                 for name, entries in zip(("shooters", "blades"), FIGHT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=CHUNK, help="fights a chunk (the job's is the default; twice as many are under way)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    fight, dials = sides(), Dials()
    try:
        result = simulate(fight, dials=dials, fights=FIGHTS, seed=args.seed, chunk=args.chunk)  # warm-up, and the dice rolled
        dice = result.dice_drawn
        rng = np.random.default_rng(args.seed)
        rng.integers(1, SIDES + 1, size=dice, dtype=np.int8)
        simulation, floor = [], []
        for _ in range(args.repeats):
            start = time.perf_counter()
            simulate(fight, dials=dials, fights=FIGHTS, seed=args.seed, chunk=args.chunk)
            simulation.append(time.perf_counter() - start)
            start = time.perf_counter()
            rng.integers(1, SIDES + 1, size=dice, dtype=np.int8)
            floor.append(time.perf_counter() - start)
    except KeyboardInterrupt:
        return 130
    figures = {
        "fights": FIGHTS,
        "chunk": args.chunk,
        "dice_drawn": dice,
        "simulation_ms": statistics.median(simulation) * 1e3,
        "draw_ms": statistics.median(floor) * 1e3,
        "target_ratio": TARGET_RATIO,
        "outcome": {side.name: side.win_rate for side in result.outcomes} | {"draw": result.draw_rate},
        "mean_rounds": result.mean_rounds,
    }
    figures["ratio"] = figures["simulation_ms"] / figures["draw_ms"]
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{FIGHTS} fights of 4 against 6: {dice} d6 rolled, mean {result.mean_rounds:.2f} rounds, {figures['outcome']}")
        print(f"simulation  p50 {figures['simulation_ms']:8.2f} ms")
        print(f"numpy draw  p50 {figures['draw_ms']:8.2f} ms  (the same number of d6, one call)")
        print(f"ratio {figures['ratio']:.1f}x (target within {TARGET_RATIO}x, not asserted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
