"""Beads: awarded each scene by characteristic, archetype and power level,
allocated among the Elements, and spent (Beads; Allocating Beads; What
Beads can do).

Read here where the text is short: the beads are one per die of the primary
characteristic times the power level's rate, rounded up (Landon: 1.5 x 7 ->
11); the free third is a third of those, rounded down; the archetype's three
go to its primary Element after allocating. A Wildcard, whose Elements are
all secondary, places its beads freely. What a superheroic rate above 2 is
and every other use of beads is left to the GM."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import ceil

from ..refusal import RulesRefusal
from .elements import Archetype, Element
from .levels import Level, level_of_successes


class PowerLevel(str, Enum):
    STANDARD = "standard"
    HEROIC = "heroic"
    SUPERHEROIC = "superheroic"

    @property
    def beads_per_die(self) -> Fraction:
        """1, 1.5 and 2+ beads per die of the primary characteristic."""
        return {"standard": Fraction(1), "heroic": Fraction(3, 2), "superheroic": Fraction(2)}[self.value]

    @property
    def starting_points(self) -> int:
        """Character points to begin with: 100, 125, at least 200."""
        return {"standard": 100, "heroic": 125, "superheroic": 200}[self.value]


SECONDARY_COST = 2  # beads paid per bead shifted to a secondary Element past the free third
OTHER_COST = 3  # per bead given to any other Element


@dataclass(frozen=True)
class Allocation:
    """A scene's beads in each Element, and the working."""

    beads: dict[Element, int]
    explanation: tuple[str, ...]


def scene_beads(characteristic_dice: int, power_level: PowerLevel, rate: Fraction | None = None) -> int:
    """Beads from the primary characteristic: its dice times the power
    level's rate (``rate`` for a superheroic campaign above 2), rounded up."""
    if characteristic_dice < 0:
        raise RulesRefusal(f"a characteristic has no fewer than 0 dice, not {characteristic_dice}")
    if rate is not None and (power_level is not PowerLevel.SUPERHEROIC or rate < 2):
        raise RulesRefusal("only a superheroic campaign sets its own rate, 2 or more")
    return ceil(characteristic_dice * (rate or power_level.beads_per_die))


def allocate(archetype: Archetype, beads: int, placed: Mapping[Element, int] | None = None) -> Allocation:
    """Place ``beads`` (from ``scene_beads``) for a scene: ``placed`` asks
    for beads in Elements other than the primary. Up to a third go to the
    secondary Element free, more cost 2 beads each, any other Element 3
    each; the rest, with the archetype's three, stay in the primary."""
    placed = {element: count for element, count in (placed or {}).items() if count}
    if any(count < 0 for count in placed.values()):
        raise RulesRefusal("beads placed cannot be negative")
    primary = archetype.primary
    if primary is None:  # a Wildcard: every Element secondary
        if sum(placed.values()) != beads:
            raise RulesRefusal(f"a wildcard places all {beads} beads, not {sum(placed.values())}")
        return Allocation(dict(placed), (f"wildcard: {beads} beads placed freely among its secondary Elements",))
    if primary in placed:
        raise RulesRefusal(f"{primary.value} is the primary Element: its beads are what is left")
    free = beads // 3
    cost, lines = 0, [f"{beads} beads in {primary.value}; up to {free} shift to a secondary Element free"]
    secondary = sum(count for element, count in placed.items() if element in archetype.secondary)
    paid_secondary = max(0, secondary - free)
    if secondary:
        cost += secondary - paid_secondary + SECONDARY_COST * paid_secondary
        lines.append(f"{secondary} to secondary: {secondary - paid_secondary} free, {paid_secondary} at 2 each")
    for element, count in placed.items():
        if element not in archetype.secondary:
            cost += OTHER_COST * count
            lines.append(f"{count} to {element.value}: 3 each")
    left = beads - cost
    if left < 0:
        raise RulesRefusal(f"the placements cost {cost} of {beads} beads")
    lines.append(f"{left} left in {primary.value}, + {archetype.scene_beads} for the {archetype.value}")
    return Allocation({primary: left + archetype.scene_beads, **placed}, tuple(lines))


# --- what beads buy -----------------------------------------------------------


def add_successes(level: Level, beads: int) -> Level:
    """Beads added to a completed roll, one success each."""
    if beads < 0:
        raise RulesRefusal(f"cannot spend {beads} beads")
    return level_of_successes(level.successes + beads) if beads else level


def reduce_difficulty(tn: int, beads: int, primary_pool: bool = False) -> int:
    """One off the TN a bead before the roll; more than one only on a
    primary pool. The TN never goes below 1."""
    if beads < 0 or (beads > 1 and not primary_pool):
        raise RulesRefusal(f"{beads} beads off the difficulty: at most one unless the pool is primary")
    return max(1, tn - beads)


def pool_dice(beads: int, related_pool: bool) -> int:
    """Two dice a bead in a related primary or a secondary pool, one in any."""
    if beads < 0:
        raise RulesRefusal(f"cannot spend {beads} beads")
    return beads * (2 if related_pool else 1)


FREE_SUCCESS = Level.MARGINAL_SUCCESS  # one bead before the roll; never increased


class StorytellingScope(str, Enum):
    """How far Storytelling beads reach (Storytelling): one bead cosmetic,
    this turn; two this scene; three may last the session; four or more
    beyond it, and then every Storytelling bead left is spent."""

    TURN = "turn"
    SCENE = "scene"
    SESSION = "session"
    WORLD = "world"


def storytelling(beads: int, storytelling_left: int) -> tuple[StorytellingScope, int]:
    """The scope of a Storytelling play of ``beads`` and the beads it spends."""
    if not 1 <= beads <= storytelling_left:
        raise RulesRefusal(f"{beads} Storytelling beads played with {storytelling_left} left")
    scope = list(StorytellingScope)[min(beads, 4) - 1]
    return scope, storytelling_left if scope is StorytellingScope.WORLD else beads
