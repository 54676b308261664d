"""Combat and scenes (Rules, Combat; Scenes; Powers).

An attack is a skill test, melee at difficulty 1 and ranged at 2; a
defended melee attack is a contest instead, the attacker the active side,
so a draw hits. A successful defence may counter-attack for 2 Momentum.
Weapon damage plus bonus damage (1 Momentum each) is reduced by armor,
which ablates by 1 on every hit; the defender may take a negative trait to
reduce the damage left to 2 (offered before the hit, taken only when it
reduces it). What 0 Stress means is left to the GM.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol, Self, TypeVar

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .contests import Contest, Side, roll_contest
from .determination import MAXIMUM as DETERMINATION_MAXIMUM
from .momentum import MomentumSpend, NotEnough, PoolChange
from .skill_tests import Payer, SkillTest, Target, roll_skill_test

TRAIT_DAMAGE = 2


class AttackKind(str, Enum):
    MELEE = "melee"
    RANGED = "ranged"

    @property
    def difficulty(self) -> int:
        return 1 if self is AttackKind.MELEE else 2


def roll_attack(
    kind: AttackKind,
    target: Target,
    *,
    dice: DiceSource,
    bought: int = 0,
    paid_by: Payer | None = None,
    assistants: Sequence[tuple[str, Target]] = (),
) -> SkillTest:
    """An undefended attack: a skill test at the attack's difficulty."""
    return roll_skill_test(target, kind.difficulty, dice=dice, bought=bought, paid_by=paid_by, assistants=assistants)


@dataclass(frozen=True)
class Defence:
    """A defended melee attack: the contest, the attacker active."""

    contest: Contest

    @property
    def hit(self) -> bool:
        return self.contest.winner is Side.ACTIVE


def roll_defended_attack(kind: AttackKind, attacker: Target, defender: Target, *, dice: DiceSource) -> Defence:
    """Only melee attacks can be defended against."""
    if kind is not AttackKind.MELEE:
        raise RulesRefusal("only melee attacks can be defended against")
    return Defence(roll_contest(attacker, defender, dice=dice))


P = TypeVar("P", bound="Pool")


class Pool(Protocol):
    def spend(self, spend: MomentumSpend, amount: int = 1) -> tuple[Self, PoolChange]: ...


def counter_attack(defence: Defence, pool: P) -> tuple[P, PoolChange]:
    """On a successful defence, 2 Momentum (an NPC's side: Chaos) buy a
    counter-attack dealing damage to the attacker."""
    if defence.hit:
        raise NotEnough("only a successful defence can counter-attack")
    return pool.spend(MomentumSpend.COUNTER_ATTACK)


def stress_maximum(survive: int, boldly: int, forcefully: int) -> int:
    """Stress = Survive + (Boldly or Forcefully): the higher style."""
    return survive + max(boldly, forcefully)


def mana_maximum(determination_maximum: int = DETERMINATION_MAXIMUM) -> int:
    """Twice the Determination maximum (Powers)."""
    return 2 * determination_maximum


@dataclass(frozen=True)
class Hit:
    """One hit worked out: damage, armor, the trait offered and whether it
    was taken, Stress lost."""

    damage: int
    bonus_damage: int
    armor_before: int
    absorbed: int
    trait_offered: str | None
    trait_taken: bool
    damage_left: int  # after armor and the trait; Stress stops at 0
    stress_before: int
    stress_lost: int

    @property
    def negative_trait(self) -> str | None:
        return self.trait_offered if self.trait_taken else None

    @property
    def explanation(self) -> list[str]:
        total = self.damage + self.bonus_damage
        lines = [f"{self.damage} damage + {self.bonus_damage} bonus = {total}"]
        lines.append(f"armor {self.armor_before} absorbs {self.absorbed}, then ablates by 1")
        if self.trait_taken:
            lines.append(f"negative trait {self.trait_offered!r} taken: damage reduced to {TRAIT_DAMAGE}")
        elif self.trait_offered:
            lines.append(f"negative trait {self.trait_offered!r} not taken: the damage is already at most {TRAIT_DAMAGE}")
        stress_after = self.stress_before - self.stress_lost
        lines.append(f"{self.damage_left} damage: Stress {self.stress_before} - {self.stress_lost} = {stress_after}")
        return lines


@dataclass(frozen=True)
class Vitals:
    """A character's Stress, Armor and Mana, each with its scene maximum."""

    stress_max: int
    armor_max: int
    mana_max: int
    stress: int
    armor: int
    mana: int

    @classmethod
    def fresh(cls, stress_max: int, armor_max: int, mana_max: int = 0) -> Vitals:
        return cls(stress_max, armor_max, mana_max, stress_max, armor_max, mana_max)

    def __post_init__(self) -> None:
        for name in ("stress", "armor", "mana"):
            value, top = getattr(self, name), getattr(self, f"{name}_max")
            if not 0 <= value <= top:
                raise RulesRefusal(f"{name} is 0 to {top}, not {value}")

    def take_hit(self, damage: int, bonus_damage: int = 0, negative_trait: str | None = None) -> tuple[Vitals, Hit]:
        """``negative_trait``: offered by the defender, taken only when it
        reduces the damage left after armor (to 2)."""
        if damage < 0 or bonus_damage < 0:
            raise RulesRefusal(f"damage cannot be negative: {damage}, {bonus_damage}")
        if negative_trait is not None and not negative_trait.strip():
            raise RulesRefusal("name the negative trait offered")
        absorbed = min(self.armor, damage + bonus_damage)
        left = damage + bonus_damage - absorbed
        taken = negative_trait is not None and left > TRAIT_DAMAGE
        left = TRAIT_DAMAGE if taken else left
        lost = min(self.stress, left)
        hit = Hit(damage, bonus_damage, self.armor, absorbed, negative_trait, taken, left, self.stress, lost)
        return replace(self, stress=self.stress - lost, armor=max(0, self.armor - 1)), hit

    def spend_mana(self, mana: int) -> Vitals:
        if not 1 <= mana <= self.mana:
            raise NotEnough(f"spend 1 to {self.mana} Mana, not {mana}")
        return replace(self, mana=self.mana - mana)

    def new_scene(self) -> Vitals:
        """Stress, Armor and Mana are restored (Scenes; Powers)."""
        return Vitals.fresh(self.stress_max, self.armor_max, self.mana_max)
