"""Exact odds of damage `Xd6 (Y,Z)` through armor, and of one attack's harm.

A damage die does serious and minor damage, one of them, or neither, as
``read_damage`` reads its face. Armor takes its DR from serious damage
first, then from minor (ch. 7, Armor and Called Shots; READINGS.md), so:

- hit points lost = max(0, serious + minor - DR);
- serious left = max(0, serious - DR);
- minor damage loses anything only when armor absorbs all the serious.

Chances are counted in exact integers over the 6**dice face tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from .damage import SIDES, DamageDice, read_damage
from .odds import chance_to_dict, roll_odds
from .rolls import RollKind


@dataclass(frozen=True)
class DamageOdds:
    """``hit_points_lost[k]``: the chance of losing exactly k hit points;
    ``serious[k]`` and ``minor[k]``: of exactly k of each left after armor.
    Each runs to the largest amount possible; ``mean`` is the hit points
    lost on average."""

    damage: DamageDice
    damage_reduction: int
    hit_points_lost: tuple[Fraction, ...]
    serious: tuple[Fraction, ...]
    minor: tuple[Fraction, ...]
    mean: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "damage": self.damage.to_dict(),
            "damage_reduction": self.damage_reduction,
            **{name: _chances_to_dict(getattr(self, name)) for name in ("hit_points_lost", "serious", "minor")},
            "mean": chance_to_dict(self.mean),
        }


@dataclass(frozen=True)
class AttackOdds:
    """One attack: the roll to hit, then its damage, rolled independently.
    ``at_least[k]``: the chance to hit and take k hit points or more;
    ``serious_at_least[k]``: to hit and do k serious damage or more."""

    pool: int
    tn: int
    kind: RollKind
    hit: Fraction
    damage: DamageOdds
    at_least: tuple[Fraction, ...]
    serious_at_least: tuple[Fraction, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "pool": self.pool,
            "tn": self.tn,
            "kind": self.kind.value,
            "hit": chance_to_dict(self.hit),
            "damage": self.damage.to_dict(),
            "at_least": _chances_to_dict(self.at_least),
            "serious_at_least": _chances_to_dict(self.serious_at_least),
        }


@lru_cache(maxsize=1024)
def damage_odds(damage: DamageDice, damage_reduction: int = 0) -> DamageOdds:
    """Exact chances of what ``damage`` does through armor of ``damage_reduction``
    (already halved by ``effective_dr`` for armor-piercing)."""
    counts, total = _count_damage(damage, damage_reduction), SIDES**damage.dice
    return DamageOdds(
        damage,
        damage_reduction,
        _chances(counts.hit_points_lost, total),
        _chances(counts.serious, total),
        _chances(counts.minor, total),
        Fraction(sum(lost * ways for lost, ways in enumerate(counts.hit_points_lost)), total),
    )


def attack_odds(
    pool_dice: int, tn: int, kind: RollKind, damage: DamageDice, damage_reduction: int = 0
) -> AttackOdds:
    """Exact chances that an attack of ``pool_dice`` against ``tn`` hits and
    then deals each amount of damage or more through ``damage_reduction``."""
    hit = roll_odds(pool_dice, tn, kind).success
    counts = _count_damage(damage, damage_reduction)
    total = SIDES**damage.dice
    return AttackOdds(
        pool_dice,
        tn,
        kind,
        hit,
        damage_odds(damage, damage_reduction),
        _hit_times(hit, _at_least(counts.hit_points_lost), total),
        _hit_times(hit, _at_least(counts.serious), total),
    )


@dataclass(frozen=True)
class _DamageCounts:
    """Face tuples by hit points lost, serious left and minor left."""

    hit_points_lost: tuple[int, ...]
    serious: tuple[int, ...]
    minor: tuple[int, ...]


@lru_cache(maxsize=1024)
def _count_damage(damage: DamageDice, damage_reduction: int) -> _DamageCounts:
    if damage_reduction < 0:
        raise ValueError(f"damage reduction cannot be negative: {damage_reduction}")
    faces, dice = _faces(damage.minor_at, damage.serious_at), damage.dice
    # Each die adds 0, 1 or 2 to serious + minor, and 0 or 1 to serious.
    points = _expand((faces.neither, faces.single, faces.both), dice)
    serious = _expand((SIDES - faces.serious, faces.serious), dice)
    return _DamageCounts(
        _less(points, damage_reduction),
        _less(serious, damage_reduction),
        _minor_left(faces, dice, damage_reduction),
    )


@dataclass(frozen=True)
class _Faces:
    """How many faces of a d6 do both kinds of damage, one kind (``single``)
    or neither. Both thresholds read "this face or more", so the single kind
    is the same for every die: serious only when Z < Y (fire's (5,3)),
    minor only otherwise."""

    both: int
    single: int
    neither: int
    single_is_serious: bool

    @property
    def kinds(self) -> tuple[int, int, int]:
        return self.both, self.single, self.neither

    @property
    def serious(self) -> int:
        return self.both + self.single * self.single_is_serious

    @property
    def minor(self) -> int:
        return self.both + self.single * (not self.single_is_serious)


@lru_cache(maxsize=64)
def _faces(minor_at: int | None, serious_at: int | None) -> _Faces:
    """Read each face once, as a damage roll reads it."""
    dice = read_damage(list(range(1, SIDES + 1)), DamageDice(SIDES, minor_at, serious_at)).dice
    kinds = [(die.serious, die.minor) for die in dice]
    serious_only = kinds.count((True, False))
    return _Faces(
        kinds.count((True, True)),
        serious_only + kinds.count((False, True)),
        kinds.count((False, False)),
        serious_only > 0,
    )


def _minor_left(faces: _Faces, dice: int, damage_reduction: int) -> tuple[int, ...]:
    """Face tuples by minor damage left after armor.

    Armor reaches minor damage only in rolls with less serious damage than
    DR, so only those are walked one by one: ``both`` dice doing both kinds,
    ``single`` dice the single kind, the rest neither.
    """
    counts = list(_expand((SIDES - faces.minor, faces.minor), dice))
    both_ways, single_ways, neither_ways = ([ways**k for k in range(dice + 1)] for ways in faces.kinds)
    for both in range(min(damage_reduction, dice + 1)):
        rest = dice - both
        head = comb(dice, both) * both_ways[both]
        # Serious only dice count towards serious damage, which must stay under DR.
        singles = min(rest, damage_reduction - both - 1) if faces.single_is_serious else rest
        for single in range(singles + 1 if faces.single else 1):
            ways = head * comb(rest, single) * single_ways[single] * neither_ways[rest - single]
            serious, minor = (both + single, both) if faces.single_is_serious else (both, both + single)
            counts[minor] -= ways
            counts[max(0, minor - damage_reduction + serious)] += ways
    return tuple(counts)


def _expand(per_die: tuple[int, ...], dice: int) -> tuple[int, ...]:
    """Coefficients of (per_die[0] + per_die[1] x + per_die[2] x**2 ...)**dice:
    the face tuples by the total of a per-die amount.

    One big-integer power does it (Kronecker substitution): x is a power of
    256 wider than any coefficient, none of which exceeds 6**dice.
    """
    width = (SIDES**dice).bit_length() // 8 + 1
    packed = sum(ways << (8 * width * amount) for amount, ways in enumerate(per_die)) ** dice
    size = (len(per_die) - 1) * dice + 1
    raw = packed.to_bytes(size * width, "little")
    return tuple(int.from_bytes(raw[at : at + width], "little") for at in range(0, size * width, width))


def _less(counts: tuple[int, ...], damage_reduction: int) -> tuple[int, ...]:
    """``counts`` by amount after armor: amounts up to ``damage_reduction`` become 0."""
    return (sum(counts[: damage_reduction + 1]), *counts[damage_reduction + 1 :])


def _at_least(counts: tuple[int, ...]) -> list[int]:
    """Running totals from the top: ``[k]`` counts amounts of k or more."""
    tails, running = [], 0
    for count in reversed(counts):
        running += count
        tails.append(running)
    return tails[::-1]


def _chances(counts: tuple[int, ...], total: int) -> tuple[Fraction, ...]:
    """Counts as chances, without the impossible amounts at the top."""
    last = max((amount for amount, count in enumerate(counts) if count), default=0)
    return tuple(Fraction(count, total) for count in counts[: last + 1])


def _hit_times(hit: Fraction, tails: list[int], total: int) -> tuple[Fraction, ...]:
    """The chance to hit times each of ``tails`` out of ``total``."""
    return _chances(tuple(hit.numerator * tail for tail in tails), hit.denominator * total)


def _chances_to_dict(chances: tuple[Fraction, ...]) -> list[dict[str, Any]]:
    return [chance_to_dict(chance) for chance in chances]
