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
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.rules.moment_of_truth.damage_odds import attack_odds, damage_odds
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import odds as odds_shapes
from bridge.systems.moment_of_truth.schemas import rolls

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
    tree = json.loads(json.dumps(dump(rolls.Odds, roll_odds(1, 1, SKILL))))
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


# --- damage through armor -------------------------------------------------------


def read_every_tuple(damage, damage_reduction):
    """Distributions of hit points lost, serious and minor left, by reading
    every face tuple with read_damage."""
    tallies = ([], [], [])
    for faces in itertools.product(range(1, 7), repeat=damage.dice):
        result = read_damage(list(faces), damage, damage_reduction)
        for tally, amount in zip(tallies, (result.hit_points_lost, result.serious, result.minor)):
            tally.append(amount)
    total = 6**damage.dice
    return tuple(
        tuple(Fraction(tally.count(amount), total) for amount in range(max(tally) + 1)) for tally in tallies
    )


SMALL_THRESHOLDS = [(3, 4), (5, 3), (2, 2), (6, 1), (4, None), (None, 5), (None, None)]


@pytest.mark.parametrize("dice", range(5))
@pytest.mark.parametrize("minor_at, serious_at", SMALL_THRESHOLDS)
def test_damage_odds_equal_reading_every_face_tuple(dice, minor_at, serious_at):
    damage = DamageDice(dice, minor_at, serious_at)
    for damage_reduction in range(2 * dice + 2):
        odds = damage_odds(damage, damage_reduction)
        assert (odds.hit_points_lost, odds.serious, odds.minor) == read_every_tuple(damage, damage_reduction)


@pytest.mark.parametrize("notation, damage_reduction", [("5d6 (3,4)", 2), ("5d6 (5,3)", 3), ("5d6 (4,-)", 1), ("5d6 (-,5)", 4)])
def test_five_dice_damage_odds_equal_reading_every_face_tuple(notation, damage_reduction):
    damage = DamageDice.parse(notation)
    odds = damage_odds(damage, damage_reduction)
    assert (odds.hit_points_lost, odds.serious, odds.minor) == read_every_tuple(damage, damage_reduction)


def test_one_fire_die_does_serious_on_3_and_both_on_5():
    # (5,3): faces 1-2 nothing, 3-4 serious only, 5-6 serious and minor
    odds = damage_odds(DamageDice.parse("1d6 (5,3)"))
    assert odds.hit_points_lost == (Fraction(2, 6), Fraction(2, 6), Fraction(2, 6))
    assert odds.serious == (Fraction(2, 6), Fraction(4, 6))
    assert odds.minor == (Fraction(4, 6), Fraction(2, 6))


def test_armor_1_stops_a_fire_die_s_serious_but_not_its_minor():
    odds = damage_odds(DamageDice.parse("1d6 (5,3)"), 1)
    assert odds.serious == (1,)
    assert odds.minor == odds.hit_points_lost == (Fraction(4, 6), Fraction(2, 6))


def test_a_flash_bang_never_does_serious_damage():
    odds = damage_odds(DamageDice.parse("3d6 (5,-)"))
    assert odds.serious == (1,)
    assert odds.minor == odds.hit_points_lost


def test_mean_of_one_die_3_4():
    # faces 1-2: 0; face 3: 1 minor; faces 4-6: 1 serious + 1 minor
    assert damage_odds(DamageDice.parse("1d6 (3,4)")).mean == Fraction(0 + 0 + 1 + 2 + 2 + 2, 6)


def test_nikitas_pistol_through_the_ballistic_vest():
    # Ch. 7: 12d6 (3,4) against DR 6; her roll had 7 serious, 1 got through.
    odds = damage_odds(DamageDice.parse("12d6 (3,4)"), 6)
    assert odds.serious[1] == Fraction(math.comb(12, 7), 2**12)  # exactly 7 dice of 4+
    # all twelve dice 4+: 12 serious + 12 minor - 6 = 18, the most possible
    assert odds.hit_points_lost[18] == Fraction(1, 2**12)
    assert len(odds.hit_points_lost) == 19


def test_dodgers_head_shot_kills_on_six_serious():
    # Ch. 7: 10d6 to hit at TN 4 (4 MoTs spent), then 17d6 with the rifle's
    # (2,3) dropped to (2,2); any die but a 1 does serious, 6 serious kill.
    damage = DamageDice.parse("17d6 (2,3)").lowered(1)
    hit = Fraction(sum(math.comb(10, s) * 2**s * 4 ** (10 - s) for s in range(4, 11)), 6**10)
    six_serious = 1 - Fraction(sum(math.comb(17, k) * 5**k for k in range(6)), 6**17)
    odds = attack_odds(10, 4, SKILL, damage)
    assert odds.hit == hit
    assert odds.serious_at_least[6] == hit * six_serious


def test_an_attack_that_cannot_hit_deals_nothing():
    odds = attack_odds(1, 2, SKILL, DamageDice.parse("4d6 (3,4)"))
    assert odds.hit == 0 and odds.at_least == (0,)


def test_negative_damage_reduction_is_refused():
    with pytest.raises(ValueError):
        damage_odds(DamageDice.parse("2d6 (3,4)"), -1)


def test_damage_odds_are_json_ready_with_exact_values():
    tree = json.loads(json.dumps(dump(odds_shapes.AttackOdds, attack_odds(2, 1, SKILL, DamageDice.parse("1d6 (3,4)")))))
    assert tree["hit"]["exact"] == "5/9"
    assert tree["damage"]["damage"]["notation"] == "1d6 (3,4)"
    assert tree["damage"]["mean"]["exact"] == "7/6"
    assert [chance["exact"] for chance in tree["damage"]["hit_points_lost"]] == ["1/3", "1/6", "1/2"]
    # hit (5/9) and at least 1 (4/6) or 2 (3/6) hit points
    assert [chance["exact"] for chance in tree["at_least"]] == ["5/9", "10/27", "5/18"]


thresholds = st.one_of(st.none(), st.integers(1, 6))
damages = st.builds(DamageDice, st.integers(0, 40), thresholds, thresholds)
reductions = st.integers(0, 50)


def tail(chances, at_least):
    return sum(chances[at_least:])


@given(damages, reductions)
def test_damage_chances_sum_to_one_and_never_go_negative(damage, damage_reduction):
    odds = damage_odds(damage, damage_reduction)
    for chances in (odds.hit_points_lost, odds.serious, odds.minor):
        assert sum(chances) == 1 and all(chance >= 0 for chance in chances)
    assert len(odds.hit_points_lost) <= 2 * damage.dice + 1
    # hit points lost are serious left plus minor left, so their means add up
    mean = sum(amount * chance for amount, chance in enumerate(odds.serious))
    mean += sum(amount * chance for amount, chance in enumerate(odds.minor))
    assert odds.mean == mean >= 0


@given(damages, reductions)
def test_more_armor_never_adds_damage(damage, damage_reduction):
    thin, thick = damage_odds(damage, damage_reduction), damage_odds(damage, damage_reduction + 1)
    for at_least in range(2 * damage.dice + 2):
        assert tail(thick.hit_points_lost, at_least) <= tail(thin.hit_points_lost, at_least)
        assert tail(thick.serious, at_least) <= tail(thin.serious, at_least)


@given(st.integers(0, 20), st.integers(1, 8), damages, reductions)
def test_attack_curve_is_the_hit_times_the_damage_tail(pool, tn, damage, damage_reduction):
    odds = attack_odds(pool, tn, SKILL, damage, damage_reduction)
    assert odds.hit == roll_odds(pool, tn, SKILL).success
    for at_least, chance in enumerate(odds.at_least):
        assert chance == odds.hit * tail(odds.damage.hit_points_lost, at_least)
    assert list(odds.at_least) == sorted(odds.at_least, reverse=True)


# --- the wire form: counts reduced only when asked for ---------------------------


def wire(chances):
    return [{"exact": f"{chance.numerator}/{chance.denominator}", "value": float(chance)} for chance in chances]


@given(pools, tns, kinds, st.booleans())
def test_roll_odds_on_the_wire_are_the_chances_reduced(pool, tn, kind, stakes_raised):
    odds = roll_odds(pool, tn, kind, stakes_raised)
    tree = dump(rolls.Odds, odds)
    names = ("success", "critical_success", "critical_failure", "setback", "failure")
    assert [tree[name] for name in names] == wire(getattr(odds, name) for name in names)
    assert tree["successes"] == wire(odds.successes)


@given(st.integers(0, 20), st.integers(1, 8), damages, reductions)
def test_attack_odds_on_the_wire_are_the_chances_reduced(pool, tn, damage, damage_reduction):
    odds = attack_odds(pool, tn, SKILL, damage, damage_reduction)
    tree = dump(odds_shapes.AttackOdds, odds)
    assert (tree["pool"], tree["tn"], [tree["hit"]]) == (pool, tn, wire([odds.hit]))
    assert (tree["at_least"], tree["serious_at_least"]) == (wire(odds.at_least), wire(odds.serious_at_least))
    harm = tree["damage"]
    for curve in ("hit_points_lost", "serious", "minor"):
        assert harm[curve] == wire(getattr(odds.damage, curve))
    assert [harm["mean"]] == wire([odds.damage.mean])
