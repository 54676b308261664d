"""Time: the phase (3 seconds), the round (2 phases), the turn (2 rounds) and
the minute (10 rounds, 5 turns); an action takes one of these, or is free.

An encounter begins on phase 1. An action declared in phase p resolves at the
end of the time it requires, counted from p: a phase action at the end of p,
a round action at the end of p + 1 (our reading: periods run from the
declaration, not from the clock's round boundaries, which the text leaves
open). A free action resolves in the phase it is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..refusal import RulesRefusal

PHASE_SECONDS = 3
PHASES = {"free": 0, "phase": 1, "round": 2, "turn": 4, "minute": 20}


class ActionTime(str, Enum):
    """The Time or Type of an action, shortest first."""

    FREE = "free"
    PHASE = "phase"
    ROUND = "round"
    TURN = "turn"
    MINUTE = "minute"

    @property
    def phases(self) -> int:
        return PHASES[self.value]

    @property
    def seconds(self) -> int:
        return self.phases * PHASE_SECONDS


@dataclass(frozen=True)
class Clock:
    """Where phase ``phase`` of an encounter falls: its round, turn and minute
    (each counted from 1) and the seconds elapsed when it begins."""

    phase: int
    round: int
    turn: int
    minute: int
    seconds: int

    def __str__(self) -> str:
        return (
            f"phase {self.phase} (round {self.round}, turn {self.turn}, minute {self.minute}; "
            f"{self.seconds}-{self.seconds + PHASE_SECONDS} s)"
        )


def clock(phase: int) -> Clock:
    check_phase(phase)
    elapsed = phase - 1
    return Clock(
        phase,
        elapsed // ActionTime.ROUND.phases + 1,
        elapsed // ActionTime.TURN.phases + 1,
        elapsed // ActionTime.MINUTE.phases + 1,
        elapsed * PHASE_SECONDS,
    )


def resolves_at(declared: int, time: ActionTime) -> int:
    """The phase at whose end an action declared in phase ``declared`` resolves."""
    check_phase(declared)
    return declared + max(1, time.phases) - 1


def check_phase(phase: int) -> None:
    if phase < 1:
        raise RulesRefusal(f"phases are counted from 1, not {phase}")
