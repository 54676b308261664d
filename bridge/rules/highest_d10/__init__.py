"""The d10 highest-die system, its whole short text as pure functions (dice
injected); docs/rules/highest_d10.md settles what the text leaves open.

- Skill Rolls, Rolling Zero Dice: ``rolls`` (read the highest d10, +1 per
  die matching it, modifiers; 1s in stressful situations; zero-dice rolls);
- Success and Failure: ``success`` (success, partial and solid success);
- Advanced Skill Rolls: ``advanced`` (additive, subtractive, cumulative);
- Time, Actions, Sample Actions: ``phases`` (phases, rounds, turns, minutes),
  ``actions`` (the sample actions, fastdraw, aiming), ``declarations``
  (declaring in initiative order, one free action a phase, resolving
  shortest first);
- Conditional Modifiers: ``conditions`` (each removes a die);
- exact odds of the skill roll: ``odds``.

This package re-exports the skill roll, the piece every other uses.
"""

from .conditions import Condition, Pool, build_pool
from .odds import Odds, roll_odds
from .rolls import CountsAs, Modifier, Reading, SkillRoll, read_faces, read_roll, roll_skill
from .success import Degree, Mishap, Verdict, judge

__all__ = [
    "Condition",
    "CountsAs",
    "Degree",
    "Mishap",
    "Modifier",
    "Odds",
    "Pool",
    "Reading",
    "SkillRoll",
    "Verdict",
    "build_pool",
    "judge",
    "read_faces",
    "read_roll",
    "roll_odds",
    "roll_skill",
]
