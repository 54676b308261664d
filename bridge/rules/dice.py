"""Dice sources: the only randomness the rules see, injected by the caller."""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from .refusal import RulesRefusal

#: Hard cap on dice in one roll, so no request can ask for a million d6.
#: The largest pool the book prints, falling's 285d6 (ch. 8), fits.
MAX_DICE_PER_ROLL = 300


class TooManyDice(RulesRefusal):
    """A roll asked for more than MAX_DICE_PER_ROLL dice."""


@dataclass(frozen=True)
class CountedDie:
    """One die rolled and how its rule system counted it (``counts_as``: a
    ``str`` enum of that system's), as a card shows it."""

    face: int
    counts_as: Enum


class DiceSource(Protocol):
    """Anything that can roll ``count`` dice of ``sides`` sides."""

    def roll(self, count: int, sides: int) -> list[int]: ...


def check_count(count: int) -> None:
    """Refuse a negative count or one above MAX_DICE_PER_ROLL."""
    if count < 0:
        raise RulesRefusal(f"cannot roll {count} dice")
    if count > MAX_DICE_PER_ROLL:
        raise TooManyDice(f"{count} dice is more than the {MAX_DICE_PER_ROLL} allowed in one roll")


class RandomDice:
    """Fair dice from the operating system's random source, read once per
    roll: each die is a byte (two for more than 256 sides), its face the
    byte modulo ``sides`` plus 1. The few highest values, which would favour
    the low faces, are drawn again."""

    def roll(self, count: int, sides: int) -> list[int]:
        check_count(count)
        if sides < 1:
            raise RulesRefusal(f"a die has at least one side, not {sides}")
        width = max(1, ((sides - 1).bit_length() + 7) // 8)  # bytes per die
        span = 256**width
        fair = span - span % sides  # values below this fall evenly on every face
        faces: list[int] = []
        while len(faces) < count:
            drawn = os.urandom((count - len(faces)) * width)
            values = drawn if width == 1 else [int.from_bytes(drawn[i : i + width]) for i in range(0, len(drawn), width)]
            faces += [value % sides + 1 for value in values if value < fair]
        return faces


class SeededDice:
    """Fair dice from a generator seeded with ``seed``: the same seed gives
    the same faces (a simulation that can be repeated)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, count: int, sides: int) -> list[int]:
        check_count(count)
        return [self._random.randint(1, sides) for _ in range(count)]


class FixedDice:
    """Hands out the given faces in order; for tests and replays."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    @property
    def remaining(self) -> int:
        """Faces not yet handed out."""
        return len(self._faces) - self._next

    def roll(self, count: int, sides: int) -> list[int]:
        check_count(count)
        if count > self.remaining:
            raise RuntimeError(f"fixed dice exhausted: asked for {count}, {self.remaining} left")
        faces = self._faces[self._next : self._next + count]
        bad = [face for face in faces if not 1 <= face <= sides]
        if bad:
            raise RulesRefusal(f"fixed faces {bad} are not on a d{sides}")
        self._next += count
        return faces
