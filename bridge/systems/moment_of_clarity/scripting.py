"""Moment of Clarity's part in scripting (docs/scripting.md): a macro's
targets are registered characters; its table rolls a skill of their sheets
against a TN as ``moc.roll`` rolls its pool, open-ended."""

from __future__ import annotations

from collections.abc import Mapping

from ...rules.dice import DiceSource
from ...rules.moment_of_clarity.levels import Difficulty
from ...rules.moment_of_clarity.rolls import Roll, roll
from ...rules.moment_of_clarity.skills import PoolPart, skill_pool
from ...schemas.encode import dump
from ...scripting.api import MacroError, Table
from ...scripting.hooks import Targets, registered_characters
from .schemas.rolls import MocRoll

NAME = "moment_of_clarity"


class MomentOfClarityTable(Table):
    """A macro's table in a Moment of Clarity world: ``targets`` are read-only sheets
    (``actor_id``, ``name``, ``archetype``, ``skills``, ``tracks``, ``chips``, ``beads``, …)."""

    system = NAME

    def skill_roll(self, target: Mapping, skill: str, tn: int = Difficulty.STANDARD, sides: int = 10, label: str = "") -> Roll:
        """``target`` rolls its skill's dice of ``sides`` against ``tn``, open-ended (Effect Number, levels)."""
        found = [each for each in target["skills"] if each["name"] == skill]
        if not found:
            raise MacroError(f"{target['name']} has no skill {skill!r}")
        try:
            pool = skill_pool([PoolPart(skill, found[0]["dice"])], int(tn))
            result = roll(pool.dice, sides, pool.tn, self._dice)
        except ValueError as refused:
            raise MacroError(str(refused)) from None
        self.rolled(label or f"{target['name']}: {skill}", target["actor_id"], dump(MocRoll, result))
        return result


def _table(arguments: dict, targets: Targets, user: str, dice: DiceSource) -> MomentOfClarityTable:
    return MomentOfClarityTable(arguments, targets.targets, user, dice)


HOOK = registered_characters(NAME, _table)
