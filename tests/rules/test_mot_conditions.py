"""The condition summary (ch. 7) and the derived statistics (ch. 2)."""

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import RollKind, resolve_roll
from bridge.rules.moment_of_truth.conditions import (
    EFFECTS,
    Condition,
    attack_pool_changes,
    ends_on_roll,
    skill_penalties,
    to_hit_changes,
)
from bridge.rules.moment_of_truth.dials import Dials, ReactionStatistic
from bridge.rules.moment_of_truth.statistics import Derived, Statistic, derive, derive_all

DIALS = Dials()


def dice_of(modifiers):
    return {modifier.source: modifier.dice for modifier in modifiers}


def test_every_condition_has_an_effect():
    assert set(EFFECTS) == set(Condition)


def test_wounds_and_stun_take_dice_from_every_skill_roll():
    penalties = skill_penalties([Condition.WOUNDED, Condition.STUNNED], Statistic.STRENGTH, DIALS)
    assert dice_of(penalties) == {"stunned": -3, "wounded": -2}
    assert all(modifier.penalty for modifier in penalties)


def test_confusion_takes_dice_only_from_rolls_built_on_will_perception_or_education():
    assert dice_of(skill_penalties([Condition.CONFUSED], Statistic.EDUCATION, DIALS)) == {"confused": -3}
    assert dice_of(skill_penalties([Condition.CONFUSED], Derived.RANGED_ATTACK, DIALS)) == {"confused": -3}
    assert skill_penalties([Condition.CONFUSED], Derived.MELEE_ATTACK, DIALS) == []
    assert skill_penalties([Condition.CONFUSED], Statistic.AGILITY, DIALS) == []


def test_reaction_time_follows_the_dial_into_confusion():
    will = skill_penalties([Condition.CONFUSED], Derived.REACTION_TIME, DIALS)
    perception = skill_penalties(
        [Condition.CONFUSED], Derived.REACTION_TIME, Dials(reaction_statistic=ReactionStatistic.PERCEPTION)
    )
    assert dice_of(will) == dice_of(perception) == {"confused": -3}


def test_condition_penalties_never_touch_a_statistic_roll():
    penalties = skill_penalties([Condition.STUNNED], Statistic.ENDURANCE, DIALS)
    result = resolve_roll(RollKind.STATISTIC, 3, None, 2, modifiers=penalties, dice=FixedDice([5, 5, 1]))
    assert result.pool.dice == 3


def test_the_defenseless_minus_one_is_taken_once():
    changes = to_hit_changes([Condition.GRAPPLED, Condition.RESTRAINED, Condition.UNAWARE], ranged=False)
    assert changes == [("grappled / restrained / unaware", -1)]


def test_prone_is_harder_to_hit_from_range_only():
    assert to_hit_changes([Condition.PRONE], ranged=True) == [("prone", 1)]
    assert to_hit_changes([Condition.PRONE], ranged=False) == []


def test_a_prone_attacker_fights_worse_up_close_and_shoots_better():
    assert dice_of(attack_pool_changes([Condition.PRONE], ranged=False)) == {"prone": -2}
    assert dice_of(attack_pool_changes([Condition.PRONE], ranged=True)) == {"prone": 1}


def test_stun_and_confusion_end_on_a_statistic_roll():
    assert ends_on_roll(Condition.STUNNED) is Statistic.ENDURANCE
    assert ends_on_roll(Condition.CONFUSED) is Statistic.WILL
    assert ends_on_roll(Condition.PRONE) is None


def test_derived_statistics_drop_fractions():
    statistics = {Statistic.ENDURANCE: 5, Statistic.STRENGTH: 4, Statistic.AGILITY: 3,
                  Statistic.WILL: 2, Statistic.PERCEPTION: 4, Statistic.EDUCATION: 2}
    assert derive_all(statistics, DIALS) == {
        Derived.HIT_POINTS: 16,  # Dodger's 16 HP (ch. 7) from Endurance 5
        Derived.MELEE_ATTACK: 3,
        Derived.RANGED_ATTACK: 3,
        Derived.REACTION_TIME: 2,
        Derived.MOVE: 4,
    }
    assert derive(Derived.REACTION_TIME, statistics, Dials(reaction_statistic=ReactionStatistic.PERCEPTION)) == 3
    assert derive(Derived.HIT_POINTS, statistics, Dials(hit_points_base=10, hit_points_per_endurance=3)) == 25
