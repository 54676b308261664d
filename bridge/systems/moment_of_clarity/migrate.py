"""Bringing Moment of Clarity's state document an earlier bridge wrote up to
date (``RuleSystem.migrate``): its own turns (``turns``, set by the
``moc.initiative`` it had) give way to the table's combat, and the meters
moved are kept by the fight's turn (``moved``)."""

from __future__ import annotations

from ...encoded import dumps
from ...table.store import system_state_key

NAME = "moment_of_clarity"


def migrate(store, world_id: str) -> list[str]:
    """Drop the document's own turns; what was done, a line each."""
    state = store.system_state(world_id, NAME)
    if state is None or "turns" not in state:
        return []
    del state["turns"]
    state.setdefault("moved", {})
    store.redis.set(system_state_key(world_id, NAME), dumps(state))
    return ["Moment of Clarity's own turns dropped: the table's combat runs a fight's turns"]
