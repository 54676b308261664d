"""The 2d20 variant's part in scripting (docs/scripting.md): a macro's
targets are registered characters; its table makes skill tests from their
sheets and records Stress dealt, which the worker makes as ``2d20.attack``
makes a hit (through the target's armor) in one change of the state document."""

from __future__ import annotations

from collections.abc import Mapping

from ...rules.dice import DiceSource
from ...rules.two_d20.skill_tests import MAX_DIFFICULTY, SkillTest, Target, roll_skill_test
from ...schemas.encode import dump
from ...scripting.api import MacroError, Table
from ...scripting.hooks import EffectRefused, Targets, registered_characters
from ..state import change_state
from . import state
from .schemas import TwoD20HitWorking, TwoD20SkillTest

NAME = "two_d20"


class TwoD20Table(Table):
    """A macro's table in a 2d20 world: ``targets`` are read-only sheets
    (``actor_id``, ``name``, ``skills``, ``styles``, ``focuses``, ``stress``,
    ``armor``, ``traits``, …); ``momentum`` and ``chaos`` the pools' tokens when it ran."""

    system = NAME

    def __init__(self, arguments: dict, targets: tuple, user: str, dice: DiceSource, document: dict | None):
        super().__init__(arguments, targets, user, dice)
        pools = document or {}
        self.momentum = pools.get("momentum", {}).get("tokens", 0)
        self.chaos = pools.get("chaos", {}).get("tokens", 0)

    def skill_test(self, target: Mapping, skill: str, style: str, difficulty: int = 1, focus: str | None = None,
                   label: str = "") -> SkillTest:
        """``target`` tests skill + style (and focus) of its sheet at ``difficulty`` (Skill Test); no pool pays or banks."""
        if not 0 <= difficulty <= MAX_DIFFICULTY:
            raise MacroError(f"a difficulty is 0 to {MAX_DIFFICULTY}, not {difficulty}")
        for key, table, name in (("skill", "skills", skill), ("style", "styles", style), ("focus", "focuses", focus)):
            if name is not None and name not in target[table]:
                raise MacroError(f"{target['name']} has no {key} {name!r}")
        aim = Target(target["skills"][skill], target["styles"][style], target["focuses"][focus] if focus else None)
        test = roll_skill_test(aim, difficulty, dice=self._dice)
        self.rolled(label or f"{target['name']}: {skill} + {style}", target["actor_id"], dump(TwoD20SkillTest, test))
        return test

    def stress(self, target: Mapping, damage: int) -> None:
        """Records ``damage`` dealt to ``target``, through its armor as a hit is (Combat)."""
        if not isinstance(damage, int) or isinstance(damage, bool) or damage < 0:
            raise MacroError(f"damage is a whole number of at least 0, not {damage!r}")
        self._record("stress", target["actor_id"], damage=damage)


def _table(arguments: dict, targets: Targets, user: str, dice: DiceSource) -> TwoD20Table:
    return TwoD20Table(arguments, targets.targets, user, dice, targets.context)


def _apply(work, _request: dict, record: dict, _targets: Targets) -> dict:
    """The Stress recorded, each hit through the target's armor, in one change of the state document."""
    if not record["effects"]:
        return {"effects": [], "tokens": [], "awards": [], "moments": None}

    def change(before):
        after = state.copied(before)
        made = [{**effect, "hit": dump(TwoD20HitWorking, state.take_hit_in(after, effect["token_id"], effect["damage"], 0, None))}
                for effect in record["effects"]]
        return after, made

    try:
        made = change_state(work, NAME, change)
    except ValueError as refused:
        raise EffectRefused(f"the rules refused an effect: {refused}") from None
    return {"effects": made, "tokens": [], "awards": [], "moments": None}


HOOK = registered_characters(NAME, _table, _apply)
