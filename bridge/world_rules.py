"""A world's rules as handlers need them: the sender's world's dials."""

from __future__ import annotations

from .requests import store
from .rules.moment_of_truth.dials import Dials
from .schemas.settings import dials_of


def world_dials(identity) -> Dials:
    """The rules' dials of the sender's world."""
    return dials_of(store().world(identity.world_id).settings)
