"""Moment of Truth's chapter-one roll and its exact odds.

``resolve_roll`` runs the pipeline (build pool, Moments of Truth, target
number, roll, count, judge); ``roll_odds`` gives the same judging as exact
fractions. READINGS.md settles what the book leaves open.
"""

from .odds import Odds, roll_odds
from .rolls import (
    CountsAs,
    Counting,
    Die,
    ImpossibleRoll,
    Label,
    Modifier,
    Outcome,
    Pool,
    PoolPart,
    RollKind,
    RollResult,
    TargetNumber,
    Tally,
    build_pool,
    check_possible,
    count_faces,
    explain,
    judge,
    resolve_roll,
    roll_pool,
    spend_moments,
    target_number,
)

__all__ = [
    "CountsAs",
    "Counting",
    "Die",
    "ImpossibleRoll",
    "Label",
    "Modifier",
    "Odds",
    "Outcome",
    "Pool",
    "PoolPart",
    "RollKind",
    "RollResult",
    "TargetNumber",
    "Tally",
    "build_pool",
    "check_possible",
    "count_faces",
    "explain",
    "judge",
    "resolve_roll",
    "roll_pool",
    "roll_odds",
    "spend_moments",
    "target_number",
]
