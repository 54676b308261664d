"""The rules' refusals turned into the protocol's structured errors, in one place."""

from __future__ import annotations

from contextlib import contextmanager

from .protocol import ErrorCode, RequestError, against_the_rules
from .rules.dice import TooManyDice
from .rules.moment_of_truth.rolls import ImpossibleRoll


@contextmanager
def refused_as(field: str, pool: str = "moments_spent"):
    """Inside the block, a rules refusal (ValueError) blames ``field``; a pool
    below its TN or over the dice cap blames ``pool``, the field that makes
    the pool (Moments of Truth alone can rescue an impossible roll)."""
    try:
        yield
    except ImpossibleRoll as impossible:
        raise RequestError(ErrorCode.IMPOSSIBLE_ROLL, str(impossible), {pool: [str(impossible)]}) from None
    except TooManyDice as too_many:
        raise RequestError(ErrorCode.TOO_MANY_DICE, str(too_many), {pool: [str(too_many)]}) from None
    except ValueError as refused:
        raise against_the_rules(refused, field) from None
