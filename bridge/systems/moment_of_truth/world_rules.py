"""A world's rules as handlers need them: the sender's world's dials."""

from __future__ import annotations

from functools import lru_cache

from ...encoded import loads
from ...rules.moment_of_truth.dials import Dials
from .settings import dials_of

#: Distinct settings texts whose dials are kept (a bridge serves few worlds).
DIALS_KEPT = 256


def world_dials(work) -> Dials:
    """The rules' dials of the work's world."""
    return _dials(work.world.settings_json)


@lru_cache(maxsize=DIALS_KEPT)
def _dials(settings_json: str) -> Dials:
    """Dials are frozen, so one per distinct settings text serves every request."""
    return dials_of(loads(settings_json))
