"""Characteristics and their tokens (Characteristics; Skills; Skill
Thresholds; Character Generation), and a skill's pool read from the sheet.

The primary characteristics are Body, Mind and Spirit; every other
(secondary, as Strength ``S`` or Reasoning ``R``, or derived, as ``At``)
goes by the short name the text gives it. A skill's cascade names one
primary and one other characteristic. Its pool is the primary's dice and the
skill's; expending a token of the primary adds the other's dice (Skill
Thresholds: Antares rolls Mind 3 less 2, or spends a Mind token for Mind 3 +
Reasoning 2 less 2). A primary holds one token per level.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..refusal import RulesRefusal
from .skills import PoolPart, SkillPool, SkillThreshold, skill_pool

PRIMARY = ("Body", "Mind", "Spirit")
#: The derived characteristic the to-hit TN reads (To Hit: "based on the defender's AG score").
AGILITY = "At"
#: The secondary characteristic initiative rolls (Initiative: "a Sp roll") and movement reads.
SPEED = "Sp"


@dataclass(frozen=True)
class Cascade:
    """What a skill rolls with: its primary characteristic, and the other one a token adds."""

    primary: str
    secondary: str | None = None

    def __post_init__(self) -> None:
        if self.primary not in PRIMARY:
            raise RulesRefusal(f"a cascade starts from Body, Mind or Spirit, not {self.primary!r}")
        if self.secondary in PRIMARY:
            raise RulesRefusal(f"a cascade's second characteristic is not a primary one: {self.secondary!r}")


def level_of(characteristics: Mapping[str, int], name: str) -> int:
    """A characteristic's level; one the sheet does not list is at the level every character gets free, 1."""
    return characteristics.get(name, 1)


def sheet_pool(characteristics: Mapping[str, int], cascade: Cascade, skill: str, skill_dice: int | None, tn: int,
               token: bool, untrained: SkillThreshold | None = None, extra: Sequence[PoolPart] = ()) -> SkillPool:
    """The pool of a skill roll from the sheet: the primary's dice, the skill's
    (none untrained), and with a token of the primary the other
    characteristic's; untrained, the difficulty level comes off the pool and goes on the TN."""
    if token and cascade.secondary is None:
        raise RulesRefusal(f"{skill} names no second characteristic for a {cascade.primary} token to add")
    parts = [PoolPart(cascade.primary, level_of(characteristics, cascade.primary))]
    if skill_dice:
        parts.append(PoolPart(skill, skill_dice))
    if token:
        parts.append(PoolPart(f"{cascade.secondary} ({cascade.primary} token)", level_of(characteristics, cascade.secondary)))
    return skill_pool([*parts, *extra], tn, untrained)


def spend_token(tokens: Mapping[str, int], primary: str) -> dict[str, int]:
    """The tokens after one of ``primary``'s is expended; refused when none is left."""
    held = tokens.get(primary, 0)
    if held < 1:
        raise RulesRefusal(f"no {primary} token left")
    return {**tokens, primary: held - 1}


def full_tokens(characteristics: Mapping[str, int]) -> dict[str, int]:
    """A token per level of each primary characteristic."""
    return {name: level_of(characteristics, name) for name in PRIMARY}


def to_hit_tn(defender: Mapping[str, int], base: int = 7) -> int:
    """The to-hit TN from the defender's AG: the standard TN 7 at the free level 1, one more per level above it
    (docs/rules/moment_of_clarity.md, Characteristics and rolls from the sheet)."""
    return base + level_of(defender, AGILITY) - 1


def movement_allowance(characteristics: Mapping[str, int], primary_mode: bool = True) -> int:
    """Meters a turn (Movement): the primary mode (ML, normally running) 2 x Sp + B, any other mode Sp + B."""
    speed, body = level_of(characteristics, SPEED), level_of(characteristics, "Body")
    return (2 * speed if primary_mode else speed) + body


def characteristic_raise(name: str, level: int) -> int:
    """Character points that raise characteristic ``name`` from ``level`` to
    the next (Character Generation): a primary 5 x the new level, any other 3 x."""
    return (5 if name in PRIMARY else 3) * (level + 1)


def skill_raise(dice: int) -> int:
    """Character points that raise a skill from ``dice`` to the next (Character Generation: 1 x the new level)."""
    return dice + 1


def creation_cost(characteristics: Mapping[str, int], skills: Mapping[str, int], extras: Mapping[str, int], bits: int) -> dict[str, Any]:
    """Character points a sheet costs (Character Generation): a primary 5 x
    the level for each level above the free 1, any other characteristic 3 x;
    a skill 1 x the level for each level from 1; advantages and backgrounds
    (and disadvantages, negative) at the GM's price; 3 Bits a point (rounded up)."""
    lines, total = [], 0
    for name, level in characteristics.items():
        if level < 1:
            raise RulesRefusal(f"{name} is at least 1, not {level}")
        cost = sum(characteristic_raise(name, each) for each in range(1, level))
        total += cost
        lines.append(f"{name} {level}: {cost}")
    for name, level in skills.items():
        cost = sum(skill_raise(each) for each in range(level))
        total += cost
        lines.append(f"{name} {level}: {cost}")
    for name, cost in extras.items():
        total += cost
        lines.append(f"{name}: {cost}")
    if bits < 0:
        raise RulesRefusal(f"bits cannot be negative: {bits}")
    if bits:
        cost = -(-bits // 3)
        total += cost
        lines.append(f"{bits} bits: {cost}")
    return {"points": total, "lines": lines}
