"""Damage `Xd6 (Y,Z)` and armor (ch. 7, Rolling Damage; Armor and Called Shots).

One damage roll is read twice: every die showing Z or more is a point of
serious damage, every die showing Y or more a point of minor damage, so one
die may do both. Armor's damage reduction (DR) comes off serious damage
first and the rest off minor; armor-piercing halves DR, rounding down.
Hit points lost = serious + minor left (docs/rules/moment_of_truth.md, Damage and armor).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from ..dice import DiceSource, check_count
from ..refusal import RulesRefusal

SIDES = 6
#: Ch. 7 and ch. 12: "no damage number can go lower than 2".
DAMAGE_NUMBER_FLOOR = 2

_NOTATION = re.compile(r"^\s*(\d+)d6\s*\(\s*(\d|-)\s*,\s*(\d|-)\s*\)\s*$")


@dataclass(frozen=True)
class DamageDice:
    """``dice``d6 (``minor_at``, ``serious_at``); None is the book's ``-``: never."""

    dice: int
    minor_at: int | None
    serious_at: int | None

    def __post_init__(self) -> None:
        check_count(self.dice)
        for name in ("minor_at", "serious_at"):
            value = getattr(self, name)
            if value is not None and not 1 <= value <= SIDES:
                raise RulesRefusal(f"{name} must be a face of a d6 or None, not {value}")

    @classmethod
    def parse(cls, notation: str) -> "DamageDice":
        """Read ``"12d6 (3,4)"`` or ``"20d6 (5,-)"``."""
        match = _NOTATION.match(notation)
        if not match:
            raise RulesRefusal(f"not damage notation: {notation!r}")
        dice, minor, serious = match.groups()
        return cls(int(dice), _threshold(minor), _threshold(serious))

    @property
    def notation(self) -> str:
        return f"{self.dice}d6 ({_symbol(self.minor_at)},{_symbol(self.serious_at)})"

    def with_dice(self, dice: int) -> "DamageDice":
        return replace(self, dice=max(0, dice))

    def lowered(self, by: int) -> "DamageDice":
        """Both numbers dropped by ``by`` (a called shot to the head or neck),
        never below 2; a ``-`` stays ``-``."""
        return replace(self, minor_at=_lower(self.minor_at, by), serious_at=_lower(self.serious_at, by))


def _threshold(symbol: str) -> int | None:
    return None if symbol == "-" else int(symbol)


def _symbol(threshold: int | None) -> str:
    return "-" if threshold is None else str(threshold)


def _lower(threshold: int | None, by: int) -> int | None:
    if threshold is None:
        return None
    return max(DAMAGE_NUMBER_FLOOR, threshold - by) if by > 0 else threshold


def effective_dr(damage_reduction: int, armor_piercing: bool = False) -> int:
    """Armor-piercing halves DR, rounding down (ch. 10)."""
    if damage_reduction < 0:
        raise RulesRefusal(f"damage reduction cannot be negative: {damage_reduction}")
    return damage_reduction // 2 if armor_piercing else damage_reduction


@dataclass(frozen=True)
class DamageDie:
    face: int
    minor: bool
    serious: bool


@dataclass(frozen=True)
class DamageResult:
    """A damage roll read, with armor taken off: every face and every step."""

    damage: DamageDice
    dice: tuple[DamageDie, ...]
    serious_rolled: int
    minor_rolled: int
    damage_reduction: int
    serious_absorbed: int
    minor_absorbed: int

    @property
    def faces(self) -> list[int]:
        return [die.face for die in self.dice]

    @property
    def serious(self) -> int:
        return self.serious_rolled - self.serious_absorbed

    @property
    def minor(self) -> int:
        return self.minor_rolled - self.minor_absorbed

    @property
    def hit_points_lost(self) -> int:
        return self.serious + self.minor

    @cached_property  # read by the card's damage and again by the attack's lines of its hit
    def explanation(self) -> list[str]:
        damage = self.damage
        lines = [
            f"damage {damage.notation}: rolled {' '.join(map(str, self.faces)) or 'nothing'}",
            f"serious on {_symbol(damage.serious_at)}+: {self.serious_rolled}; "
            f"minor on {_symbol(damage.minor_at)}+: {self.minor_rolled}",
        ]
        if self.damage_reduction:
            lines.append(
                f"armor DR {self.damage_reduction}: {self.serious_absorbed} serious then "
                f"{self.minor_absorbed} minor absorbed"
            )
        lines.append(f"{self.serious} serious + {self.minor} minor = {self.hit_points_lost} hit points lost")
        return lines


def read_damage(faces: list[int], damage: DamageDice, damage_reduction: int = 0) -> DamageResult:
    """Read rolled faces as serious and minor damage, then take armor off."""
    reading = _reading(damage.minor_at, damage.serious_at)
    try:
        dice = tuple(reading[face] for face in faces)
    except KeyError as unknown:
        raise RulesRefusal(f"{unknown.args[0]} is not a face of a d6") from None
    serious = sum(die.serious for die in dice)
    minor = sum(die.minor for die in dice)
    serious_absorbed = min(serious, damage_reduction)
    minor_absorbed = min(minor, damage_reduction - serious_absorbed)
    return DamageResult(damage, dice, serious, minor, damage_reduction, serious_absorbed, minor_absorbed)


def roll_damage(damage: DamageDice, damage_reduction: int = 0, *, dice: DiceSource) -> DamageResult:
    """Roll ``damage`` and read it against armor of ``damage_reduction`` (already
    halved by :func:`effective_dr` for armor-piercing)."""
    return read_damage(dice.roll(damage.dice, SIDES), damage, damage_reduction)


@lru_cache(maxsize=64)
def _reading(minor_at: int | None, serious_at: int | None) -> dict[int, DamageDie]:
    """Each face of a d6 read as a damage die, made once per pair of
    thresholds (a die is a frozen value, so one serves every roll)."""
    return {face: DamageDie(face, _meets(face, minor_at), _meets(face, serious_at)) for face in range(1, SIDES + 1)}


def _meets(face: int, threshold: int | None) -> bool:
    return threshold is not None and face >= threshold
