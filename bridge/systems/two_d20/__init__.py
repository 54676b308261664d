"""The 2d20 variant as a rule system (docs/rules/two_d20.md): its
pure rules in ``bridge.rules.two_d20``, its ``2d20.``-prefixed requests in
``events``, its state document's changes in ``state`` (docs/systems/two_d20.md)."""

from .. import RuleSystem
from .migrate import migrate
from .odds import ODDS
from .schemas import CARDS, REQUESTS, TwoD20State
from .table import TABLE


def init_app(app) -> None:
    from . import events  # here, not above: events imports the bridge's request machinery

    events.init_app(app)


SYSTEM = RuleSystem(
    name="two_d20",
    title="2d20 variant",
    init_app=init_app,
    cards=CARDS,
    requests=REQUESTS,
    state=TwoD20State,
    docs="docs/systems/two_d20.md",
    odds=ODDS,
    scripting="bridge.systems.two_d20.scripting",
    table=TABLE,
    migrate=migrate,
)
