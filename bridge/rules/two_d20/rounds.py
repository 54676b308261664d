"""Rounds and zones (Rules, Rounds & Zones).

The character with the initiative in the fiction goes first (the GM says
who); then the parties alternate turns. Each turn holds one major and one
minor action; Determination's "another action" adds one more major action.
At the end of each round the party loses 1 Momentum (``Momentum.end_of_round``).
Zones abstract distance: moving to a nearby zone is a minor action; a
distant one takes several (one zone each, docs/rules/two_d20.md) or a
skill test, the GM's call.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import zip_longest

from ..refusal import RulesRefusal


class Range(str, Enum):
    REACH = "reach"  # right next to each other
    NEARBY = "nearby"  # 0-1 zones: moving there is a minor action
    DISTANT = "distant"  # 2+ zones: several minor actions or a skill test


def range_of(zones: int, next_to: bool = False) -> Range:
    if zones < 0:
        raise RulesRefusal(f"zones cannot be negative: {zones}")
    if next_to:
        if zones:
            raise RulesRefusal("characters next to each other share a zone")
        return Range.REACH
    return Range.NEARBY if zones <= 1 else Range.DISTANT


class Action(str, Enum):
    MAJOR = "major"
    MINOR = "minor"


@dataclass(frozen=True)
class Turn:
    """The actions a character has taken this turn."""

    character: str
    taken: tuple[Action, ...] = ()
    extra_actions: int = 0  # bought with Determination

    def allowed(self, action: Action) -> int:
        return 1 + (self.extra_actions if action is Action.MAJOR else 0)

    def take(self, action: Action) -> Turn:
        if self.taken.count(action) >= self.allowed(action):
            raise RulesRefusal(f"{self.character} has taken their {action.value} action this turn")
        return replace(self, taken=(*self.taken, action))

    def another_action(self) -> Turn:
        """Determination: take another action immediately."""
        return replace(self, extra_actions=self.extra_actions + 1)


def turn_order(parties: Sequence[Sequence[str]]) -> list[str]:
    """Turns alternate between the parties, the first party (the one with
    the initiative) first; a party out of characters drops out."""
    order = [name for turn in zip_longest(*parties) for name in turn if name is not None]
    if len(set(order)) < len(order):
        raise RulesRefusal(f"a character takes one turn a round: {order}")
    return order


def zones_apart(links: Mapping[str, Sequence[str]], start: str, end: str) -> int:
    """How many zones lie between ``start`` and ``end`` on the scene's map of
    zones (each zone's neighbours; a link goes both ways)."""
    both: dict[str, set[str]] = {zone: set() for zone in links}
    for zone, neighbours in links.items():
        for neighbour in neighbours:
            if neighbour not in both:
                raise RulesRefusal(f"zone {zone!r} links to {neighbour!r}, which is not on the map")
            both[zone].add(neighbour)
            both[neighbour].add(zone)
    for zone in (start, end):
        if zone not in both:
            raise RulesRefusal(f"there is no zone {zone!r} on the map")
    seen, queue = {start: 0}, deque([start])
    while queue:
        zone = queue.popleft()
        for neighbour in both[zone]:
            if neighbour not in seen:
                seen[neighbour] = seen[zone] + 1
                queue.append(neighbour)
    if end not in seen:
        raise RulesRefusal(f"no way leads from {start!r} to {end!r}")
    return seen[end]


def move(links: Mapping[str, Sequence[str]], start: str, end: str) -> Range:
    """A move as a minor action: to a nearby zone (0-1 away); a distant one is refused."""
    reached = range_of(zones_apart(links, start, end))
    if reached is Range.DISTANT:
        raise RulesRefusal(f"{end!r} is distant from {start!r}: one minor action moves one zone")
    return reached
