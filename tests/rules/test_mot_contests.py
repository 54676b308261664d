"""Contested rolls (ch. 1, Contested Skill Rolls; docs/rules/moment_of_truth.md, Contested rolls) with fixed faces."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.contests import (
    MAX_RE_ROLLS,
    Contestant,
    Decision,
    Party,
    Ruling,
    Side,
    contest,
    decide,
)
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.rolls import (
    RollKind,
    RollResult,
    build_pool,
    count_faces,
    judge,
    spend_moments,
    target_number,
)
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.maneuvers import ManeuverContest

SKILL, UNSKILLED, STATISTIC = RollKind.SKILL, RollKind.UNSKILLED, RollKind.STATISTIC
GRITTY = Dials(default_tn=2)


def side(name, dice, party=Party.NPC, kind=SKILL, **flags):
    """A contestant rolling ``dice`` d6: statistic ``dice`` with a level-0 skill."""
    pool = build_pool(kind, dice, 0 if kind.takes_skill else None)
    return Contestant(name, party, kind, pool, **flags)


def run(first, second, faces, dials=GRITTY):
    dice = FixedDice(faces)
    result = contest(first, second, dials, dice=dice)
    assert dice.remaining == 0, "the contest rolls exactly its pools"
    return result


# --- one round ----------------------------------------------------------------


def test_more_successes_wins():
    result = run(side("Dodger", 3), side("thug", 3), [5, 6, 6, 5, 6, 2])
    assert (result.winner, result.decision, result.ruling) == (Side.FIRST, Decision.MORE_SUCCESSES, None)
    assert result.winner_name == "Dodger"


def test_a_contest_judges_no_setbacks_where_the_world_has_none():
    result = run(side("Dodger", 3), side("thug", 3), [5, 1, 1, 2, 2, 2], GRITTY.with_changes(default_tn=1, setbacks=False))
    assert not result.rounds[0].first.outcome.setback and result.winner is Side.FIRST


def test_the_second_side_can_win():
    result = run(side("Dodger", 3), side("thug", 3), [5, 6, 2, 5, 6, 6])
    assert (result.winner, result.winner_name) == (Side.SECOND, "thug")


def test_both_judged_against_the_worlds_default_tn():
    pulp = run(side("a", 2), side("b", 2), [5, 2, 3, 3], Dials(default_tn=1))
    assert (pulp.target.value, pulp.winner) == (1, Side.FIRST)
    gritty = run(side("a", 2), side("b", 2), [5, 2, 3, 3])
    assert (gritty.target.value, gritty.winner, gritty.decision) == (2, Side.DEADLOCK, Decision.BOTH_FAILED)


def test_both_failing_is_a_deadlock_even_with_more_successes():
    # TN 2: one success against none is still two failures.
    result = run(side("a", 3), side("b", 3), [5, 2, 3, 2, 3, 4])
    assert (result.winner, result.decision, result.ruling) == (Side.DEADLOCK, Decision.BOTH_FAILED, Ruling.GM_CALLS)


def test_equal_successes_is_a_deadlock():
    result = run(side("a", 3), side("b", 3), [5, 6, 2, 6, 5, 3])
    assert (result.winner, result.decision) == (Side.DEADLOCK, Decision.EQUAL_SUCCESSES)


def test_the_only_critical_success_wins():
    # TN 2: four successes is critical, three is not.
    result = run(side("a", 4), side("b", 4), [5, 5, 6, 6, 5, 5, 6, 2])
    assert (result.winner, result.decision) == (Side.FIRST, Decision.CRITICAL_SUCCESS)


def test_two_critical_successes_compare_successes():
    result = run(side("a", 5), side("b", 5), [5, 5, 6, 6, 2, 5, 5, 6, 6, 6])
    assert (result.winner, result.decision) == (Side.SECOND, Decision.MORE_SUCCESSES)


def test_the_only_critical_failure_loses_even_against_no_successes():
    # "the player rolling a critical failure has lost, even if the other
    # player didn't roll any successes"
    result = run(side("a", 2), side("b", 2), [1, 1, 2, 3])
    assert (result.winner, result.decision) == (Side.SECOND, Decision.CRITICAL_FAILURE)
    assert (result.rounds[0].second.counting.successes, result.rounds[0].second.outcome.success) == (0, False)


def test_two_critical_failures_are_a_deadlock():
    result = run(side("a", 2), side("b", 2), [1, 1, 1, 4])
    assert (result.winner, result.decision) == (Side.DEADLOCK, Decision.BOTH_FAILED)


def test_raised_stakes_make_a_failing_side_lose():
    result = run(side("a", 2, stakes_raised=True), side("b", 2), [5, 2, 3, 3])
    assert result.rounds[0].first.outcome.critical_failure
    assert (result.winner, result.decision) == (Side.SECOND, Decision.CRITICAL_FAILURE)


def test_no_moments_of_truth_on_a_side_with_raised_stakes():
    pool = spend_moments(build_pool(SKILL, 2, 0), 1)
    raised = Contestant("a", Party.PC, SKILL, pool, stakes_raised=True)
    with pytest.raises(ValueError, match="stakes are raised"):
        contest(raised, side("b", 2), GRITTY, dice=FixedDice([6] * 5))


def test_a_pool_smaller_than_the_tn_still_contests():
    # An unskilled 1d6 perception roll cannot reach TN 2, but wins when the
    # other side fails critically.
    victim = side("mark", 1, kind=UNSKILLED)
    result = run(side("thief", 2, Party.PC), victim, [1, 2, 4])
    assert (result.winner, result.decision) == (Side.SECOND, Decision.CRITICAL_FAILURE)


# --- deadlocks ------------------------------------------------------------------


def test_the_resisting_side_wins_a_deadlock():
    result = run(side("Dwight", 2, Party.PC), side("guard", 2, resisting=True), [5, 6, 6, 5])
    assert (result.winner, result.ruling, result.decision) == (Side.SECOND, Ruling.RESISTING, Decision.EQUAL_SUCCESSES)


def test_two_player_characters_re_roll_until_one_wins():
    first, second = side("Nikita", 2, Party.PC), side("Dodger", 2, Party.PC)
    faces = [5, 6, 6, 5, 2, 3, 4, 3, 6, 6, 5, 2]  # deadlock, deadlock, then Nikita
    result = run(first, second, faces)
    assert (result.winner, result.ruling, len(result.rounds)) == (Side.FIRST, Ruling.RE_ROLLED, 3)
    assert [round_.winner for round_ in result.rounds] == [Side.DEADLOCK, Side.DEADLOCK, Side.FIRST]
    shown = [face for round_ in result.rounds for roll in (round_.first, round_.second) for face in roll.counting.faces]
    assert shown == faces


def test_re_rolls_stop_at_the_cap_and_leave_the_deadlock_to_the_gm():
    first, second = side("Nikita", 1, Party.PC), side("Dodger", 1, Party.PC)
    result = run(first, second, [3] * 2 * (MAX_RE_ROLLS + 1))
    assert (result.winner, result.ruling, len(result.rounds)) == (Side.DEADLOCK, Ruling.GM_CALLS, MAX_RE_ROLLS + 1)


def test_a_pc_npc_deadlock_goes_to_the_pc_by_default():
    result = run(side("thug", 2), side("Dodger", 2, Party.PC), [5, 6, 6, 5])
    assert (result.winner, result.ruling, result.winner_name) == (Side.SECOND, Ruling.TO_PC, "Dodger")


def test_without_the_setting_a_pc_npc_deadlock_is_the_gms_call():
    dials = GRITTY.with_changes(deadlock_to_pc=False)
    result = run(side("thug", 2), side("Dodger", 2, Party.PC), [5, 6, 6, 5], dials)
    assert (result.winner, result.ruling) == (Side.DEADLOCK, Ruling.GM_CALLS)


def test_an_npc_npc_deadlock_is_the_gms_call():
    result = run(side("thug", 2), side("boss", 2), [5, 6, 6, 5])
    assert (result.winner, result.ruling, result.winner_name) == (Side.DEADLOCK, Ruling.GM_CALLS, None)


def test_a_cautious_target_notices_on_a_tie():
    # Pickpocket: the thief's skill roll against the mark's perception
    # statistic roll; "if the target is being cautious, ties show the target
    # is aware of the failed attempt" - ahead of the PC's claim to a deadlock.
    thief = side("Dwight", 3, Party.PC)
    mark = side("mark", 3, kind=STATISTIC, cautious=True)
    result = run(thief, mark, [5, 6, 2, 6, 5, 1])
    assert (result.winner, result.ruling, result.target_noticed) == (Side.SECOND, Ruling.CAUTIOUS_TARGET, True)


def test_an_incautious_target_notices_nothing():
    result = run(side("Dwight", 3, Party.PC), side("mark", 3, kind=STATISTIC), [5, 6, 2, 6, 5, 1])
    assert (result.winner, result.target_noticed) == (Side.FIRST, False)


def test_a_cautious_target_notices_nothing_when_the_rolls_decide():
    mark = side("mark", 3, kind=STATISTIC, cautious=True)
    result = run(side("Dwight", 3, Party.PC), mark, [5, 6, 6, 6, 5, 1])
    assert (result.winner, result.target_noticed) == (Side.FIRST, False)


def test_contest_refuses_nonsense():
    with pytest.raises(ValueError):
        contest(side("a", 2, resisting=True), side("b", 2, resisting=True), GRITTY, dice=FixedDice([6] * 4))
    with pytest.raises(ValueError):
        contest(side("a", 2, cautious=True), side("b", 2, cautious=True), GRITTY, dice=FixedDice([6] * 4))
    with pytest.raises(ValueError):
        Contestant("a", Party.PC, STATISTIC, build_pool(STATISTIC, 0, None))
    with pytest.raises(ValueError):
        side(" ", 2)


# --- the card -------------------------------------------------------------------


def test_result_is_a_json_ready_tree():
    result = run(side("Nikita", 2, Party.PC), side("Dodger", 2, Party.PC), [5, 6, 6, 5, 6, 6, 5, 2])
    tree = json.loads(json.dumps(dump(ManeuverContest, result)))
    assert (tree["winner"], tree["winner_name"], tree["ruling"], tree["decision"]) == (
        "first",
        "Nikita",
        "re_rolled",
        "more_successes",
    )
    assert [r["first"]["faces"] + r["second"]["faces"] for r in tree["rounds"]] == [[5, 6, 6, 5], [6, 6, 5, 2]]
    assert tree["first"]["party"] == "pc"


def test_explanation_shows_each_round_and_the_ruling():
    result = run(side("Nikita", 2, Party.PC), side("Dodger", 2, Party.PC), [5, 6, 6, 5, 6, 6, 5, 2])
    assert result.explanation == [
        "contest: Nikita vs Dodger, each against TN 2",
        "Nikita: 2d6 rolled 5 6: 2 successes, success",
        "Dodger: 2d6 rolled 6 5: 2 successes, success",
        "deadlock: equal successes",
        "re-roll 1:",
        "Nikita: 2d6 rolled 6 6: 2 successes, success",
        "Dodger: 2d6 rolled 5 2: 1 success, failure",
        "Nikita wins: more successes",
        "two player characters re-roll a deadlock until one wins: Nikita wins",
    ]


# --- invariants -------------------------------------------------------------------

faces = st.lists(st.integers(1, 6), min_size=1, max_size=8)
kinds = st.sampled_from(list(RollKind))


def judged(rolled, kind, tn):
    pool = build_pool(kind, len(rolled), 0 if kind.takes_skill else None)
    counting = count_faces(rolled, kind)
    target = target_number(tn)
    return RollResult(kind, pool, target, counting, judge(counting, pool.dice, target.value))


MIRROR = {Side.FIRST: Side.SECOND, Side.SECOND: Side.FIRST, Side.DEADLOCK: Side.DEADLOCK}


@given(faces, faces, kinds, kinds, st.sampled_from([1, 2]))
def test_swapping_sides_swaps_the_winner(first_faces, second_faces, first_kind, second_kind, tn):
    a, b = judged(first_faces, first_kind, tn), judged(second_faces, second_kind, tn)
    winner, decision = decide(a, b)
    assert decide(b, a) == (MIRROR[winner], decision)


@given(faces, faces, kinds, kinds, st.sampled_from([1, 2]))
def test_a_winner_never_lost_on_the_rules(first_faces, second_faces, first_kind, second_kind, tn):
    a, b = judged(first_faces, first_kind, tn), judged(second_faces, second_kind, tn)
    winner, _ = decide(a, b)
    if winner is Side.DEADLOCK:
        return
    won, lost = (a, b) if winner is Side.FIRST else (b, a)
    assert not won.outcome.critical_failure
    assert won.outcome.critical_success or not lost.outcome.critical_success
    assert won.outcome.success or lost.outcome.critical_failure
