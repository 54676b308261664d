"""Moment of Clarity as a rule system (docs/rules/moment_of_clarity.md): its
pure rules in ``bridge.rules.moment_of_clarity``, its ``moc.`` requests'
schemas in ``schemas`` and handlers in ``events`` (one module per area), its
state document's changes in ``state`` (docs/systems/moment_of_clarity.md),
how it plays at the table in ``table``, and the update of an earlier bridge's document in ``migrate``."""

from .. import RuleSystem
from .migrate import migrate
from .odds import ODDS
from .schemas import CARDS, CROSS_FIELD_RULES, REQUESTS, MocState
from .table import TABLE


def _init_app(app) -> None:
    from .events import AREAS  # importing the handlers here: the bridge imports this module first

    for area in AREAS:
        area.init_app(app)


SYSTEM = RuleSystem(
    name="moment_of_clarity",
    title="Moment of Clarity",
    init_app=_init_app,
    cards=CARDS,
    requests=REQUESTS,
    state=MocState,
    docs="docs/systems/moment_of_clarity.md",
    cross_field_rules=CROSS_FIELD_RULES,
    odds=ODDS,
    scripting="bridge.systems.moment_of_clarity.scripting",
    table=TABLE,
    migrate=migrate,
)
