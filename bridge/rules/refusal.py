"""The one exception the rules raise to refuse."""

from __future__ import annotations


class RulesRefusal(ValueError):
    """What the rules do not allow: a well-formed request the table is told
    ``against_the_rules``. Any other exception out of the rules is a bug.
    A ``ValueError`` so that code written against ``ValueError`` still catches it."""


class ImpossiblePool(RulesRefusal):
    """A pool that cannot reach its target whatever the dice show: the
    request's pool field is blamed (``impossible_roll``), not the rule's."""
