"""Contested rolls (ch. 1, Contested Skill Rolls; docs/rules/moment_of_truth.md, Contested rolls).

Each side rolls its own pool against the world's default TN. Exactly one
critical success wins; else exactly one critical failure loses; else both
failing is a deadlock; else more successes wins and equal is a deadlock.
A deadlock goes, in this order: to a cautious target, who notices the
attempt (ch. 3, Pickpocket and Stealth); to the resisting side; between two
PCs to a re-roll of both until one wins; between a PC and an NPC to the PC
when ``Dials.deadlock_to_pc``; otherwise it stands for the GM to call.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .dials import Dials
from .rolls import Pool, RollKind, RollResult, TargetNumber, roll_pool, target_number

#: Two PCs re-roll a deadlock until one wins; past this many re-rolls the
#: deadlock stands for the GM, so a pair of hopeless pools cannot loop forever.
MAX_RE_ROLLS = 50


class Party(str, Enum):
    PC = "pc"
    NPC = "npc"


class Side(str, Enum):
    """Who won: one of the two sides, or neither."""

    FIRST = "first"
    SECOND = "second"
    DEADLOCK = "deadlock"


class Decision(str, Enum):
    """Why one round of rolls ended as it did."""

    CRITICAL_SUCCESS = "critical_success"  # only one side rolled a critical success
    CRITICAL_FAILURE = "critical_failure"  # only one side rolled a critical failure
    BOTH_FAILED = "both_failed"
    MORE_SUCCESSES = "more_successes"
    EQUAL_SUCCESSES = "equal_successes"


class Ruling(str, Enum):
    """How a deadlock was settled."""

    CAUTIOUS_TARGET = "cautious_target"  # the target wins and notices the attempt
    RESISTING = "resisting"
    RE_ROLLED = "re_rolled"
    TO_PC = "to_pc"
    GM_CALLS = "gm_calls"


@dataclass(frozen=True)
class Contestant:
    """One side: who rolls, and the pool they roll (built with ``build_pool``).

    ``resisting``: resisting the other's action, so winning a deadlock.
    ``cautious``: a cautious target; a deadlock means they notice the attempt.
    ``stakes_raised``: the roller raised the stakes (ch. 5)."""

    name: str
    party: Party
    kind: RollKind
    pool: Pool
    resisting: bool = False
    cautious: bool = False
    stakes_raised: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesRefusal("a contestant needs a name")
        if self.pool.dice < 1:
            raise RulesRefusal(f"{self.name} must roll at least one die in a contest")


@dataclass(frozen=True)
class ContestRound:
    """Both sides' rolls and what they decided."""

    first: RollResult
    second: RollResult
    winner: Side
    decision: Decision


@dataclass(frozen=True)
class ContestResult:
    """Every round rolled (the first, then any re-rolls), the winner and why."""

    first: Contestant
    second: Contestant
    target: TargetNumber
    rounds: tuple[ContestRound, ...]
    winner: Side
    ruling: Ruling | None  # how a deadlock was settled; None if the rolls decided

    @property
    def decision(self) -> Decision:
        return self.rounds[-1].decision

    @property
    def winner_name(self) -> str | None:
        return {Side.FIRST: self.first.name, Side.SECOND: self.second.name}.get(self.winner)

    @property
    def target_noticed(self) -> bool:
        return self.ruling is Ruling.CAUTIOUS_TARGET

    @property
    def explanation(self) -> list[str]:
        return explain(self)


def contest(first: Contestant, second: Contestant, dials: Dials, *, dice: DiceSource) -> ContestResult:
    """Roll a contest between two sides against the world's default TN."""
    check_sides(first, second)
    target = target_number(dials.default_tn)
    rounds = [_round(first, second, target, dials, dice)]
    if rounds[0].winner is not Side.DEADLOCK:
        return ContestResult(first, second, target, tuple(rounds), rounds[0].winner, None)
    winner, ruling = _settle(first, second, dials)
    if ruling is Ruling.RE_ROLLED:
        while rounds[-1].winner is Side.DEADLOCK and len(rounds) <= MAX_RE_ROLLS:
            rounds.append(_round(first, second, target, dials, dice))
        winner = rounds[-1].winner
        ruling = Ruling.RE_ROLLED if winner is not Side.DEADLOCK else Ruling.GM_CALLS
    return ContestResult(first, second, target, tuple(rounds), winner, ruling)


def decide(first: RollResult, second: RollResult) -> tuple[Side, Decision]:
    """One round of a contest, from both judged rolls."""
    a, b = first.outcome, second.outcome
    if a.critical_success != b.critical_success:
        return _side(a.critical_success), Decision.CRITICAL_SUCCESS
    if a.critical_failure != b.critical_failure:
        return _side(b.critical_failure), Decision.CRITICAL_FAILURE
    if not a.success and not b.success:
        return Side.DEADLOCK, Decision.BOTH_FAILED
    successes_a, successes_b = first.counting.successes, second.counting.successes
    if successes_a == successes_b:
        return Side.DEADLOCK, Decision.EQUAL_SUCCESSES
    return _side(successes_a > successes_b), Decision.MORE_SUCCESSES


def _round(first: Contestant, second: Contestant, target: TargetNumber, dials: Dials, dice: DiceSource) -> ContestRound:
    rolls = [
        roll_pool(
            side.kind, side.pool, target, dice, stakes_raised=side.stakes_raised, contested=True, setbacks=dials.setbacks
        )
        for side in (first, second)
    ]
    return ContestRound(*rolls, *decide(*rolls))


def _settle(first: Contestant, second: Contestant, dials: Dials) -> tuple[Side, Ruling]:
    """Who takes a deadlock (ch. 1; ch. 3 for the cautious target)."""
    if first.cautious or second.cautious:
        return _side(first.cautious), Ruling.CAUTIOUS_TARGET
    if first.resisting or second.resisting:
        return _side(first.resisting), Ruling.RESISTING
    parties = (first.party, second.party)
    if parties == (Party.PC, Party.PC):
        return Side.DEADLOCK, Ruling.RE_ROLLED
    if Party.PC in parties and dials.deadlock_to_pc:
        return _side(first.party is Party.PC), Ruling.TO_PC
    return Side.DEADLOCK, Ruling.GM_CALLS


def _side(first: bool) -> Side:
    return Side.FIRST if first else Side.SECOND


def check_sides(first: Contestant, second: Contestant) -> None:
    """Refuse a contest whose sides both resist, or are both cautious targets."""
    for flag in ("resisting", "cautious"):
        if getattr(first, flag) and getattr(second, flag):
            raise RulesRefusal(f"only one side of a contest can be {flag}")


# --- explanation ----------------------------------------------------------

DECISION_LINES = {
    Decision.CRITICAL_SUCCESS: "{winner} wins: the only critical success",
    Decision.CRITICAL_FAILURE: "{winner} wins: {loser} rolled the only critical failure",
    Decision.BOTH_FAILED: "deadlock: both sides failed",
    Decision.MORE_SUCCESSES: "{winner} wins: more successes",
    Decision.EQUAL_SUCCESSES: "deadlock: equal successes",
}

RULING_LINES = {
    Ruling.CAUTIOUS_TARGET: "the deadlock goes to {winner}, a cautious target, who notices the attempt",
    Ruling.RESISTING: "the deadlock goes to {winner}, the resisting side",
    Ruling.RE_ROLLED: "two player characters re-roll a deadlock until one wins: {winner} wins",
    Ruling.TO_PC: "the deadlock goes to {winner}, the player character (world setting)",
    Ruling.GM_CALLS: "the deadlock stands: the GM decides what it means",
}


def explain(result: ContestResult) -> list[str]:
    """The TN, each round's rolls and verdict, then how a deadlock was settled."""
    names = {Side.FIRST: result.first.name, Side.SECOND: result.second.name}
    lines = [f"contest: {result.first.name} vs {result.second.name}, each against TN {result.target.value}"]
    for number, round_ in enumerate(result.rounds):
        if number:
            lines.append(f"re-roll {number}:")
        for name, roll in ((result.first.name, round_.first), (result.second.name, round_.second)):
            faces = " ".join(map(str, roll.counting.faces))
            label = roll.outcome.label.value.replace("_", " ")
            successes = roll.counting.successes
            counted = f"{successes} success" if successes == 1 else f"{successes} successes"
            lines.append(f"{name}: {roll.pool.dice}d6 rolled {faces}: {counted}, {label}")
        loser = names.get(Side.SECOND if round_.winner is Side.FIRST else Side.FIRST)
        lines.append(DECISION_LINES[round_.decision].format(winner=names.get(round_.winner), loser=loser))
    if result.ruling:
        lines.append(RULING_LINES[result.ruling].format(winner=result.winner_name))
    return lines
