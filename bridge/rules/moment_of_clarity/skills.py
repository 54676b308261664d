"""Skill pools: untrained skills and extended actions (Skills; Skill
Thresholds; Extended Actions).

The text does not say how characteristics, tokens and skill dots add into a
pool; the caller lists the pool's parts (the GM's call) and this module
applies the rules the text does state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from ..dice import check_count
from ..judging import check_tn
from ..refusal import RulesRefusal
from .levels import Difficulty


class SkillThreshold(IntEnum):
    """A skill's difficulty level: added to the TN and taken off the pool in
    dice when the skill is used untrained."""

    EASY = 0
    NORMAL = 1
    DIFFICULT = 2


@dataclass(frozen=True)
class PoolPart:
    source: str
    dice: int


@dataclass(frozen=True)
class SkillPool:
    """The dice to roll and the TN, with every part that made them."""

    parts: tuple[PoolPart, ...]
    dice: int
    base_tn: int
    tn: int
    untrained: SkillThreshold | None

    @property
    def explanation(self) -> list[str]:
        terms = " ".join(f"{'-' if part.dice < 0 else '+'} {part.source} {abs(part.dice)}" for part in self.parts)
        lines = [f"pool {self.dice} dice: {terms.removeprefix('+ ')}"]
        if self.dice > sum(part.dice for part in self.parts):
            lines.append("an untrained pool keeps at least 1 die")
        if self.untrained is None:
            lines.append(f"TN {self.tn}")
        else:
            lines.append(f"TN {self.tn}: {self.base_tn} + {self.untrained.name.lower()} skill used untrained")
        return lines


def skill_pool(
    parts: Sequence[PoolPart], tn: int = Difficulty.STANDARD, untrained: SkillThreshold | None = None
) -> SkillPool:
    """The parts' dice, and for a skill used ``untrained`` its difficulty
    level off the pool (to a minimum of 1) and on the TN (Skill Thresholds:
    Antares's Cryptography, +2, rolls at TN 9 with 3 + 2 - 2 dice)."""
    check_tn(tn)
    parts = tuple(parts)
    if any(part.dice < 0 for part in parts):
        raise RulesRefusal("a pool part adds dice; the rules take them off")
    if untrained:  # an easy skill (0) takes nothing off
        parts += (PoolPart(f"untrained ({untrained.name.lower()} skill)", -int(untrained)),)
    total = sum(part.dice for part in parts)
    dice = max(1, total) if untrained is not None else total
    if dice < 1:
        raise RulesRefusal("a pool needs at least one die")
    check_count(dice)
    return SkillPool(parts, dice, int(tn), int(tn) + int(untrained or 0), untrained)  # a Difficulty as its number


def extended_dice(usual_time: float, time_taken: float) -> int:
    """Bonus dice for taking longer, on a geometric progression: 3x the usual
    time for one, 7x for two, (2**(k+1) - 1)x for k (Extended Actions)."""
    if usual_time <= 0 or time_taken < usual_time:
        raise RulesRefusal(f"an extended action takes at least the usual time ({usual_time}), not {time_taken}")
    bonus = 0
    while usual_time * (2 ** (bonus + 2) - 1) <= time_taken:
        bonus += 1
    return bonus
