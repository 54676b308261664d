"""A roll: d6 or d10 dice, open-ended 10s, the Effect Number judged against
the TN (Dice Rolling; Levels of success). Every die rolled is kept, bonus
dice included, with how it was read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..dice import DiceSource, check_count
from ..judging import check_tn
from ..refusal import RulesRefusal
from .effect import DieKind, EffectNumber, RolledDie, effect_number
from .levels import Level, level_for

SIDES = (6, 10)  # "Only two types of dice are used, d6 and d10."
OPENS_ON = 10


def roll_dice(count: int, sides: int, dice: DiceSource, open_ended: bool = True) -> tuple[RolledDie, ...]:
    """``count`` dice, then a bonus d10 for every natural 10 (bonus dice
    included) while ``open_ended``: every roll is, except where a rule says
    otherwise (resisting damage may keep its 10s)."""
    if sides not in SIDES:
        raise RulesRefusal(f"Moment of Clarity rolls d6 or d10, not d{sides}")
    if count < 1:
        raise RulesRefusal(f"a roll needs at least one die, not {count}")
    check_count(count)
    rolled = tuple(RolledDie(face, sides) for face in dice.roll(count, sides))
    return _bonus_dice(rolled, rolled, dice) if open_ended else rolled


def _bonus_dice(rolled: tuple[RolledDie, ...], new: Sequence[RolledDie], dice: DiceSource) -> tuple[RolledDie, ...]:
    """A bonus d10 for each natural 10 among the ``new`` dice, and so on."""
    tens = sum(die.face == OPENS_ON for die in new)
    while tens:
        check_count(len(rolled) + tens)
        new = tuple(RolledDie(face, OPENS_ON, DieKind.BONUS) for face in dice.roll(tens, OPENS_ON))
        rolled += new
        tens = sum(die.face == OPENS_ON for die in new)
    return rolled


def open_up(result: Roll, dice: DiceSource) -> Roll:
    """Roll the bonus dice a roll made without them would have had (resisting
    damage keeps its 10s to ignore the damage, or opens them up)."""
    if any(die.kind is DieKind.BONUS for die in result.dice):
        raise RulesRefusal("this roll was open-ended already")
    rolled = _bonus_dice(result.dice, result.dice, dice)
    return judge_dice(rolled, result.sides, result.tn, result.opponent_shifts)


@dataclass(frozen=True)
class Roll:
    """Dice read against a TN; ``opponent_shifts`` when an opponent played
    an Effect Modifier to make a failure spectacular."""

    sides: int
    tn: int
    dice: tuple[RolledDie, ...]
    effect: EffectNumber
    level: Level
    opponent_shifts: bool = False

    @property
    def successes(self) -> int:
        return self.level.successes

    @property
    def faces(self) -> list[int]:
        return [die.face for die in self.dice]

    @property
    def explanation(self) -> list[str]:
        return explain(self)

    @property
    def counted_dice(self) -> tuple[ReadDie, ...]:
        return tuple(ReadDie(die, counts_as(die, self.effect)) for die in self.dice)

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.level, self.level.succeeded)

    @property
    def target(self) -> Target:
        return Target(self.tn)

    @classmethod
    def of(cls, rolled: Mapping[str, Any]) -> Roll:
        """A roll read again from its card (``MocRoll``'s shape; a card augmenting it later)."""
        dice = [RolledDie(die["face"], die["sides"], DieKind(die["kind"]), die["augment"]) for die in rolled["dice"]]
        return judge_dice(dice, rolled["sides"], rolled["tn"], rolled["opponent_shifts"])


@dataclass(frozen=True)
class ReadDie:
    """A die as its roll read it: the die, and how it counted there (``counts_as``)."""

    die: RolledDie
    counts_as: str


class Outcome(NamedTuple):
    """A roll's verdict: its level, and whether that is a success."""

    label: Level
    success: bool


class Target(NamedTuple):
    """The TN a roll was judged against."""

    value: int


def counts_as(die: RolledDie, effect: EffectNumber) -> str:
    """How a die counted: ``effect`` in a group worth the Effect Number,
    ``one`` a natural 1 (what makes a failure spectacular), else ``other``."""
    if any(group.natural == die.natural and group.worth == effect.value for group in effect.groups):
        return "effect"
    return "one" if die.shows_one else "other"


def judge_dice(dice: Sequence[RolledDie], sides: int, tn: int, opponent_shifts: bool = False) -> Roll:
    check_tn(tn)
    effect = effect_number(dice)
    shows_one = any(die.shows_one for die in dice)
    level = level_for(effect.value, tn, shows_one, opponent_shifts)
    return Roll(sides, int(tn), tuple(dice), effect, level, opponent_shifts)  # a Difficulty as its number


def roll(
    count: int, sides: int, tn: int, dice: DiceSource, *, open_ended: bool = True, opponent_shifts: bool = False
) -> Roll:
    """Roll ``count`` dice of ``sides`` against ``tn`` and judge them."""
    check_tn(tn)
    return judge_dice(roll_dice(count, sides, dice, open_ended), sides, tn, opponent_shifts)


def augment(result: Roll, points: Mapping[int, int]) -> Roll:
    """The roll again with ``points[i]`` added to die ``i`` (a card's
    value, Cards and Dice); the cards module says how much a card gives."""
    for index, added in points.items():
        if not 0 <= index < len(result.dice):
            raise RulesRefusal(f"there is no die {index} in a roll of {len(result.dice)} dice")
        if added < 0:
            raise RulesRefusal(f"a card adds to a die, it cannot take {added} away")
    dice = [die.augmented(points.get(index, 0)) for index, die in enumerate(result.dice)]
    return judge_dice(dice, result.sides, result.tn, result.opponent_shifts)


def explain(result: Roll) -> list[str]:
    dice = " ".join(_die_term(die) for die in result.dice)
    lines = [f"rolled {len(result.dice)}d{result.sides}: {dice}"]
    if any(die.kind is DieKind.BONUS for die in result.dice):
        lines.append("each natural 10 rolled a bonus d10; a bonus die reads a 1 as a 2")
    lines.append(result.effect.explain())
    lines.append(f"EN {result.effect.value} vs TN {result.tn}: {result.level.words} ({result.successes} successes)")
    if result.level is Level.SPECTACULAR_FAILURE:
        why = "an opponent shifted the failure" if result.opponent_shifts else "a natural 1 showed"
        lines.append(f"spectacular: {why}")
    return lines


def _die_term(die: RolledDie) -> str:
    term = str(die.face)
    if die.natural != die.face:
        term += f"(={die.natural})"
    if die.augment:
        term += f"+{die.augment}"
    return f"[{term}]" if die.kind is DieKind.BONUS else term
