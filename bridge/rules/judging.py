"""What every rule system's judging shares: target numbers, and exact chances as the wire carries them."""

from __future__ import annotations

from collections.abc import Iterable
from math import gcd
from typing import NamedTuple

from .refusal import RulesRefusal


def check_tn(tn: int) -> None:
    """Refuse a target number below 1."""
    if tn < 1:
        raise RulesRefusal(f"a TN is at least 1, not {tn}")


class Chance(NamedTuple):
    """``count`` face tuples out of ``total``, as the wire carries a chance:
    the fraction reduced (``exact``, "n/d") and its float (the quotient, rounded once)."""

    count: int
    total: int

    @property
    def exact(self) -> str:
        common = gcd(self.count, self.total)
        return f"{self.count // common}/{self.total // common}"

    @property
    def value(self) -> float:
        return self.count / self.total


def chances(counts: Iterable[int], total: int) -> tuple[Chance, ...]:
    return tuple(Chance(count, total) for count in counts)

