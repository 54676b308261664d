"""Moment of Truth, the whole rulebook as pure functions (dice injected).

Chapter by chapter (docs/rules/moment_of_truth.md settles what the book leaves open):

- ch. 1 rolls: ``rolls`` (the roll pipeline: pool, TN, count, judge; helping;
  raised stakes), ``contests`` (contested rolls and deadlocks);
- ch. 2-4 characters: ``statistics`` (basic and derived), ``characters``
  (creation checked against the point-buy tables);
- ch. 5 dramatic mechanics: ``moments`` (the Moments of Truth ledger),
  ``talents``, ``connections``;
- ch. 7 combat: ``initiative``, ``combat_pool``, ``defense`` (TN to hit),
  ``called_shots``, ``ranges``, ``attacks`` (one attack resolved, ch. 9's
  automatic and spraying fire and shotguns included), ``maneuvers``
  (grappling), ``turns`` (end-of-turn rolls), ``damage`` (``Xd6 (Y,Z)`` and
  armor), ``health`` (health states, death, bleeding), ``healing``,
  ``conditions`` (the condition summary);
- ch. 8 hazards: ``hazards`` (falling, explosions, fire, suffocation, vacuum);
- ch. 10 equipment: ``equipment`` (the tables as data), ``weapon_handling``;
- ch. 11 advancement: ``advancement``;
- ch. 12 dials: ``dials``;
- exact odds: ``odds`` (rolls), ``damage_odds`` (damage after armor, attacks).

This package re-exports the roll pipeline, the piece every other uses.

The records every attack builds (``Step``, ``ToHit``, ``CombatPool``,
``Target``, ``AttackResult``, ``Attack``, and the bridge's ``AttackRead``)
are NamedTuples, not frozen dataclasses: a frozen dataclass sets each field
through ``object.__setattr__``, about 1.5 k instructions a field.
"""

from .odds import Odds, roll_odds
from .rolls import (
    Counting,
    CountsAs,
    ImpossibleRoll,
    Label,
    Modifier,
    Outcome,
    Pool,
    PoolPart,
    RollKind,
    RollResult,
    Tally,
    TargetNumber,
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
