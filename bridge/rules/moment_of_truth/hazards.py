"""Miscellaneous hazards (ch. 8) as functions a worker calls per token and
per turn: falling, explosions, fire, vacuum and suffocation.

Each returns a :class:`HazardResult`: the rolls made against the hazard,
the damage rolls, the health before and after with the conditions that
changed, the hazard's own state when it lasts (fire, breath, vacuum), and
explanation lines. A turn here is one second: ch. 7 lets a round be "one
second", and ch. 8's vacuum counts its rolls in seconds and its damage in
turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from math import ceil
from typing import NamedTuple

from ..dice import MAX_DICE_PER_ROLL, DiceSource
from ..refusal import RulesRefusal
from .conditions import Condition
from .damage import DamageDice, DamageResult, roll_damage
from .dials import Dials
from .health import Health, HealthChange, forced_roll, health_change, roll_lines, take_damage
from .rolls import Modifier, RollResult

SIDES = 6


class Hazard(str, Enum):
    FALLING = "falling"
    EXPLOSION = "explosion"
    FIRE = "fire"
    VACUUM = "vacuum"
    SUFFOCATION = "suffocation"


@dataclass(frozen=True)
class HazardResult:
    """One hazard's effect on one character. ``pips`` are dice read for their
    total, not for successes (a breath, a ruptured suit's 1d6)."""

    hazard: Hazard
    rolls: tuple[RollResult, ...]
    damage: tuple[DamageResult, ...]
    change: HealthChange
    steps: tuple[str, ...]
    state: Fire | Breath | Vacuum | None = None
    pips: tuple[int, ...] = ()

    @property
    def explanation(self) -> list[str]:
        return [*self.steps, *self.change.explanation]


def _check_not_negative(**values: float) -> None:
    for name, value in values.items():
        if value < 0:
            raise RulesRefusal(f"{name} cannot be negative: {value}")


def _agility_roll(
    agility: int, modifiers: Sequence[Modifier], dials: Dials, dice: DiceSource
) -> tuple[tuple[RollResult, ...], int, list[str]]:
    """An Agility statistic roll whose every success removes 1d6 from the
    hazard (no TN); an empty pool is not rolled."""
    _check_not_negative(agility=agility)
    roll = forced_roll(agility, dials.default_tn, every_success_counts=True, modifiers=modifiers, dice=dice)
    lines = ["Agility statistic roll: each success removes 1d6", *roll_lines(roll)]
    return ((roll,), roll.counting.successes, lines) if roll else ((), 0, lines)


def _damaged(health: Health, damage: DamageResult, dials: Dials) -> tuple[Health, list[str]]:
    return take_damage(health, damage.minor, damage.serious, dials), damage.explanation


# --- falling --------------------------------------------------------------

FALL_METERS_PER_DIE = 2
#: Ch. 8: terminal velocity at about 570 m, "around 285d6".
MAX_FALL_DICE = 285


def fall_damage(meters: float) -> DamageDice:
    """1d6 (3,6) per full 2 m fallen, at most 285d6 (ch. 8, Falling)."""
    _check_not_negative(meters=meters)
    return DamageDice(min(MAX_FALL_DICE, int(meters // FALL_METERS_PER_DIE)), 3, 6)


def fall(
    health: Health, meters: float, agility: int, dials: Dials, *, damage_reduction: int = 0, dice: DiceSource
) -> HazardResult:
    """An Agility statistic roll removes 1d6 per success, then the rest is
    rolled. Armor does not apply to a fall unless the GM says it does: pass
    its DR as ``damage_reduction`` then."""
    damage = fall_damage(meters)
    steps = [f"fall of {meters:g} m: 1d6 (3,6) per full 2 m = {damage.notation}"]
    rolls: tuple[RollResult, ...] = ()
    if damage.dice:
        rolls, successes, lines = _agility_roll(agility, (), dials, dice)
        damage = damage.with_dice(damage.dice - successes)
        steps += [*lines, f"{damage.notation} left"]
    result = roll_damage(damage, damage_reduction, dice=dice)
    after, lines = _damaged(health, result, dials)
    return HazardResult(Hazard.FALLING, rolls, (result,), health_change(health, after, dials), (*steps, *lines))


# --- explosions -----------------------------------------------------------


class Charge(str, Enum):
    """Kinds of explosion and their damage numbers (ch. 8, Explosions); for
    any other, build the :class:`DamageDice` with its own numbers."""

    SHRAPNEL = "shrapnel"
    NO_SHRAPNEL = "no_shrapnel"
    FLASH_BANG = "flash_bang"

    def damage(self, dice: int) -> DamageDice:
        minor_at, serious_at = {
            Charge.SHRAPNEL: (4, 5),
            Charge.NO_SHRAPNEL: (5, 6),
            Charge.FLASH_BANG: (5, None),
        }[self]
        return DamageDice(dice, minor_at, serious_at)


def explosion_dice(base: int, distance: float) -> int:
    """The base pool within the first meter, 1d6 less for each further meter
    begun: base - (ceil(d) - 1), never below 0 (docs/rules/moment_of_truth.md, Explosions)."""
    _check_not_negative(base=base, distance=distance)
    return max(0, base - max(0, ceil(distance) - 1))


def explosion(
    health: Health,
    blast: DamageDice,
    distance: float,
    dials: Dials,
    *,
    cover: int = 0,
    damage_reduction: int = 0,
    dice: DiceSource,
) -> HazardResult:
    """One token caught by a blast of ``blast`` (its pool at the center) at
    ``distance`` meters; ``cover`` is the dice the GM takes off for this
    token's cover; armor's DR applies."""
    _check_not_negative(cover=cover)
    reach = explosion_dice(blast.dice, distance)
    steps = [f"explosion {blast.notation} at {distance:g} m: {reach}d6 reach this far"]
    if reach == 0:
        return _untouched(health, dials, Hazard.EXPLOSION, [*steps, "beyond the blast's reach: no damage"])
    damage = blast.with_dice(reach - cover)
    if cover:
        steps.append(f"cover removes {cover}d6: {damage.notation}")
    if damage.dice == 0:
        return _untouched(health, dials, Hazard.EXPLOSION, [*steps, "the cover stops the blast: no damage"])
    result = roll_damage(damage, damage_reduction, dice=dice)
    after, lines = _damaged(health, result, dials)
    return HazardResult(Hazard.EXPLOSION, (), (result,), health_change(health, after, dials), (*steps, *lines))


@dataclass(frozen=True)
class Caught:
    """A token near a blast: its id at the table, its health, its distance
    in meters, the cover dice the GM takes off and its armor's DR."""

    actor_id: str
    health: Health
    distance: float
    cover: int = 0
    damage_reduction: int = 0


@dataclass(frozen=True)
class Blast:
    """One charge going off among several tokens, each rolled apart."""

    charge: DamageDice
    tokens: tuple[tuple[str, HazardResult], ...]

    @property
    def hurt(self) -> list[str]:
        return [actor for actor, result in self.tokens if result.change.after.damage > result.change.before.damage]

    @property
    def explanation(self) -> list[str]:
        hurt = f"hurt: {', '.join(self.hurt)}" if self.hurt else "the blast injures nobody"
        return [f"explosion {self.charge.notation} at its center", hurt]


def blast(charge: DamageDice, caught: Sequence[Caught], dials: Dials, *, dice: DiceSource) -> Blast:
    """:func:`explosion` for every token the GM names, in order."""
    return Blast(charge, tuple((token.actor_id, _caught(charge, token, dials, dice)) for token in caught))


def _caught(charge: DamageDice, token: Caught, dials: Dials, dice: DiceSource) -> HazardResult:
    return explosion(
        token.health,
        charge,
        token.distance,
        dials,
        cover=token.cover,
        damage_reduction=token.damage_reduction,
        dice=dice,
    )


def _untouched(health: Health, dials: Dials, hazard: Hazard, steps: list[str]) -> HazardResult:
    return HazardResult(hazard, (), (), health_change(health, health, dials), tuple(steps))


# --- fire -----------------------------------------------------------------

#: Ch. 8: fire is (5,3): serious on 3+, minor on 5+.
FIRE_MINOR_AT, FIRE_SERIOUS_AT = 5, 3
FIRE_GROWS_ON = 5  # every 5 or 6 rolled adds 1d6 to the next tick
BLANKET_DICE = 3  # per turn a blanket has been used, cumulative
EXTINGUISHER_DICE = 6  # an extinguisher or water, each turn


@dataclass(frozen=True)
class Fire:
    """A burning character's fire: its pool for the next tick, whether it is
    a grease fire (water does not help), turns a blanket has been used, and
    ``help``: the helpers' successes waiting for its next tick (:func:`smother`)."""

    dice: int
    grease: bool = False
    blanket_turns: int = 0
    help: int = 0

    def __post_init__(self) -> None:
        _check_not_negative(dice=self.dice, blanket_turns=self.blanket_turns, help=self.help)

    @property
    def out(self) -> bool:
        return self.dice == 0


def fire_conditions(fire: Fire) -> frozenset[Condition]:
    return frozenset() if fire.out else frozenset({Condition.ON_FIRE})


def ignite(health: Health, starting_dice: int, dials: Dials, *, grease: bool = False, dice: DiceSource) -> HazardResult:
    """A character catches fire and it burns at once (ch. 8: "fire always
    does damage on the same turn as the initial attack"). The GM sets the
    starting pool: 1d6 for a deep-fryer splash up to 5-6d6 for a Molotov."""
    if starting_dice < 1:
        raise RulesRefusal(f"a fire starts with at least 1d6, not {starting_dice}")
    return _burn(health, Fire(starting_dice, grease), Fire(0, grease), dials, (), [], dice)


def burn(
    health: Health,
    fire: Fire,
    agility: int,
    dials: Dials,
    *,
    blanket: bool = False,
    water: bool = False,
    helper_successes: int = 0,
    dice: DiceSource,
) -> HazardResult:
    """One tick on the burning character's turn, in this order (docs/rules/moment_of_truth.md, Fire): an
    Agility statistic roll (+3d6 per turn a blanket has been used, counting
    this one, while it is used; +6d6 for an extinguisher or water, a wash on
    a grease fire) and the helpers' successes from the previous round each
    remove 1d6; at 0 dice the fire is out; otherwise it burns and grows.
    ``agility`` 0 is a character who cannot act: only the helpers count."""
    if fire.out:
        raise RulesRefusal("the fire is out")
    _check_not_negative(helper_successes=helper_successes)
    fire = replace(fire, blanket_turns=fire.blanket_turns + blanket)
    modifiers, steps = _smothering(fire, blanket, water)
    rolls, successes, lines = _agility_roll(agility, modifiers, dials, dice)
    steps += lines
    if helper_successes:
        steps.append(f"helpers' successes from the previous round remove {helper_successes}d6")
    left = max(0, fire.dice - successes - helper_successes)
    steps.append(f"fire {fire.dice}d6 - {successes + helper_successes}d6 = {left}d6")
    if left == 0:
        out = replace(fire, dice=0)
        change = health_change(health, health, dials, fire_conditions(fire), fire_conditions(out))
        return HazardResult(Hazard.FIRE, rolls, (), change, (*steps, "the fire is out"), out)
    return _burn(health, replace(fire, dice=left), fire, dials, rolls, steps, dice)


def smother(
    health: Health, fire: Fire, agility: int, dials: Dials, *, blanket: bool = False, water: bool = False, dice: DiceSource
) -> tuple[HazardResult, int]:
    """Someone else helps put out a burning character's fire (ch. 8): the
    helper's Agility statistic roll, with a blanket (its turns count toward
    the fire's cumulative 3d6) or an extinguisher or water as in :func:`burn`.
    Its successes come off at the burning character's next tick (``burn``'s
    ``helper_successes``); the burning character's health does not change.
    The result (``health`` is the burning character's), and the successes."""
    if fire.out:
        raise RulesRefusal("the fire is out")
    fire = replace(fire, blanket_turns=fire.blanket_turns + blanket)
    modifiers, steps = _smothering(fire, blanket, water)
    rolls, successes, lines = _agility_roll(agility, modifiers, dials, dice)
    steps = (*steps, *lines, f"{successes}d6 off the fire at its next tick")
    change = health_change(health, health, dials, fire_conditions(fire), fire_conditions(fire))
    return HazardResult(Hazard.FIRE, rolls, (), change, steps, fire), successes


def _smothering(fire: Fire, blanket: bool, water: bool) -> tuple[list[Modifier], list[str]]:
    modifiers, steps = [], []
    if blanket:
        modifiers.append(Modifier("blanket", BLANKET_DICE * fire.blanket_turns))
    if water and fire.grease:
        steps.append("water on a grease fire is a wash: no dice")
    elif water:
        modifiers.append(Modifier("extinguisher or water", EXTINGUISHER_DICE))
    return modifiers, steps


def _burn(
    health: Health,
    fire: Fire,
    before: Fire,
    dials: Dials,
    rolls: tuple[RollResult, ...],
    steps: list[str],
    dice: DiceSource,
) -> HazardResult:
    """Roll the fire's pool (5,3), apply it, and grow 1d6 per 5 or 6."""
    result = roll_damage(DamageDice(fire.dice, FIRE_MINOR_AT, FIRE_SERIOUS_AT), dice=dice)
    after, lines = _damaged(health, result, dials)
    growth = sum(face >= FIRE_GROWS_ON for face in result.faces)
    grown = replace(fire, dice=min(MAX_DICE_PER_ROLL, fire.dice + growth))
    steps = [*steps, *lines, f"{growth} five(s) or six(es): the fire grows to {grown.dice}d6 next turn"]
    change = health_change(health, after, dials, fire_conditions(before), fire_conditions(grown))
    return HazardResult(Hazard.FIRE, rolls, (result,), change, tuple(steps), grown)


# --- suffocation ----------------------------------------------------------

WARNED_BREATH_SECONDS = 30


@dataclass(frozen=True)
class Breath:
    """Air held: it lasts ``seconds``; ``turns`` is how many have begun since."""

    seconds: int
    turns: int = 0

    def __post_init__(self) -> None:
        _check_not_negative(seconds=self.seconds, turns=self.turns)

    @property
    def out_of_breath(self) -> bool:
        return self.turns > self.seconds


SUFFOCATING = frozenset({Condition.SUFFOCATING})


def _hold_breath(endurance: int, warned: bool, dice: DiceSource) -> tuple[Breath, tuple[int, ...], str]:
    _check_not_negative(endurance=endurance)
    faces = tuple(dice.roll(endurance, SIDES))
    seconds = sum(faces) + (WARNED_BREATH_SECONDS if warned else 0)
    warning = f" + {WARNED_BREATH_SECONDS} with warning" if warned else ""
    return (
        Breath(seconds),
        faces,
        f"breath: {endurance}d6 pips {' '.join(map(str, faces))}{warning} = {seconds} seconds",
    )


def start_suffocating(
    health: Health, endurance: int, dials: Dials, *, warned: bool = False, dice: DiceSource
) -> HazardResult:
    """Air runs out (ch. 7, Suffocating): the breath lasts the pips of
    Endurance d6 in seconds, +30 with warning to draw in air."""
    breath, faces, line = _hold_breath(endurance, warned, dice)
    change = health_change(health, health, dials, frozenset(), SUFFOCATING)
    return HazardResult(Hazard.SUFFOCATION, (), (), change, (line,), breath, faces)


def _gasp(health: Health, breath: Breath, dials: Dials) -> tuple[Health, Breath, str]:
    """One turn begun without air: past the breath, 1 minor damage, or 1
    serious once minor damage taken equals hit points."""
    breath = replace(breath, turns=breath.turns + 1)
    if not breath.out_of_breath:
        return health, breath, f"turn {breath.turns} holding a {breath.seconds}-second breath: no damage"
    serious = health.minor >= health.hit_points
    after = take_damage(health, int(not serious), int(serious), dials)
    return after, breath, f"out of breath: 1 {'serious' if serious else 'minor'} damage"


def suffocate(health: Health, breath: Breath, dials: Dials) -> HazardResult:
    """The start of a suffocating character's turn."""
    after, breath, line = _gasp(health, breath, dials)
    change = health_change(health, after, dials, SUFFOCATING, SUFFOCATING)
    return HazardResult(Hazard.SUFFOCATION, (), (), change, (line,), breath)


# --- vacuum ---------------------------------------------------------------

VACUUM_MINOR_AT, VACUUM_SERIOUS_AT = 5, 6
MISSES_TO_BLACK_OUT = 2
SUIT_DAMAGE_DELAY = 3  # a ruptured suit: x3 the 1d6 turns before damage


@dataclass(frozen=True)
class Vacuum:
    """Exposure to vacuum: seconds so far, Endurance rolls missed, the breath
    (a character in vacuum is also suffocating) and, in a ruptured pressure
    suit, the 1d6 that slows it all (ch. 8)."""

    breath: Breath
    seconds: int = 0
    misses: int = 0
    suit_die: int | None = None

    def __post_init__(self) -> None:
        _check_not_negative(seconds=self.seconds, misses=self.misses)
        if self.suit_die is not None and not 1 <= self.suit_die <= SIDES:
            raise RulesRefusal(f"the suit's die is a d6, not {self.suit_die}")

    @property
    def roll_every(self) -> int:
        """Seconds between Endurance rolls: 1, or the suit's 1d6."""
        return self.suit_die or 1

    @property
    def damage_after(self) -> int:
        """Seconds before the damage starts: the first, or 3 x the suit's 1d6."""
        return SUIT_DAMAGE_DELAY * self.suit_die if self.suit_die else 1

    @property
    def unconscious(self) -> bool:
        return self.misses >= MISSES_TO_BLACK_OUT


class HeldBreath(NamedTuple):
    """An air hazard as a token keeps it: the breath, and the exposure when in vacuum."""

    breath: Breath
    vacuum: Vacuum | None


def held(air: Breath | Vacuum) -> HeldBreath:
    return HeldBreath(air.breath, air) if isinstance(air, Vacuum) else HeldBreath(air, None)


def vacuum_conditions(vacuum: Vacuum) -> frozenset[Condition]:
    return SUFFOCATING | ({Condition.UNCONSCIOUS} if vacuum.unconscious else set())


def enter_vacuum(
    health: Health,
    endurance: int,
    dials: Dials,
    *,
    warned: bool = False,
    ruptured_suit: bool = False,
    dice: DiceSource,
) -> HazardResult:
    """Exposure begins: the breath is rolled, and for a ruptured pressure suit
    1d6 sets the seconds between Endurance rolls (x3: before damage starts)."""
    breath, faces, line = _hold_breath(endurance, warned, dice)
    steps = [line]
    suit_die = None
    if ruptured_suit:
        suit_die = dice.roll(1, SIDES)[0]
        faces = (*faces, suit_die)
        steps.append(
            f"ruptured suit: 1d6 = {suit_die}: an Endurance roll every {suit_die} s, "
            f"damage after {SUIT_DAMAGE_DELAY * suit_die} s"
        )
    vacuum = Vacuum(breath, suit_die=suit_die)
    change = health_change(health, health, dials, frozenset(), vacuum_conditions(vacuum))
    return HazardResult(Hazard.VACUUM, (), (), change, tuple(steps), vacuum, faces)


def vacuum_second(
    health: Health, vacuum: Vacuum, endurance: int, dials: Dials, *, moments_spent: int = 0, dice: DiceSource
) -> HazardResult:
    """One more second (one turn) in vacuum, in order: suffocation at the start
    of the turn; when due and still conscious, an Endurance statistic roll at
    the world's TN (the second miss is unconsciousness); then the cumulative
    damage (5,6): n d6 on the n-th turn after the delay."""
    after, breath, line = _gasp(health, vacuum.breath, dials)
    now = replace(vacuum, breath=breath, seconds=vacuum.seconds + 1)
    steps, rolls = [f"second {now.seconds} in vacuum", line], ()
    since_first = now.seconds - 1
    if not now.unconscious and since_first > 0 and since_first % now.roll_every == 0:
        roll = forced_roll(endurance, dials.default_tn, moments_spent=moments_spent, dice=dice)
        now = replace(now, misses=now.misses + (not (roll and roll.outcome.success)))
        rolls = (roll,) if roll else ()
        steps += ["Endurance statistic roll to stay conscious", *roll_lines(roll)]
        if now.unconscious:
            steps.append(f"{MISSES_TO_BLACK_OUT} rolls missed: unconscious")
    damages: tuple[DamageResult, ...] = ()
    pool = min(MAX_DICE_PER_ROLL, now.seconds - now.damage_after)
    if pool > 0:
        result = roll_damage(DamageDice(pool, VACUUM_MINOR_AT, VACUUM_SERIOUS_AT), dice=dice)
        after, lines = _damaged(after, result, dials)
        damages, steps = (result,), [*steps, *lines]
    change = health_change(health, after, dials, vacuum_conditions(vacuum), vacuum_conditions(now))
    return HazardResult(Hazard.VACUUM, rolls, damages, change, tuple(steps), now)
