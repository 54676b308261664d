"""The skill test (Rules, Skill Test; Assistance), as docs/rules/two_d20.md reads it.

Roll 2d20, plus up to 3 bought; each die at most skill + style is a success,
a 1 or a die at most the focus (when one applies) two; a 20 is a
complication. The test passes with successes >= difficulty (0-5) and at
least one success; Momentum gained = successes - difficulty. Assistants roll
1d20 each; their successes count only when the leader has one of their own,
and their complications are everyone's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, NamedTuple

from ..dice import DiceSource
from ..refusal import RulesRefusal

SIDES = 20
BASE_DICE = 2
MAX_DIFFICULTY = 5
#: Total cost of +1, +2 and +3 d20 (Momentum, Chaos); at most 5d20 (docs/rules/two_d20.md, Bought dice).
EXTRA_DICE_COST = {0: 0, 1: 1, 2: 3, 3: 6}
COMPLICATION_FACE = 20


class CountsAs(str, Enum):
    """How a die counted, in one word for a card: a 20 is a complication
    whatever else it is (``successes`` still says what it added)."""

    CRITICAL_SUCCESS = "critical_success"
    SUCCESS = "success"
    FAILURE = "failure"
    COMPLICATION = "complication"


class Payer(str, Enum):
    """Who pays for bought d20s: the party's Momentum, or the GM gains Chaos."""

    MOMENTUM = "momentum"
    CHAOS = "chaos"


class Verdict(NamedTuple):
    """A card's verdict in a word (its ``outcome``)."""

    label: str


def extra_dice_cost(extra: int) -> int:
    """1, 3 or 6 in total for +1, +2 or +3 d20 (Momentum; Chaos)."""
    if extra not in EXTRA_DICE_COST:
        raise RulesRefusal(f"a test buys 0 to 3 extra d20s, not {extra}")
    return EXTRA_DICE_COST[extra]


@dataclass(frozen=True)
class Target:
    """Skill + style is the target number; a focus, if one applies, makes
    every die at most its rating a critical success."""

    skill: int
    style: int
    focus: int | None = None

    def __post_init__(self) -> None:
        if self.skill < 0 or self.style < 0:
            raise RulesRefusal(f"skill and style cannot be negative: {self.skill}, {self.style}")
        if self.focus is not None and not 1 <= self.focus <= SIDES:
            raise RulesRefusal(f"a focus is 1 to {SIDES}, not {self.focus}")

    @property
    def value(self) -> int:
        return self.skill + self.style


@dataclass(frozen=True)
class D20:
    """One die as read against a target. ``rerolled_from`` lists the faces
    it showed before Determination re-rolled it; ``determined`` marks a die
    Determination turned to a critical success (it then reads as a 1)."""

    face: int
    successes: int
    complication: bool
    rerolled_from: tuple[int, ...] = ()
    determined: bool = False

    @property
    def counts_as(self) -> CountsAs:
        if self.complication:
            return CountsAs.COMPLICATION
        return (CountsAs.FAILURE, CountsAs.SUCCESS, CountsAs.CRITICAL_SUCCESS)[self.successes]


def read_die(face: int, target: Target, rerolled_from: tuple[int, ...] = (), determined: bool = False) -> D20:
    """A 1, or a die at most the focus, is two successes; at most skill +
    style one; a 20 is a complication (even when it is also a success)."""
    if not 1 <= face <= SIDES:
        raise RulesRefusal(f"{face} is not a face of a d20")
    if determined:
        return D20(face, 2, False, rerolled_from, True)
    if face == 1 or (target.focus is not None and face <= target.focus):
        successes = 2
    else:
        successes = int(face <= target.value)
    return D20(face, successes, face == COMPLICATION_FACE, rerolled_from)


@dataclass(frozen=True)
class Assistant:
    """An assisting character's 1d20 against their own skill + style."""

    name: str
    die: D20
    target: Target

    @property
    def faces(self) -> tuple[int]:
        return (self.die.face,)

    @property
    def dice(self) -> tuple[D20]:
        return (self.die,)


@dataclass(frozen=True)
class SkillTest:
    """A rolled test: every die, who paid for the bought ones, and the verdict
    worked out from the dice (so a Determination change re-reads it)."""

    target: Target
    difficulty: int
    dice: tuple[D20, ...]
    bought: int = 0
    paid_by: Payer | None = None
    assistants: tuple[Assistant, ...] = field(default=())

    @property
    def leader_successes(self) -> int:
        return sum(die.successes for die in self.dice)

    @property
    def assistant_successes(self) -> int:
        """Counted only when the leader has at least one success (Assistance)."""
        if not self.leader_successes:
            return 0
        return sum(assistant.die.successes for assistant in self.assistants)

    @property
    def successes(self) -> int:
        return self.leader_successes + self.assistant_successes

    @property
    def complications(self) -> int:
        """The leader's and the assistants' 20s: complications affect everyone."""
        return sum(die.complication for die in self.dice) + sum(a.die.complication for a in self.assistants)

    @property
    def passed(self) -> bool:
        return self.leader_successes >= 1 and self.successes >= self.difficulty

    @property
    def momentum(self) -> int:
        """Every success beyond the difficulty gains a Momentum token."""
        return self.successes - self.difficulty if self.passed else 0

    @property
    def cost(self) -> int:
        return extra_dice_cost(self.bought)

    @property
    def faces(self) -> list[int]:
        return [die.face for die in self.dice]

    @property
    def outcome(self) -> Verdict:
        return Verdict("passed" if self.passed else "failed")

    @property
    def explanation(self) -> list[str]:
        return explain(self)

    def with_dice(self, dice: Sequence[D20]) -> SkillTest:
        return replace(self, dice=tuple(dice))


def check_difficulty(difficulty: int) -> None:
    if not 0 <= difficulty <= MAX_DIFFICULTY:
        raise RulesRefusal(f"a difficulty is 0 to {MAX_DIFFICULTY}, not {difficulty}")


def roll_skill_test(
    target: Target,
    difficulty: int,
    *,
    dice: DiceSource,
    bought: int = 0,
    paid_by: Payer | None = None,
    assistants: Sequence[tuple[str, Target]] = (),
) -> SkillTest:
    """Roll 2d20 plus ``bought`` (paid by ``paid_by``), then 1d20 per
    assistant (no bought dice for assisting), and read every die."""
    check_difficulty(difficulty)
    extra_dice_cost(bought)
    if bought and paid_by is None:
        raise RulesRefusal("bought d20s are paid from Momentum or given to the GM as Chaos")
    if not bought and paid_by is not None:
        raise RulesRefusal("nothing bought, nothing to pay")
    names = [name for name, _ in assistants]
    if len(set(names)) < len(names) or not all(name.strip() for name in names):
        raise RulesRefusal(f"each assistant is named once: {names}")
    faces = dice.roll(BASE_DICE + bought, SIDES)
    helping = tuple(Assistant(name, read_die(dice.roll(1, SIDES)[0], aim), aim) for name, aim in assistants)
    return SkillTest(target, difficulty, tuple(read_die(face, target) for face in faces), bought, paid_by, helping)


def read_test(card: dict[str, Any]) -> SkillTest:
    """A test from its card (``TwoD20SkillTest``'s shape): every die read again
    from its face, as it was re-rolled or turned (Determination's re-roll of
    a logged test)."""

    def aim(target: dict[str, Any]) -> Target:
        return Target(target["skill"], target["style"], target["focus"])

    target = aim(card["target"])
    dice = tuple(read_die(die["face"], target, tuple(die["rerolled_from"]), die["determined"]) for die in card["dice"])
    helping = tuple(Assistant(each["name"], read_die(each["faces"][0], aim(each["target"])), aim(each["target"])) for each in card["assistants"])
    paid_by = Payer(card["paid_by"]) if card["paid_by"] else None
    return SkillTest(target, card["difficulty"], dice, card["bought"], paid_by, helping)


def explain(test: SkillTest) -> list[str]:
    """Short sentences that show the working, target to Momentum."""
    target = test.target
    focus = f", focus {target.focus}: a die at most {target.focus} is two successes" if target.focus else ""
    lines = [f"target {target.value} (skill {target.skill} + style {target.style}){focus}"]
    if test.bought:
        lines.append(f"+{test.bought}d20 bought for {test.cost} ({test.paid_by.value})")  # type: ignore[union-attr]
    lines.append(f"rolled {len(test.dice)}d20: {', '.join(_die_text(die) for die in test.dice)}")
    for assistant in test.assistants:
        lines.append(f"{assistant.name} assists, target {assistant.target.value}: {_die_text(assistant.die)}")
    if test.assistants and not test.leader_successes:
        lines.append("the leader has no success: the assistants' successes do not count")
    lines.append(f"{test.successes} successes vs difficulty {test.difficulty}")
    if not test.leader_successes:
        lines.append("failed: at least one success is always required")
    elif test.passed:
        lines.append(f"passed: {test.momentum} Momentum from extra successes")
    else:
        lines.append("failed")
    if test.complications:
        lines.append(f"{test.complications} complication(s)")
    return lines


def _die_text(die: D20) -> str:
    how = {0: "failure", 1: "success", 2: "two successes"}[die.successes]
    notes = [how]
    if die.determined:
        notes.append("turned to a critical success by Determination")
    if die.rerolled_from:
        notes.append(f"re-rolled from {', '.join(map(str, die.rerolled_from))}")
    if die.complication:
        notes.append("complication")
    return f"{die.face} ({'; '.join(notes)})"
