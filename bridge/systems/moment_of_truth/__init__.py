"""Moment of Truth, the flagship, as a rule system (docs/mot/README.md): its
pure rules in ``bridge.rules.moment_of_truth``, its requests' schemas in
``schemas`` and handlers in ``events`` (one module per rules area), how it
plays at the table in ``table``, and its ledger's keys in ``ledger``."""

from __future__ import annotations

from ...protocol import Push
from .. import RuleSystem
from . import ledger
from .schemas import CARDS, CROSS_FIELD_RULES, JOB_RESULTS, REQUESTS
from .schemas.experience import MotState
from .schemas.moments import MomentsChange
from .settings import MomentOfTruthSettings
from .table import TABLE


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
    table=TABLE,
    pushes={Push.MOMENTS_CHANGED: MomentsChange},
    job_results=JOB_RESULTS,
    settings=MomentOfTruthSettings,
    migrate=ledger.migrate,
    state=MotState,
    scripting="bridge.systems.moment_of_truth.scripting",
)
