"""Characteristics and their tokens, a skill's pool from the sheet, the to-hit TN from AG, and what a sheet costs."""

import pytest

from bridge.rules.moment_of_clarity.characteristics import (
    Cascade,
    characteristic_raise,
    creation_cost,
    full_tokens,
    sheet_pool,
    skill_raise,
    spend_token,
    to_hit_tn,
)
from bridge.rules.moment_of_clarity.skills import PoolPart, SkillThreshold

ANTARES = {"Mind": 3, "R": 2}


def test_antares_breaks_the_code_untrained_with_or_without_a_mind_token():
    """Skill Thresholds: Mind 3 less the difficulty 2 is 1 die at TN 9; a Mind token adds Reasoning 2: 3 dice."""
    cascade = Cascade("Mind", "R")
    without = sheet_pool(ANTARES, cascade, "Cryptography", None, 7, token=False, untrained=SkillThreshold.DIFFICULT)
    assert (without.dice, without.tn) == (1, 9)
    spent = sheet_pool(ANTARES, cascade, "Cryptography", None, 7, token=True, untrained=SkillThreshold.DIFFICULT)
    assert (spent.dice, spent.tn) == (3, 9)
    trained = sheet_pool(ANTARES, cascade, "Cryptography", 2, 7, token=False, extra=[PoolPart("beads", 2)])
    assert [(p.source, p.dice) for p in trained.parts] == [("Mind", 3), ("Cryptography", 2), ("beads", 2)]
    with pytest.raises(ValueError, match="second characteristic"):
        sheet_pool(ANTARES, Cascade("Mind"), "Lore", 1, 7, token=True)
    with pytest.raises(ValueError, match="Body, Mind or Spirit"):
        Cascade("R")


def test_a_token_per_level_of_each_primary_spent_one_at_a_time():
    tokens = full_tokens({"Body": 3, "Mind": 2})
    assert tokens == {"Body": 3, "Mind": 2, "Spirit": 1}
    assert spend_token(tokens, "Mind") == {"Body": 3, "Mind": 1, "Spirit": 1}
    with pytest.raises(ValueError, match="no Spirit token"):
        spend_token(spend_token(tokens, "Spirit"), "Spirit")


def test_the_to_hit_tn_rises_with_the_defenders_agility():
    assert [to_hit_tn({"At": level}) for level in (1, 2, 4)] == [7, 8, 10]
    assert to_hit_tn({}) == 7  # every characteristic is 1 free


def test_landons_characteristics_cost_as_the_example_lists_them():
    """Character Generation: Body 3 25, T 2 6, Spirit 3 25, E 3 15; a skill 1 + 2 + 3; 4 Bits are 2 points."""
    cost = creation_cost({"Body": 3, "T": 2, "Spirit": 3, "E": 3, "Mind": 1}, {"Brawl": 3}, {"Hand of Fate": 10, "Enemy": -5}, 4)
    assert cost["points"] == 25 + 6 + 25 + 15 + 0 + 6 + 10 - 5 + 2
    assert "Body 3: 25" in cost["lines"] and "4 bits: 2" in cost["lines"]


def test_a_level_raised_costs_what_character_generation_charges_for_it():
    """Body 3 to 4: 5 x 4; T 2 to 3: 3 x 3; a skill 2 to 3: 3; their sums are creation_cost's."""
    assert (characteristic_raise("Body", 3), characteristic_raise("T", 2), skill_raise(2)) == (20, 9, 3)
    raised = {"Body": 4, "T": 3}
    assert creation_cost(raised, {"Brawl": 3}, {}, 0)["points"] == sum(
        characteristic_raise(name, level) for name, top in raised.items() for level in range(1, top)) + sum(map(skill_raise, range(3)))
