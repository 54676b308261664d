"""Grappling and what a grapple allows (ch. 7, Grappling; Take-down;
Strangle; Disarm).

A grapple is a melee attack: melee attack + brawling or martial arts against
the TN to hit. The rest are contests (:mod:`.contests`) in which the side
acted upon resists, so it wins a deadlock; a take-down's tie instead leaves
both prone. Each side rolls the statistic its maneuver names (where the book
offers two, each side picks) plus its grappling skill: the one it chooses,
else the higher it holds, martial arts on a tie. If either side uses martial
arts, a side using brawling keeps its brawling dice but counts 6s only (the
book: "treated as unskilled and only 6s count").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .conditions import Condition, attack_pool_changes, check_can_act, skill_penalties
from .contests import Contestant, ContestResult, Decision, Party, Ruling, Side, contest
from .damage import DamageDice, DamageResult, roll_damage
from .defense import ToHit, to_hit
from .dials import Dials
from .rolls import Pool, RollKind, RollResult, build_pool, roll_pool, spend_moments
from .statistics import Derived, Statistic, derive

#: Strangle's crush: strength (5,6) (ch. 7, Strangle).
CRUSH_MINOR_AT, CRUSH_SERIOUS_AT = 5, 6

Rolled = Statistic | Derived

#: The statistics a side may pick where the book offers two.
BREAK_FREE_STATISTICS = (Statistic.STRENGTH, Derived.MELEE_ATTACK)
STRANGLE_STATISTICS = (Statistic.STRENGTH, Statistic.AGILITY)


class GrappleSkill(str, Enum):
    BRAWLING = "brawling"
    MARTIAL_ARTS = "martial_arts"


class Maneuver(str, Enum):
    GRAPPLE = "grapple"
    BREAK_FREE = "break_free"
    TAKE_DOWN = "take_down"
    STRANGLE = "strangle"
    BREAK_STRANGLE = "break_strangle"
    CRUSH = "crush"
    DISARM = "disarm"


@dataclass(frozen=True)
class Grappler:
    """One fighter as a grappling roll needs them. ``brawling`` and
    ``martial_arts`` are skill levels, None when lacking; ``uses`` is the skill
    chosen for this roll (None: the higher held); ``moments`` are Moments of
    Truth spent on this roll."""

    name: str
    strength: int
    agility: int
    brawling: int | None = None
    martial_arts: int | None = None
    party: Party = Party.PC
    conditions: frozenset[Condition] = frozenset()
    uses: GrappleSkill | None = None
    moments: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "conditions", frozenset(self.conditions))
        for name in ("strength", "agility", "brawling", "martial_arts", "moments"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise RulesRefusal(f"{self.name}'s {name} cannot be negative: {value}")
        if self.uses is not None and self.level(self.uses) is None:
            raise RulesRefusal(f"{self.name} cannot use {self.uses.value}: no level in it")

    def level(self, skill: GrappleSkill) -> int | None:
        return self.brawling if skill is GrappleSkill.BRAWLING else self.martial_arts

    @property
    def skill(self) -> GrappleSkill | None:
        """The grappling skill rolled: the chosen one, else the higher held."""
        if self.uses is not None:
            return self.uses
        held = [skill for skill in (GrappleSkill.MARTIAL_ARTS, GrappleSkill.BRAWLING) if self.level(skill) is not None]
        return max(held, key=self.level, default=None)

    def value(self, statistic: Rolled, dials: Dials) -> int:
        values = {Statistic.STRENGTH: self.strength, Statistic.AGILITY: self.agility}
        if statistic is Derived.MELEE_ATTACK:
            return derive(statistic, values, dials)
        return values[statistic]


@dataclass(frozen=True)
class ConditionChange:
    who: str
    condition: Condition
    gained: bool

    @property
    def line(self) -> str:
        return f"{self.who} {'is now' if self.gained else 'is no longer'} {self.condition.value}"


def _change_lines(changes: tuple[ConditionChange, ...]) -> list[str]:
    return [change.line for change in changes] or ["no condition changes"]


@dataclass(frozen=True)
class GrappleResult:
    """The grapple roll against the TN to hit, and what it changed."""

    attacker: str
    target: str
    skill: GrappleSkill | None
    to_hit: ToHit
    roll: RollResult
    changes: tuple[ConditionChange, ...]

    @property
    def grappled(self) -> bool:
        return self.roll.outcome.success

    @property
    def explanation(self) -> list[str]:
        return [
            f"grapple: {self.attacker} grabs for {self.target} with melee attack + {_skill_name(self.skill)}",
            *self.to_hit.explanation,
            *self.roll.explanation,
            *_change_lines(self.changes),
        ]


@dataclass(frozen=True)
class ManeuverResult:
    """A contested maneuver: what each side rolled, the contest, the winner
    (None on a take-down's tie) and the conditions it changed."""

    maneuver: Maneuver
    actor: str
    opponent: str
    pools: tuple[str, ...]
    contest: ContestResult
    changes: tuple[ConditionChange, ...]
    ruling: str = ""  # the maneuver's own reading of the contest, if any

    @property
    def winner(self) -> str | None:
        return self.contest.winner_name

    @property
    def maneuver_name(self) -> str:
        return self.maneuver.value

    @property
    def explanation(self) -> list[str]:
        title = f"{self.maneuver.value.replace('_', ' ')}: {self.actor} against {self.opponent}"
        ruling = [self.ruling] if self.ruling else []
        return [title, *self.pools, *self.contest.explanation, *ruling, *_change_lines(self.changes)]


@dataclass(frozen=True)
class CrushResult:
    """A strangler crushing the neck and head: strength (5,6)."""

    strangler: str
    target: str
    damage: DamageResult

    @property
    def explanation(self) -> list[str]:
        return [f"{self.strangler} crushes {self.target}'s neck: strength (5,6)", *self.damage.explanation]


# --- the maneuvers ----------------------------------------------------------


def grapple(
    attacker: Grappler,
    target: Grappler,
    dials: Dials,
    *,
    free_hand: bool,
    close_range: bool,
    target_to_hit: ToHit | None = None,
    dice: DiceSource,
) -> GrappleResult:
    """Melee attack + brawling or martial arts against the TN to hit; needs a
    free hand and close range (or the move to reach it). ``target_to_hit``
    comes from :func:`~.defense.to_hit` (defense dice, charge...); None is
    the TN for the target's conditions alone. Success: grappled and restrained."""
    check_maneuver(Maneuver.GRAPPLE, attacker, target, free_hand=free_hand, close_range=close_range)
    tn = target_to_hit or to_hit(dials=dials, ranged=False, target_conditions=target.conditions)
    skill = attacker.skill
    modifiers = [
        *attack_pool_changes(attacker.conditions, ranged=False),
        *skill_penalties(attacker.conditions, Derived.MELEE_ATTACK, dials),
    ]
    kind = RollKind.SKILL if skill else RollKind.UNSKILLED
    level = attacker.level(skill) if skill else None
    pool = build_pool(kind, attacker.value(Derived.MELEE_ATTACK, dials), level, modifiers)
    roll = roll_pool(kind, spend_moments(pool, attacker.moments), tn.target, dice)
    changes = _gain(target, Condition.GRAPPLED, Condition.RESTRAINED) if roll.outcome.success else ()
    return GrappleResult(attacker.name, target.name, skill, tn, roll, changes)


def break_free(
    grappled: Grappler,
    grappler: Grappler,
    dials: Dials,
    *,
    statistic: Rolled = Statistic.STRENGTH,
    grappler_statistic: Rolled = Statistic.STRENGTH,
    strangled: bool = False,
    dice: DiceSource,
) -> ManeuverResult:
    """On the grappled side's turn: strength or melee attack (each side picks)
    + brawling or martial arts, contested. A win ends grappled and restrained,
    and suffocating too when ``strangled`` (the grip on the neck goes with the grapple)."""
    check_maneuver(Maneuver.BREAK_FREE, grappled, grappler)
    _check_choice(statistic, BREAK_FREE_STATISTICS)
    _check_choice(grappler_statistic, BREAK_FREE_STATISTICS)
    pools, result = _contest(grappled, statistic, grappler, grappler_statistic, dials, dice)
    freed = (Condition.GRAPPLED, Condition.RESTRAINED, *((Condition.SUFFOCATING,) if strangled else ()))
    changes = _lose(grappled, *freed) if result.winner is Side.FIRST else ()
    return ManeuverResult(Maneuver.BREAK_FREE, grappled.name, grappler.name, pools, result, changes)


def take_down(
    attacker: Grappler, target: Grappler, dials: Dials, *, both_failed_tie: bool = True, dice: DiceSource
) -> ManeuverResult:
    """Strength + brawling or martial arts against a grappled target: a win
    leaves the target prone, a tie both. Equal successes are a tie;
    ``both_failed_tie`` (the GM's call) says whether both failing is one too,
    a deadlock in a contest (docs/rules/moment_of_truth.md, Contested rolls);
    if not, the target keeps its feet."""
    check_maneuver(Maneuver.TAKE_DOWN, attacker, target)
    pools, result = _contest(attacker, Statistic.STRENGTH, target, Statistic.STRENGTH, dials, dice)
    if _is_tie(result, both_failed_tie):
        result = replace(result, winner=Side.DEADLOCK, ruling=Ruling.GM_CALLS)
        changes = _gain(attacker, Condition.PRONE) + _gain(target, Condition.PRONE)
        ruling = "a take-down's tie leaves both prone (ch. 7, Take-down)"
        return ManeuverResult(Maneuver.TAKE_DOWN, attacker.name, target.name, pools, result, changes, ruling)
    changes = _gain(target, Condition.PRONE) if result.winner is Side.FIRST else ()
    return ManeuverResult(Maneuver.TAKE_DOWN, attacker.name, target.name, pools, result, changes)


def strangle(
    attacker: Grappler,
    target: Grappler,
    dials: Dials,
    *,
    statistic: Rolled = Statistic.STRENGTH,
    target_statistic: Rolled = Statistic.STRENGTH,
    dice: DiceSource,
) -> ManeuverResult:
    """Strength or agility (each side picks) + brawling or martial arts
    against a grappled target: a win has them by the neck, suffocating."""
    check_maneuver(Maneuver.STRANGLE, attacker, target)
    _check_choice(statistic, STRANGLE_STATISTICS)
    _check_choice(target_statistic, STRANGLE_STATISTICS)
    pools, result = _contest(attacker, statistic, target, target_statistic, dials, dice)
    changes = _gain(target, Condition.SUFFOCATING) if result.winner is Side.FIRST else ()
    return ManeuverResult(Maneuver.STRANGLE, attacker.name, target.name, pools, result, changes)


def break_strangle(strangled: Grappler, strangler: Grappler, dials: Dials, *, dice: DiceSource) -> ManeuverResult:
    """On the strangled side's turn: strength + brawling or martial arts,
    contested. A win ends suffocating; the grapple itself holds."""
    check_maneuver(Maneuver.BREAK_STRANGLE, strangled, strangler)
    pools, result = _contest(strangled, Statistic.STRENGTH, strangler, Statistic.STRENGTH, dials, dice)
    changes = _lose(strangled, Condition.SUFFOCATING) if result.winner is Side.FIRST else ()
    return ManeuverResult(Maneuver.BREAK_STRANGLE, strangled.name, strangler.name, pools, result, changes)


def crush(
    strangler: Grappler,
    target: Grappler,
    *,
    held_since_earlier_turn: bool,
    damage_reduction: int = 0,
    dice: DiceSource,
) -> CrushResult:
    """On a turn after the strangle was won, strength (5,6) damage, armor's DR
    taken off. The book calls it an attack but names no roll to hit: the
    strangle already holds the neck, so the damage is rolled directly."""
    check_maneuver(Maneuver.CRUSH, strangler, target, held_since_earlier_turn=held_since_earlier_turn)
    damage = DamageDice(strangler.strength, CRUSH_MINOR_AT, CRUSH_SERIOUS_AT)
    return CrushResult(strangler.name, target.name, roll_damage(damage, damage_reduction, dice=dice))


def disarm(attacker: Grappler, target: Grappler, dials: Dials, *, dice: DiceSource) -> ManeuverResult:
    """Strength + brawling or martial arts against a grappled target: a win
    leaves the target disarmed, the weapon on the ground."""
    check_maneuver(Maneuver.DISARM, attacker, target)
    pools, result = _contest(attacker, Statistic.STRENGTH, target, Statistic.STRENGTH, dials, dice)
    changes = _gain(target, Condition.DISARMED) if result.winner is Side.FIRST else ()
    return ManeuverResult(Maneuver.DISARM, attacker.name, target.name, pools, result, changes)


# --- the contest ------------------------------------------------------------


def _contest(
    actor: Grappler,
    actor_statistic: Rolled,
    opponent: Grappler,
    opponent_statistic: Rolled,
    dials: Dials,
    dice: DiceSource,
) -> tuple[tuple[str, ...], ContestResult]:
    """The actor against the resisting opponent, with a line on each pool."""
    martial_arts = GrappleSkill.MARTIAL_ARTS in (actor.skill, opponent.skill)
    sides = [
        _side(grappler, statistic, dials, martial_arts, resisting)
        for grappler, statistic, resisting in ((actor, actor_statistic, False), (opponent, opponent_statistic, True))
    ]
    pools = tuple(line for _, line in sides)
    return pools, contest(sides[0][0], sides[1][0], dials, dice=dice)


def _side(
    grappler: Grappler, statistic: Rolled, dials: Dials, martial_arts: bool, resisting: bool
) -> tuple[Contestant, str]:
    skill = grappler.skill
    if skill is None:
        kind, level, counting = RollKind.UNSKILLED, None, "no grappling skill: unskilled, 6s only"
    elif skill is GrappleSkill.BRAWLING and martial_arts:
        kind, level, counting = RollKind.PERIPHERAL, grappler.brawling, "brawling against martial arts: 6s only"
    else:
        kind, level, counting = RollKind.SKILL, grappler.level(skill), "5s and 6s"
    modifiers = skill_penalties(grappler.conditions, statistic, dials)
    pool: Pool = spend_moments(build_pool(kind, grappler.value(statistic, dials), level, modifiers), grappler.moments)
    line = f"{grappler.name}: {statistic.value.replace('_', ' ')} + {_skill_name(skill)}, {pool.dice}d6, {counting}"
    return Contestant(grappler.name, grappler.party, kind, pool, resisting=resisting), line


def _is_tie(result: ContestResult, both_failed_tie: bool) -> bool:
    return result.decision is Decision.EQUAL_SUCCESSES or (both_failed_tie and result.decision is Decision.BOTH_FAILED)


# --- conditions ---------------------------------------------------------------


def _gain(grappler: Grappler, *conditions: Condition) -> tuple[ConditionChange, ...]:
    return tuple(ConditionChange(grappler.name, c, True) for c in conditions if c not in grappler.conditions)


def _lose(grappler: Grappler, *conditions: Condition) -> tuple[ConditionChange, ...]:
    return tuple(ConditionChange(grappler.name, c, False) for c in conditions if c in grappler.conditions)


def check_maneuver(
    maneuver: Maneuver,
    actor: Grappler,
    opponent: Grappler,
    *,
    free_hand: bool = True,
    close_range: bool = True,
    held_since_earlier_turn: bool = True,
) -> None:
    """Refuse a maneuver its sides cannot make, before anything is rolled
    (or any Moment of Truth spent): the actor out of action; a grapple
    without a free hand or close range; breaking free while not grappled,
    breaking a strangle while not strangled; a take-down, strangle or disarm
    of an opponent not grappled; a crush of one not strangled, or on the
    turn the strangle was won."""
    check_can_act(actor.name, actor.conditions)
    if maneuver is Maneuver.GRAPPLE:
        if not free_hand:
            raise RulesRefusal(f"{actor.name} needs at least one hand free to grapple")
        if not close_range:
            raise RulesRefusal(f"{actor.name} must be at, or able to get to, close range to grapple")
    elif maneuver in (Maneuver.BREAK_FREE, Maneuver.BREAK_STRANGLE):
        _check_has(actor, Condition.GRAPPLED)
        if maneuver is Maneuver.BREAK_STRANGLE:
            _check_has(actor, Condition.SUFFOCATING)
    elif maneuver is Maneuver.CRUSH:
        _check_has(opponent, Condition.SUFFOCATING)
        if not held_since_earlier_turn:
            raise RulesRefusal(f"{actor.name} may crush only on a turn after winning the strangle")
    else:
        _check_has(opponent, Condition.GRAPPLED)


def _check_has(grappler: Grappler, condition: Condition) -> None:
    if condition not in grappler.conditions:
        raise RulesRefusal(f"{grappler.name} is not {condition.value}")


def _check_choice(statistic: Rolled, allowed: tuple[Rolled, ...]) -> None:
    if statistic not in allowed:
        names = " or ".join(choice.value.replace("_", " ") for choice in allowed)
        raise RulesRefusal(f"this maneuver rolls {names}, not {statistic.value.replace('_', ' ')}")


def _skill_name(skill: GrappleSkill | None) -> str:
    return skill.value.replace("_", " ") if skill else "no skill"
