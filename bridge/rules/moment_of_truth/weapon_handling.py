"""Weapon qualities that work outside the attack roll itself (ch. 10):
readying an unwieldy weapon, holding a two-handed one in one hand,
reloading a muzzle-loader, jams, ammunition, and shots per turn.

Pass-or-fail rolls (readying, one-handed grip) go through the chapter-one
pipeline and raise :class:`~.rolls.ImpossibleRoll` when the pool is below
the TN: the weapon is not ready unless Moments of Truth are spent. Rolls
that only count successes (reloading, clearing a jam) have no TN.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .dials import Dials
from .equipment import AUTOMATIC, MeleeWeapon, Quality, RangedWeapon
from .rolls import (
    Counting,
    Modifier,
    Pool,
    RollKind,
    RollResult,
    Tally,
    build_pool,
    count_faces,
    resolve_roll,
    spend_moments,
)

SIDES = 6


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _skill_kind(skill_level: int | None) -> RollKind:
    """Statistic + weapon skill; without the skill, an unskilled roll (ch. 1)."""
    return RollKind.UNSKILLED if skill_level is None else RollKind.SKILL


# --- unwieldy and two-handed ----------------------------------------------


def is_unwieldy(weapon: MeleeWeapon, *, one_handed: bool) -> bool:
    """Unwieldy, or two-handed and held in one hand (ch. 10, Two-handed)."""
    return Quality.UNWIELDY in weapon.qualities or (one_handed and Quality.TWO_HANDED in weapon.qualities)


def needs_grip_roll(weapon: MeleeWeapon, *, one_handed: bool) -> bool:
    """A two-handed and unwieldy weapon held in one hand needs a Strength
    statistic roll at the start of each turn to attack that turn (ch. 10)."""
    qualities = weapon.qualities
    return one_handed and Quality.TWO_HANDED in qualities and Quality.UNWIELDY in qualities


class Check(str, Enum):
    READY_AFTER_ATTACK = "ready_after_attack"
    ONE_HANDED_GRIP = "one_handed_grip"


@dataclass(frozen=True)
class WeaponCheck:
    """A pass-or-fail weapon roll and what passing allows."""

    check: Check
    weapon: str
    roll: RollResult

    @property
    def passed(self) -> bool:
        return self.roll.outcome.success

    @property
    def explanation(self) -> list[str]:
        if self.check is Check.READY_AFTER_ATTACK:
            verdict = "ready for an attack next turn" if self.passed else "the next turn is spent readying it"
            head = f"{self.weapon} is unwieldy: Strength + weapon skill roll after the attack"
        else:
            verdict = "can attack this turn" if self.passed else "cannot attack with it this turn"
            head = f"{self.weapon} is two-handed and unwieldy, held in one hand: Strength statistic roll"
        return [head, *self.roll.explanation, f"{self.weapon} {verdict}"]


def ready_after_attack(
    weapon: MeleeWeapon,
    *,
    one_handed: bool,
    strength: int,
    skill_level: int | None,
    dials: Dials,
    modifiers: Sequence[Modifier] = (),
    moments_spent: int = 0,
    dice: DiceSource,
) -> WeaponCheck:
    """After each attack with an unwieldy weapon, a Strength + weapon skill
    roll; failure means the next turn is spent readying it (ch. 10, Unwieldy)."""
    if not is_unwieldy(weapon, one_handed=one_handed):
        raise RulesRefusal(f"{weapon.name} is not unwieldy{' in one hand' if one_handed else ''}: no roll to ready it")
    roll = resolve_roll(
        _skill_kind(skill_level), strength, skill_level, dials.default_tn,
        modifiers=modifiers, moments_spent=moments_spent, dice=dice,
    )
    return WeaponCheck(Check.READY_AFTER_ATTACK, weapon.name, roll)


def one_handed_grip(
    weapon: MeleeWeapon, *, strength: int, dials: Dials, moments_spent: int = 0, dice: DiceSource
) -> WeaponCheck:
    """The start-of-turn Strength statistic roll to attack this turn with a
    two-handed, unwieldy weapon held in one hand (ch. 10, Two-handed). The
    weapon is also unwieldy, so :func:`ready_after_attack` still follows an attack."""
    if not needs_grip_roll(weapon, one_handed=True):
        raise RulesRefusal(f"{weapon.name} is not both two-handed and unwieldy: no grip roll")
    roll = resolve_roll(RollKind.STATISTIC, strength, None, dials.default_tn, moments_spent=moments_spent, dice=dice)
    return WeaponCheck(Check.ONE_HANDED_GRIP, weapon.name, roll)


# --- rolls that count rounds: reloading a muzzle-loader, clearing a jam ----


class Task(str, Enum):
    MUZZLE_RELOAD = "muzzle_reload"
    CLEAR_JAM = "clear_jam"


#: Ch. 10: reloading takes 6 rounds minus successes; clearing a jam 4 minus successes.
BASE_ROUNDS = {Task.MUZZLE_RELOAD: 6, Task.CLEAR_JAM: 4}


@dataclass(frozen=True)
class TimedTask:
    """An Agility + weapon skill roll whose successes shorten a task."""

    task: Task
    weapon: str
    kind: RollKind
    pool: Pool
    counting: Counting
    minimum_rounds: int

    @property
    def base_rounds(self) -> int:
        return BASE_ROUNDS[self.task]

    @property
    def rounds(self) -> int:
        return max(self.minimum_rounds, self.base_rounds - self.counting.successes)

    @property
    def explanation(self) -> list[str]:
        doing = "reloading" if self.task is Task.MUZZLE_RELOAD else "clearing the jam of"
        faces = " ".join(map(str, self.counting.faces)) or "nothing"
        successes = self.counting.successes
        return [
            f"{doing} {self.weapon}: Agility + weapon skill, {self.pool.dice}d6 ({self.kind.value} roll)",
            f"rolled {faces}: {_count(successes, 'success', 'successes')}",
            (
                f"{self.base_rounds} rounds - {successes}, at least {self.minimum_rounds}: "
                f"{_count(self.rounds, 'round', 'rounds')}"
            ),
        ]


def _timed_task(
    task: Task, weapon: RangedWeapon, agility: int, skill_level: int | None,
    modifiers: Sequence[Modifier], moments_spent: int, minimum_rounds: int, dice: DiceSource,
) -> TimedTask:
    kind = _skill_kind(skill_level)
    pool = spend_moments(build_pool(kind, agility, skill_level, modifiers), moments_spent)
    counting = count_faces(dice.roll(pool.dice, SIDES), kind)
    return TimedTask(task, weapon.name, kind, pool, counting, minimum_rounds)


def reload_muzzle_loader(
    weapon: RangedWeapon,
    *,
    agility: int,
    skill_level: int | None,
    dials: Dials,
    modifiers: Sequence[Modifier] = (),
    moments_spent: int = 0,
    dice: DiceSource,
) -> TimedTask:
    """Reloading takes 6 rounds minus the successes of an Agility + weapon
    skill roll (ch. 10, Muzzle-loaded); never fewer than the world's
    ``muzzle_reload_minimum_rounds`` (the book gives no floor)."""
    if Quality.MUZZLE_LOADED not in weapon.qualities:
        raise RulesRefusal(f"{weapon.name} is not muzzle-loaded")
    if dials.muzzle_reload_minimum_rounds < 0:
        raise RulesRefusal(f"a reload takes at least 0 rounds, not {dials.muzzle_reload_minimum_rounds}")
    return _timed_task(
        Task.MUZZLE_RELOAD, weapon, agility, skill_level, modifiers, moments_spent,
        dials.muzzle_reload_minimum_rounds, dice,
    )


#: Ch. 10, Unreliable: "with a minimum of one round".
JAM_MINIMUM_ROUNDS = 1


def jams(weapon: RangedWeapon, attack: Tally) -> bool:
    """An unreliable weapon jams on a ranged attack roll whose 1s equal or
    exceed its successes (ch. 10), read as printed: a roll showing neither
    a 1 nor a success (0 >= 0) jams too."""
    return Quality.UNRELIABLE in weapon.qualities and attack.ones >= attack.successes


def clear_jam(
    weapon: RangedWeapon,
    *,
    agility: int,
    skill_level: int | None,
    modifiers: Sequence[Modifier] = (),
    moments_spent: int = 0,
    dice: DiceSource,
) -> TimedTask:
    """Clearing a jam takes 4 rounds minus the successes of an Agility +
    weapon skill roll, at least one round (ch. 10, Unreliable)."""
    if Quality.UNRELIABLE not in weapon.qualities:
        raise RulesRefusal(f"{weapon.name} is not unreliable: it does not jam")
    return _timed_task(Task.CLEAR_JAM, weapon, agility, skill_level, modifiers, moments_spent, JAM_MINIMUM_ROUNDS, dice)


# --- ammunition (optional) ------------------------------------------------

#: Ch. 10: changing an empty magazine takes one combat round (the shooter
#: may move, but takes no second action).
MAGAZINE_CHANGE_ROUNDS = 1


@dataclass(frozen=True)
class Magazine:
    """Rounds left in the loaded magazine, of ``capacity``."""

    rounds: int
    capacity: int

    def __post_init__(self) -> None:
        if self.capacity < 1 or not 0 <= self.rounds <= self.capacity:
            raise RulesRefusal(f"a magazine holds 0 to capacity rounds, capacity at least 1: not {self.rounds}/{self.capacity}")

    @classmethod
    def full(cls, weapon: RangedWeapon, capacity: int | None = None) -> Magazine:
        """A full magazine; ``capacity`` within the weapon's ammo range
        ("Ammo:8-14"), the largest when not given."""
        if weapon.ammo is None:
            raise RulesRefusal(f"{weapon.name} takes no magazine")
        chosen = weapon.ammo.most if capacity is None else capacity
        if not weapon.ammo.holds(chosen):
            raise RulesRefusal(f"{weapon.name} takes magazines of {weapon.ammo.notation} rounds, not {chosen}")
        return cls(chosen, chosen)

    @property
    def empty(self) -> bool:
        return self.rounds == 0

    def fired(self, rounds: int) -> Magazine:
        if not 0 <= rounds <= self.rounds:
            raise RulesRefusal(f"cannot fire {rounds} rounds from a magazine holding {self.rounds}")
        return Magazine(self.rounds - rounds, self.capacity)

    def replaced(self) -> Magazine:
        """A fresh magazine of the same capacity: :data:`MAGAZINE_CHANGE_ROUNDS`."""
        return Magazine(self.capacity, self.capacity)


@dataclass(frozen=True)
class WeaponState:
    """A token's weapon between attacks, kept on the token by weapon name
    (``weapon_state``). ``ready``: an unwieldy weapon is not after an attack until its roll
    passes; ``readying``: that roll failed, so the wielder's next turn is
    spent readying it; ``jammed``: an unreliable weapon jammed;
    ``magazine``: None when rounds are not counted (or not yet)."""

    ready: bool = True
    readying: bool = False
    jammed: bool = False
    magazine: Magazine | None = None

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> WeaponState:
        magazine = stored["magazine"]
        return cls(
            stored["ready"], stored["readying"], stored["jammed"],
            Magazine(magazine["rounds"], magazine["capacity"]) if magazine else None,
        )


class FireMode(str, Enum):
    AUTOMATIC = "automatic"
    SPRAYING = "spraying"


#: Ammo roll dice (ch. 10): 2d6 automatic, 3d6 spraying; VHi ROF 4d6 and 6d6.
AMMO_DICE = {
    (FireMode.AUTOMATIC, Quality.HI_ROF): 2,
    (FireMode.SPRAYING, Quality.HI_ROF): 3,
    (FireMode.AUTOMATIC, Quality.VHI_ROF): 4,
    (FireMode.SPRAYING, Quality.VHI_ROF): 6,
}


@dataclass(frozen=True)
class AmmoRoll:
    """Rounds an automatic or spraying attack uses, rolled before the attack.
    Short of half the rolled rounds, the attack becomes an ordinary attack
    and this roll spends nothing (the ordinary shot spends its own round)."""

    weapon: str
    mode: FireMode
    faces: tuple[int, ...]
    before: Magazine

    @property
    def rounds_rolled(self) -> int:
        return sum(self.faces)

    @property
    def allowed(self) -> bool:
        """The magazine holds at least half the rounds rolled."""
        return 2 * self.before.rounds >= self.rounds_rolled

    @property
    def rounds_fired(self) -> int:
        return min(self.rounds_rolled, self.before.rounds) if self.allowed else 0

    @property
    def after(self) -> Magazine:
        return self.before.fired(self.rounds_fired)

    @property
    def explanation(self) -> list[str]:
        faces = " ".join(map(str, self.faces))
        lines = [
            f"ammo roll for {self.mode.value} fire with {self.weapon}: {len(self.faces)}d6 rolled {faces}",
            f"{self.rounds_rolled} rounds rolled",
            f"magazine holds {self.before.rounds}, needs at least half ({(self.rounds_rolled + 1) // 2})",
        ]
        if not self.allowed:
            return [*lines, "too few rounds: the attack becomes an ordinary attack"]
        emptied = ", the magazine is empty" if self.after.empty else ""
        return [*lines, f"{self.rounds_fired} rounds fired, {self.after.rounds} left{emptied}"]


def ammo_roll(weapon: RangedWeapon, mode: FireMode, magazine: Magazine, *, dials: Dials, dice: DiceSource) -> AmmoRoll:
    """The optional ammo roll (ch. 10, Ammunition), when ``dials.ammunition`` is on."""
    if not dials.ammunition:
        raise RulesRefusal("the optional ammunition rules are off in this world")
    rate = weapon.qualities & AUTOMATIC
    if not rate:
        raise RulesRefusal(f"{weapon.name} has neither Hi ROF nor VHi ROF: no {mode.value} fire")
    count = AMMO_DICE[mode, next(iter(rate))]
    return AmmoRoll(weapon.name, mode, tuple(dice.roll(count, SIDES)), magazine)


# --- shots per turn -------------------------------------------------------


def second_shot_allowed(weapon: RangedWeapon, rounds_loaded: int | None) -> bool:
    """Semi-auto weapons (revolvers included) may fire a second round in a
    turn if the magazine holds a second round (``rounds_loaded`` before the
    first shot; None when rounds are not counted). Hi ROF and VHi ROF
    weapons may too: the book only spares them the second shot's penalty.
    Bolt-action and other weapons never fire more than one round a turn
    (ch. 10). The second shot's penalties are the attack's business."""
    if rounds_loaded is not None and rounds_loaded < 0:
        raise RulesRefusal(f"rounds loaded cannot be negative: {rounds_loaded}")
    if not weapon.qualities & (AUTOMATIC | {Quality.SEMI_AUTO}):
        return False
    return rounds_loaded is None or rounds_loaded >= 2
