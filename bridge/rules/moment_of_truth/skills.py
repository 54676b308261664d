"""The skills a token may have (ch. 3, Skill List; docs/rules/moment_of_truth.md,
Skill list): the book's physical, academic, knowledge and social skills, and
the skills a world adds of its own (the book's Setting Skills are such a list,
for one setting)."""

from __future__ import annotations

import re
from collections.abc import Iterable

#: The book's skills, as it writes them (the weapon skills among them).
BOOK_SKILLS = (
    # physical
    "Archery", "Athletics", "Brawling", "Driving", "Gunnery", "Lock Picking", "Long Arms", "Martial Arts",
    "Melee, one-handed", "Melee, two-handed", "Pickpocket", "Piloting", "Pistol", "Stealth", "Throwing",
    # academic
    "Anthropology", "Archaeology", "Botany", "Chemistry", "History", "Psychology", "Research", "Zoology",
    # knowledge
    "Communications", "Computers", "Computer Security", "Construction", "Electrician", "Mechanics", "Medic",
    "Photography", "Religion", "Streetwise", "Surveillance Electronics", "Survival",
    # social
    "Acting", "Conversation", "Intimidate", "Lying", "Performance", "Read Individual", "Read Crowd",
)


def skill_key(name: str) -> str:
    """One skill however it is written: ``"Long Arms"``, ``"long_arms"``,
    ``"Melee, one-handed"`` (as ``WeaponSkill.parse`` reads a weapon skill)."""
    return re.sub(r"[\s,\-_]+", "_", name.strip().lower())


_BOOK_KEYS = frozenset(map(skill_key, BOOK_SKILLS))


def world_skills(setting_skills: Iterable[str]) -> list[str]:
    """The world's own skills that are not the book's, each once, as first written."""
    own: dict[str, str] = {}
    for name in setting_skills:
        if skill_key(name) not in _BOOK_KEYS:
            own.setdefault(skill_key(name), name)
    return list(own.values())


def unknown_skills(names: Iterable[str], setting_skills: Iterable[str]) -> list[str]:
    """The ``names`` that are neither the book's skills nor the world's, as written."""
    known = _BOOK_KEYS | {skill_key(name) for name in setting_skills}
    return [name for name in names if skill_key(name) not in known]
