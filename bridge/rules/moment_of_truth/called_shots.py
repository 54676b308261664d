"""Called shots (ch. 7, Armor and Called Shots; Aiming for Specific Body Parts).

Declared before the attack roll: each raises the TN to hit, then changes the
damage and what a hit does. The thresholds ("at least 4 damage", "6 serious")
are read on the damage that gets through armor, so armor covering the part
aimed at (the GM's call: the caller passes its DR) can spare the target.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .conditions import Condition
from .damage import DamageDice, DamageResult
from .dials import Dials
from .equipment import Armor
from .rolls import ImpossibleRoll, RollKind, RollResult, resolve_roll

HEAD_DICE = 4


class CalledShot(str, Enum):
    BYPASS_ARMOR = "bypass_armor"  # the hit ignores the armor
    LEGS = "legs"
    WEAPON_ARM = "weapon_arm"
    HEAD = "head"
    NECK = "neck"


_TN_INCREASE = {CalledShot.LEGS: 1, CalledShot.WEAPON_ARM: 2, CalledShot.HEAD: 2, CalledShot.NECK: 2}


def called_shot_tn(called_shot: CalledShot, armor: Armor | None = None) -> int:
    """The TN increase: around partial armor (under 75% covered) +1, full
    armor +2; legs +1; weapon arm, head, neck +2."""
    if called_shot is not CalledShot.BYPASS_ARMOR:
        return _TN_INCREASE[called_shot]
    if armor is None:
        raise RulesRefusal("a called shot to bypass armor needs the target's armor")
    return armor.coverage.bypass_tn


def called_damage(called_shot: CalledShot | None, damage: DamageDice) -> tuple[DamageDice, list[str]]:
    """The damage roll after the called shot: the head adds 4d6 and drops both
    numbers by 1, the neck drops both by 1 (never below 2)."""
    if called_shot is CalledShot.HEAD:
        changed = damage.with_dice(damage.dice + HEAD_DICE).lowered(1)
        return changed, [f"head shot: +{HEAD_DICE}d6, damage numbers -1 (never below 2): {changed.notation}"]
    if called_shot is CalledShot.NECK:
        changed = damage.lowered(1)
        return changed, [f"neck shot: damage numbers -1 (never below 2): {changed.notation}"]
    return damage, []


@dataclass(frozen=True)
class CalledOutcome:
    """What a called shot's hit did beyond its damage."""

    conditions: tuple[Condition, ...] = ()
    endurance_roll: RollResult | None = None
    explanation: tuple[str, ...] = ()


def called_consequences(
    called_shot: CalledShot | None,
    damage: DamageResult,
    *,
    large_blade: bool = False,
    target_endurance: int | None = None,
    dials: Dials,
    dice: DiceSource,
) -> CalledOutcome:
    """Legs -> prone and weapon arm -> disarmed on 4+ damage or 2+ serious;
    head -> dead on 6+ serious, else any damage calls for the target's
    Endurance statistic roll, failure stuns; neck with a large blade (sword,
    axe) -> decapitated on 4+ serious."""
    heavy = damage.hit_points_lost >= 4 or damage.serious >= 2
    if called_shot is CalledShot.LEGS and heavy:
        return CalledOutcome((Condition.PRONE,), explanation=("legs hit for 4+ damage or 2+ serious: prone",))
    if called_shot is CalledShot.WEAPON_ARM and heavy:
        return CalledOutcome((Condition.DISARMED,), explanation=("weapon arm hit for 4+ damage or 2+ serious: disarmed",))
    if called_shot is CalledShot.NECK and large_blade and damage.serious >= 4:
        return CalledOutcome((Condition.DEAD,), explanation=("neck hit by a large blade for 4+ serious: decapitated",))
    if called_shot is CalledShot.HEAD and damage.serious >= 6:
        return CalledOutcome((Condition.DEAD,), explanation=("head shot for 6+ serious: dead",))
    if called_shot is CalledShot.HEAD and damage.hit_points_lost > 0:
        return _stun_roll(target_endurance, dials, dice)
    return CalledOutcome()


def _stun_roll(endurance: int | None, dials: Dials, dice: DiceSource) -> CalledOutcome:
    if endurance is None:
        raise RulesRefusal("a head shot that does damage needs the target's endurance for the stun roll")
    try:
        roll = resolve_roll(RollKind.STATISTIC, endurance, None, dials.default_tn, dice=dice)
    except ImpossibleRoll:
        return CalledOutcome((Condition.STUNNED,), None, ("head hit: Endurance too low to roll the TN, stunned",))
    if roll.outcome.success:
        return CalledOutcome((), roll, ("head hit: Endurance statistic roll succeeded, not stunned",))
    return CalledOutcome((Condition.STUNNED,), roll, ("head hit: Endurance statistic roll failed, stunned",))
