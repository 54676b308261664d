"""Damage, pain and fatigue, dazing, resisting damage and recovery
(Combat: Damage; Resisting Damage; Recovery; Recovering Damage).

Characters have 6 points of Damage and 2 x B + T + L of Pain (B Body, T
Toughness, L the characteristic the text calls L). Pain taken also counts
on the damage level for the turn it is taken. Pain above Body + Toughness
in one hit dazes: no beads, and the next action lost. Read here: "none [of
the primary characteristics' tokens] may exceed the current damage level"
caps tokens at the Damage points left, pain of the turn counted; damage
that finds no Pain spots left is taken as damage. How much Fatigue a
character has, and what it does, are left to the GM."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..refusal import RulesRefusal
from .effect import DieKind
from .levels import Difficulty
from .rolls import OPENS_ON, Roll

DAMAGE_POINTS = 6


@dataclass(frozen=True)
class Health:
    body: int
    toughness: int
    l_score: int  # "L"
    damage: int = 0
    pain: int = 0
    fatigue: int = 0

    def __post_init__(self) -> None:
        if min(self.body, self.toughness, self.l_score, self.damage, self.pain, self.fatigue) < 0:
            raise RulesRefusal("characteristics and tracks cannot be negative")

    @property
    def pain_points(self) -> int:
        return 2 * self.body + self.toughness + self.l_score

    @property
    def pain_left(self) -> int:
        return max(0, self.pain_points - self.pain)

    @property
    def daze_at(self) -> int:
        """Pain in one hit above Body + Toughness dazes."""
        return self.body + self.toughness + 1

    def damage_level(self, pain_this_turn: int = 0) -> int:
        """Damage points left, the turn's pain counted against them."""
        return max(0, DAMAGE_POINTS - self.damage - pain_this_turn)

    @property
    def damage_points(self) -> int:
        return DAMAGE_POINTS


@dataclass(frozen=True)
class Hit:
    health: Health
    damage: int
    pain: int
    dazed: bool
    explanation: tuple[str, ...]


def take_hit(health: Health, damage: int = 0, pain: int = 0) -> Hit:
    """Damage and pain from one hit; pain past the Pain points is damage."""
    if damage < 0 or pain < 0:
        raise RulesRefusal("a hit deals no negative damage or pain")
    felt = min(pain, health.pain_left)
    damage += pain - felt
    lines = [f"{damage} damage, {felt} pain"]
    if felt < pain:
        lines.append(f"no Pain spots left for {pain - felt}: taken as damage")
    dazed = felt >= health.daze_at
    if dazed:
        lines.append(f"{felt} pain in one hit is more than Body + Toughness {health.daze_at - 1}: dazed")
    after = replace(health, damage=min(DAMAGE_POINTS, health.damage + damage), pain=health.pain + felt)
    return Hit(after, damage, felt, dazed, tuple(lines))


def cap_tokens(tokens: Mapping[str, int], damage_level: int) -> dict[str, int]:
    """No primary characteristic keeps more tokens than the damage level."""
    return {name: min(count, damage_level) for name, count in tokens.items()}


def resistance_tn(location_modifier: int = 0) -> int:
    """Resisting damage: Body dice (T the secondary) at 7 + the location's modifier."""
    return Difficulty.STANDARD + location_modifier


def resist(health: Health, damage: int, resistance: Roll, ignore_with_ten: bool = False) -> Hit:
    """Each success of the resistance roll turns a level of ``damage`` into
    pain; a natural 10 may instead ignore the damage entirely, when the roll
    was not opened up (``rolls.open_up``)."""
    if ignore_with_ten:
        opened = any(die.kind is DieKind.BONUS for die in resistance.dice)
        if opened or not any(die.face == OPENS_ON for die in resistance.dice):
            raise RulesRefusal("ignoring the damage takes a 10 that was not opened up")
        return Hit(health, 0, 0, False, ("a 10 on the resistance roll ignores the damage",))
    resisted = min(damage, resistance.successes)
    hit = take_hit(health, damage - resisted, resisted)
    return replace(hit, explanation=(f"{resisted} of {damage} damage resisted into pain", *hit.explanation))


# --- recovery -----------------------------------------------------------------


def end_of_scene(health: Health) -> tuple[Health, bool]:
    """A level of Fatigue recovered; with none, True: the character may
    recover one characteristic token of their choice instead."""
    if health.fatigue:
        return replace(health, fatigue=health.fatigue - 1), False
    return health, True


def recovery_action(health: Health) -> Health:
    """A full action of recovery, not pre-empted (nothing else done, not
    injured before the next action): Pain recovered equal to Toughness."""
    return replace(health, pain=max(0, health.pain - health.toughness))


def recover_damage(health: Health, l_roll: Roll) -> Health:
    """At the end of the healing period an L roll: a success heals a point."""
    if l_roll.successes and health.damage:
        return replace(health, damage=health.damage - 1)
    return health
