"""The chapter-one roll as a pipeline: build the pool, set the target number,
roll, count the faces, judge the count. Each step returns a frozen record
that the roll's output schema writes (``systems.moment_of_truth.schemas.rolls``),
so a roll card can show its working."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Protocol

from ..dice import CountedDie, DiceSource, check_count
from ..judging import check_tn
from ..refusal import ImpossiblePool, RulesRefusal

SIDES = 6


class RollKind(str, Enum):
    """What the pool is made of; it decides the success faces (ch. 1)."""

    SKILL = "skill"  # statistic + relevant skill; level 0 is still skilled
    UNSKILLED = "unskilled"  # statistic only: the relevant skill is lacking
    PERIPHERAL = "peripheral"  # statistic + an applicable skill the GM allows: still unskilled
    STATISTIC = "statistic"  # statistic roll: no skill is involved at all

    @property
    def success_faces(self) -> tuple[int, ...]:
        """Unskilled and peripheral rolls count 6s only; the others 5s and 6s."""
        return (6,) if self in (RollKind.UNSKILLED, RollKind.PERIPHERAL) else (5, 6)

    @property
    def takes_skill(self) -> bool:
        return self in (RollKind.SKILL, RollKind.PERIPHERAL)

    @property
    def takes_penalties(self) -> bool:
        """Dice pool penalties never affect statistic rolls (ch. 1, Statistics Rolls)."""
        return self is not RollKind.STATISTIC


COUNTING_RULE = {
    RollKind.SKILL: "5s and 6s count (skilled roll)",
    RollKind.UNSKILLED: "only 6s count (unskilled roll)",
    RollKind.PERIPHERAL: "only 6s count (peripheral skill: still an unskilled roll)",
    RollKind.STATISTIC: "5s and 6s count (statistic roll)",
}


# --- the pool -------------------------------------------------------------


@dataclass(frozen=True)
class Modifier:
    """A named change to the pool; ``penalty`` marks a wound or condition."""

    source: str
    dice: int
    penalty: bool = False

    def __post_init__(self) -> None:
        if self.penalty and self.dice > 0:
            raise RulesRefusal(f"penalty {self.source!r} adds dice; a penalty only removes them")


@dataclass(frozen=True)
class PoolPart:
    """One line of the pool's working; parts not applied count for nothing."""

    source: str
    dice: int
    applied: bool = True
    note: str = ""


@dataclass(frozen=True)
class Pool:
    """The dice pool: its parts and the number of d6 rolled."""

    parts: tuple[PoolPart, ...]
    dice: int

    @property
    def moments_spent(self) -> int:
        return sum(part.source == MOMENT_OF_TRUTH for part in self.parts)


FLOOR = "floor"
MOMENT_OF_TRUTH = "Moment of Truth"


@dataclass(frozen=True)
class Helper:
    """A character lending 1 die (ch. 1, Helping); ``has_skill`` says whether
    they possess the skill the GM requires, when the GM requires one."""

    name: str
    has_skill: bool = True

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesRefusal("a helper needs a name")


def build_pool(
    kind: RollKind,
    statistic: int,
    skill_level: int | None,
    modifiers: Iterable[Modifier] = (),
    helpers: int | Sequence[Helper] = 0,
    required_skill: str | None = None,
) -> Pool:
    """Statistic + skill level + helpers + modifiers, never below 0 (ch. 1).

    ``helpers`` is a count of helping characters, or the helpers by name.
    When the GM requires a skill (``required_skill``), only named helpers
    who possess it add their die; the others are shown, not counted."""
    _check_skill(kind, skill_level)
    _check_not_negative("statistic", statistic)
    parts = [PoolPart("statistic", statistic)]
    if skill_level is not None:
        _check_not_negative("skill_level", skill_level)
        parts.append(PoolPart("skill" if kind is RollKind.SKILL else "peripheral skill", skill_level))
    parts += _helper_parts(helpers, required_skill)
    parts += [_modifier_part(kind, modifier) for modifier in modifiers]
    return _pool(parts)


def spend_moments(pool: Pool, moments: int) -> Pool:
    """Each Moment of Truth spent adds 1d6 (ch. 5, Using Moments of Truth)."""
    _check_not_negative("moments", moments)
    check_count(pool.dice + moments)
    if not moments:
        return pool
    bought = [PoolPart(MOMENT_OF_TRUTH, 1, note="+1d6 for one Moment of Truth")] * moments
    return _pool([*pool.parts, *bought])


def _helper_parts(helpers: int | Sequence[Helper], required_skill: str | None) -> list[PoolPart]:
    """Each helping character adds 1 die (ch. 1, Helping)."""
    if isinstance(helpers, int):
        _check_not_negative("helpers", helpers)
        if required_skill is not None and helpers:
            raise RulesRefusal(f"name the helpers to check that they possess {required_skill}")
        return [PoolPart("helpers", helpers, note="1 die per helping character")] if helpers else []
    names = [helper.name for helper in helpers]
    if len(set(names)) < len(names):
        raise RulesRefusal(f"a character helps once: {names}")
    return [_helper_part(helper, required_skill) for helper in helpers]


def _helper_part(helper: Helper, required_skill: str | None) -> PoolPart:
    source = f"helper {helper.name}"
    if required_skill is None:
        return PoolPart(source, 1, note="1 die for helping")
    if helper.has_skill:
        return PoolPart(source, 1, note=f"possesses {required_skill}, which the GM requires")
    return PoolPart(source, 1, applied=False, note=f"lacks {required_skill}, which the GM requires")


def _pool(parts: list[PoolPart]) -> Pool:
    total = sum(part.dice for part in parts if part.applied)
    if total < 0:
        parts = [*parts, PoolPart(FLOOR, -total, note="a pool never goes below 0")]
        total = 0
    check_count(total)
    return Pool(tuple(parts), total)


def _modifier_part(kind: RollKind, modifier: Modifier) -> PoolPart:
    if not modifier.penalty:
        return PoolPart(modifier.source, modifier.dice)
    if kind.takes_penalties:
        return PoolPart(modifier.source, modifier.dice, note="penalty")
    return PoolPart(modifier.source, modifier.dice, applied=False, note="penalties never affect statistic rolls")


def _check_skill(kind: RollKind, skill_level: int | None) -> None:
    """A skill or peripheral roll has a skill level, the others none."""
    if kind.takes_skill != (skill_level is not None):
        raise RulesRefusal(f"a {kind.value} roll {'needs a' if skill_level is None else 'has no'} skill level")


def _check_not_negative(name: str, value: int) -> None:
    if value < 0:
        raise RulesRefusal(f"{name} cannot be negative: {value}")


# --- the target number ----------------------------------------------------


@dataclass(frozen=True)
class TargetNumber:
    """Successes needed: the world's default TN plus the GM's difficulty; or,
    on a roll with no TN to make (``every_success_counts``), 1, so that one
    success helps, whatever the world's default."""

    default: int
    difficulty: int
    value: int
    every_success_counts: bool = False

    @property
    def floored(self) -> bool:
        """Raised to 1: the default and difficulty add up to less."""
        return not self.every_success_counts and self.value != self.default + self.difficulty


def target_number(default_tn: int, difficulty: int = 0) -> TargetNumber:
    """The default TN is a switch, 1 or 2 (ch. 1, Target Number as a Dial);
    modifiers never take it below 1."""
    if default_tn not in (1, 2):
        raise RulesRefusal(f"the default TN is 1 or 2, not {default_tn}")
    return TargetNumber(default_tn, difficulty, max(1, default_tn + difficulty))


def no_target(default_tn: int) -> TargetNumber:
    """A roll with no TN to make, whose every success counts (medic and
    healing rolls, the Agility roll against a fall or fire): judged against
    1 in any world (docs/rules/moment_of_truth.md, Rolls with no TN)."""
    target_number(default_tn)
    return TargetNumber(default_tn, 0, 1, every_success_counts=True)


class ImpossibleRoll(ImpossiblePool):
    """The pool is smaller than the TN (ch. 1, Impossible Rolls)."""

    def __init__(self, pool: Pool, tn: TargetNumber, stakes_raised: bool = False) -> None:
        self.pool = pool
        self.tn = tn
        self.moments_needed = tn.value - pool.dice
        rescue = (
            "the stakes are raised, so no Moment of Truth can rescue it"
            if stakes_raised
            else f"spend {self.moments_needed} more Moment(s) of Truth or the roll cannot succeed"
        )
        super().__init__(f"{pool.dice}d6 cannot roll {tn.value} successes: {rescue}")


def check_possible(pool: Pool, tn: TargetNumber, stakes_raised: bool = False) -> None:
    """Refuse a roll that cannot succeed; only Moments of Truth can rescue it."""
    if pool.dice < tn.value:
        raise ImpossibleRoll(pool, tn, stakes_raised)


def check_stakes(pool: Pool, stakes_raised: bool) -> None:
    """Nobody, the roller included, may spend Moments of Truth on a roll
    whose stakes are raised (ch. 5, Player-Triggered Rewards)."""
    if stakes_raised and pool.moments_spent:
        raise RulesRefusal(
            f"{pool.moments_spent} Moment(s) of Truth spent on a roll whose stakes are raised: "
            "nobody may spend Moments of Truth on it"
        )


# --- counting -------------------------------------------------------------


class CountsAs(str, Enum):
    SUCCESS = "success"
    ONE = "one"
    BLANK = "blank"


@dataclass(frozen=True)
class Counting:
    """Every die read, and the two numbers judging needs."""

    dice: tuple[CountedDie, ...]
    successes: int
    ones: int
    success_faces: tuple[int, ...]

    @property
    def faces(self) -> list[int]:
        return [die.face for die in self.dice]


def count_faces(faces: Iterable[int], kind: RollKind) -> Counting:
    """Read each die: a success face, a 1 (never a success), or a blank."""
    success_faces, reading = _FACES_READ[kind]
    dice = []
    for face in faces:
        if face not in reading:
            raise RulesRefusal(f"{face} is not a face of a d6")
        dice.append(reading[face])
    counted = [die.counts_as for die in dice]
    return Counting(tuple(dice), counted.count(CountsAs.SUCCESS), counted.count(CountsAs.ONE), success_faces)


def _reading(success_faces: tuple[int, ...]) -> dict[int, CountedDie]:
    """Each face of a d6 read as a die, when ``success_faces`` succeed."""
    return {
        face: CountedDie(
            face, CountsAs.SUCCESS if face in success_faces else CountsAs.ONE if face == 1 else CountsAs.BLANK
        )
        for face in range(1, SIDES + 1)
    }


#: Each kind's success faces and reading of the faces, made once (a die is a frozen value, so one serves every roll).
_FACES_READ = {kind: (kind.success_faces, _reading(kind.success_faces)) for kind in RollKind}


# --- judging --------------------------------------------------------------


class Tally(Protocol):
    """All judging looks at: successes and 1s shown."""

    @property
    def successes(self) -> int: ...

    @property
    def ones(self) -> int: ...


class Label(str, Enum):
    """One word for the outcome. A critical success that also shows a setback
    is both (docs/rules/moment_of_truth.md, Critical success with a setback)."""

    CRITICAL_SUCCESS_WITH_SETBACK = "critical_success_with_setback"
    CRITICAL_SUCCESS = "critical_success"
    SUCCESS_WITH_SETBACK = "success_with_setback"
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical_failure"


@dataclass(frozen=True)
class Outcome:
    """The verdict and the thresholds it was judged against."""

    label: Label
    success: bool
    critical_success: bool
    critical_failure: bool
    setback: bool
    needed: int
    critical_success_at: int
    critical_failure_ones_at: int
    stakes_raised: bool
    setbacks_judged: bool = True


def judge(tally: Tally, pool_dice: int, tn: int, stakes_raised: bool = False, setbacks: bool = True) -> Outcome:
    """Success, criticals (ch. 1, Critical Success and Failure) and setback
    (ch. 5, Setbacks); readings in docs/rules/moment_of_truth.md, Rolls. When
    the roller raised the stakes (ch. 5), any failure is a critical failure. A
    world without setbacks (``Dials.setbacks`` off, ch. 5 Setbacks (Optional))
    judges none."""
    check_tn(tn)
    critical_success_at = tn + 2  # two successes more than required
    # "ones equal to half your dice pool (drop fractions)": at least that
    # many, and always at least one 1.
    critical_failure_ones_at = max(1, pool_dice // 2)
    success = tally.successes >= tn
    critical_success = tally.successes >= critical_success_at
    critical_failure = not success and (
        stakes_raised or (tally.successes == 0 and tally.ones >= critical_failure_ones_at)
    )
    setback = setbacks and success and tally.ones > tally.successes
    return Outcome(
        _label(success, critical_success, critical_failure, setback),
        success,
        critical_success,
        critical_failure,
        setback,
        tn,
        critical_success_at,
        critical_failure_ones_at,
        stakes_raised,
        setbacks,
    )


#: Each label as the explanation says it.
_IN_WORDS = {label: label.value.replace("_", " ") for label in Label}


def _label(success: bool, critical_success: bool, critical_failure: bool, setback: bool) -> Label:
    if critical_success:
        return Label.CRITICAL_SUCCESS_WITH_SETBACK if setback else Label.CRITICAL_SUCCESS
    if setback:
        return Label.SUCCESS_WITH_SETBACK
    if success:
        return Label.SUCCESS
    return Label.CRITICAL_FAILURE if critical_failure else Label.FAILURE


# --- the whole roll -------------------------------------------------------


@dataclass(frozen=True)
class RollResult:
    kind: RollKind
    pool: Pool
    target: TargetNumber
    counting: Counting
    outcome: Outcome

    @cached_property  # read by the card and again by the explanations of cards holding the roll (healing, turns, maneuvers)
    def explanation(self) -> list[str]:
        return explain(self)


def resolve_roll(
    kind: RollKind,
    statistic: int,
    skill_level: int | None,
    default_tn: int,
    difficulty: int = 0,
    modifiers: Sequence[Modifier] = (),
    helpers: int | Sequence[Helper] = 0,
    moments_spent: int = 0,
    *,
    dice: DiceSource,
    required_skill: str | None = None,
    stakes_raised: bool = False,
    setbacks: bool = True,
    every_success_counts: bool = False,
) -> RollResult:
    """Build the pool, add Moments of Truth, set the TN (:func:`no_target`
    when ``every_success_counts``), refuse an impossible roll, then roll,
    count and judge."""
    pool = build_pool(kind, statistic, skill_level, modifiers, helpers, required_skill)
    if every_success_counts and difficulty:
        raise ValueError(f"a roll whose every success counts has no difficulty, not {difficulty}")
    target = no_target(default_tn) if every_success_counts else target_number(default_tn, difficulty)
    moments_added = spend_moments(pool, moments_spent)
    return roll_pool(kind, moments_added, target, dice, stakes_raised=stakes_raised, setbacks=setbacks)


def roll_pool(
    kind: RollKind,
    pool: Pool,
    target: TargetNumber,
    dice: DiceSource,
    *,
    stakes_raised: bool = False,
    contested: bool = False,
    setbacks: bool = True,
) -> RollResult:
    """Refuse Moments of Truth on raised stakes and an impossible roll, then
    roll the pool, count and judge. A ``contested`` side rolls even a pool
    smaller than the TN: it cannot succeed, but the other side may still
    fail critically (ch. 1, Contested Skill Rolls). ``setbacks``: the
    world's ``Dials.setbacks``."""
    check_stakes(pool, stakes_raised)
    if not contested:
        check_possible(pool, target, stakes_raised)
    counting = count_faces(dice.roll(pool.dice, SIDES), kind)
    outcome = judge(counting, pool.dice, target.value, stakes_raised, setbacks)
    return RollResult(kind, pool, target, counting, outcome)


# --- explanation ----------------------------------------------------------


def explain(result: RollResult) -> list[str]:
    """Short sentences that show the working, pool to verdict."""
    counting, outcome = result.counting, result.outcome
    successes = _successes(counting.successes)
    lines = _pool_lines(result.pool)
    lines.append(_target_line(result.target))
    lines.append(COUNTING_RULE[result.kind])
    lines.append(f"rolled {' '.join([str(die.face) for die in counting.dice])}: {successes}, {_ones(counting.ones)}")
    lines.append(f"{successes} vs TN {outcome.needed}: {_IN_WORDS[outcome.label]}")
    lines.append(f"critical success needs {_successes(outcome.critical_success_at)}")
    if outcome.stakes_raised:
        lines.append("stakes raised: any failure is a critical failure, and no Moments of Truth may be spent")
    else:
        lines.append(f"critical failure needs no successes and at least {_ones(outcome.critical_failure_ones_at)}")
    if outcome.success and not outcome.setbacks_judged:
        lines.append("this world judges no setbacks")
    elif outcome.success:
        verdict = "setback" if outcome.setback else "no setback"
        lines.append(f"setback when 1s outnumber successes: {counting.ones} vs {counting.successes}, {verdict}")
    return lines


def _pool_lines(pool: Pool) -> list[str]:
    """The pool's sum, then each part not applied."""
    terms, ignored = [], []
    for part in pool.parts:
        if not part.applied:
            ignored.append(f"{part.source} {part.dice:+d} not applied: {part.note}")
        elif part.source == FLOOR:
            terms.append(f"(raised from {-part.dice} to 0: {part.note})")
        else:
            terms.append(f"{'-' if part.dice < 0 else '+'} {part.source} {abs(part.dice)}")
    return [f"pool {pool.dice}d6: {' '.join(terms).removeprefix('+ ')}", *ignored]


def _target_line(tn: TargetNumber) -> str:
    if tn.every_success_counts:
        return f"no TN to make: every success counts (judged against {tn.value})"
    if tn.difficulty == 0:
        return f"TN {tn.value}: the world's default"
    floored = ", never below 1" if tn.floored else ""
    return f"TN {tn.value}: default {tn.default}, difficulty {tn.difficulty:+d}{floored}"


def _successes(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"


def _ones(count: int) -> str:
    return f"{count} one" if count == 1 else f"{count} ones"
