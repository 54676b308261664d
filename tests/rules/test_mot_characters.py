"""Character creation (ch. 2-4): costs, every broken rule, the book's examples."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.moment_of_truth.characters import (
    CharacterSheet,
    Rule,
    Talent,
    check_creation,
    skill_cost,
    skill_points,
    statistic_cost,
)
from bridge.rules.moment_of_truth.dials import Dials, ReactionStatistic
from bridge.rules.moment_of_truth.statistics import Derived, Statistic
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.characters import CreationCheck

END, STR, AGI, WIL, PER, EDU = (
    Statistic.ENDURANCE,
    Statistic.STRENGTH,
    Statistic.AGILITY,
    Statistic.WILL,
    Statistic.PERCEPTION,
    Statistic.EDUCATION,
)
DIALS = Dials()


def rules_broken(sheet, dials=DIALS):
    return [violation.rule for violation in check_creation(sheet, dials).violations]


# --- costs ----------------------------------------------------------------------


def test_statistic_cost_table():
    # Abysmal -1, Poor 0, Average 1, Above Average 2, Gifted 4, Exceptional 6
    assert [statistic_cost(value) for value in range(1, 7)] == [-1, 0, 1, 2, 4, 6]


def test_skill_cost_table():
    # Familiar 1, Trained 2, Skilled 3, Expert 4, Exceptional 6
    assert [skill_cost(level) for level in range(5)] == [1, 2, 3, 4, 6]


def test_costs_refuse_values_off_the_tables():
    for value in (0, 7):
        with pytest.raises(ValueError):
            statistic_cost(value)
    for level in (-1, 5):
        with pytest.raises(ValueError):
            skill_cost(level)


def test_skill_points_are_education_times_three_plus_eight():
    assert skill_points(2, DIALS) == 14
    assert skill_points(4, DIALS.with_changes(skill_points_per_education=4, skill_points_base=10)) == 26


# --- the book's examples ------------------------------------------------------------


def test_allison_education_five_costs_four():
    # "spends 4 statistic points to get an education of 5: gifted"
    check = check_creation(CharacterSheet("Nikita", {EDU: 5}), DIALS)
    assert (check.statistic_points.spent, check.statistic_points.available) == (4, 6)
    assert check.skill_points.available == 5 * 3 + 8
    assert check.valid


def test_seamus_endurance_four_costs_two():
    # "spending 2 points to increase from 2 to 4"
    check = check_creation(CharacterSheet("Dodger", {END: 4}), DIALS)
    assert check.statistic_points.spent == 2
    assert check.derived[Derived.HIT_POINTS] == 2 * 4 + 6


def test_jackson_pays_for_will_and_perception_five_by_dropping_two_statistics():
    # "spending 4 points each, equaling 8 ... he must drop two other stats
    # from 2 to 1 to make up for the -2"
    overspent = CharacterSheet("Dwight", {WIL: 5, PER: 5})
    check = check_creation(overspent, DIALS)
    assert (check.statistic_points.spent, check.statistic_points.remaining) == (8, -2)
    assert rules_broken(overspent) == [Rule.STATISTIC_POINTS]
    balanced = check_creation(CharacterSheet("Dwight", {WIL: 5, PER: 5, STR: 1, END: 1}), DIALS)
    assert (balanced.statistic_points.spent, balanced.valid) == (6, True)


def test_dwight_takes_a_problem_for_a_talent():
    # Problem "many spurned lovers" pays for the talent Honest Face.
    talent = Talent("Honest Face", skill="lying", circumstances="face-to-face")
    sheet = CharacterSheet("Dwight", problems=("many spurned lovers",), talents=(talent,))
    check = check_creation(sheet, DIALS)
    assert (check.trait_points.spent, check.trait_points.available, check.valid) == (1, 1, True)
    assert rules_broken(CharacterSheet("Dwight", talents=(talent,))) == [Rule.TRAIT_POINTS]


def test_an_orc_applies_racial_strength_after_buying():
    # "If the player buys a strength of 5 ... apply the +1 bonus, giving
    # their orc PC a strength of 6."
    orc = CharacterSheet("orc", {STR: 5}, racial_modifiers={STR: 1})
    check = check_creation(orc, DIALS)
    assert (check.statistics[STR], check.statistic_points.spent, check.valid) == (6, 4, True)


# --- statistics -----------------------------------------------------------------------


def test_statistics_start_at_two():
    check = check_creation(CharacterSheet("blank"), DIALS)
    assert set(check.statistics.values()) == {2}
    assert (check.statistic_points.spent, check.skill_points.available) == (0, 14)


def test_the_starting_maximum_is_five_before_racial_modifiers():
    assert rules_broken(CharacterSheet("a", {STR: 6})) == [Rule.STATISTIC_STARTING_MAX]
    assert rules_broken(CharacterSheet("a", {STR: 6}), DIALS.with_changes(starting_statistic_max=6)) == []


def test_racial_modifiers_keep_statistics_between_one_and_six():
    assert rules_broken(CharacterSheet("a", {STR: 5}, racial_modifiers={STR: 2})) == [Rule.STATISTIC_RANGE]
    assert rules_broken(CharacterSheet("a", {STR: 1, AGI: 3}, racial_modifiers={STR: -1})) == [Rule.STATISTIC_RANGE]


def test_a_statistic_off_the_cost_table_is_reported():
    assert Rule.STATISTIC_COST in rules_broken(CharacterSheet("a", {STR: 0}))


def test_trait_points_buy_statistic_points_one_for_one():
    sheet = CharacterSheet("a", {WIL: 5, PER: 5}, problems=("honest", "curious"), trait_points_to_statistic_points=2)
    check = check_creation(sheet, DIALS)
    assert (check.statistic_points.available, check.trait_points.spent, check.valid) == (8, 2, True)


def test_more_starting_points_as_a_house_rule():
    # Ch. 12: "Perhaps players start with 8 stat points, rather than 6."
    assert rules_broken(CharacterSheet("a", {WIL: 5, PER: 5}), DIALS.with_changes(starting_statistic_points=8)) == []


# --- skills -----------------------------------------------------------------------------


def test_skills_cost_their_table_price_within_the_points():
    # Education 2: 14 points; 6 + 4 + 3 + 1 = 14.
    sheet = CharacterSheet("a", skills={"pistol": 4, "stealth": 3, "driving": 2, "research": 0})
    check = check_creation(sheet, DIALS)
    assert (check.skill_points.spent, check.skill_points.available, check.valid) == (14, 14, True)
    one_more = CharacterSheet("a", skills={**sheet.skills, "streetwise": 0})
    assert rules_broken(one_more) == [Rule.SKILL_POINTS]


def test_trait_points_buy_three_skill_points_each():
    # Education 2: 14 points; 6 + 6 + 4 = 16 needs one trait point's 3 more.
    sheet = CharacterSheet("a", skills={"pistol": 4, "stealth": 4, "driving": 3}, problems=("rival",))
    assert rules_broken(sheet) == [Rule.SKILL_POINTS]
    converted = CharacterSheet(**{**sheet.__dict__, "trait_points_to_skill_points": 1})
    check = check_creation(converted, DIALS)
    assert (check.skill_points.available, check.valid) == (17, True)


def test_skill_points_use_the_final_education():
    sheet = CharacterSheet("elf", {EDU: 4}, racial_modifiers={EDU: 1})
    assert check_creation(sheet, DIALS).skill_points.available == 5 * 3 + 8


def test_skill_levels_are_zero_to_four():
    assert rules_broken(CharacterSheet("a", skills={"pistol": 5})) == [Rule.SKILL_LEVEL]
    assert rules_broken(CharacterSheet("a", skills={"pistol": -1})) == [Rule.SKILL_LEVEL]


# --- traits ----------------------------------------------------------------------------


def test_at_most_four_problems_earn_trait_points():
    problems = ("anger issues", "bounty", "cowardly", "curious", "drunk")
    sheet = CharacterSheet("a", problems=problems, boons=("ally", "famous", "nobility", "wealthy", "badge"))
    check = check_creation(sheet, DIALS)
    assert check.trait_points.available == 4
    assert rules_broken(sheet) == [Rule.PROBLEMS, Rule.TRAIT_POINTS]


def test_a_talent_names_one_skill_or_one_statistic():
    neither = Talent("Lucky")
    both = Talent("Keen Sight", skill="survival", statistic=PER)
    sheet = CharacterSheet("a", problems=("honest", "selfish"), talents=(neither, both))
    check = check_creation(sheet, DIALS)
    assert [(v.rule, v.field) for v in check.violations] == [
        (Rule.TALENT_TARGET, "talents.0"),
        (Rule.TALENT_TARGET, "talents.1"),
    ]
    assert check_creation(
        CharacterSheet("a", problems=("honest",), talents=(Talent("Keen Sight", statistic=PER),)), DIALS
    ).valid


# --- every rule, at once ------------------------------------------------------------------


def test_every_broken_rule_is_listed():
    sheet = CharacterSheet(
        "everything wrong",
        {STR: 6, AGI: 6, WIL: 7},
        racial_modifiers={STR: 1},
        skills={"pistol": 9, "stealth": 4, "driving": 4, "research": 4},
        problems=("a", "b", "c", "d", "e"),
        talents=(Talent("vague"),),
        boons=("ally", "famous", "wealthy", "nobility"),
    )
    check = check_creation(sheet, DIALS)
    assert {violation.rule for violation in check.violations} == set(Rule)
    fields = [(v.rule, v.field) for v in check.violations]
    assert (Rule.STATISTIC_STARTING_MAX, "statistics.strength") in fields
    assert (Rule.STATISTIC_STARTING_MAX, "statistics.agility") in fields
    assert (Rule.STATISTIC_RANGE, "statistics.strength") in fields
    assert (Rule.STATISTIC_COST, "statistics.will") in fields
    assert (Rule.SKILL_LEVEL, "skills.pistol") in fields
    assert all(violation.message for violation in check.violations)


def test_sheet_refuses_nonsense():
    with pytest.raises(ValueError):
        CharacterSheet("a", {"strength": 3})
    with pytest.raises(ValueError):
        CharacterSheet("a", trait_points_to_skill_points=-1)
    with pytest.raises(ValueError):
        CharacterSheet("a", skills={" ": 1})


def test_check_is_json_ready():
    sheet = CharacterSheet("Dwight", {WIL: 5, PER: 5, STR: 1, END: 1}, skills={"lying": 3})
    tree = json.loads(json.dumps(dump(CreationCheck, check_creation(sheet, DIALS))))
    assert tree["valid"] is True
    assert tree["statistic_points"] == {"spent": 6, "available": 6, "remaining": 0}
    # reaction time (Agility 2 + Will 5) / 2, dropping fractions
    assert tree["derived"]["reaction_time"] == 3
    assert tree["statistics"]["will"] == 5
    assert tree["statistics"]["agility"] == 2  # not bought: the starting 2


def test_derived_statistics_follow_the_reaction_setting():
    sheet = CharacterSheet("a", {AGI: 4, WIL: 2, PER: 5, STR: 1})
    assert check_creation(sheet, DIALS).derived[Derived.REACTION_TIME] == 3
    perception = DIALS.with_changes(reaction_statistic=ReactionStatistic.PERCEPTION)
    assert check_creation(sheet, perception).derived[Derived.REACTION_TIME] == 4


# --- invariants ------------------------------------------------------------------------------

bought = st.dictionaries(st.sampled_from(list(Statistic)), st.integers(1, 5))
COSTS = {1: -1, 2: 0, 3: 1, 4: 2, 5: 4}


@given(bought, st.integers(0, 4))
def test_statistic_points_are_overspent_exactly_when_the_table_says_so(statistics, converted):
    sheet = CharacterSheet("a", statistics, problems=("p",) * converted, trait_points_to_statistic_points=converted)
    cost = sum(COSTS[value] for value in statistics.values())
    assert (Rule.STATISTIC_POINTS in rules_broken(sheet)) == (cost > 6 + converted)


@given(st.dictionaries(st.sampled_from(list(Statistic)), st.integers(0, 8)))
def test_each_statistic_above_the_maximum_is_its_own_violation(statistics):
    sheet = CharacterSheet("a", statistics)
    above = [v for v in check_creation(sheet, DIALS).violations if v.rule is Rule.STATISTIC_STARTING_MAX]
    assert len(above) == sum(value > 5 for value in statistics.values())
