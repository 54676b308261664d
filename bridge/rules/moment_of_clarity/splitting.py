"""Splitting a dice pool among several actions (Splitting Dice Pools).

One die is lost for each action after the first, before allocation; the
actions are rolled in order and a failed one pre-empts every later one, at
the GM's discretion. Cards may still raise the dice between rolling and
judging (the text's Harry example), so rolling and judging are two steps.
What the GM leaves open: the text says "(at least)" one die, and its own
example counts three actions for four allotments, so the GM may count the
actions (``actions``) and take more dice (``extra_loss``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import DiceSource
from ..judging import check_tn
from ..refusal import RulesRefusal
from .beads import FREE_SUCCESS
from .levels import LEVELS, Level
from .rolls import Roll, roll


@dataclass(frozen=True)
class SplitAction:
    """One action of a split: its dice, TN and the lowest level that does
    not pre-empt what follows (``Level.FAILURE``: "anything but a
    spectacular failure"). ``free_success``: a bead bought a marginal
    success before the roll (What Beads can do), whatever the dice say."""

    name: str
    dice: int
    tn: int = 7
    sides: int = 10
    needs: Level = Level.NEAR_SUCCESS
    free_success: bool = False

    def __post_init__(self) -> None:
        check_tn(self.tn)
        if self.dice < 1:
            raise RulesRefusal(f"{self.name}: each action of a split takes at least one die")


@dataclass(frozen=True)
class Split:
    pool: int
    lost: int
    actions: tuple[SplitAction, ...]


def split_pool(pool: int, actions: Sequence[SplitAction], counted: int | None = None, extra_loss: int = 0) -> Split:
    """Check the allotments: ``pool`` less one die for each counted action
    after the first (``counted`` defaults to the allotments) and ``extra_loss``."""
    counted = len(actions) if counted is None else counted
    if not actions or counted < 1 or extra_loss < 0:
        raise RulesRefusal("a split needs at least one action and loses no negative dice")
    lost = counted - 1 + extra_loss
    allotted = sum(action.dice for action in actions)
    if allotted != pool - lost:
        raise RulesRefusal(f"{pool} dice less {lost} for the split leaves {pool - lost}, not the {allotted} allotted")
    return Split(pool, lost, tuple(actions))


def roll_split(split: Split, dice: DiceSource) -> tuple[Roll, ...]:
    """The actions' dice, rolled in the order declared."""
    return tuple(roll(action.dice, action.sides, action.tn, dice) for action in split.actions)


@dataclass(frozen=True)
class ActionOutcome:
    action: SplitAction
    roll: Roll
    level: Level
    preempted: bool


def judge_split(split: Split, rolls: Sequence[Roll], preempt: bool = True) -> tuple[ActionOutcome, ...]:
    """Each action's level, and whether an earlier failure pre-empted it
    (unless the GM rules it does not: ``preempt=False``)."""
    if len(rolls) != len(split.actions):
        raise RulesRefusal(f"{len(split.actions)} actions, {len(rolls)} rolls")
    outcomes, failed = [], False
    for action, rolled in zip(split.actions, rolls):
        level = FREE_SUCCESS if action.free_success else rolled.level
        outcomes.append(ActionOutcome(action, rolled, level, failed))
        failed = failed or (preempt and LEVELS.index(level) < LEVELS.index(action.needs))
    return tuple(outcomes)
