"""The one exception the rules raise to refuse."""

from __future__ import annotations


class RulesRefusal(ValueError):
    """What the rules do not allow: a well-formed request the table is told
    ``against_the_rules``. Any other exception out of the rules is a bug.
    A ``ValueError`` so that code written against ``ValueError`` still catches it."""
