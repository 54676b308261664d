"""Exact odds of the basic skill roll, counted rather than simulated.

A roll of n d10s reads as (v, k): the highest face v shown by exactly k dice,
value v + k - 1, in C(n, k) * (v - 1)**(n - k) face tuples. In a stressful
situation those whose other dice show more than n/2 1s (C(n - k, j) *
(v - 2)**(n - k - j) ways for j 1s) fail automatically, and the one tuple of
all 1s botches. A zero-dice roll is one die: 1 and 2 botch, whatever the
stress. Each class is judged by ``success.degree``, so the odds and the roll
cannot read the rules two ways; tests/rules/test_d10_odds_icepool.py checks the
counts against icepool's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..judging import Chance, check_tn
from .conditions import build_pool
from .rolls import SIDES
from .success import Degree, Mishap, degree

DEGREES = tuple(Degree)


def _degree_chance(degree: Degree) -> property:
    return property(lambda odds: Chance(odds.ways[DEGREES.index(degree)], odds.total), doc=f"The chance of {degree.value}.")


@dataclass(frozen=True)
class Odds:
    """Face tuples (out of ``total``, 10**dice rolled) giving each degree, in
    ``DEGREES`` order, and each read value (highest face + matches, before
    modifiers) from ``values[0]`` = 1 up."""

    dice: int
    tn: int
    modifier: int
    stressful: bool
    total: int
    ways: tuple[int, ...]
    values: tuple[int, ...]

    def chance(self, degree: Degree) -> Fraction:
        return Fraction(self.ways[DEGREES.index(degree)], self.total)

    @property
    def success(self) -> Fraction:
        """A success or a solid success."""
        return self.chance(Degree.SUCCESS) + self.chance(Degree.SOLID_SUCCESS)

    @property
    def value_chances(self) -> dict[int, Fraction]:
        """The chance of each read value, highest face + matches."""
        return {value: Fraction(ways, self.total) for value, ways in enumerate(self.values, 1) if ways}

    # Each chance as the wire carries it: by degree, and by value read (from "1" up, every value).
    solid_success_chance = _degree_chance(Degree.SOLID_SUCCESS)
    success_chance = _degree_chance(Degree.SUCCESS)
    partial_success_chance = _degree_chance(Degree.PARTIAL_SUCCESS)
    failure_chance = _degree_chance(Degree.FAILURE)
    automatic_failure_chance = _degree_chance(Degree.AUTOMATIC_FAILURE)
    botch_chance = _degree_chance(Degree.BOTCH)

    @property
    def values_chances(self) -> dict[str, Chance]:
        return {str(value): Chance(ways, self.total) for value, ways in enumerate(self.values, 1)}


@lru_cache(maxsize=1024)
def roll_odds(dice: int, tn: int, modifier: int = 0, stressful: bool = True) -> Odds:
    """Exact chances of each degree for a pool of ``dice`` (after conditions;
    zero or fewer is a zero-dice roll) plus ``modifier`` against ``tn``."""
    check_tn(tn)
    pool = build_pool(dice)
    ways = dict.fromkeys(DEGREES, 0)
    values = [0] * (SIDES + pool.rolled - 1)
    for value, count, fumble in _zero_dice() if pool.zero_dice else _classes(pool.rolled, stressful):
        values[value - 1] += count
        ways[degree(value + modifier, tn, fumble)] += count
    return Odds(dice, tn, modifier, stressful, SIDES**pool.rolled, tuple(ways.values()), tuple(values))


def _zero_dice() -> Iterator[tuple[int, int, Mishap | None]]:
    """One die: a 1 is a worse botch, a 2 a botch (Rolling Zero Dice)."""
    yield 1, 1, Mishap.WORSE_BOTCH
    yield 2, 1, Mishap.BOTCH
    for face in range(3, SIDES + 1):
        yield face, 1, None


def _classes(n: int, stressful: bool) -> Iterator[tuple[int, int, Mishap | None]]:
    """(value, face tuples, mishap) for every highest face v shown by k dice."""
    for v in range(1, SIDES + 1):
        for k in range(1, n + 1):
            count = comb(n, k) * (v - 1) ** (n - k)
            if not stressful or not count:
                yield v + k - 1, count, None
            elif v == 1:
                yield n, count, Mishap.BOTCH  # k == n: every die shows 1, reading 1 + (n - 1)
            else:
                failing = comb(n, k) * sum(
                    comb(n - k, ones) * (v - 2) ** (n - k - ones) for ones in range(n // 2 + 1, n - k + 1)
                )
                yield v + k - 1, failing, Mishap.AUTOMATIC_FAILURE
                yield v + k - 1, count - failing, None
