"""The d10 highest-die system's part in scripting (docs/scripting.md): a
macro's targets are registered characters; its table rolls a rating of
their sheets as ``d10.roll`` rolls it."""

from __future__ import annotations

from collections.abc import Mapping

from ...rules.dice import DiceSource
from ...rules.highest_d10 import SkillRoll, roll_skill
from ...rules.highest_d10.initiative import rating
from ...schemas.encode import dump
from ...scripting.api import MacroError, Table
from ...scripting.hooks import Targets, registered_characters
from .schemas import SYSTEM, D10SkillRoll


class HighestD10Table(Table):
    """A macro's table in a d10 world: ``targets`` are read-only sheets (``actor_id``, ``name``,
    ``attributes``, ``skills``, ``aiming``)."""

    system = SYSTEM

    def skill_roll(self, target: Mapping, rating_name: str, tn: int | None = None, stressful: bool = True,
                   label: str = "") -> SkillRoll:
        """``target`` rolls the level of its skill (else attribute) ``rating_name`` in dice (Skill Rolls)."""
        try:
            dice = rating(target, rating_name)
        except KeyError:
            raise MacroError(f"{target['name']} has no skill or attribute {rating_name!r}") from None
        result = roll_skill(dice, dice=self._dice, stressful=stressful, tn=tn)
        self.rolled(label or f"{target['name']}: {rating_name}", target["actor_id"], dump(D10SkillRoll, result))
        return result


def _table(arguments: dict, targets: Targets, user: str, dice: DiceSource) -> HighestD10Table:
    return HighestD10Table(arguments, targets.targets, user, dice)


HOOK = registered_characters(SYSTEM, _table)
