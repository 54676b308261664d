"""A validated roll request (``RollSpec``) turned into the rules' pool and TN.

The bridge and the workers both read roll requests through here, and rules
errors become the protocol's refusals in one place.
"""

from __future__ import annotations

from .protocol import ErrorCode, RequestError
from .rules.dice import TooManyDice
from .rules.moment_of_truth import Modifier, Pool, RollKind, TargetNumber, build_pool, target_number


def pool_of(spec: dict) -> Pool:
    """The dice pool a roll request asks for (ch. 1); refuses more than the cap."""
    try:
        return build_pool(
            RollKind(spec["kind"]),
            spec["statistic"]["value"],
            spec["skill"]["level"] if spec.get("skill") else None,
            modifiers=[Modifier(**modifier) for modifier in spec["modifiers"]],
            helpers=spec["helpers"],
        )
    except TooManyDice as too_many:
        raise RequestError(ErrorCode.TOO_MANY_DICE, str(too_many), {"modifiers": [str(too_many)]}) from None


def target_of(spec: dict, default_tn: int) -> TargetNumber:
    """The world's default TN plus the request's difficulty (ch. 1)."""
    return target_number(default_tn, spec["difficulty"])
