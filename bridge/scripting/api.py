"""The API a world's scripts import (``from bridge.scripting.api import ...``).

A script declares macros with :func:`macro` and house rules with
:func:`house_rule` and :func:`dials`. A macro is ``run(table) -> None``:
``table`` (a :class:`Table`) shows the targets and the world's dials, rolls
with the world's rules, and *records* effects. Nothing a macro records is
applied until it returns; one that raises or runs out of time applies
nothing. See docs/scripting.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from marshmallow import Schema

from ..rules.dice import DiceSource
from ..rules.moment_of_truth import RollKind, resolve_roll
from ..rules.moment_of_truth.conditions import Condition, skill_penalties
from ..rules.moment_of_truth.damage import DamageDice, DamageResult, roll_damage
from ..rules.moment_of_truth.dials import Dials
from ..rules.moment_of_truth.rolls import SIDES, RollResult
from ..rules.moment_of_truth.statistics import Statistic
from ..rules.moment_of_truth.tokens import TokenState

#: Bumped when a change would break an existing script.
API_VERSION = 1
#: Most effects one macro may record.
EFFECTS_MAX = 200
#: Most characters a macro may say (``say``) or print, all told.
OUTPUT_MAX_CHARS = 4000
#: Most dice one macro may roll, all told.
DICE_MAX = 1000
#: Most sides a die rolled with ``roll`` may have.
SIDES_MAX = 1000
#: Most starting dice of a fire a macro may start (ch. 8's largest fire is far smaller).
FIRE_DICE_MAX = 30


class Who(str, Enum):
    """Who may run a macro."""

    GM = "gm"  # the GM only
    OWNER = "owner"  # anyone, on tokens of actors they own (the GM: any)
    TABLE = "table"  # anyone at the table


class Hook(str, Enum):
    """The rules' hook points a house rule may take over."""

    HIT_POINTS = "hit_points"  # hit_points(endurance) -> int, instead of base + per_endurance x Endurance
    REACTION_TIME = "reaction_time"  # reaction_time(agility, will, perception) -> int, the dice initiative rolls


class MacroError(Exception):
    """A macro broke one of the API's limits or asked for something impossible."""


@dataclass(frozen=True)
class Macro:
    name: str
    description: str
    arguments: type[Schema]
    who: Who
    run: Callable[[Table], None]


@dataclass
class Declared:
    """What loading one script declared."""

    macros: list[Macro]
    hooks: dict[Hook, Callable]
    dials: dict[str, Any]


#: What the script being loaded declares (set by the loader around each file).
declaring: Declared | None = None


def _declared() -> Declared:
    if declaring is None:
        raise MacroError("macros and house rules are declared when the world's scripts load")
    return declaring


class NoArguments(Schema):
    """A macro that takes no arguments."""


def macro(name: str, description: str, arguments: type[Schema] = NoArguments, who: Who = Who.GM):
    """Declare ``run(table)`` as the macro ``name`` (letters, digits, ``_ . : -``)."""

    def declare(run: Callable[[Table], None]) -> Callable[[Table], None]:
        _declared().macros.append(Macro(name, description, arguments, Who(who), run))
        return run

    return declare


def house_rule(hook: Hook):
    """Declare ``rule`` as the world's rule at ``hook``."""

    def declare(rule: Callable) -> Callable:
        _declared().hooks[Hook(hook)] = rule
        return rule

    return declare


def dials(**values: Any) -> None:
    """Set some of the world's dials (``settings.update``'s names and checks)."""
    _declared().dials.update(values)


class CountedDice:
    """``dice`` rolling at most ``DICE_MAX`` dice in all."""

    def __init__(self, dice: DiceSource):
        self._dice, self.rolled = dice, 0

    def roll(self, count: int, sides: int) -> list[int]:
        self.rolled += count
        if self.rolled > DICE_MAX:
            raise MacroError(f"a macro rolls at most {DICE_MAX} dice")
        return self._dice.roll(count, sides)


class Table:
    """What a running macro sees and does. ``arguments``: its arguments as
    its schema loaded them; ``targets``: the tokens it was run on (read-only
    states, in the order sent); ``dials``: the world's settings; ``user``:
    who ran it."""

    def __init__(self, arguments: dict, targets: tuple[TokenState, ...], dials: Dials, user: str, dice: DiceSource):
        self.arguments, self.targets, self.dials, self.user = arguments, targets, dials, user
        self._dice = CountedDice(dice)
        self.rolls: list[dict] = []
        self.effects: list[dict] = []
        self.awards: list[dict] = []
        self.said: list[str] = []
        self._output = 0

    # -- rolling ----------------------------------------------------------

    def roll(self, count: int, sides: int = SIDES, label: str = "") -> list[int]:
        """``count`` dice of ``sides`` sides, shown on the card."""
        if not 2 <= sides <= SIDES_MAX:
            raise MacroError(f"a die has 2 to {SIDES_MAX} sides, not {sides}")
        faces = self._dice.roll(count, sides)
        self.rolls.append({"label": label, "kind": "dice", "sides": sides, "faces": faces})
        return faces

    def skill_roll(
        self, target: TokenState, statistic: str, skill: str | None = None, difficulty: int = 0, label: str = ""
    ) -> RollResult:
        """``target`` rolls ``statistic`` (with ``skill`` at its level; unskilled
        when it lacks it) at the world's TN + ``difficulty`` (ch. 1), its
        conditions' skill penalties on the pool (ch. 7: never on a statistic roll)."""
        rolled = Statistic(statistic)
        value = target.statistics[rolled]
        if skill is None:
            kind, level = RollKind.STATISTIC, None
        else:
            level = target.skills.get(skill)
            kind = RollKind.SKILL if level is not None else RollKind.UNSKILLED
        penalties = skill_penalties(target.present, rolled, self.dials)
        result = resolve_roll(kind, value, level, self.dials.default_tn, difficulty, penalties, dice=self._dice,
                              setbacks=self.dials.setbacks)
        self.rolls.append({"label": label or f"{target.name}: {statistic}", "kind": "roll", "token_id": target.token_id,
                           "roll": result.to_dict()})
        return result

    def damage(self, notation: str, damage_reduction: int = 0, label: str = "") -> DamageResult:
        """A damage roll such as ``"5d6 (3,4)"`` through ``damage_reduction`` (ch. 7)."""
        result = roll_damage(DamageDice.parse(notation), damage_reduction, dice=self._dice)
        self.rolls.append({"label": label or notation, "kind": "damage", "damage": result.to_dict()})
        return result

    # -- effects, applied when the macro returns --------------------------

    def hurt(self, target: TokenState, minor: int = 0, serious: int = 0) -> None:
        """Damage taken, as ``token.damage`` takes it."""
        self._record("hurt", target, minor=_count(minor), serious=_count(serious))

    def heal(self, target: TokenState, minor: int = 0, serious: int = 0) -> None:
        """Damage healed, as ``token.heal`` heals it."""
        self._record("heal", target, minor=_count(minor), serious=_count(serious))

    def set_condition(self, target: TokenState, condition: str, source: str = "macro", rounds: int | None = None) -> None:
        """A condition set as ``token.condition.set`` sets it (``rounds``: it ends after that many of its turns)."""
        self._record("set_condition", target, condition=Condition(condition).value, source=source, rounds=rounds)

    def clear_condition(self, target: TokenState, condition: str, source: str | None = None) -> None:
        """A condition cleared as ``token.condition.clear`` clears it."""
        self._record("clear_condition", target, condition=Condition(condition).value, source=source)

    def ignite(self, target: TokenState, starting_dice: int, grease: bool = False) -> None:
        """The token catches fire, as ``hazard.fire.ignite`` starts one (ch. 8)."""
        if not 1 <= starting_dice <= FIRE_DICE_MAX:
            raise MacroError(f"a fire starts with 1 to {FIRE_DICE_MAX} dice, not {starting_dice}")
        self._record("ignite", target, starting_dice=starting_dice, grease=bool(grease))

    def award(self, player: str, moments: int, reason: str) -> None:
        """Moments of Truth awarded to ``player`` for role-playing, as the GM's
        ``moments.award`` awards them (ch. 5); only a macro the GM runs may."""
        self._check_room()
        if not isinstance(moments, int) or moments < 1:
            raise MacroError(f"an award is a whole number of Moments of Truth, at least 1, not {moments!r}")
        self.awards.append({"player": str(player), "moments": moments, "reason": str(reason)})

    def say(self, text: str) -> None:
        """A line on the macro's chat card."""
        self._count_output(len(text))
        self.said.append(str(text))

    def _record(self, effect: str, target: TokenState, **details: Any) -> None:
        if target.token_id not in {t.token_id for t in self.targets}:
            raise MacroError(f"{target.token_id!r} is not among the macro's targets")
        self._check_room()
        self.effects.append({"effect": effect, "token_id": target.token_id, **details})

    def _check_room(self) -> None:
        """Effects and awards count together towards ``EFFECTS_MAX``."""
        if len(self.effects) + len(self.awards) >= EFFECTS_MAX:
            raise MacroError(f"a macro records at most {EFFECTS_MAX} effects")

    def _count_output(self, chars: int) -> None:
        self._output += chars
        if self._output > OUTPUT_MAX_CHARS:
            raise MacroError(f"a macro says and prints at most {OUTPUT_MAX_CHARS} characters")

    def record(self) -> dict:
        """Everything the macro rolled, recorded and said."""
        return {"rolls": self.rolls, "effects": self.effects, "awards": self.awards, "said": self.said,
                "dice_rolled": self._dice.rolled}


def _count(value: int) -> int:
    if not isinstance(value, int) or value < 0:
        raise MacroError(f"damage is a whole number of at least 0, not {value!r}")
    return value
