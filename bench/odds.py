"""Exact odds: ours against icepool's, timed in the same run.

``python -m bench.odds`` (from the repository root) answers a spread of
roll and damage queries twice, with ``roll_odds``/``damage_odds`` and with
icepool (the independent reference of tests/rules/test_mot_odds_icepool.py),
checks that every pair of answers is equal, and prints each query's median
time and the speed ratio.

Each query is timed twice on our side. ``ours µs`` is the same answer as
icepool's, every chance as an exact ``Fraction``: the ratio against icepool
compares like with like. ``wire µs`` is what the ``odds`` jobs send:
their output schemas' ``dump``, every chance as a reduced "n/d" and its float (our odds keep
integer counts and build those only when asked); icepool has no wire form,
so that column has no ratio. Answers are compared as Fractions.

Both sides count from scratch on every timed call: every ``lru_cache`` of
our odds modules is cleared before each call (outside the timer), and
icepool gets a fresh evaluator each call, so its per-evaluator caches start
empty. Nothing is asserted about time. The exit status is 0 when every
answer agreed, 1 when one did not, 130 if interrupted.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from fractions import Fraction
from typing import Any, Callable

from tests.rules.test_mot_odds_icepool import (
    COUNTING,
    icepool_damage,
    icepool_left,
    icepool_rolled,
    icepool_tally,
    icepool_verdicts,
)

from bridge.rules.moment_of_truth import damage_odds as damage_odds_module
from bridge.rules.moment_of_truth import odds as odds_module
from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.rolls import RollKind
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.odds import DamageOdds
from bridge.systems.moment_of_truth.schemas.rolls import Odds

DEFAULT_REPEATS = 9
#: Reference target, as a ratio of median times (not asserted).
TARGET_RATIO = 100
#: (pool, TN, kind) of the roll queries.
ROLLS = [(pool, tn, kind) for pool in (3, 6, 10, 20, 30, 45, 60) for tn in (1, 2, 4) for kind in COUNTING]
#: (damage, DR) of the damage queries.
DAMAGES = [(DamageDice.parse(notation), dr) for notation, dr in [
    ("4d6 (3,4)", 0),
    ("12d6 (3,4)", 6),
    ("17d6 (2,2)", 0),
    ("20d6 (4,5)", 3),
    ("30d6 (5,3)", 2),
    ("45d6 (5,6)", 6),
    ("60d6 (3,4)", 6),
    ("60d6 (5,-)", 0),
    ("60d6 (5,3)", 20),
]]
VERDICTS = ("success", "critical_success", "critical_failure", "setback", "failure", "successes")
DAMAGE_CURVES = ("hit_points_lost", "serious", "minor", "mean")


def clear_caches() -> None:
    """Empty every lru_cache of our odds modules."""
    for module in (odds_module, damage_odds_module):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def ours_roll(pool: int, tn: int, kind: RollKind) -> dict[str, Any]:
    odds = odds_module.roll_odds(pool, tn, kind)
    return {name: getattr(odds, name) for name in VERDICTS}


def ours_roll_wire(pool: int, tn: int, kind: RollKind) -> dict[str, Any]:
    return dump(Odds, odds_module.roll_odds(pool, tn, kind))


def icepool_roll(pool: int, tn: int, kind: RollKind) -> dict[str, Any]:
    return icepool_verdicts(icepool_tally(pool, COUNTING[kind]), pool, tn, False)


def ours_damage(damage: DamageDice, damage_reduction: int) -> dict[str, Any]:
    odds = damage_odds_module.damage_odds(damage, damage_reduction)
    return {name: getattr(odds, name) for name in DAMAGE_CURVES}


def ours_damage_wire(damage: DamageDice, damage_reduction: int) -> dict[str, Any]:
    return dump(DamageOdds, damage_odds_module.damage_odds(damage, damage_reduction))


def icepool_damage_query(damage: DamageDice, damage_reduction: int) -> dict[str, Any]:
    rolled = icepool_rolled(damage.dice, damage.minor_at, damage.serious_at)
    return icepool_damage(icepool_left(rolled, damage_reduction))


def same_answer(ours: dict[str, Any], icepool: dict[str, Any], names: tuple[str, ...]) -> bool:
    """Our exact chances against icepool's, on every one of ``names``."""
    return all(_exact(ours[name]) == _exact(icepool[name]) for name in names)


def _exact(chance: Fraction | tuple[Fraction, ...] | list) -> Any:
    return tuple(map(Fraction, chance)) if isinstance(chance, (tuple, list)) else Fraction(chance)


def timed(call: Callable[[], Any], repeats: int, before: Callable[[], None]) -> tuple[float, Any]:
    """Median seconds of ``repeats`` calls, ``before`` run untimed ahead of each,
    and the last answer."""
    call()  # warm-up, untimed
    seconds = []
    for _ in range(repeats):
        before()
        start = time.perf_counter()
        answer = call()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), answer


def measure(
    name: str, ours: Callable[[], Any], wire: Callable[[], Any], icepool: Callable[[], Any],
    names: tuple[str, ...], repeats: int,
) -> dict[str, Any]:
    ours_seconds, ours_answer = timed(ours, repeats, clear_caches)
    wire_seconds, _ = timed(wire, repeats, clear_caches)
    icepool_seconds, icepool_answer = timed(icepool, repeats, lambda: None)
    return {
        "query": name,
        "ours_us": round(ours_seconds * 1e6, 1),
        "wire_us": round(wire_seconds * 1e6, 1),
        "icepool_us": round(icepool_seconds * 1e6, 1),
        "ratio": round(icepool_seconds / ours_seconds, 1),
        "equal": same_answer(ours_answer, icepool_answer, names),
    }


def run_benchmark(repeats: int) -> dict[str, Any]:
    started, load_before = time.monotonic(), os.getloadavg()[0]
    queries = [
        measure(f"roll {pool}d6 TN {tn} {kind.value}", lambda: ours_roll(pool, tn, kind),
                lambda: ours_roll_wire(pool, tn, kind), lambda: icepool_roll(pool, tn, kind), VERDICTS, repeats)
        for pool, tn, kind in ROLLS
    ]
    queries += [
        measure(f"damage {damage.notation} DR {dr}", lambda: ours_damage(damage, dr),
                lambda: ours_damage_wire(damage, dr), lambda: icepool_damage_query(damage, dr), DAMAGE_CURVES, repeats)
        for damage, dr in DAMAGES
    ]
    ratios = [query["ratio"] for query in queries]
    return {
        "settings": {"repeats": repeats, "target_ratio": TARGET_RATIO,
                     "caches": "ours cleared before every timed call; icepool: a fresh evaluator per call"},
        "environment": {"cpus": os.cpu_count(), "python": platform.python_version(),
                        "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
                        "seconds": round(time.monotonic() - started, 1)},
        "queries": queries,
        "summary": {"all_equal": all(query["equal"] for query in queries), "min_ratio": min(ratios),
                    "median_ratio": statistics.median(ratios),
                    "geometric_mean_ratio": round(math.exp(statistics.fmean(map(math.log, ratios))), 1),
                    "at_target": sum(ratio >= TARGET_RATIO for ratio in ratios), "queries": len(ratios)},
    }


def print_table(run: dict[str, Any]) -> None:
    settings, environment, summary = run["settings"], run["environment"], run["summary"]
    print(f"exact odds, ours vs icepool: median of {settings['repeats']} uncached calls each "
          f"({settings['caches']}); {environment['cpus']} CPUs, load {environment['load_before']} -> "
          f"{environment['load_after']}, {environment['seconds']} s")
    print(f"{'query':<34} {'ours µs':>10} {'icepool µs':>12} {'x faster':>9}  equal {'wire µs':>10}")
    for query in run["queries"]:
        print(f"{query['query']:<34} {query['ours_us']:>10} {query['icepool_us']:>12} {query['ratio']:>9}  "
              f"{'yes' if query['equal'] else 'NO ':<5} {query['wire_us']:>10}")
    print(f"ratio: min {summary['min_ratio']}x, median {summary['median_ratio']}x, geometric mean "
          f"{summary['geometric_mean_ratio']}x; {summary['at_target']} of {summary['queries']} queries at the "
          f"{settings['target_ratio']}x target (reference only, not asserted)")
    print("every answer equal" if summary["all_equal"] else "SOME ANSWERS DIFFER")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.odds", description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=_positive, default=DEFAULT_REPEATS,
                        help=f"timed calls per query and per side (default {DEFAULT_REPEATS})")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    return parser.parse_args(argv)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv: list[str] | None = None) -> int:
    """0 when every answer agreed, 1 when one did not, 130 on Ctrl-C."""
    args = parse_args(argv)
    try:
        run = run_benchmark(args.repeats)
    except KeyboardInterrupt:
        return 130
    if args.json:
        print(json.dumps(run, indent=2))
    else:
        print_table(run)
    return 0 if run["summary"]["all_equal"] else 1


if __name__ == "__main__":
    sys.exit(main())
