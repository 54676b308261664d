"""The party's Momentum and the GM's Chaos: caps, costs, losses, sources."""

import pytest

from bridge.rules.two_d20.chaos import Chaos
from bridge.rules.two_d20.momentum import Momentum, MomentumSpend, NotEnough, spend_cost


@pytest.mark.parametrize("players, cap", [(1, 6), (3, 6), (4, 8), (5, 10)])
def test_momentum_cap_is_six_or_twice_the_players(players, cap):
    assert Momentum(0, players).cap == cap


def test_momentum_above_the_cap_is_lost():
    pool, change = Momentum(4, 2).gain(5)
    assert (pool.tokens, change.before, change.after, change.lost) == (6, 4, 6, 3)


def test_one_momentum_lost_at_each_scene_and_round_end():
    pool, change = Momentum(3, 2).end_of_round()
    assert (pool.tokens, change.reason) == (2, "end of round: 1 Momentum lost")
    pool, _ = pool.end_of_scene()
    assert pool.tokens == 1
    assert Momentum(0, 2).end_of_scene()[0].tokens == 0


@pytest.mark.parametrize(
    "spend, amount, cost",
    [
        (MomentumSpend.EXTRA_DICE, 1, 1),
        (MomentumSpend.EXTRA_DICE, 2, 3),
        (MomentumSpend.EXTRA_DICE, 3, 6),
        (MomentumSpend.BONUS_DAMAGE, 4, 4),
        (MomentumSpend.TRAIT, 1, 2),
        (MomentumSpend.QUESTION, 1, 1),
        (MomentumSpend.COUNTER_ATTACK, 1, 2),
        (MomentumSpend.SPECIAL_MOVE, 3, 3),
    ],
)
def test_spending_costs(spend, amount, cost):
    assert spend_cost(spend, amount) == cost
    pool, change = Momentum(6, 3).spend(spend, amount)
    assert (pool.tokens, change.before) == (6 - cost, 6)


def test_no_fourth_bought_die_and_no_overspending():
    with pytest.raises(ValueError, match="0 to 3"):
        spend_cost(MomentumSpend.EXTRA_DICE, 4)
    with pytest.raises(NotEnough, match="costs 3 Momentum; the pool holds 2"):
        Momentum(2, 3).spend(MomentumSpend.EXTRA_DICE, 2)


def test_chaos_starts_at_two_per_player():
    assert Chaos.at_start(4).tokens == 8


def test_chaos_from_bought_dice_and_prevented_complications():
    pool, change = Chaos(3).dice_bought(3)
    assert (pool.tokens, change.reason) == (9, "a player bought +3d20 for 6 Chaos")
    pool, _ = pool.complications_prevented(2)
    assert pool.tokens == 13
    pool, change = pool.generated(1, "a villain arrives")
    assert (pool.tokens, change.reason) == (14, "a villain arrives")


def test_the_gm_spends_chaos_as_momentum_and_on_traits():
    pool, _ = Chaos(5).spend(MomentumSpend.TRAIT)
    assert pool.tokens == 3
    pool, _ = pool.spend(MomentumSpend.EXTRA_DICE, 2)
    assert pool.tokens == 0
    with pytest.raises(NotEnough):
        pool.spend(MomentumSpend.QUESTION)
