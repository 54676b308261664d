"""The skill list (ch. 3): the book's skills however written, the world's own
added once each, every weapon skill among the book's."""

from __future__ import annotations

from bridge.rules.moment_of_truth.equipment import WeaponSkill
from bridge.rules.moment_of_truth.skills import BOOK_SKILLS, skill_key, unknown_skills, world_skills


def test_a_skills_name_is_read_whatever_its_case_spaces_commas_hyphens_and_underscores():
    assert {skill_key(name) for name in ("Melee, one-handed", "melee one handed", "MELEE_ONE-HANDED")} == {
        "melee_one_handed"
    }


def test_every_weapon_skill_is_one_of_the_books():
    assert {skill.value for skill in WeaponSkill} <= {skill_key(name) for name in BOOK_SKILLS}


def test_unknown_skills_are_named_as_written_and_the_worlds_own_are_known():
    names = ["Pistol", "long_arms", "Codery", "Melee 2"]
    assert unknown_skills(names, []) == ["Codery", "Melee 2"]
    assert unknown_skills(names, ["codery"]) == ["Melee 2"]


def test_the_worlds_own_skills_leave_out_the_books_and_repeats():
    assert world_skills(["Codery", "Stealth", "CODERY", "Telewave"]) == ["Codery", "Telewave"]
