"""Moment of Truth, the flagship, as a rule system: its rules in
``bridge.rules.moment_of_truth``, its requests' schemas in ``bridge.schemas``
(one module per rules area), its handlers in ``bridge.events``. Its state
keeps the keys it had before the seam: tokens, combats, the Moments of Truth
ledger, the arsenal (``Store``), which ``table.snapshot`` reads."""

from __future__ import annotations

from ..protocol import Request
from ..schemas import cards
from ..schemas.pushes import JobQueued, RollEntry
from ..schemas.requests import OddsRequest, RollRequest
from ..schemas.spec import CardSpec, RequestSpec
from . import RuleSystem


def _init_app(app) -> None:
    from ..events import FLAGSHIP_MODULES

    for module in FLAGSHIP_MODULES:
        module.init_app(app)


SYSTEM = RuleSystem(
    name="moment_of_truth",
    title="Moment of Truth",
    init_app=_init_app,
    cards={Request.ROLL: CardSpec(RollRequest, RollEntry), **cards.CARDS},
    requests={Request.ODDS: RequestSpec(OddsRequest, JobQueued), **cards.REQUESTS},
    docs="docs/mot/README.md",
    cross_field_rules=cards.CROSS_FIELD_RULES,
)
