"""The API a world's scripts import (``from bridge.scripting.api import ...``).

A script declares macros with :func:`macro` and house rules with
:func:`house_rule` and :func:`dials`. A macro is ``run(table) -> None``:
``table`` is the :class:`Table` of the world's rule system (its scripting
hook, ``bridge.scripting.hooks``): it shows the targets, rolls with the
system's rules, and *records* effects. Nothing a macro records is applied
until it returns; one that raises or runs out of time applies nothing. See
docs/scripting.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from marshmallow import Schema

from ..rules.dice import DiceSource

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


class Who(str, Enum):
    """Who may run a macro."""

    GM = "gm"  # the GM only
    OWNER = "owner"  # anyone, on tokens of actors they own (the GM: any)
    TABLE = "table"  # anyone at the table


class Hook(str, Enum):
    """The rules' hook points a house rule may take over (Moment of Truth's: a world of another system loads them unused)."""

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
    """What a running macro sees and does, in a world of any rule system.
    ``arguments``: its arguments as its schema loaded them; ``targets``: what
    it was run on (read-only, in the order sent; each system says what they
    are); ``user``: who ran it. Each rule system's table (its scripting hook,
    docs/scripting.md) adds that system's own rolls and effects."""

    #: The rule system whose table this is.
    system = ""

    def __init__(self, arguments: dict, targets: tuple, user: str, dice: DiceSource):
        self.arguments, self.targets, self.user = arguments, targets, user
        self._dice = CountedDice(dice)
        self.rolls: list[dict] = []
        self.effects: list[dict] = []
        self.awards: list[dict] = []
        self.said: list[str] = []
        self._output = 0

    def roll(self, count: int, sides: int = 6, label: str = "") -> list[int]:
        """``count`` dice of ``sides`` sides, shown on the card."""
        if not 2 <= sides <= SIDES_MAX:
            raise MacroError(f"a die has 2 to {SIDES_MAX} sides, not {sides}")
        faces = self._dice.roll(count, sides)
        self.rolls.append({"label": label, "kind": "dice", "sides": sides, "faces": faces})
        return faces

    def say(self, text: str) -> None:
        """A line on the macro's chat card."""
        self._count_output(len(text))
        self.said.append(str(text))

    def rolled(self, label: str, target_id: str | None, roll: dict, kind: str = "roll") -> None:
        """A roll by the system's rules, shown on the card with its faces (for a system's table)."""
        shown = {"label": label, "kind": kind, kind: roll}
        if target_id is not None:
            shown["token_id"] = target_id
        self.rolls.append(shown)

    def _record(self, effect: str, target_id: str, **details: Any) -> None:
        """An effect on one of the targets, made when the macro returns (for a system's table)."""
        if target_id not in {self.target_id(target) for target in self.targets}:
            raise MacroError(f"{target_id!r} is not among the macro's targets")
        self._check_room()
        self.effects.append({"effect": effect, "token_id": target_id, **details})

    @staticmethod
    def target_id(target: Any) -> str:
        """A target's id: a token's, or a character's actor id."""
        return getattr(target, "token_id", None) or target["actor_id"]

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
