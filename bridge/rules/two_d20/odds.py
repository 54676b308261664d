"""Exact odds of a skill test, counted rather than simulated.

A die's reading is a (successes, complication) pair, so the 20**n face
tuples of a test fall into (successes, complications) classes, counted by
convolving one die's classes n times in exact integers. Assistants' dice
are kept apart from the leader's, since theirs count only when the leader
has a success of their own (Assistance).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..judging import Chance, chances
from .skill_tests import BASE_DICE, SIDES, Target, check_difficulty, extra_dice_cost, read_die

Classes = dict[tuple[int, int], int]


def die_classes(target: Target) -> Classes:
    """Faces of one d20 by (successes, complications)."""
    counts: Counter[tuple[int, int]] = Counter()
    for face in range(1, SIDES + 1):
        die = read_die(face, target)
        counts[die.successes, int(die.complication)] += 1
    return dict(counts)


def _add(left: Classes, right: Classes) -> Classes:
    total: Counter[tuple[int, int]] = Counter()
    for (s1, c1), w1 in left.items():
        for (s2, c2), w2 in right.items():
            total[s1 + s2, c1 + c2] += w1 * w2
    return dict(total)


def dice_classes(target: Target, dice: int) -> Classes:
    """Face tuples of ``dice`` d20 by (successes, complications)."""
    classes: Classes = {(0, 0): 1}
    one = die_classes(target)
    for _ in range(dice):
        classes = _add(classes, one)
    return classes


@dataclass(frozen=True)
class SkillTestOdds:
    """Chances of a test: ``ways[(s, c)]`` face tuples, out of ``total``
    (20**dice), count s successes and c complications, assistants' included
    (their successes only when the leader has one)."""

    target: Target
    difficulty: int
    dice: int
    total: int
    ways: dict[tuple[int, int], int]
    passing: int

    @property
    def passed(self) -> Fraction:
        return Fraction(self.passing, self.total)

    @property
    def successes(self) -> tuple[Fraction, ...]:
        """``successes[k]``: the chance of exactly k counted successes."""
        return tuple(Fraction(count, self.total) for count in _marginal(self.ways, 0))

    @property
    def complications(self) -> tuple[Fraction, ...]:
        """``complications[k]``: the chance of exactly k complications."""
        return tuple(Fraction(count, self.total) for count in _marginal(self.ways, 1))

    @property
    def momentum(self) -> Fraction:
        """Expected Momentum gained."""
        gained = sum(ways * (s - self.difficulty) for (s, _), ways in self.ways.items() if s >= self.difficulty)
        return Fraction(gained, self.total)

    # Each chance as the wire carries it.
    @property
    def passed_chance(self) -> Chance:
        return Chance(self.passing, self.total)

    @property
    def successes_chances(self) -> tuple[Chance, ...]:
        return chances(_marginal(self.ways, 0), self.total)

    @property
    def complications_chances(self) -> tuple[Chance, ...]:
        return chances(_marginal(self.ways, 1), self.total)


def _marginal(ways: dict[tuple[int, int], int], index: int) -> list[int]:
    """Face tuples by the ``index`` part of their class alone, from 0 up."""
    counts = [0] * (max(key[index] for key in ways) + 1)
    for key, count in ways.items():
        counts[key[index]] += count
    return counts


def skill_test_odds(
    target: Target, difficulty: int, bought: int = 0, assistants: Sequence[Target] = ()
) -> SkillTestOdds:
    """Exact chances of a test of 2d20 + ``bought`` against ``target``, with
    one d20 per assistant against theirs."""
    check_difficulty(difficulty)
    extra_dice_cost(bought)
    dice = BASE_DICE + bought
    leader = dice_classes(target, dice)
    helping: Classes = {(0, 0): 1}
    for aim in assistants:
        helping = _add(helping, die_classes(aim))
    ways: Counter[tuple[int, int]] = Counter()
    passing = 0
    for (s1, c1), w1 in leader.items():
        for (s2, c2), w2 in helping.items():
            counted = s1 + s2 if s1 else 0
            ways[counted, c1 + c2] += w1 * w2
            if s1 and counted >= difficulty:
                passing += w1 * w2
    rolled = dice + len(assistants)
    return SkillTestOdds(target, difficulty, rolled, SIDES**rolled, dict(ways), passing)

