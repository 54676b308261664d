"""Untrained skills, extended actions, split pools and opposed actions,
with the text's own examples."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_clarity.levels import Level
from bridge.rules.moment_of_clarity.opposed import SecretSuccesses, oppose
from bridge.rules.moment_of_clarity.rolls import augment, roll
from bridge.rules.moment_of_clarity.skills import PoolPart, SkillThreshold, extended_dice, skill_pool
from bridge.rules.moment_of_clarity.splitting import SplitAction, judge_split, roll_split, split_pool

# --- untrained skills ---------------------------------------------------------


def test_antares_cracks_the_code_untrained():
    """Cryptography (+2) untrained: TN 9; Mind 3 alone rolls 1 die, with a
    Mind token Mind 3 + Reasoning 2 rolls 3."""
    alone = skill_pool([PoolPart("Mind", 3)], untrained=SkillThreshold.DIFFICULT)
    assert (alone.dice, alone.tn) == (1, 9)
    with_token = skill_pool([PoolPart("Mind", 3), PoolPart("Reasoning", 2)], untrained=SkillThreshold.DIFFICULT)
    assert (with_token.dice, with_token.tn) == (3, 9)
    assert with_token.explanation == [
        "pool 3 dice: Mind 3 + Reasoning 2 - untrained (difficult skill) 2",
        "TN 9: 7 + difficult skill used untrained",
    ]


def test_an_untrained_pool_keeps_one_die():
    pool = skill_pool([PoolPart("Body", 1)], untrained=SkillThreshold.DIFFICULT)
    assert pool.dice == 1
    assert "at least 1 die" in pool.explanation[1]


def test_an_easy_skill_untrained_costs_nothing_and_a_trained_one_keeps_the_tn():
    assert skill_pool([PoolPart("Mind", 2)], untrained=SkillThreshold.EASY).tn == 7
    trained = skill_pool([PoolPart("Mind", 2), PoolPart("Cryptography", 2)], tn=9)
    assert (trained.dice, trained.tn, trained.untrained) == (4, 9, None)


def test_extended_actions_on_a_geometric_progression():
    # 30 s usual: 1 min 30 s for a bonus die, 3 min 30 s for two.
    assert [extended_dice(30, t) for t in (30, 89, 90, 209, 210, 450)] == [0, 0, 1, 1, 2, 3]
    # Antares takes 35 minutes over a 5-minute attempt: 3 + 2 - 2 + 2 = 5 dice.
    bonus = extended_dice(5, 35)
    pool = skill_pool(
        [PoolPart("Mind", 3), PoolPart("Reasoning", 2), PoolPart("extended action", bonus)],
        untrained=SkillThreshold.DIFFICULT,
    )
    assert (bonus, pool.dice) == (2, 5)
    with pytest.raises(ValueError):
        extended_dice(5, 4)


# --- splitting a pool ---------------------------------------------------------

HARRY = [
    SplitAction("move to the bulkhead", 1, needs=Level.FAILURE),
    SplitAction("lift it", 1, free_success=True),
    SplitAction("throw it", 7),
    SplitAction("defend while moving", 2),
]
HARRYS_FACES = [1, 7, 7, 8, 6, 6, 5, 3, 2, 5, 4]


def test_harrys_pool_is_eleven_after_the_split():
    split = split_pool(13, HARRY, counted=3)  # 5+3+2+3, less 2 "for three actions"
    assert (split.lost, sum(action.dice for action in split.actions)) == (2, 11)
    with pytest.raises(ValueError, match="leaves 10, not the 11"):
        split_pool(13, HARRY)  # four actions counted lose 3


def test_harrys_spectacular_move_preempts_the_rest():
    split = split_pool(13, HARRY, counted=3)
    outcomes = judge_split(split, roll_split(split, FixedDice(HARRYS_FACES)))
    assert [o.level for o in outcomes] == [
        Level.SPECTACULAR_FAILURE,
        Level.MARGINAL_SUCCESS,  # the bead's, whatever the 7 says
        Level.MARGINAL_SUCCESS,  # 8 vs 7
        Level.FAILURE,
    ]
    assert [o.preempted for o in outcomes] == [False, True, True, True]


def test_harrys_eight_of_clubs_saves_the_plan():
    split = split_pool(13, HARRY, counted=3)
    move, lift, throw, defense = roll_split(split, FixedDice(HARRYS_FACES))
    rolls = [augment(move, {0: 1}), lift, augment(throw, {2: 1, 3: 1, 4: 2}), augment(defense, {0: 2})]
    outcomes = judge_split(split, rolls)
    assert [o.preempted for o in outcomes] == [False] * 4
    assert outcomes[3].level.successes == 1  # "defense one success"


def test_the_gm_may_let_a_failure_not_preempt():
    split = split_pool(3, [SplitAction("a", 1), SplitAction("b", 1)])
    outcomes = judge_split(split, roll_split(split, FixedDice([2, 9])), preempt=False)
    assert [(o.level, o.preempted) for o in outcomes] == [(Level.FAILURE, False), (Level.SUCCESS, False)]
    assert judge_split(split, roll_split(split, FixedDice([2, 9])))[1].preempted


def test_each_action_takes_a_die():
    with pytest.raises(ValueError, match="at least one die"):
        SplitAction("nothing", 0)


# --- opposed actions ----------------------------------------------------------


def test_coulard_fires_on_full_automatic():
    coulard = SecretSuccesses("Coulard", 5)
    first = oppose(coulard, 3, SecretSuccesses("first agent", 1), 1)
    second = oppose(first.active, 1, SecretSuccesses("second agent", 1), 1)
    third = oppose(second.active, 1, SecretSuccesses("third agent", 0), 0)
    assert [first.net, second.net, third.net] == [2, 0, 1]
    assert third.active.left == 0
    assert first.explanation == "Coulard declares 3, first agent takes off 1: 2 through (2 saved, 0 saved)"


def test_each_side_counts_the_successes_of_its_secret_roll():
    attacker = SecretSuccesses.of_roll("Jean-Bart", roll(3, 10, 7, FixedDice([8, 8, 2])))  # EN 9: success
    dodger = SecretSuccesses.of_roll("agent", roll(2, 10, 8, FixedDice([8, 3])))  # EN 8: near success
    exchange = oppose(attacker, 2, dodger, 1)
    assert (attacker.rolled, dodger.rolled, exchange.net, exchange.active.left) == (3, 1, 1, 1)


def test_nobody_declares_more_than_they_rolled():
    with pytest.raises(ValueError, match="only 2 left"):
        oppose(SecretSuccesses("A", 2), 3, SecretSuccesses("B", 0), 0)
    with pytest.raises(ValueError, match="only 0 left"):
        oppose(SecretSuccesses("A", 2), 1, SecretSuccesses("B", 0), 1)
