"""Declaring and resolving actions, phase by phase (Time; Actions).

Initiative is rolled each phase (how, the text does not say: callers pass the
totals) and actions are declared in order of initiative, lowest to highest,
so the higher hears the lower first; ties declare in the order given (the
text is silent on ties). Each phase a character may declare one new action,
unless waiting for an earlier one to resolve, and take one free action
besides. A failed fastdraw loses that phase's action. At the end of a phase
the actions resolving in it resolve shortest first (free, phase, round, turn,
minute), all actions of one time simultaneously. Whether a character's other
action obviously prevents a free action (no words while holding one's
breath) is the GM's call.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from ..refusal import RulesRefusal
from .actions import FASTDRAW, SampleAction
from .phases import ActionTime, Clock, clock, resolves_at


class DeclarationRefused(RulesRefusal):
    """A declaration the rules do not allow."""


@dataclass(frozen=True)
class Declaration:
    """``character`` declares ``action``; ``succeeded`` is a fastdraw's roll."""

    character: str
    action: str
    time: ActionTime
    note: str = ""
    succeeded: bool | None = None

    @property
    def free(self) -> bool:
        return self.time is ActionTime.FREE

    @property
    def failed_fastdraw(self) -> bool:
        return self.action == FASTDRAW.name and self.succeeded is False

    def __str__(self) -> str:
        note = f" ({self.note})" if self.note else ""
        return f"{self.character}: {self.action}, a {self.time.value} action{note}"


def declare(character: str, action: SampleAction, note: str = "") -> Declaration:
    """Declare one of the sample actions."""
    return Declaration(character, action.name, action.time, note)


def fastdraw(character: str, succeeded: bool) -> Declaration:
    """Fastdraw, rolled as declared: success draws the weapon as this free
    action; failure loses this phase's action (Sample Actions)."""
    note = "draws the weapon as a free action" if succeeded else "failed: this phase's action is lost"
    return Declaration(character, FASTDRAW.name, FASTDRAW.time, note, succeeded)


class Status(str, Enum):
    DECLARED = "declared"
    LOST = "lost"  # a failed fastdraw lost this phase's action


@dataclass(frozen=True)
class Underway:
    """A declared action, the phase it was declared in and the one at whose end it resolves."""

    declaration: Declaration
    declared: int
    resolves: int
    status: Status = Status.DECLARED


def underway(declaration: Declaration, declared: int) -> Underway:
    return Underway(declaration, declared, resolves_at(declared, declaration.time))


@dataclass(frozen=True)
class PhasePlan:
    """One phase: who declares when, what was declared, what resolves at its
    end (groups, shortest first, each simultaneous) and what carries on."""

    phase: int
    order: tuple[Initiative, ...]
    declared: tuple[Underway, ...]
    resolving: tuple[tuple[Underway, ...], ...]
    carrying_on: tuple[Underway, ...]

    @property
    def explanation(self) -> list[str]:
        lines = [str(clock(self.phase))]
        lines.append("declaring lowest initiative first: " + ", ".join(f"{name} {total}" for name, total in self.order))
        lines += [declared_line(action) for action in self.declared]
        for group in self.resolving:
            names = ", ".join(_whose(action) for action in group)
            lines.append(f"end of phase {self.phase}, {group[0].declaration.time.value} actions resolve: {names}")
        lines += [
            f"{_whose(action)} carries on to the end of phase {action.resolves}" for action in self.carrying_on
        ]
        return lines

    @property
    def clock(self) -> Clock:
        return clock(self.phase)


class Initiative(NamedTuple):
    """A character's initiative total for a phase."""

    character: str
    initiative: int


def declaration_order(initiatives: Mapping[str, int]) -> tuple[Initiative, ...]:
    """Characters and their initiative totals, lowest first; ties in the order given."""
    return tuple(Initiative(*item) for item in sorted(initiatives.items(), key=lambda item: item[1]))


def plan_phase(
    phase: int,
    initiatives: Mapping[str, int],
    declarations: Sequence[Declaration],
    earlier: Sequence[Underway] = (),
) -> PhasePlan:
    """Check ``declarations`` (in the order made) against the rules and work
    out what resolves at the end of ``phase``; ``earlier`` are the actions
    declared in earlier phases that have not resolved yet."""
    order = declaration_order(initiatives)
    _check_earlier(phase, earlier)
    _check_order(order, declarations)
    declared = tuple(_declared(phase, declarations, earlier))
    live = [action for action in (*earlier, *declared) if action.status is Status.DECLARED]
    ending = [action for action in live if action.resolves == phase]
    times = sorted({action.declaration.time for action in ending}, key=lambda time: time.phases)
    resolving = tuple(tuple(action for action in ending if action.declaration.time is time) for time in times)
    carrying_on = tuple(action for action in live if action.resolves > phase)
    return PhasePlan(phase, order, declared, resolving, carrying_on)


def _check_earlier(phase: int, earlier: Sequence[Underway]) -> None:
    for action in earlier:
        if not action.declared < phase <= action.resolves:
            raise RulesRefusal(f"{action.declaration} is not underway in phase {phase}")


def _check_order(order: tuple[Initiative, ...], declarations: Sequence[Declaration]) -> None:
    """Each character declares after every lower initiative, in one go."""
    place = {name: i for i, (name, _) in enumerate(order)}
    reached = 0
    for declaration in declarations:
        if declaration.character not in place:
            raise DeclarationRefused(f"{declaration.character} has no initiative this phase")
        if place[declaration.character] < reached:
            raise DeclarationRefused(
                f"{declaration.character} declares before {order[reached][0]}: lowest initiative declares first"
            )
        reached = place[declaration.character]


def _declared(phase: int, declarations: Sequence[Declaration], earlier: Sequence[Underway]) -> Iterator[Underway]:
    """Each declaration underway, a failed fastdraw's character's action lost."""
    lost = {declaration.character for declaration in declarations if declaration.failed_fastdraw}
    busy = {action.declaration.character: action for action in earlier if not action.declaration.free}
    free_taken: set[str] = set()
    acting: set[str] = set()
    for declaration in declarations:
        who = declaration.character
        if declaration.free:
            if who in free_taken:
                raise DeclarationRefused(f"{who} already took a free action this phase: one a phase")
            free_taken.add(who)
            yield underway(declaration, phase)
            continue
        if who in busy:
            waiting = busy[who]
            raise DeclarationRefused(
                f"{who} is waiting for {waiting.declaration.action} to resolve at the end of phase {waiting.resolves}"
            )
        if who in acting:
            raise DeclarationRefused(f"{who} already declared an action this phase: one action at a time")
        acting.add(who)
        action = underway(declaration, phase)
        yield Underway(action.declaration, phase, action.resolves, Status.LOST) if who in lost else action


def _whose(action: Underway) -> str:
    return f"{action.declaration.character}'s {action.declaration.action}"


def declared_line(action: Underway) -> str:
    """The line of a card that says what was declared and when it resolves."""
    if action.status is Status.LOST:
        return f"{action.declaration}, lost to the failed fastdraw"
    if action.declaration.free:
        return f"{action.declaration}, taken in phase {action.declared}"
    return f"{action.declaration}, resolves at the end of phase {action.resolves}"
