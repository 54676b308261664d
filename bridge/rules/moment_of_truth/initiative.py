"""Initiative and the turn order round the table (ch. 7, Initiative Order;
Which Initiative Does the GM Roll).

Each seat rolls reaction-time d6 and sums the pips. The highest total acts
first; seats tied for highest re-roll among themselves until one is highest.
Play goes round the seating order from that seat: an odd total to the right
(counterclockwise), an even total to the left (clockwise). All the GM's
combatants act on the GM's seat (docs/rules/moment_of_truth.md, Initiative).

Seats roll in seating order; a re-roll's total is the one that decides the
direction, since the re-roll is the roll that made its seat the highest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .dials import Dials
from .house_rules import BOOK, HouseRules
from .statistics import Statistic

SIDES = 6


class GmReaction(str, Enum):
    """Whose reaction time the GM rolls for all the GM's combatants: a
    mastermind's (named), a trained team's best (highest) or a rabble's
    worst (lowest). The book leaves it to the GM."""

    NAMED = "named"
    HIGHEST = "highest"
    LOWEST = "lowest"


class Direction(str, Enum):
    CLOCKWISE = "clockwise"  # to the first seat's left: an even total
    COUNTERCLOCKWISE = "counterclockwise"  # to the first seat's right: an odd total


@dataclass(frozen=True)
class GmSide:
    """The GM's seat, the GM's combatants' statistics, and whose reaction time to roll."""

    seat: str
    combatants: Mapping[str, Mapping[Statistic, int]] = field(hash=False)
    pick: GmReaction
    named: str | None = None


@dataclass(frozen=True)
class SeatRoll:
    """One seat's reaction-time dice; ``combatant`` names the GM's chosen NPC."""

    seat: str
    reaction_time: int
    faces: tuple[int, ...]
    combatant: str | None = None

    @property
    def total(self) -> int:
        return sum(self.faces)

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> SeatRoll:
        return cls(stored["seat"], stored["reaction_time"], tuple(stored["faces"]), stored["combatant"])


@dataclass(frozen=True)
class Initiative:
    """Every roll and re-roll, who goes first, which way, and the seats' order."""

    rolls: tuple[SeatRoll, ...]
    rerolls: tuple[tuple[SeatRoll, ...], ...]
    first: str
    deciding_total: int
    direction: Direction
    order: tuple[str, ...]
    gm_seat: str | None
    gm_combatants: tuple[str, ...]

    @property
    def explanation(self) -> list[str]:
        lines = [_roll_line(roll) for roll in self.rolls]
        for number, rerolls in enumerate(self.rerolls, 1):
            tied = ", ".join(roll.seat for roll in rerolls)
            lines.append(f"re-roll {number} among {tied} (tied for highest):")
            lines += [_roll_line(roll) for roll in rerolls]
        parity, side = ("odd", "right") if self.direction is Direction.COUNTERCLOCKWISE else ("even", "left")
        lines.append(
            f"{self.first} acts first with {self.deciding_total} ({parity}): "
            f"play goes to the {side}, {self.direction.value}"
        )
        lines.append(f"turn order: {' -> '.join(self.order)}")
        if self.gm_seat is not None and self.gm_combatants:
            lines.append(f"on {self.gm_seat}'s turn act {', '.join(self.gm_combatants)}")
        return lines

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Initiative:
        """An initiative as a combat keeps it (its card's fields)."""
        return cls(
            tuple(map(SeatRoll.from_dict, stored["rolls"])),
            tuple(tuple(map(SeatRoll.from_dict, rerolls)) for rerolls in stored["rerolls"]),
            stored["first"], stored["deciding_total"], Direction(stored["direction"]), tuple(stored["order"]),
            stored["gm_seat"], tuple(stored["gm_combatants"]),
        )


def _roll_line(roll: SeatRoll) -> str:
    who = f"{roll.seat} (for {roll.combatant})" if roll.combatant else roll.seat
    faces = " ".join(map(str, roll.faces)) or "no dice"
    return f"{who}: reaction time {roll.reaction_time}, rolled {faces} = {roll.total}"


def reaction_time(statistics: Mapping[Statistic, int], dials: Dials, house_rules: HouseRules = BOOK) -> int:
    """Reaction time from the statistics; ``dials.reaction_statistic`` says
    whether Will (ch. 2, the default) or Perception (ch. 7) is averaged in;
    a world's house rule for it (from Agility, Will and Perception) instead."""
    for statistic in house_rules.reaction_inputs(dials):
        if statistic not in statistics:
            raise RulesRefusal(f"reaction time needs {statistic.value}")
        if statistics[statistic] < 0:
            raise RulesRefusal(f"{statistic.value} cannot be negative: {statistics[statistic]}")
    return house_rules.reaction_time_for(statistics, dials)


def gm_combatant(gm: GmSide, dials: Dials, house_rules: HouseRules = BOOK) -> tuple[str, int]:
    """The GM's combatant whose reaction time is rolled, and that reaction time.
    Among equals, the first listed is named."""
    if not gm.combatants:
        raise RulesRefusal("the GM's seat has no combatants to roll for")
    times = {name: reaction_time(statistics, dials, house_rules) for name, statistics in gm.combatants.items()}
    if gm.pick is GmReaction.NAMED:
        if gm.named not in times:
            raise RulesRefusal(f"no GM combatant named {gm.named!r}")
        return gm.named, times[gm.named]
    if gm.named is not None:
        raise RulesRefusal(f"a name is only given when the GM rolls a named combatant, not the {gm.pick.value}")
    chosen = max(times, key=times.get) if gm.pick is GmReaction.HIGHEST else min(times, key=times.get)
    return chosen, times[chosen]


def roll_initiative(
    seating: Sequence[str],
    players: Mapping[str, Mapping[Statistic, int] | int],
    gm: GmSide | None,
    dials: Dials,
    *,
    dice: DiceSource,
    house_rules: HouseRules = BOOK,
) -> Initiative:
    """Roll initiative for every seat. ``seating`` lists the seats clockwise;
    ``players`` maps each player's seat to their character's statistics, or
    to the reaction time itself; ``gm`` is None when no GM combatant fights;
    ``house_rules``: the world's, whose reaction time rule counts."""
    _check_seating(seating, players, gm)
    entries = _entries(seating, players, gm, dials, house_rules)
    rolls = tuple(_roll(seat, time, combatant, dice) for seat, (time, combatant) in entries.items())
    rerolls: list[tuple[SeatRoll, ...]] = []
    leaders = _leaders(rolls)
    while len(leaders) > 1:
        again = tuple(_roll(roll.seat, roll.reaction_time, roll.combatant, dice) for roll in leaders)
        rerolls.append(again)
        leaders = _leaders(again)
    winner = leaders[0]
    direction = Direction.COUNTERCLOCKWISE if winner.total % 2 else Direction.CLOCKWISE
    return Initiative(
        rolls,
        tuple(rerolls),
        winner.seat,
        winner.total,
        direction,
        turn_order(seating, winner.seat, direction),
        gm.seat if gm else None,
        tuple(gm.combatants) if gm else (),
    )


def turn_order(seating: Sequence[str], first: str, direction: Direction) -> tuple[str, ...]:
    """The seats round the table from ``first``; ``seating`` runs clockwise."""
    start = list(seating).index(first)
    step = 1 if direction is Direction.CLOCKWISE else -1
    return tuple(seating[(start + step * offset) % len(seating)] for offset in range(len(seating)))


def _check_seating(seating: Sequence[str], players: Mapping[str, Any], gm: GmSide | None) -> None:
    if len(set(seating)) != len(seating):
        raise RulesRefusal("a seat appears twice in the seating order")
    rolling = set(players) | ({gm.seat} if gm else set())
    if gm and gm.seat in players:
        raise RulesRefusal(f"{gm.seat!r} is both the GM's seat and a player's")
    if set(seating) != rolling:
        raise RulesRefusal(
            f"the seating order and the rolling seats differ: seated only {sorted(set(seating) - rolling)}, "
            f"rolling only {sorted(rolling - set(seating))}"
        )
    if not seating:
        raise RulesRefusal("nobody is seated")


def _entries(
    seating: Sequence[str], players: Mapping[str, Mapping[Statistic, int] | int], gm: GmSide | None, dials: Dials,
    house_rules: HouseRules,
) -> dict[str, tuple[int, str | None]]:
    entries: dict[str, tuple[int, str | None]] = {}
    for seat in seating:
        if gm and seat == gm.seat:
            name, time = gm_combatant(gm, dials, house_rules)
            entries[seat] = (time, name)
        else:
            entries[seat] = (_player_time(players[seat], dials, house_rules), None)
    if len(entries) > 1 and all(time == 0 for time, _ in entries.values()):
        raise RulesRefusal("every reaction time is 0: no roll can break the tie")
    return entries


def _player_time(player: Mapping[Statistic, int] | int, dials: Dials, house_rules: HouseRules) -> int:
    if not isinstance(player, int):
        return reaction_time(player, dials, house_rules)
    if player < 0:
        raise RulesRefusal(f"reaction time cannot be negative: {player}")
    return player


def _roll(seat: str, time: int, combatant: str | None, dice: DiceSource) -> SeatRoll:
    return SeatRoll(seat, time, tuple(dice.roll(time, SIDES)), combatant)


def _leaders(rolls: tuple[SeatRoll, ...]) -> tuple[SeatRoll, ...]:
    highest = max(roll.total for roll in rolls)
    return tuple(roll for roll in rolls if roll.total == highest)
