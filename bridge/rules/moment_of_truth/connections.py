"""Connections (ch. 5, optional): past events tying a PC to other PCs and
to NPCs. Players are meant to invent them; the 2d6 table helps: the first
die picks the column, the second the row."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .dials import Dials
from .moments import RuleNotInUse

SIDES = 6

#: Ch. 5, Connections Table: ``CONNECTIONS[row - 1][column - 1]``. Row 3,
#: column 3 prints "Stange occurrence"; the book's own example reads it
#: "Strange occurrence".
CONNECTIONS: tuple[tuple[str, ...], ...] = (
    ("A war story", "A sad moment", "Shameful defeat", "A saved life", "A marriage", "Undeserved Praise"),
    ("A narrow escape", "A close call", "Gone over the edge", "Friends taking sides", "A humiliating affront", "A debt paid"),
    ("A natural disaster", "Ran afoul of the law", "Strange occurrence", "Awkward moment", "Revenge is coming", "Mistaken identity"),
    ("A small tragedy", "Unraveled mystery", "Horrible misunderstanding", "Mysterious disappearance", "A small victory", "You were robbed"),
    ("A bizarre coincidence", "Hard times", "A heist gone wrong", "Sticking it to the man", "Walking away from an explosion", "Unjust punishment"),
    ("Winning one for the team", "Death of a friend", "You were swindled", "Taking one for the team", "Miraculous coincidence", "A blessed event"),
)  # fmt: skip

#: Ch. 5: "at least four different events: two connecting them with other
#: PCs and two connecting them with new, unique NPCs".
WITH_PCS_NEEDED = 2
WITH_NPCS_NEEDED = 2


def connection_event(column: int, row: int) -> str:
    """The event at ``column`` and ``row`` of the table, each 1 to 6."""
    for name, value in (("column", column), ("row", row)):
        if not 1 <= value <= SIDES:
            raise RulesRefusal(f"the connections table has no {name} {value}")
    return CONNECTIONS[row - 1][column - 1]


@dataclass(frozen=True)
class ConnectionRoll:
    column: int
    row: int
    event: str

    @property
    def faces(self) -> list[int]:
        return [self.column, self.row]

    @property
    def explanation(self) -> list[str]:
        return [f"rolled {self.column} {self.row}: column {self.column}, row {self.row}: {self.event}"]


def check_in_use(dials: Dials) -> None:
    """Connections are optional (ch. 5): refuse them where the world does not use them."""
    if not dials.connections:
        raise RuleNotInUse("this world does not use connections")


def roll_connection(*, dice: DiceSource) -> ConnectionRoll:
    """Roll 2d6 on the connections table: first die column, second die row."""
    column, row = dice.roll(2, SIDES)
    return ConnectionRoll(column, row, connection_event(column, row))


@dataclass(frozen=True)
class Connection:
    """A past event between a PC and ``other``, a PC or an NPC, and the plot
    element it brings into play."""

    event: str
    other: str
    other_is_pc: bool
    plot_element: str = ""

    def __post_init__(self) -> None:
        if not self.event.strip() or not self.other.strip():
            raise RulesRefusal("a connection needs an event and someone it connects with")


@dataclass(frozen=True)
class ConnectionsCheck:
    with_pcs: int
    with_npcs: int

    @property
    def complete(self) -> bool:
        return self.with_pcs >= WITH_PCS_NEEDED and self.with_npcs >= WITH_NPCS_NEEDED

    @property
    def missing(self) -> list[str]:
        needs = ((WITH_PCS_NEEDED - self.with_pcs, "PCs"), (WITH_NPCS_NEEDED - self.with_npcs, "NPCs"))
        return [f"{count} more with {whom}" for count, whom in needs if count > 0]


def check_connections(connections: Iterable[Connection], dials: Dials) -> ConnectionsCheck:
    """Count a character's connections with PCs and with distinct NPCs (the
    book asks for "new, unique NPCs"); a PC may be met in more than one."""
    check_in_use(dials)
    connections = list(connections)
    with_pcs = sum(connection.other_is_pc for connection in connections)
    npcs = {connection.other.strip().casefold() for connection in connections if not connection.other_is_pc}
    return ConnectionsCheck(with_pcs, len(npcs))
