"""Traits (Rules, Traits): about an object, character, event or location,
they allow or prevent actions (the GM's call) and raise or lower a skill
test's difficulty. The text gives no size: each trait carries the change
the GM set for it, and the sum is kept within difficulty 0-5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..refusal import RulesRefusal
from .skill_tests import MAX_DIFFICULTY, check_difficulty


class TraitSubject(str, Enum):
    OBJECT = "object"
    CHARACTER = "character"
    EVENT = "event"
    LOCATION = "location"


@dataclass(frozen=True)
class Trait:
    name: str
    about: TraitSubject
    difficulty: int = 0  # + harder, - easier, for the tests it bears on

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesRefusal("a trait needs a name")


@dataclass(frozen=True)
class Difficulty:
    """The GM's difficulty, the traits bearing on the test, and the result."""

    base: int
    traits: tuple[Trait, ...]
    value: int

    @property
    def explanation(self) -> list[str]:
        lines = [f"difficulty {self.base} set by the GM"]
        lines += [f"{trait.name} ({trait.about.value}): {trait.difficulty:+d}" for trait in self.traits]
        raw = self.base + sum(trait.difficulty for trait in self.traits)
        kept = f" (kept within 0 to {MAX_DIFFICULTY} from {raw})" if raw != self.value else ""
        lines.append(f"difficulty {self.value}{kept}")
        return lines


def difficulty_with_traits(base: int, traits: Sequence[Trait] = ()) -> Difficulty:
    check_difficulty(base)
    raw = base + sum(trait.difficulty for trait in traits)
    return Difficulty(base, tuple(traits), min(MAX_DIFFICULTY, max(0, raw)))
