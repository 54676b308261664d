"""The world's house rules as Moment of Truth's rules read them (its scripts' tables, ``bridge.scripting.shelf``)."""

from __future__ import annotations

from ...rules.moment_of_truth.house_rules import BOOK, HouseRules
from ...scripting import shelf


def world_house_rules(work) -> HouseRules:
    """The world's house rules as its scripts set them (the book's where they set none)."""
    tables = shelf.house_rules(work.store.redis, work.world_id)
    return HouseRules.from_dict(tables) if tables else BOOK
