"""The skill roll (Skill Rolls; Rolling Zero Dice), as docs/rules/highest_d10.md reads it.

Roll the pool's d10s and read one die, the highest; each other die showing
the same face adds +1; then add the modifiers. In a stressful situation (a
per-roll flag, on by default) more than half the dice showing 1 is an
automatic failure and every die showing 1 a botch. A pool of zero or fewer
dice rolls one die, and a 1 or 2 on it is a critical failure (a 1 worse than
a normal botch), stressful or not. How bad a botch is, and whether a
zero-dice attempt may be made at all (a crippled PC cannot sprint), is the
GM's to say: refuse such an attempt by not rolling it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..dice import CountedDie, DiceSource
from ..judging import check_tn
from ..refusal import RulesRefusal
from .conditions import Condition, Pool, build_pool
from .success import Mishap, Outcome, Verdict, judge

SIDES = 10


@dataclass(frozen=True)
class Modifier:
    """A named number added to (or, negative, taken from) the result."""

    source: str
    value: int


class CountsAs(str, Enum):
    READ = "read"  # the one die read, the highest
    MATCH = "match"  # another die showing the read face: +1
    UNREAD = "unread"


@dataclass(frozen=True)
class Reading:
    """Every die and how it counted; ``value`` is the read face plus one per match."""

    dice: tuple[CountedDie, ...]
    read: int
    matches: int

    @property
    def faces(self) -> list[int]:
        return [die.face for die in self.dice]

    @property
    def value(self) -> int:
        return self.read + self.matches


def read_faces(faces: Sequence[int]) -> Reading:
    """Read the highest face; every other die showing it adds +1 (the text's 2, 8, 8 reads 9)."""
    if not faces:
        raise RulesRefusal("a skill roll reads at least one die")
    bad = [face for face in faces if not 1 <= face <= SIDES]
    if bad:
        raise RulesRefusal(f"{bad} are not faces of a d10")
    read = max(faces)
    first = faces.index(read)
    dice = tuple(
        CountedDie(face, CountsAs.READ if i == first else CountsAs.MATCH if face == read else CountsAs.UNREAD)
        for i, face in enumerate(faces)
    )
    return Reading(dice, read, faces.count(read) - 1)


def mishap(faces: Sequence[int], zero_dice: bool, stressful: bool) -> Mishap | None:
    """What the 1s do: on a zero-dice roll a 1 or 2 is a critical failure;
    otherwise, only when ``stressful``, all 1s botch and more than half fail."""
    if zero_dice:
        return {1: Mishap.WORSE_BOTCH, 2: Mishap.BOTCH}.get(faces[0])
    if not stressful:
        return None
    ones = faces.count(1)
    if ones == len(faces):
        return Mishap.BOTCH
    return Mishap.AUTOMATIC_FAILURE if 2 * ones > len(faces) else None


@dataclass(frozen=True)
class SkillRoll:
    """One skill roll: the pool, every face and how it counted, the modifiers,
    the total, what the 1s did, and the verdict when a TN was given."""

    pool: Pool
    reading: Reading
    modifiers: tuple[Modifier, ...]
    total: int
    stressful: bool
    mishap: Mishap | None
    verdict: Verdict | None

    @property
    def explanation(self) -> list[str]:
        return explain(self)

    @property
    def outcome(self) -> Outcome | None:
        """What the card shows as its verdict: the degree against the TN, else
        what the 1s did; None for a roll without a TN whose 1s did nothing."""
        if self.verdict:
            return Outcome(self.verdict.degree.value)
        return Outcome(self.mishap.value) if self.mishap else None


def roll_skill(
    dice_called_for: int,
    *,
    dice: DiceSource,
    modifiers: Iterable[Modifier] = (),
    conditions: Iterable[Condition] = (),
    stressful: bool = True,
    tn: int | None = None,
) -> SkillRoll:
    """Build the pool, roll it, read it, and judge it against ``tn`` if given."""
    if tn is not None:
        check_tn(tn)
    pool = build_pool(dice_called_for, conditions)
    return read_roll(pool, dice.roll(pool.rolled, SIDES), modifiers, stressful, tn)


def read_roll(
    pool: Pool, faces: Sequence[int], modifiers: Iterable[Modifier] = (), stressful: bool = True, tn: int | None = None
) -> SkillRoll:
    """The roll of ``pool`` that showed ``faces``."""
    if len(faces) != pool.rolled:
        raise RulesRefusal(f"a pool of {pool.rolled} dice shows {len(faces)} faces")
    reading = read_faces(faces)
    modifiers = tuple(modifiers)
    fumble = mishap(reading.faces, pool.zero_dice, stressful)
    total = reading.value + sum(modifier.value for modifier in modifiers)
    verdict = None if tn is None else judge(total, tn, fumble)
    return SkillRoll(pool, reading, modifiers, total, stressful, fumble, verdict)


# --- explanation ----------------------------------------------------------

MISHAP_LINES = {
    Mishap.AUTOMATIC_FAILURE: "more than half the dice show 1: the attempt automatically fails",
    Mishap.BOTCH: "every die shows 1: a botch",
    Mishap.WORSE_BOTCH: "zero dice and a 1: a botch worse than a normal one",
}


def explain(roll: SkillRoll) -> list[str]:
    """Short sentences that show the working, pool to verdict."""
    pool, reading = roll.pool, roll.reading
    lines = [_pool_line(pool), f"rolled {' '.join(map(str, reading.faces))}"]
    matched = f" + {reading.matches} for dice matching it" if reading.matches else ""
    lines.append(f"read the highest, {reading.read}{matched}: {reading.value}")
    lines += [f"{modifier.source} {modifier.value:+d}" for modifier in roll.modifiers]
    lines.append(f"total {roll.total}")
    if roll.mishap is Mishap.BOTCH and pool.zero_dice:
        lines.append("zero dice and a 2: a botch")
    elif roll.mishap:
        lines.append(MISHAP_LINES[roll.mishap])
    elif not roll.stressful and not pool.zero_dice:
        lines.append("not a stressful situation: 1s do not fail the roll")
    if roll.verdict:
        lines.append(_verdict_line(roll.verdict))
    return lines


def _pool_line(pool: Pool) -> str:
    removed = "".join(f", -1 for {condition.source}" for condition in pool.conditions)
    line = f"pool {pool.called_for}d10{removed}"
    if pool.zero_dice:
        return f"{line}: {pool.dice} dice, so roll one die and a 1 or 2 is a botch"
    return f"{line}: {pool.dice}d10" if pool.conditions else line


def _verdict_line(verdict: Verdict) -> str:
    degree = verdict.degree.value.replace("_", " ")
    if verdict.mishap:
        return f"vs TN {verdict.tn}: {degree} whatever the total"
    return (
        f"{verdict.total} vs TN {verdict.tn}: {degree} "
        f"(partial from {_number(verdict.partial_at)}, solid above {_number(verdict.solid_above)})"
    )


def _number(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):g}"
