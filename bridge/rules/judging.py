"""What every rule system's judging shares: target numbers, and exact chances as the wire carries them."""

from __future__ import annotations

from collections.abc import Iterable
from math import gcd
from typing import Any

from .refusal import RulesRefusal


def check_tn(tn: int) -> None:
    """Refuse a target number below 1."""
    if tn < 1:
        raise RulesRefusal(f"a TN is at least 1, not {tn}")


def chances_to_dict(counts: Iterable[int], total: int) -> list[dict[str, Any]]:
    """Exact values for the wire, each ``{"exact": "n/d", "value": float}``: the
    fraction count/total reduced, and its float (the quotient, rounded once)."""
    chances = []
    for count in counts:
        common = gcd(count, total)
        chances.append({"exact": f"{count // common}/{total // common}", "value": count / total})
    return chances
