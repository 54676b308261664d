"""The rules' refusals turned into the protocol's structured errors, in one place.

Only a ``RulesRefusal`` is the rules saying no. Any other exception out of
the rules, a stray ``ValueError`` included, is a bug: it passes through, and
the request answers ``internal`` with its traceback logged (``bridge.transport.handling``)."""

from __future__ import annotations

from ..protocol import ErrorCode, RequestError, against_the_rules
from ..rules.dice import TooManyDice
from ..rules.refusal import ImpossiblePool, RulesRefusal


class refused_as:  # lower case: used like a function, ``with refused_as("field"):``
    """Inside the block, a rules refusal (``RulesRefusal``) blames ``field``; a pool
    below its TN or over the dice cap blames ``pool``, the field that makes
    the pool (``pool``: by default Moment of Truth's field that can rescue it).

    A class, not ``@contextmanager``: an attack enters about eight of these,
    and a generator-based one costs several times more to enter and leave."""

    __slots__ = ("field", "pool")

    def __init__(self, field: str, pool: str = "moments_spent"):
        self.field, self.pool = field, pool

    def __enter__(self) -> None:
        return None

    def __exit__(self, _kind, error, _traceback) -> bool:
        if error is None:  # the usual way out
            return False
        if isinstance(error, ImpossiblePool):
            raise RequestError(ErrorCode.IMPOSSIBLE_ROLL, str(error), {self.pool: [str(error)]}) from None
        if isinstance(error, TooManyDice):
            raise RequestError(ErrorCode.TOO_MANY_DICE, str(error), {self.pool: [str(error)]}) from None
        if isinstance(error, RulesRefusal):
            raise against_the_rules(error, self.field) from None
        return False
