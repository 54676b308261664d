"""Our exact 2d20 odds against icepool's, computed independently.

icepool counts the dice; the rule is restated here from docs/rules/two_d20.md,
not imported: a die at most skill + style is a success, a 1
or a die at most the focus two, a 20 a complication; assistants' successes
count only when the leader has one; a test passes with successes >=
difficulty and at least one success of the leader's.
"""

from fractions import Fraction

import icepool
import pytest
from icepool import d20

from bridge.rules.two_d20 import Target, skill_test_odds


class Totals(icepool.MultisetEvaluator):
    """Sums a pool of pairs, element by element."""

    def initial_state(self, order, outcomes, *sizes):
        return (0, 0)

    def next_state(self, state, order, outcome, count):
        return (state[0] + outcome[0] * count, state[1] + outcome[1] * count)


def reading(target, focus):
    def read(face):
        critical = face == 1 or (focus is not None and face <= focus)
        return (2 if critical else int(face <= target), int(face == 20))

    return d20.map(read)


def icepool_test(target, focus, dice, assistants):
    """(leader's successes, assistants' successes, complications) as one die."""
    leader = Totals().evaluate(reading(target, focus).pool(dice))
    helping = icepool.Die([(0, 0)])
    for aim, aim_focus in assistants:
        helping = icepool.map(lambda a, b: (a[0] + b[0], a[1] + b[1]), helping, reading(aim, aim_focus))
    return icepool.map(lambda lead, helps: (lead[0], helps[0], lead[1] + helps[1]), leader, helping)


def chance(die, holds):
    return Fraction(sum(ways for outcome, ways in die.items() if holds(*outcome)), die.denominator())


TARGETS = [(0, None), (1, None), (8, None), (8, 3), (12, 12), (15, 6), (20, None), (20, 20)]


@pytest.mark.parametrize("target, focus", TARGETS)
@pytest.mark.parametrize("bought", range(4))
def test_every_difficulty_and_bought_dice(target, focus, bought):
    die = icepool_test(target, focus, 2 + bought, ())
    for difficulty in range(6):
        odds = skill_test_odds(Target(target, 0, focus), difficulty, bought)
        assert odds.passed == chance(die, lambda lead, helps, comp: lead >= 1 and lead >= difficulty)
        top = 2 * (2 + bought)
        assert odds.successes == tuple(chance(die, lambda lead, h, c, k=k: lead == k) for k in range(top + 1))
        assert odds.complications == tuple(chance(die, lambda l, h, comp, k=k: comp == k) for k in range(3 + bought))


@pytest.mark.parametrize(
    "target, focus, assistants",
    [
        (8, 2, ((10, None),)),
        (7, 3, ((10, 2), (5, None))),
        (2, None, ((14, None), (14, None), (3, 3))),
        (0, None, ((20, 20),)),
    ],
)
def test_assistance(target, focus, assistants):
    die = icepool_test(target, focus, 2, assistants)
    aims = [Target(aim, 0, aim_focus) for aim, aim_focus in assistants]
    for difficulty in range(6):
        odds = skill_test_odds(Target(target, 0, focus), difficulty, 0, aims)
        counted = die.map(lambda lead, helps, comp: lead + helps if lead else 0, star=True)
        assert odds.passed == chance(die, lambda lead, helps, comp: lead >= 1 and lead + helps >= difficulty)
        assert odds.successes == tuple(counted.probability(k) for k in range(counted.max_outcome() + 1))
        complications = die.marginals[2]
        assert odds.complications == tuple(complications.probability(k) for k in range(2 + len(aims) + 1))
