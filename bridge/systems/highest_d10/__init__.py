"""The d10 highest-die system (docs/rules/highest_d10.md) as a rule system: its requests
(``d10.*``), cards and state document; the rules are bridge.rules.highest_d10."""

from __future__ import annotations

from flask import Flask

from bridge.systems import RuleSystem

from . import schemas
from .odds import ODDS
from .table import TABLE


def _init_app(app: Flask) -> None:
    from . import events  # handlers import the bridge, which imports the systems

    events.init_app(app)


SYSTEM = RuleSystem(
    name=schemas.SYSTEM,
    title="d10 highest-die system",
    init_app=_init_app,
    cards=schemas.CARDS,
    requests=schemas.REQUESTS,
    state=schemas.D10State,
    docs="docs/systems/highest_d10.md",
    odds=ODDS,
    scripting="bridge.systems.highest_d10.scripting",
    table=TABLE,
)
