"""What handlers ask of the rules: the sender's world's dials, and the
rules' refusals turned into the protocol's structured errors."""

from __future__ import annotations

from contextlib import contextmanager

from .protocol import ErrorCode, RequestError, against_the_rules
from .requests import store
from .rules.dice import TooManyDice
from .rules.moment_of_truth.dials import Dials
from .rules.moment_of_truth.rolls import ImpossibleRoll
from .schemas.settings import dials_of


def world_dials(identity) -> Dials:
    """The rules' dials of the sender's world."""
    return dials_of(store().world(identity.world_id).settings)


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
