"""The 2d20 variant, its rules as pure functions (dice injected).

docs/rules/two_d20.md settles what the text leaves open; each module says
what it leaves to the GM.

- ``skill_tests``: the skill test (target, focus, criticals, complications,
  difficulty, Momentum gained), bought d20s and assistance;
- ``odds``: exact odds of a test (successes, complications, passing);
- ``contests``: contests, the active side winning a draw;
- ``momentum`` and ``chaos``: the party's and the GM's pools;
- ``determination``: each character's Determination and its uses;
- ``traits``: traits changing a test's difficulty;
- ``rounds``: ranges by zone, a turn's actions, alternating turns;
- ``combat``: attacks, defence, counter-attacks, Stress, armor, Mana and
  the scene's reset.

This package re-exports the skill test, its odds and contests.
"""

from .contests import Contest, Side, roll_contest
from .odds import SkillTestOdds, skill_test_odds
from .skill_tests import D20, Assistant, Payer, SkillTest, Target, extra_dice_cost, read_die, read_test, roll_skill_test

__all__ = [
    "D20",
    "Assistant",
    "Contest",
    "Payer",
    "Side",
    "SkillTest",
    "SkillTestOdds",
    "Target",
    "extra_dice_cost",
    "read_die",
    "read_test",
    "roll_contest",
    "roll_skill_test",
    "skill_test_odds",
]
