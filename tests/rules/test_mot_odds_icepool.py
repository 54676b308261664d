"""Our exact odds against icepool's, computed independently.

icepool counts the dice; the rules are restated here from docs/rules/moment_of_truth.md
(rolls; damage and armor), not imported, so a wrong reading in either
place shows up as a mismatch.
"""

from fractions import Fraction
from functools import lru_cache

import icepool
import pytest
from icepool import d6

from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.damage_odds import attack_odds, damage_odds
from bridge.rules.moment_of_truth.odds import roll_odds
from bridge.rules.moment_of_truth.rolls import RollKind

#: One kind per way of counting: 5s and 6s, or 6s only.
COUNTING = {RollKind.SKILL: (5, 6), RollKind.UNSKILLED: (6,)}


class Totals(icepool.MultisetEvaluator):
    """Sums a pool of pairs, element by element."""

    def initial_state(self, order, outcomes, *sizes):
        return (0, 0)

    def next_state(self, state, order, outcome, count):
        return (state[0] + outcome[0] * count, state[1] + outcome[1] * count)


def icepool_tally(pool, success_faces):
    """icepool's distribution of (successes, ones) over ``pool`` d6."""
    die = d6.map(lambda face: (int(face in success_faces), int(face == 1)))
    return Totals().evaluate(die.pool(pool))


tally = lru_cache(maxsize=None)(icepool_tally)


def chance(die, holds):
    """Chance that ``holds(successes, ones)``, from icepool's counts."""
    return Fraction(sum(ways for outcome, ways in die.items() if holds(*outcome)), die.denominator())


def icepool_verdicts(die, pool, tn, stakes_raised):
    """docs/rules/moment_of_truth.md's judging of a (successes, ones) distribution, restated."""
    ones_at = max(1, pool // 2)
    return {
        "success": chance(die, lambda s, o: s >= tn),
        "critical_success": chance(die, lambda s, o: s >= tn + 2),
        "critical_failure": chance(die, lambda s, o: s < tn and (stakes_raised or (s == 0 and o >= ones_at))),
        "setback": chance(die, lambda s, o: s >= tn and o > s),
        "failure": chance(die, lambda s, o: s < tn),
        "successes": tuple(die.marginals[0].probability(k) for k in range(pool + 1)),
    }


def verdicts(pool, tn, success_faces, stakes_raised):
    return icepool_verdicts(tally(pool, success_faces), pool, tn, stakes_raised)


def ours(pool, tn, kind, stakes_raised):
    odds = roll_odds(pool, tn, kind, stakes_raised)
    names = ("success", "critical_success", "critical_failure", "setback", "failure", "successes")
    return {name: getattr(odds, name) for name in names}


@pytest.mark.parametrize("pool", range(31))
@pytest.mark.parametrize("kind", COUNTING)
def test_every_tn_of_pools_up_to_30(pool, kind):
    for tn in range(1, pool + 2):
        for stakes_raised in (False, True):
            assert ours(pool, tn, kind, stakes_raised) == verdicts(pool, tn, COUNTING[kind], stakes_raised)


@pytest.mark.parametrize("pool", range(31, 61))
@pytest.mark.parametrize("kind", COUNTING)
def test_spot_tns_of_pools_up_to_60(pool, kind):
    for tn in (1, 2, 3, 4, pool // 3, pool // 2, pool + 1):
        assert ours(pool, tn, kind, False) == verdicts(pool, tn, COUNTING[kind], False)


def test_statistic_and_peripheral_rolls_count_like_skilled_and_unskilled():
    for kind, like in ((RollKind.STATISTIC, RollKind.SKILL), (RollKind.PERIPHERAL, RollKind.UNSKILLED)):
        assert ours(9, 2, kind, False) == verdicts(9, 2, COUNTING[like], False)


# --- damage -------------------------------------------------------------------

DICE = (0, 1, 2, 3, 5, 8, 13, 21, 34, 60)
THRESHOLDS = ((3, 4), (4, 5), (5, 3), (6, 2), (2, 2), (5, None), (None, 6), (None, None))
DAMAGE_REDUCTIONS = (*range(14), 30, 61, 121)


def icepool_rolled(dice, minor_at, serious_at):
    """icepool's distribution of (serious, minor) rolled on ``dice`` d6."""

    def meets(face, threshold):
        return int(threshold is not None and face >= threshold)

    die = d6.map(lambda face: (meets(face, serious_at), meets(face, minor_at)))
    return Totals().evaluate(die.pool(dice))


rolled = lru_cache(maxsize=None)(icepool_rolled)


def icepool_left(rolled_die, damage_reduction):
    """(serious, minor) left: DR off serious first, the rest off minor."""

    def armor(serious, minor):
        minor_absorbed = min(minor, max(0, damage_reduction - serious))
        return max(0, serious - damage_reduction), minor - minor_absorbed

    return rolled_die.map(armor, star=True)


def icepool_damage(left_die):
    """Distributions of hit points lost, serious and minor left, and the mean."""
    hit_points = left_die.map(lambda serious, minor: serious + minor, star=True)
    return {
        "hit_points_lost": distribution(hit_points),
        "serious": distribution(left_die.marginals[0]),
        "minor": distribution(left_die.marginals[1]),
        "mean": hit_points.mean(),
    }


def distribution(die):
    return tuple(die.probability(k) for k in range(die.max_outcome() + 1))


def ours_damage(damage, damage_reduction):
    odds = damage_odds(damage, damage_reduction)
    return {name: getattr(odds, name) for name in ("hit_points_lost", "serious", "minor", "mean")}


@pytest.mark.parametrize("dice", DICE)
@pytest.mark.parametrize("minor_at, serious_at", THRESHOLDS)
def test_damage_distributions(dice, minor_at, serious_at):
    for damage_reduction in DAMAGE_REDUCTIONS:
        left = icepool_left(rolled(dice, minor_at, serious_at), damage_reduction)
        assert ours_damage(DamageDice(dice, minor_at, serious_at), damage_reduction) == icepool_damage(left)


@pytest.mark.parametrize("pool, tn, kind", [(6, 2, RollKind.SKILL), (10, 4, RollKind.SKILL), (3, 1, RollKind.UNSKILLED)])
@pytest.mark.parametrize("damage, damage_reduction", [("12d6 (3,4)", 6), ("17d6 (2,2)", 0), ("4d6 (5,3)", 2)])
def test_attack_curves(pool, tn, kind, damage, damage_reduction):
    damage = DamageDice.parse(damage)
    hit = tally(pool, COUNTING[kind]).map(lambda s, o: s >= tn, star=True)
    after = icepool_left(rolled(damage.dice, damage.minor_at, damage.serious_at), damage_reduction)
    harm = hit.if_else(after.map(lambda serious, minor: serious + minor, star=True), 0)
    serious_harm = hit.if_else(after.marginals[0], 0)
    odds = attack_odds(pool, tn, kind, damage, damage_reduction)
    assert odds.hit == hit.probability(True)
    assert odds.at_least[0] == odds.hit
    assert odds.at_least[1:] == tuple(harm.probability(">=", k) for k in range(1, harm.max_outcome() + 1))
    assert odds.serious_at_least[1:] == tuple(
        serious_harm.probability(">=", k) for k in range(1, serious_harm.max_outcome() + 1)
    )
