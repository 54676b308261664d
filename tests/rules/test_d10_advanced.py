"""Advanced skill rolls with fixed faces: additive, subtractive, cumulative."""

import json

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.highest_d10 import Modifier, roll_skill
from bridge.rules.highest_d10.advanced import (
    Goal,
    additive,
    cumulative_successes,
    cumulative_total,
    subtractive,
    target_for_allies,
)
from bridge.schemas.encode import dump
from bridge.systems.highest_d10.schemas import D10CumulativeCard


def roll(faces, **options):
    return roll_skill(len(faces), dice=FixedDice(faces), **options)


def test_additive_adds_the_secondary_level():
    result = roll([2, 8, 8], modifiers=[additive("Climbing", 3)])
    assert result.total == 12
    assert "Climbing (secondary, additive) +3" in result.explanation


def test_additive_halved_rounds_down():
    assert additive("Climbing", 5, halved=True) == Modifier("Climbing (secondary, additive, halved from 5)", 2)
    assert roll([6], modifiers=[additive("Climbing", 5, halved=True)]).total == 8


def test_subtractive_takes_the_secondary_level_and_sets_the_allies_tn():
    # teaching: the subject matter is primary, the teaching skill secondary
    primary = roll([9, 4], modifiers=[Modifier("History", 3), subtractive("Teaching", 4)])
    assert primary.total == 8
    assert target_for_allies(primary) == 8


def test_the_allies_tn_is_never_below_one():
    assert target_for_allies(roll([2], modifiers=[subtractive("Teaching", 6)])) == 1


def test_a_secondary_level_is_not_negative():
    for make in (additive, subtractive):
        with pytest.raises(ValueError):
            make("Teaching", -1)


def test_cumulative_total_sums_toward_a_very_high_tn():
    rolls = [roll([7, 7]), roll([9, 2]), roll([10, 3])]
    effort = cumulative_total(rolls, 20)
    assert effort.added == (8, 9, 10)
    assert (effort.progress, effort.reached, effort.reached_at) == (27, True, 3)


def test_cumulative_total_not_yet_reached():
    effort = cumulative_total([roll([5])], 30)
    assert (effort.progress, effort.reached, effort.reached_at) == (5, False, None)


def test_a_roll_its_ones_failed_adds_nothing():
    effort = cumulative_total([roll([1, 1, 9]), roll([1])], 20)
    assert effort.added == (0, 0)


def test_cumulative_successes_count_successes_only():
    rolls = [roll([8], tn=8), roll([6], tn=8), roll([10], modifiers=[Modifier("skill", 3)], tn=8)]
    # success, partial success (adds nothing), solid success (13 > 12)
    effort = cumulative_successes(rolls, 3)
    assert effort.added == (1, 0, 1)
    assert not effort.reached


def test_a_solid_success_may_count_as_two():
    rolls = [roll([8], tn=8), roll([10], modifiers=[Modifier("skill", 3)], tn=8)]
    effort = cumulative_successes(rolls, 3, solid_counts_double=True)
    assert effort.added == (1, 2)
    assert effort.reached_at == 2
    assert "a solid success counts as two successes (the GM's choice)" in effort.explanation


def test_cumulative_successes_need_a_tn_on_each_roll():
    with pytest.raises(ValueError):
        cumulative_successes([roll([8])], 2)


def test_a_cumulative_goal_is_at_least_one():
    with pytest.raises(ValueError):
        cumulative_total([], 0)


def test_the_card_shows_every_roll():
    effort = cumulative_successes([roll([9], tn=8), roll([1], tn=8)], 2)
    card = json.loads(json.dumps(dump(D10CumulativeCard, effort)))
    assert card["goal"] == Goal.SUCCESSES.value
    assert [r["faces"] for r in card["rolls"]] == [[9], [1]]
    assert [r["outcome"] for r in card["rolls"]] == [{"label": "success"}, {"label": "botch"}]
    assert card["outcome"] == {"label": "not_reached"}
    assert card["explanation"] == [
        "cumulative roll toward 2 successes",
        "roll 1: total 9 vs TN 8, success, adds 1",
        "roll 2: total 1 vs TN 8, botch, adds 0",
        "1 of 2 successes: not reached",
    ]


def test_a_reached_goal_says_so_on_the_card():
    effort = cumulative_total([roll([9]), roll([7, 7])], 16)
    assert (effort.reached_at, dump(D10CumulativeCard, effort)["outcome"]) == (2, {"label": "reached"})
