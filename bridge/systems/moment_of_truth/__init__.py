"""Moment of Truth, the flagship, as a rule system (docs/mot/README.md): its
pure rules in ``bridge.rules.moment_of_truth``, its requests' schemas in
``schemas`` and handlers in ``events`` (one module per rules area). Its state
keeps the keys it had before the seam: tokens, combats, the Moments of Truth
ledger, the arsenal (``Store``), which ``table.snapshot`` reads."""

from __future__ import annotations

from .. import RuleSystem
from .schemas import CARDS, CROSS_FIELD_RULES, REQUESTS
from .schemas.experience import MotState


def _init_app(app) -> None:
    from .events import AREAS  # importing the handlers here: the bridge imports this module first

    for area in AREAS:
        area.init_app(app)


SYSTEM = RuleSystem(
    name="moment_of_truth",
    title="Moment of Truth",
    init_app=_init_app,
    cards=CARDS,
    requests=REQUESTS,
    docs="docs/mot/README.md",
    cross_field_rules=CROSS_FIELD_RULES,
    state=MotState,
    scripting="bridge.systems.moment_of_truth.scripting",
)
