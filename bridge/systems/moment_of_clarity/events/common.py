"""What Moment of Clarity's handlers share: their registration at the table,
refusals blamed on a field, state changes, reading the state and a registered character."""

from __future__ import annotations

from contextlib import contextmanager

from ....protocol import against_the_rules
from ....transport.handling import handles as handles_request
from ....transport.refusals import refused_as
from ...at_table import played
from ...state import change_state
from .. import state as moc
from ..table import TABLE, shown

SYSTEM = "moment_of_clarity"


def handles(app, event: str):
    """Register a handler of ``event``, played at the table (``bridge.systems.at_table.played``)."""
    return lambda handler: handles_request(app, event)(played(TABLE, event, handler, shown))


@contextmanager
def refused(field: str):
    """A rules refusal blames ``field``, or the field a ``moc.Refused`` names."""
    with refused_as(field, pool=field):
        try:
            yield
        except moc.Refused as refusal:
            raise against_the_rules(refusal, refusal.field) from None


def changed(work, change, field: str):
    with refused(field):
        return change_state(work, SYSTEM, change)


def read_state(work) -> dict:
    return work.system_state(SYSTEM) or moc.fresh(None)


def registered(work, actor_id: str, field: str = "actor_id") -> dict:
    with refused(field):
        return moc.character(read_state(work), actor_id)
