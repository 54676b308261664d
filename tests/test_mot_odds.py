"""Exact odds: hand-counted cases, and every face tuple of small pools."""

import itertools
import json
import math
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import MAX_DICE_PER_ROLL, TooManyDice
from bridge.rules.moment_of_truth import RollKind, count_faces, judge, roll_odds

SKILL, UNSKILLED = RollKind.SKILL, RollKind.UNSKILLED
VERDICTS = ("success", "critical_success", "critical_failure", "setback")


def test_one_skilled_die_succeeds_a_third_of_the_time():
    assert roll_odds(1, 1, SKILL).success == Fraction(1, 3)


def test_two_skilled_dice_succeed_five_times_in_nine():
    assert roll_odds(2, 1, SKILL).success == Fraction(5, 9)


def test_one_unskilled_die_succeeds_a_sixth_of_the_time():
    assert roll_odds(1, 1, UNSKILLED).success == Fraction(1, 6)


def test_one_die_fails_critically_on_a_one():
    for kind in RollKind:
        assert roll_odds(1, 1, kind).critical_failure == Fraction(1, 6)


def test_two_skilled_dice_fail_critically_on_blanks_with_a_one():
    # faces 1-4 on both dice, less the 9 tuples with no 1
    assert roll_odds(2, 1, SKILL).critical_failure == Fraction(16 - 9, 36)


def test_three_skilled_dice_show_a_setback_on_one_success_two_ones():
    assert roll_odds(3, 1, SKILL).setback == Fraction(3 * 2, 216)


def test_empty_pool_never_succeeds_nor_fails_critically():
    odds = roll_odds(0, 1, SKILL)
    assert (odds.success, odds.critical_failure, odds.failure) == (0, 0, 1)
    assert odds.successes == (1,)


def test_success_chances_add_up():
    odds = roll_odds(7, 2, SKILL)
    assert sum(odds.successes) == 1
    assert odds.success == sum(odds.successes[2:])
    assert odds.critical_success == sum(odds.successes[4:])
    assert odds.failure == 1 - odds.success


def brute_force(pool, tn, kind):
    """Judge every face tuple of the pool with the roll's own counting."""
    tally = dict.fromkeys(VERDICTS, 0)
    by_successes = [0] * (pool + 1)
    for faces in itertools.product(range(1, 7), repeat=pool):
        counting = count_faces(faces, kind)
        outcome = judge(counting, pool, tn)
        by_successes[counting.successes] += 1
        for verdict in VERDICTS:
            tally[verdict] += getattr(outcome, verdict)
    total = 6**pool
    chances = {verdict: Fraction(count, total) for verdict, count in tally.items()}
    return chances, [Fraction(count, total) for count in by_successes]


@pytest.mark.parametrize("pool", range(6))
@pytest.mark.parametrize("kind", list(RollKind))
def test_odds_equal_judging_every_face_tuple(pool, kind):
    for tn in range(1, 5):
        chances, successes = brute_force(pool, tn, kind)
        odds = roll_odds(pool, tn, kind)
        assert {verdict: getattr(odds, verdict) for verdict in VERDICTS} == chances
        assert list(odds.successes) == successes
        assert odds.failure == 1 - chances["success"]


def test_odds_are_json_ready_with_exact_values():
    tree = json.loads(json.dumps(roll_odds(1, 1, SKILL).to_dict()))
    assert (tree["pool"], tree["tn"], tree["kind"]) == (1, 1, "skill")
    assert tree["success"] == {"exact": "1/3", "value": pytest.approx(1 / 3)}
    assert tree["successes"][0]["exact"] == "2/3"


def test_odds_are_cached():
    assert roll_odds(6, 2, SKILL) is roll_odds(6, 2, SKILL)


def test_largest_pool_sums_to_one():
    odds = roll_odds(MAX_DICE_PER_ROLL, 2, SKILL)
    assert sum(odds.successes) == 1
    assert odds.success + odds.failure == 1


def test_pool_above_the_cap_is_refused():
    with pytest.raises(TooManyDice):
        roll_odds(MAX_DICE_PER_ROLL + 1, 1, SKILL)


# --- every (successes, ones) class judged by judge, pools up to 60 -----------

STAKES = (False, True)


def judged_by_class(pool, tn, kind, stakes_raised):
    """The reference: weigh each (successes, ones) class and judge it."""
    hits = len(kind.success_faces)
    blanks = 5 - hits
    tally = dict.fromkeys(VERDICTS, 0)
    for successes in range(pool + 1):
        for ones in range(pool - successes + 1):
            count = math.comb(pool, successes) * math.comb(pool - successes, ones)
            count *= hits**successes * blanks ** (pool - successes - ones)
            outcome = judge(Tally(successes, ones), pool, tn, stakes_raised)
            for verdict in VERDICTS:
                tally[verdict] += count * getattr(outcome, verdict)
    return {verdict: Fraction(count, 6**pool) for verdict, count in tally.items()}


@dataclass(frozen=True)
class Tally:
    successes: int
    ones: int


@pytest.mark.parametrize("pool", [*range(13), 17, 24, 31, 40, 49, 60])
@pytest.mark.parametrize("stakes_raised", STAKES)
def test_odds_equal_judging_every_class(pool, stakes_raised):
    for kind in (SKILL, UNSKILLED):
        for tn in sorted({1, 2, 3, 4, pool // 3 + 1, pool // 2, pool, pool + 1} - {0}):
            odds = roll_odds(pool, tn, kind, stakes_raised)
            assert {verdict: getattr(odds, verdict) for verdict in VERDICTS} == judged_by_class(
                pool, tn, kind, stakes_raised
            )


# --- raising the stakes --------------------------------------------------------


def test_raised_stakes_make_every_failure_critical():
    # one skilled die: faces 1-4 fail, and with the stakes raised all of them are critical
    odds = roll_odds(1, 1, SKILL, stakes_raised=True)
    assert odds.critical_failure == odds.failure == Fraction(4, 6)


def test_raised_stakes_leave_success_and_setback_alone():
    plain, raised = roll_odds(9, 2, SKILL), roll_odds(9, 2, SKILL, True)
    assert (plain.success, plain.critical_success, plain.setback) == (
        raised.success,
        raised.critical_success,
        raised.setback,
    )
    assert raised.critical_failure > plain.critical_failure


def test_raised_stakes_go_over_the_wire():
    assert roll_odds(2, 1, SKILL, True).to_dict()["stakes_raised"] is True
    assert roll_odds(2, 1, SKILL).to_dict()["stakes_raised"] is False


def test_a_tn_below_one_is_refused():
    with pytest.raises(ValueError):
        roll_odds(3, 0, SKILL)


# --- invariants ----------------------------------------------------------------

pools = st.integers(0, 60)
tns = st.integers(1, 62)
kinds = st.sampled_from(list(RollKind))


@given(pools, tns, kinds, st.booleans())
def test_chances_sum_to_one_and_nest(pool, tn, kind, stakes_raised):
    odds = roll_odds(pool, tn, kind, stakes_raised)
    assert sum(odds.successes) == 1
    assert odds.success + odds.failure == 1
    assert odds.critical_success <= odds.success and odds.setback <= odds.success
    assert odds.critical_failure <= odds.failure
    assert all(0 <= chance <= 1 for chance in (*odds.successes, odds.setback, odds.critical_failure))


@given(pools, tns, kinds)
def test_a_larger_pool_never_lowers_success(pool, tn, kind):
    assert roll_odds(pool + 1, tn, kind).success >= roll_odds(pool, tn, kind).success
