"""Dice sources: the only randomness the rules see, injected by the caller."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

#: Hard cap on dice in one roll, so no request can ask for a million d6.
#: The largest pool the book prints, falling's 285d6 (ch. 8), fits.
MAX_DICE_PER_ROLL = 300


class TooManyDice(ValueError):
    """A roll asked for more than MAX_DICE_PER_ROLL dice."""


class DiceSource(Protocol):
    """Anything that can roll ``count`` dice of ``sides`` sides."""

    def roll(self, count: int, sides: int) -> list[int]: ...


def check_count(count: int) -> None:
    """Refuse a negative count or one above MAX_DICE_PER_ROLL."""
    if count < 0:
        raise ValueError(f"cannot roll {count} dice")
    if count > MAX_DICE_PER_ROLL:
        raise TooManyDice(f"{count} dice is more than the {MAX_DICE_PER_ROLL} allowed in one roll")


class RandomDice:
    """Fair dice from the operating system's random source."""

    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def roll(self, count: int, sides: int) -> list[int]:
        check_count(count)
        return [self._random.randint(1, sides) for _ in range(count)]


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
            raise ValueError(f"fixed faces {bad} are not on a d{sides}")
        self._next += count
        return faces
