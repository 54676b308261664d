"""Resolve one attack (ch. 7, Attacking and Defending ... Aiming; ch. 9,
Advanced Firearms and Melee Rules; ch. 10, weapon qualities).

Roll the combat pool against the TN to hit; on a hit, roll the weapon's
damage for each hit the fire mode earns, with the called shot's changes,
through the target's armor unless bypassed. Choices this module makes:

- the called shot's effects land on the hits on the primary target only;
- spraying fire uses the primary's TN: +1 success per further target;
- indiscriminate excess successes are scattered in single fire only (in
  automatic or spraying fire those rules spend the excess);
- Moments of Truth spent on damage add their d6 to the first hit;
- the critical-success damage drop (ch. 1 offers it as one possible boon)
  is the caller's ``critical_lowers_damage`` and, when on, lowers both
  numbers by 2 on every hit on the primary target.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .called_shots import CalledOutcome, CalledShot, called_consequences, called_damage
from .combat_pool import CombatPool
from .conditions import Condition
from .damage import DamageDice, DamageResult, roll_damage
from .defense import ToHit
from .dials import Dials
from .equipment import AUTOMATIC, Armor, Quality, RangedWeapon
from .ranges import RangeBand
from .rolls import RollResult, check_possible, roll_pool
from .weapon_handling import AmmoRoll, FireMode, Magazine, ammo_roll, jams

CRITICAL_DAMAGE_DROP = 2
MAX_SPRAY_TARGETS = 3
MAX_SHOTGUN_TARGETS = 2


# A NamedTuple: built on every attack (bridge.rules.moment_of_truth says why).
class Target(NamedTuple):
    """One combatant the attack may hit. ``armor``: what covers the part
    struck, the GM's call (a ballistic vest does not cover the head: pass
    None for a head shot). ``endurance``: for a head shot's stun roll.
    ``tn``: an adjacent target's own TN to hit, for indiscriminate fire."""

    name: str
    armor: Armor | None = None
    endurance: int | None = None
    tn: int | None = None


@dataclass(frozen=True)
class Hit:
    target: str
    reason: str
    damage: DamageResult
    armor_note: str = ""
    called: CalledOutcome | None = None

    @property
    def explanation(self) -> list[str]:
        lines = [f"hit on {self.target}: {self.reason}", *self.damage.explanation]
        if self.armor_note:
            lines.append(self.armor_note)
        if self.called:
            lines += self.called.explanation
        return lines


class ConditionCaused(NamedTuple):
    """A condition an attack put on one of its targets."""

    target: str
    condition: Condition


class AttackResult(NamedTuple):
    combat: CombatPool
    to_hit: ToHit
    roll: RollResult
    fire: FireMode | None
    hits: tuple[Hit, ...]
    conditions: tuple[ConditionCaused, ...]
    scatter_faces: tuple[int, ...] = ()
    jammed: bool = False
    hit_grappler: bool = False

    @property
    def fire_name(self) -> str:
        """The fire mode as the card names it: ``single`` for none."""
        return self.fire._value_ if self.fire else "single"

    @property
    def explanation(self) -> list[str]:
        """The lines of its parts as the card shows them, then what the attack caused."""
        lines = [*self.combat.explanation, *self.to_hit.explanation, *self.roll.explanation]
        if self.hit_grappler:
            lines.append("critical failure against a grappled target: the grappler is hit instead")
        if self.scatter_faces:
            lines.append(f"indiscriminate: excess successes scattered by {' '.join(map(str, self.scatter_faces))}")
        for hit in self.hits:
            lines += hit.explanation
        lines += [f"{name}: {condition._value_}" for name, condition in self.conditions]
        if self.jammed:
            lines.append("unreliable: 1s equal or exceed successes, the weapon jams")
        return lines


def resolve_attack(
    combat: CombatPool,
    to_hit: ToHit,
    target: Target,
    *,
    dials: Dials,
    dice: DiceSource,
    fire: FireMode | None = None,
    others: Sequence[Target] = (),
    shotgun: bool = False,
    charge: bool = False,
    damage_moments: int = 0,
    critical_lowers_damage: bool = False,
    grappler: Target | None = None,
) -> AttackResult:
    """Roll ``combat`` against ``to_hit`` (called shot included) and damage
    every hit.

    ``fire``: automatic or spraying fire (Hi/VHi ROF), None for a single
    attack. ``others``: the further sprayed targets, the shotgun's adjacent
    target, or the targets adjacent to an indiscriminate weapon's target
    (each with its own ``tn``). ``shotgun``: a shotgun inside its optimal
    range, one extra success buying a second hit. ``charge``: a melee charge,
    strength doubled for damage. ``grappler``: the one locked in a grapple
    with the target (either side of it), whom a critical failure hits instead
    (ch. 7, Grappling). A pool smaller than the TN raises
    :class:`~.rolls.ImpossibleRoll`: only Moments of Truth rescue it."""
    check_attack(combat, fire, others, shotgun, charge, damage_moments)
    roll = roll_pool(combat.kind, combat.pool, to_hit.target, dice)
    scatter: tuple[int, ...] = ()
    hit_grappler = bool(grappler) and roll.outcome.critical_failure
    if roll.outcome.success:
        allotted, scatter = _allot(combat, roll.counting.successes - to_hit.value, fire, others, shotgun, dice)
    elif hit_grappler:
        allotted = [(grappler, "critical failure against a grappled target", False)]
    else:
        allotted = []
    hits = _damage_hits(combat, to_hit.called_shot, target, allotted, roll, charge, damage_moments,
                        critical_lowers_damage, dials, dice)
    jammed = isinstance(combat.weapon, RangedWeapon) and jams(combat.weapon, roll.counting)
    return AttackResult(
        combat, to_hit, roll, fire, hits, _conditions(combat, target, others, fire, hits), scatter, jammed, hit_grappler
    )


def check_attack(
    combat: CombatPool, fire: FireMode | None, others: Sequence[Target], shotgun: bool, charge: bool, moments: int
) -> None:
    """Refuse an attack the rules do not allow, before anything is rolled."""
    qualities = combat.weapon.qualities
    if moments < 0:
        raise RulesRefusal(f"Moments of Truth spent on damage cannot be negative: {moments}")
    if charge and combat.ranged:
        raise RulesRefusal("a charge ends with a melee attack")
    if fire and not qualities & AUTOMATIC:
        raise RulesRefusal(f"{combat.weapon.name} has neither Hi ROF nor VHi ROF: no {fire.value} fire")
    if others and fire is FireMode.AUTOMATIC:
        raise RulesRefusal("automatic fire has one target; spraying fire takes several")
    if len(others) >= MAX_SPRAY_TARGETS and fire is FireMode.SPRAYING:
        raise RulesRefusal(f"spraying fire takes at most {MAX_SPRAY_TARGETS} targets in a 90-degree arc")
    if shotgun and (fire or len(others) >= MAX_SHOTGUN_TARGETS):
        raise RulesRefusal(f"a shotgun hits at most {MAX_SHOTGUN_TARGETS} targets, in a single attack")
    if shotgun and (combat.range_reading is None or combat.range_reading.band is not RangeBand.OPTIMAL):
        raise RulesRefusal("the shotgun's extra hit needs the target inside its optimal range")
    if not fire and not shotgun and others and not _indiscriminate(combat):
        raise RulesRefusal(f"{combat.weapon.name} is not indiscriminate here: a single attack has one target")
    if others and not fire and not shotgun and any(other.tn is None for other in others):
        raise RulesRefusal("indiscriminate fire needs each adjacent target's own TN to hit")


def _indiscriminate(combat: CombatPool) -> bool:
    qualities = combat.weapon.qualities
    at_long_range = combat.range_reading is not None and combat.range_reading.band is RangeBand.LONG
    return Quality.INDISCRIMINATE in qualities or (Quality.INDISCRIMINATE_AT_LONG_RANGE in qualities and at_long_range)


Allotted = list[tuple[Target | None, str, bool]]  # (None: the primary target, why, called shot applies)


def _allot(
    combat: CombatPool,
    excess: int,
    fire: FireMode | None,
    others: Sequence[Target],
    shotgun: bool,
    dice: DiceSource,
) -> tuple[Allotted, tuple[int, ...]]:
    """Who each hit lands on (ch. 9 and ch. 10), and any scatter dice."""
    first: Allotted = [(None, "the TN is met", True)]
    if fire is FireMode.AUTOMATIC:
        return first + [(None, f"automatic fire: extra success {n}", True) for n in range(1, excess + 1)], ()
    if fire is FireMode.SPRAYING:
        sprayed = [(other, f"spraying fire: TN + {n} met", False) for n, other in enumerate(others, 1) if excess >= n]
        return first + sprayed, ()
    if shotgun and excess >= 1:
        extra = (others[0], "shotgun: extra success on the adjacent target", False) if others else (
            None, "shotgun: extra success, a second hit", True)
        return first + [extra], ()
    if Quality.VHI_ROF in combat.weapon.qualities:
        first.append((None, "VHi ROF: a single attack rolls damage twice", True))
    if others and excess > 0:
        return _scatter(first, excess, others, dice)
    return first, ()


def _scatter(first: Allotted, excess: int, others: Sequence[Target], dice: DiceSource) -> tuple[Allotted, tuple[int, ...]]:
    """Indiscriminate: a d(number of adjacent targets) per excess success picks
    who receives it; a target receiving its own TN in successes is hit."""
    faces = tuple(dice.roll(excess, len(others)))
    received = Counter(faces)
    hit = [
        (other, f"indiscriminate: {received[n]} excess successes vs its TN {other.tn}", False)
        for n, other in enumerate(others, 1)
        if received[n] >= other.tn
    ]
    return first + hit, faces


def _damage_hits(
    combat: CombatPool,
    called_shot: CalledShot | None,
    target: Target,
    allotted: Allotted,
    roll: RollResult,
    charge: bool,
    moments: int,
    critical_lowers: bool,
    dials: Dials,
    dice: DiceSource,
) -> tuple[Hit, ...]:
    hits = []
    for index, (receiver, reason, primary) in enumerate(allotted):
        receiver, shot = receiver or target, called_shot if primary else None
        damage = hit_damage(
            combat, shot, receiver, charge=charge, moments=moments if index == 0 else 0,
            critical_drop=primary and critical_lowers and roll.outcome.critical_success,
        )
        hits.append(_hit(combat, receiver, reason, damage, shot, dials, dice))
    return tuple(hits)


@dataclass(frozen=True)
class HitDamage:
    """What one hit rolls: the damage dice, the DR they meet, and why."""

    dice: DamageDice
    reduction: int
    notes: tuple[str, ...]
    armor_note: str


def hit_damage(
    combat: CombatPool,
    shot: CalledShot | None,
    receiver: Target,
    *,
    charge: bool = False,
    moments: int = 0,
    critical_drop: bool = False,
) -> HitDamage:
    """The damage dice of one hit on ``receiver`` and the DR they meet:
    ``shot`` the called shot when the hit carries it, ``moments`` the
    Moments of Truth on damage (the first hit's), ``critical_drop`` a
    critical success lowering the numbers."""
    strength = combat.strength * 2 if charge else combat.strength
    damage = combat.weapon.damage_dice(strength=strength, skill=combat.skill_level or 0)
    notes = [f"charge: strength {combat.strength} doubled to {strength} for damage"] if charge else []
    damage, called_lines = called_damage(shot, damage)
    notes += called_lines
    if critical_drop:
        damage = damage.lowered(CRITICAL_DAMAGE_DROP)
        notes.append(f"critical success: damage numbers -{CRITICAL_DAMAGE_DROP}: {damage.notation}")
    if moments:
        damage = damage.with_dice(damage.dice + moments)
        notes.append(f"{moments} Moment(s) of Truth on damage: +{moments}d6")
    reduction, armor_note = _armor(combat, receiver.armor, shot)
    return HitDamage(damage, reduction, tuple(notes), armor_note)


def _hit(
    combat: CombatPool,
    receiver: Target,
    reason: str,
    damage: HitDamage,
    shot: CalledShot | None,
    dials: Dials,
    dice: DiceSource,
) -> Hit:
    result = roll_damage(damage.dice, damage.reduction, dice=dice)
    called = None
    if shot:
        large_blade = getattr(combat.weapon, "large_blade", False)
        called = called_consequences(
            shot, result, large_blade=large_blade, target_endurance=receiver.endurance, dials=dials, dice=dice
        )
    reason = "; ".join([reason, *damage.notes])
    return Hit(receiver.name, reason, result, damage.armor_note, called)


def _armor(combat: CombatPool, armor: Armor | None, shot: CalledShot | None) -> tuple[int, str]:
    if armor is None:
        return 0, ""
    if shot is CalledShot.BYPASS_ARMOR:
        return 0, f"{armor.name} bypassed by the called shot"
    piercing = Quality.ARMOR_PIERCING in combat.weapon.qualities
    reduction = armor.reduction_against(armor_piercing=piercing)
    if piercing:
        return reduction, f"{armor.name} DR {armor.damage_reduction} halved to {reduction} by armor-piercing"
    return reduction, f"{armor.name} DR {reduction}"


def _conditions(
    combat: CombatPool, target: Target, others: Sequence[Target], fire: FireMode | None, hits: tuple[Hit, ...]
) -> tuple[ConditionCaused, ...]:
    """Conditions the called shots caused, then suppressed on everyone a
    suppressive weapon was fired at (ch. 10)."""
    caused = [ConditionCaused(hit.target, condition) for hit in hits if hit.called for condition in hit.called.conditions]
    if Quality.SUPPRESSIVE in combat.weapon.qualities:
        fired_at = [target, *others] if fire is FireMode.SPRAYING else [target]
        caused += [ConditionCaused(each.name, Condition.SUPPRESSED) for each in fired_at]
    return tuple(dict.fromkeys(caused))


class Attack(NamedTuple):
    """One attack's numbers as ``resolve_attack`` takes them. ``magazine``:
    the attacker's counted rounds when an ammo roll comes before its
    automatic or spraying fire (ch. 10, Ammunition), else None."""

    combat: CombatPool
    to_hit: ToHit
    target: Target
    others: tuple[Target, ...] = ()
    fire: FireMode | None = None
    shotgun: bool = False
    charge: bool = False
    damage_moments: int = 0
    critical_lowers_damage: bool = False
    grappler: Target | None = None
    magazine: Magazine | None = None

    @property
    def receivers(self) -> tuple[Target, ...]:
        """Everyone it may hit: the targets, then the grappler."""
        return (self.target, *self.others, *((self.grappler,) if self.grappler else ()))

    @property
    def exact(self) -> bool:
        """One roll against one target with one damage roll, which ``attack_odds`` counts."""
        qualities = self.combat.weapon.qualities
        return not (self.fire or self.others or self.shotgun or self.grappler or self.critical_lowers_damage
                    or Quality.VHI_ROF in qualities)

    def check(self) -> None:
        """Refuse it as the rules would, before anything is rolled."""
        check_attack(self.combat, self.fire, self.others, self.shotgun, self.charge, self.damage_moments)
        check_possible(self.combat.pool, self.to_hit.target)

    def first_hit(self, receiver: Target) -> HitDamage:
        """The damage dice of the first hit on ``receiver`` and the DR they
        meet: the called shot lands on the primary target; the Moments of
        Truth on damage on the attack's first hit (the grappler's is its only one)."""
        primary = receiver is self.target
        first = primary or receiver is self.grappler
        shot = self.to_hit.called_shot if primary else None
        return hit_damage(self.combat, shot, receiver, charge=self.charge, moments=self.damage_moments if first else 0)

    def resolve(self, dials: Dials, dice) -> tuple[AmmoRoll | None, AttackResult]:
        """The ammo roll, if any, then the attack; short of rounds it becomes
        an ordinary attack on the primary target (ch. 10)."""
        ammo = None
        if self.magazine and self.fire:
            ammo = ammo_roll(self.combat.weapon, self.fire, self.magazine, dials=dials, dice=dice)
        fire, others = (None, ()) if ammo and not ammo.allowed else (self.fire, self.others)
        return ammo, resolve_attack(
            self.combat, self.to_hit, self.target, dials=dials, dice=dice, fire=fire, others=others,
            shotgun=self.shotgun, charge=self.charge, damage_moments=self.damage_moments,
            critical_lowers_damage=self.critical_lowers_damage, grappler=self.grappler,
        )
