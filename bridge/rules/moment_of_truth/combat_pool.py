"""The combat dice pool (ch. 7, Attacking and Defending; Aiming; ch. 9, Dual
Weapons; ch. 10, Shields and weapon qualities).

Melee attack + the weapon's skill, or ranged attack + the weapon's skill,
less the dice reserved for defense, plus or minus every named modifier,
then Moments of Truth. Without the skill the roll is unskilled (6s only,
statistic alone), and the damage roll counts the skill as 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ..refusal import RulesRefusal
from .conditions import Condition, attack_pool_changes, skill_penalties
from .dials import Dials
from .equipment import AUTOMATIC, MeleeWeapon, Quality, RangedWeapon, Shield
from .ranges import RangeReading
from .rolls import Modifier, Pool, PoolPart, RollKind, build_pool, spend_moments
from .statistics import Derived, Statistic, derive
from .turns import suppression_penalty
from .weapon_handling import second_shot_allowed

Weapon = MeleeWeapon | RangedWeapon

AIM_DICE_PER_TURN = 2
MAX_AIM_TURNS = 2
LASER_SIGHT_DICE = 2
INACCURATE_DICE = -2
SECOND_SHOT_DICE = -2
DESPERATE_DICE = 2


# A NamedTuple: built on every attack (bridge.rules.moment_of_truth says why).
class CombatPool(NamedTuple):
    """The pool to roll for one attack, with what the damage roll needs."""

    weapon: Weapon
    kind: RollKind
    pool: Pool
    strength: int
    skill_level: int | None
    range_reading: RangeReading | None = None
    desperate: bool = False
    notes: tuple[str, ...] = ()

    @property
    def ranged(self) -> bool:
        return isinstance(self.weapon, RangedWeapon)

    @property
    def explanation(self) -> list[str]:
        attack = "ranged attack" if self.ranged else "melee attack"
        skill = "unskilled: only 6s count" if self.skill_level is None else f"skill {self.skill_level}"
        lines = [f"{self.weapon.name}: {attack} + {skill}, {self.pool.dice}d6"]
        if self.range_reading:
            lines += self.range_reading.explanation
        return lines + list(self.notes)


def combat_pool(
    statistics: Mapping[Statistic, int],
    skill_level: int | None,
    weapon: Weapon,
    *,
    dials: Dials,
    defense_dice: int = 0,
    conditions: Iterable[Condition] = (),
    target_shield: Shield | None = None,
    range_reading: RangeReading | None = None,
    aiming_turns: int = 0,
    aim_lost: bool = False,
    laser_visible: bool = False,
    second_shot: bool = False,
    desperate: bool = False,
    into_suppressive_fire: bool = False,
    situation: Sequence[Modifier] = (),
    moments: int = 0,
) -> CombatPool:
    """The pool for one attack with ``weapon``.

    ``aim_lost``: the attacker moved or took damage since aiming.
    ``laser_visible``: dim, indoor, dusty, smoky or misty light, where a
    laser sight shows (+2d6, aiming or not). ``second_shot``: a semi-auto
    weapon's second round this turn. ``desperate``: +2 dice for a TN 1 to be
    hit until the next turn (optional dial). ``situation``: the GM's own
    modifiers. ``into_suppressive_fire``: a suppressed attacker acting into
    the hail of bullets."""
    ranged = isinstance(weapon, RangedWeapon)
    _check(weapon, ranged, defense_dice, range_reading, aiming_turns, second_shot)
    conditions = frozenset(conditions)
    derived = Derived.RANGED_ATTACK if ranged else Derived.MELEE_ATTACK
    notes: list[str] = []
    modifiers = [Modifier("defense dice reserved", -defense_dice)] if defense_dice else []
    if desperate:
        modifiers.append(_desperate(dials, notes))
    if target_shield and target_shield.attacker_dice:
        modifiers.append(Modifier(f"target's {target_shield.name}", -target_shield.attacker_dice))
    if ranged:
        modifiers += _ranged_modifiers(weapon, range_reading, aiming_turns, aim_lost, laser_visible, second_shot, notes)
    modifiers += attack_pool_changes(conditions, ranged)
    modifiers += skill_penalties(conditions, derived, dials)
    modifiers += suppression_penalty(conditions, defense_dice, into_suppressive_fire)
    modifiers += situation
    kind = RollKind.UNSKILLED if skill_level is None else RollKind.SKILL
    pool = build_pool(kind, derive(derived, dict(statistics), dials), skill_level, modifiers)
    return CombatPool(
        weapon, kind, spend_moments(pool, moments), statistics[Statistic.STRENGTH], skill_level,
        range_reading, desperate, tuple(notes),
    )


def _check(
    weapon: Weapon, ranged: bool, defense_dice: int, reading: RangeReading | None, aiming: int, second_shot: bool
) -> None:
    if defense_dice < 0:
        raise RulesRefusal(f"defense dice cannot be negative: {defense_dice}")
    if not 0 <= aiming <= MAX_AIM_TURNS:
        raise RulesRefusal(f"aiming lasts 0 to {MAX_AIM_TURNS} turns, not {aiming}")
    if not ranged and (reading or aiming or second_shot):
        raise RulesRefusal(f"{weapon.name} is a melee weapon: no range, aiming or second shot")
    if ranged and reading is None:
        raise RulesRefusal(f"a ranged attack with {weapon.name} needs the range to the target")
    if second_shot and not second_shot_allowed(weapon, rounds_loaded=None):
        raise RulesRefusal(f"{weapon.name} fires one round a turn: no second shot")


def _desperate(dials: Dials, notes: list[str]) -> Modifier:
    if not dials.desperate_attack:
        raise RulesRefusal("desperate attacks are an optional rule this world has off")
    if dials.default_tn != 2:
        raise RulesRefusal("desperate attacks are not available when the campaign's default TN is 1")
    notes.append("desperate attack: the attacker's TN to be hit is 1 until their next turn")
    return Modifier("desperate attack", DESPERATE_DICE)


def _ranged_modifiers(
    weapon: RangedWeapon,
    reading: RangeReading,
    aiming: int,
    aim_lost: bool,
    laser_visible: bool,
    second_shot: bool,
    notes: list[str],
) -> list[Modifier]:
    modifiers = [Modifier(f"{reading.band.value} range", reading.dice)] if reading.dice else []
    automatic = bool(weapon.qualities & AUTOMATIC)
    if aiming and (aim_lost or (second_shot and not automatic)):
        reason = "moved or took damage" if aim_lost else "a semi-auto's second round"
        notes.append(f"aiming bonus +{aiming * AIM_DICE_PER_TURN}d6 lost: {reason}")
    elif aiming:
        modifiers.append(Modifier(f"aiming {aiming} turn{'s' if aiming > 1 else ''}", aiming * AIM_DICE_PER_TURN))
    if Quality.LASER_SIGHT in weapon.qualities and laser_visible:
        modifiers.append(Modifier("laser sight", LASER_SIGHT_DICE))
    if Quality.INACCURATE in weapon.qualities:
        modifiers.append(Modifier("inaccurate", INACCURATE_DICE))
    if second_shot and automatic:
        notes.append("second round: Hi ROF weapons take no second-shot penalty")
    elif second_shot:
        modifiers.append(Modifier("semi-auto second round", SECOND_SHOT_DICE))
    return modifiers


def split_pool(combat: CombatPool, first_dice: int, *, dual_weapons: bool = False) -> tuple[CombatPool, CombatPool]:
    """Divide one pool between two attacks, each rolled on its own: a quick
    weapon's two attacks (ch. 10), or two weapons, where the pool was built
    with the lower of the two skills (ch. 9, Dual Weapons)."""
    if not dual_weapons and Quality.QUICK not in combat.weapon.qualities:
        raise RulesRefusal(f"{combat.weapon.name} is not quick: only a quick weapon or two weapons split the pool")
    if not 0 <= first_dice <= combat.pool.dice:
        raise RulesRefusal(f"cannot take {first_dice} of {combat.pool.dice} dice for the first attack")
    reason = "two weapons" if dual_weapons else "quick weapon"
    second_dice = combat.pool.dice - first_dice
    source = f"{reason}: the other attack's share"
    return _share(combat, source, -second_dice), _share(combat, source, -first_dice)


def _share(combat: CombatPool, source: str, dice: int) -> CombatPool:
    return combat._replace(pool=Pool((*combat.pool.parts, PoolPart(source, dice)), combat.pool.dice + dice))
