"""Combat: initiative, to-hit and the damage pool (Combat: Initiative, To
Hit, Damage, Success Levels and Damage).

Read here where the draft is short: the raises of a hit are its successes
(near success 1 ... outstanding 4: docs/rules/moment_of_clarity.md, Raises into damage), each a die added to the
damage pool; a near success rolls (Damage - 1) on d6, a marginal success
Damage on d6, a success Damage on d10, an outstanding success Damage on d10
at a hit location of the attacker's choosing; a lethal weapon rolls at least
6 dice; the damage roll's TN is the weapon's lethality plus the hit
location's modifier and each of its successes is a level of damage. The TN
to hit (from the defender's AG), the location modifiers and whether the
raises' damage gets past defences are left to the GM."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..dice import DiceSource
from ..judging import check_tn
from ..refusal import RulesRefusal
from .levels import Level
from .rolls import Roll, roll

LETHAL_MINIMUM = 6


# --- initiative ---------------------------------------------------------------


def initiative_order(speed_rolls: Mapping[str, Roll]) -> tuple[tuple[str, ...], ...]:
    """Each principal's Sp roll: most successes first, ties by the total on
    the dice, a tie that persists acting simultaneously (one group)."""

    def key(name: str) -> tuple[int, int]:
        rolled = speed_rolls[name]
        return rolled.successes, sum(die.value for die in rolled.dice)

    order: list[list[str]] = []
    for name in sorted(speed_rolls, key=key, reverse=True):
        if order and key(order[-1][0]) == key(name):
            order[-1].append(name)
        else:
            order.append([name])
    return tuple(tuple(group) for group in order)


# --- to hit and damage --------------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    name: str
    damage: int  # dice
    lethality: int  # the damage roll's TN before the hit location
    lethal: bool = False  # all firearms, for instance

    def __post_init__(self) -> None:
        check_tn(self.lethality)
        if self.damage < 1:
            raise RulesRefusal(f"{self.name} rolls at least one damage die")


@dataclass(frozen=True)
class DamagePool:
    """The damage roll a hit earns; ``dice`` 0 for a miss."""

    weapon: Weapon
    level: Level
    raises: int
    dice: int
    sides: int
    tn: int
    choose_location: bool
    explanation: tuple[str, ...]


def damage_pool(attack: Roll, weapon: Weapon, location_modifier: int = 0) -> DamagePool:
    """What the attack's level of success makes of the weapon's damage."""
    level, raises = attack.level, attack.successes
    tn = weapon.lethality + location_modifier
    check_tn(tn)
    if not raises:
        return DamagePool(weapon, level, 0, 0, 10, tn, False, (f"{level.words}: a miss",))
    base = weapon.damage - (level is Level.NEAR_SUCCESS)
    sides = 6 if level in (Level.NEAR_SUCCESS, Level.MARGINAL_SUCCESS) else 10
    dice = base + raises
    lines = [f"{level.words}: {weapon.name} {base} dice on d{sides} + {raises} for the raises"]
    if weapon.lethal and dice < LETHAL_MINIMUM:
        lines.append(f"lethal: at least {LETHAL_MINIMUM} dice")
        dice = LETHAL_MINIMUM
    lines.append(f"TN {tn}: lethality {weapon.lethality} {location_modifier:+d} for the hit location")
    if level is Level.OUTSTANDING_SUCCESS:
        lines.append("outstanding: the attacker chooses the hit location")
    return DamagePool(weapon, level, raises, dice, sides, tn, level is Level.OUTSTANDING_SUCCESS, tuple(lines))


def roll_damage(pool: DamagePool, dice: DiceSource) -> Roll | None:
    """The damage roll; its successes are the levels of damage dealt."""
    return roll(pool.dice, pool.sides, pool.tn, dice) if pool.dice else None
