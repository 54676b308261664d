"""A validated roll request (``RollSpec``) turned into the rules' pool and TN.

The bridge and the workers both read roll requests through here, and rules
errors become the protocol's refusals in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.moment_of_truth import (
    Modifier,
    Pool,
    RollKind,
    TargetNumber,
    build_pool,
    target_number,
)
from ...rules.moment_of_truth.rolls import Helper
from ...rules.moment_of_truth.statistics import Derived, Statistic
from ...transport.refusals import refused_as


def pool_of(spec: dict, added: Sequence[Modifier] = ()) -> Pool:
    """The dice pool a roll request asks for (ch. 1), with ``added``
    modifiers (conditions, a talent) after its own; refuses more than the cap."""
    helpers = spec["helpers"]
    with refused_as("helpers", pool="modifiers"):
        return build_pool(
            RollKind(spec["kind"]),
            spec["statistic"]["value"],
            spec["skill"]["level"] if spec.get("skill") else None,
            modifiers=[*(Modifier(**modifier) for modifier in spec["modifiers"]), *added],
            helpers=helpers if isinstance(helpers, int) else [Helper(**helper) for helper in helpers],
            required_skill=spec.get("required_skill"),
        )


def target_of(spec: dict, default_tn: int) -> TargetNumber:
    """The world's default TN plus the request's difficulty (ch. 1)."""
    return target_number(default_tn, spec["difficulty"])


def statistic_of(spec: dict) -> Statistic | Derived | None:
    """The basic or derived statistic (ch. 2) the roll's statistic names, if any."""
    name = spec["statistic"]["name"].strip().casefold().replace(" ", "_")
    for statistics in (Statistic, Derived):
        if name in {statistic.value for statistic in statistics}:
            return statistics(name)
    return None
