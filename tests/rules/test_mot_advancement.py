"""Advancement (ch. 11): experience tables, summed steps, double cost, buy-back."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.moment_of_truth.advancement import (
    OffTheTable,
    moment_buyback,
    skill_advancement,
    statistic_advancement,
)
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.characters import AdvancementCost as AdvancementCostShape
from bridge.systems.moment_of_truth.schemas.experience import ExperienceAccount as ExperienceAccountShape

DIALS = Dials()
PLAIN = DIALS.with_changes(double_cost_perception_agility=False)


def test_skill_table_one_level_at_a_time():
    # Familiar 5, Trained 10, Skilled 15, Expert 20, Master 25
    assert skill_advancement("pistol", None, 0).experience == 5
    assert [skill_advancement("pistol", level - 1, level).experience for level in range(1, 5)] == [10, 15, 20, 25]


def test_statistic_table_one_level_at_a_time():
    # Poor 10, Average 20, Above Average 30, Gifted 40, Exceptional 50, Extraordinary 60
    costs = [statistic_advancement(Statistic.STRENGTH, level - 1, level, DIALS).experience for level in range(2, 8)]
    assert costs == [10, 20, 30, 40, 50, 60]


def test_several_levels_at_once_sum_each_step():
    raised = skill_advancement("stealth", 1, 3)
    assert ([step.level for step in raised.steps], raised.experience) == ([2, 3], 15 + 20)
    assert skill_advancement("research", None, 2).experience == 5 + 10 + 15
    assert statistic_advancement(Statistic.WILL, 3, 6, DIALS).experience == 30 + 40 + 50


def test_perception_and_agility_cost_double_by_default():
    # "the GM can assess an additional cost (perhaps double) ... For most
    # games ... the latter option is suggested."
    for statistic in (Statistic.PERCEPTION, Statistic.AGILITY):
        doubled = statistic_advancement(statistic, 3, 4, DIALS)
        assert (doubled.multiplier, doubled.experience) == (2, 60)
    assert statistic_advancement(Statistic.ENDURANCE, 3, 4, DIALS).experience == 30


def test_the_gm_may_treat_perception_and_agility_like_any_other_statistic():
    assert statistic_advancement(Statistic.PERCEPTION, 3, 5, PLAIN).experience == 30 + 40


def test_unspent_moments_bought_back_for_one_xp_each():
    assert moment_buyback(4, DIALS) == 4
    assert moment_buyback(4, DIALS.with_changes(moment_buyback_xp=2)) == 8
    with pytest.raises(ValueError):
        moment_buyback(-1, DIALS)


def test_levels_off_the_tables_are_refused():
    with pytest.raises(ValueError):
        skill_advancement("pistol", 4, 5)
    with pytest.raises(ValueError):
        skill_advancement("pistol", 5, 4)
    with pytest.raises(ValueError):
        skill_advancement("pistol", -1, 2)
    with pytest.raises(ValueError):
        statistic_advancement(Statistic.WILL, 7, 8, DIALS)
    with pytest.raises(ValueError):
        statistic_advancement(Statistic.WILL, 0, 2, DIALS)


def test_no_advance_is_refused():
    with pytest.raises(ValueError):
        skill_advancement("pistol", 2, 2)
    with pytest.raises(ValueError):
        statistic_advancement(Statistic.WILL, 4, 3, DIALS)
    with pytest.raises(ValueError):
        skill_advancement(" ", None, 0)


def test_a_refusal_names_the_level_it_refuses():
    for refused, field in (
        (lambda: skill_advancement(" ", None, 0), "name"),
        (lambda: skill_advancement("pistol", 5, 6), "current"),
        (lambda: skill_advancement("pistol", 4, 5), "desired"),
        (lambda: skill_advancement("pistol", 2, 2), "desired"),
        (lambda: statistic_advancement(Statistic.WILL, 0, 2, DIALS), "current"),
        (lambda: statistic_advancement(Statistic.WILL, 7, 8, DIALS), "desired"),
    ):
        with pytest.raises(OffTheTable) as broken:
            refused()
        assert broken.value.field == field


def test_cost_is_json_ready_and_explained():
    cost = statistic_advancement(Statistic.AGILITY, 2, 4, DIALS)
    tree = json.loads(json.dumps(dump(AdvancementCostShape, cost)))
    assert tree["steps"] == [{"level": 3, "experience": 20}, {"level": 4, "experience": 30}]
    assert tree["experience"] == 100
    assert cost.explanation == [
        "agility to 3: 20 XP",
        "agility to 4: 30 XP",
        "agility costs x 2 to raise (world setting)",
        "agility 2 -> 4: 100 XP",
    ]
    assert skill_advancement("pistol", None, 0).explanation[-1] == "pistol none -> 0: 5 XP"


@given(st.lists(st.integers(1, 7), min_size=3, max_size=3, unique=True), st.sampled_from(list(Statistic)))
def test_raising_in_two_goes_costs_the_same_as_in_one(levels, statistic):
    low, middle, high = sorted(levels)
    whole = statistic_advancement(statistic, low, high, DIALS).experience
    parts = statistic_advancement(statistic, low, middle, DIALS).experience
    parts += statistic_advancement(statistic, middle, high, DIALS).experience
    assert whole == parts


@given(st.integers(1, 6), st.integers(2, 7))
def test_doubling_doubles_exactly(current, desired):
    if desired <= current:
        return
    plain = statistic_advancement(Statistic.PERCEPTION, current, desired, PLAIN).experience
    assert statistic_advancement(Statistic.PERCEPTION, current, desired, DIALS).experience == 2 * plain


def test_an_experience_account_gains_awards_and_buybacks_and_pays_for_raises():
    from bridge.rules.moment_of_truth.experience import ExperienceAccount, ExperienceKind, NotEnoughExperience

    account, entry = ExperienceAccount().award(12, "session 1")
    assert (account.balance, entry.kind, entry.change) == (12, ExperienceKind.AWARD, 12)
    with pytest.raises(NotEnoughExperience, match="costs 15"):
        account.raise_by(skill_advancement("stealth", None, 1))  # 5 + 10
    account, entry = account.raise_by(skill_advancement("stealth", None, 0))
    assert (account.balance, entry.change, entry.reason) == (7, -5, "stealth none -> 0")
    account, entry = account.buy_back(3, Dials(moment_buyback_xp=2))
    assert (account.balance, entry.kind) == (13, ExperienceKind.BUYBACK)
    with pytest.raises(ValueError, match="at least 1"):
        account.award(0, "nothing")
    with pytest.raises(ValueError, match="reason"):
        account.award(2, " ")
    assert ExperienceAccount.from_dict(json.loads(json.dumps(dump(ExperienceAccountShape, account)))) == account


def test_moments_bought_back_leave_the_ledger():
    from bridge.rules.moment_of_truth.moments import MomentsLedger, NotEnoughMoments, Spend, buy_back

    update = buy_back(MomentsLedger((("alice", 3),)), "alice", 2)
    assert (update.ledger.balance("alice"), update.entries[0].kind) == (1, Spend.BUYBACK)
    with pytest.raises(NotEnoughMoments):
        buy_back(update.ledger, "alice", 2)
