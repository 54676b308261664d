"""A combatant's turn: what they may do, and the rolls at its end (ch. 7,
Time and Space; Charge Attack; Condition Summary).

A turn is one move and one action, or two moves. Stunned and confused end
on a statistic roll at the end of each turn, success ends the condition.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .conditions import Condition, ends_on_roll, out_of_action
from .defense import Charge
from .dials import Dials
from .rolls import Modifier, RollKind, RollResult, resolve_roll
from .statistics import Statistic

#: Suppressed: at least this many defense dice, or -1d6 into the fire.
SUPPRESSED_DEFENSE_DICE = 2


@dataclass(frozen=True)
class ConditionRoll:
    """The end-of-turn statistic roll against one condition."""

    condition: Condition
    statistic: Statistic
    roll: RollResult

    @property
    def ends(self) -> bool:
        return self.roll.outcome.success

    @property
    def explanation(self) -> list[str]:
        verdict = "ends" if self.ends else "goes on into the next turn"
        return [
            f"end of turn: {self.statistic.value} statistic roll to shake off {self.condition.value}",
            *self.roll.explanation,
            f"{self.condition.value} {verdict}",
        ]


def condition_roll(
    condition: Condition,
    statistics: Mapping[Statistic, int],
    dials: Dials,
    moments_spent: int = 0,
    *,
    dice: DiceSource,
) -> ConditionRoll:
    """Roll to end ``condition`` (stunned: Endurance, confused: Will) against
    the world's TN. A pool below the TN raises :class:`~.rolls.ImpossibleRoll`:
    only Moments of Truth can make the roll."""
    statistic = ends_on_roll(condition)
    if statistic is None:
        raise RulesRefusal(f"{condition.value} does not end on a roll at the end of a turn")
    if statistic not in statistics:
        raise RulesRefusal(f"the roll against {condition.value} needs {statistic.value}")
    roll = resolve_roll(
        RollKind.STATISTIC, statistics[statistic], None, dials.default_tn, moments_spent=moments_spent, dice=dice
    )
    return ConditionRoll(condition, statistic, roll)


@dataclass(frozen=True)
class TurnEnd:
    """Every end-of-turn condition roll and the conditions left after them."""

    rolls: tuple[ConditionRoll, ...]
    conditions: frozenset[Condition]

    @property
    def explanation(self) -> list[str]:
        lines = [line for roll in self.rolls for line in roll.explanation]
        return lines or ["no condition ends on a roll at the end of this turn"]


def end_turn(
    conditions: Iterable[Condition], statistics: Mapping[Statistic, int], dials: Dials, *, dice: DiceSource
) -> TurnEnd:
    """Roll against each condition that ends on a roll, in the Condition
    Summary's order; a success removes it."""
    present = frozenset(conditions)
    rolls = tuple(
        condition_roll(condition, statistics, dials, dice=dice)
        for condition in Condition
        if condition in present and ends_on_roll(condition) is not None
    )
    ended = {roll.condition for roll in rolls if roll.ends}
    return TurnEnd(rolls, present - ended)


@dataclass(frozen=True)
class Allowance:
    """What a turn allows: ``actions`` and up to ``moves`` moves of
    ``meters_per_move`` each; a second move costs the action."""

    actions: int
    moves: int
    meters_per_move: int
    reasons: tuple[str, ...]

    @property
    def explanation(self) -> list[str]:
        if not self.actions and not self.moves:
            return [*self.reasons, "no action and no move this turn"]
        return [
            *self.reasons,
            f"one move and one action, or two moves, of {self.meters_per_move} m each",
        ]


def turn_allowance(move: int, conditions: Iterable[Condition]) -> Allowance:
    """The turn's actions and moves (ch. 7, Time and Space). Unconscious (or
    dead): no action and no move; prone: half move, fractions dropped."""
    if move < 0:
        raise RulesRefusal(f"move cannot be negative: {move}")
    present = set(conditions)
    out = out_of_action(present)
    if out:
        return Allowance(0, 0, 0, (f"{out.value}: takes no actions and cannot move",))
    if Condition.PRONE in present:
        return Allowance(1, 2, move // 2, (f"prone: half of move {move}, fractions dropped",))
    return Allowance(1, 2, move, ())


def suppression_penalty(conditions: Iterable[Condition], defense_dice: int, into_fire: bool) -> list[Modifier]:
    """Suppressed: reserve at least two defense dice, or -1d6 to any action
    into the hail of bullets. A condition penalty: skill rolls only."""
    if defense_dice < 0:
        raise RulesRefusal(f"defense dice cannot be negative: {defense_dice}")
    if into_fire and defense_dice < SUPPRESSED_DEFENSE_DICE and Condition.SUPPRESSED in set(conditions):
        return [Modifier(f"suppressed: {defense_dice} of 2 defense dice reserved", -1, penalty=True)]
    return []


@dataclass(frozen=True)
class TurnFlags:
    """What lasts from a combatant's turn until the start of their next, when
    a fresh ``TurnFlags()`` replaces it. ``charge``: the charge they made
    (ch. 7, Charge Attack), for :func:`~.defense.to_hit`'s ``target_charge``:
    attacks on them ignore their defense dice until their next turn."""

    charge: Charge | None = None
