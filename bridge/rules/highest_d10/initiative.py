"""Initiative (Actions): each phase every character's initiative is rolled
or declared, and actions are declared lowest total first.

The text rolls initiative "at the beginning of" each phase but breaks off
before saying what is rolled; the project rolls a skill roll of one rating
of the sheet the GM names for the encounter (docs/rules/highest_d10.md),
not stressful: a roll for who declares first cannot botch.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..dice import DiceSource
from .rolls import SkillRoll, roll_skill


def roll_initiative(pools: Mapping[str, int], dice: DiceSource) -> dict[str, SkillRoll]:
    """Each character's initiative roll of ``pools[character]`` dice, in the order given (ties keep it)."""
    return {character: roll_skill(pool, dice=dice, stressful=False) for character, pool in pools.items()}


def rating(sheet: Mapping[str, Mapping[str, int]], name: str) -> int:
    """The level of the sheet's skill ``name``, else its attribute ``name``; KeyError if it has neither."""
    for kind in ("skills", "attributes"):
        if name in sheet[kind]:
            return sheet[kind][name]
    raise KeyError(name)
