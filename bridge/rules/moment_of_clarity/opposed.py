"""Opposed actions: successes rolled in secret, declared and spent
(Opposed Actions).

Each side rolls in secret and counts successes (near success 1 ...
outstanding 4: docs/rules/moment_of_clarity.md, Levels of success). The active side declares some of them; the
resisting side reveals how many levels it takes off; neither may declare
more than it rolled, and both may save what is left for later in the same
action (the text's Coulard example)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..refusal import RulesRefusal
from .rolls import Roll


@dataclass(frozen=True)
class SecretSuccesses:
    """A side's successes this action: ``rolled`` in secret, ``spent`` so far."""

    holder: str
    rolled: int
    spent: int = 0

    def __post_init__(self) -> None:
        if self.rolled < 0 or not 0 <= self.spent <= self.rolled:
            raise RulesRefusal(f"{self.holder}: {self.spent} spent of {self.rolled} rolled")

    @classmethod
    def of_roll(cls, holder: str, rolled: Roll) -> SecretSuccesses:
        """The successes a side's secret roll counts."""
        return cls(holder, rolled.successes)

    @property
    def left(self) -> int:
        return self.rolled - self.spent

    def spend(self, count: int) -> SecretSuccesses:
        if count < 0:
            raise RulesRefusal(f"{self.holder} cannot declare {count} successes")
        if count > self.left:
            raise RulesRefusal(f"{self.holder} declared {count} successes with only {self.left} left to declare")
        return replace(self, spent=self.spent + count)


@dataclass(frozen=True)
class Exchange:
    """One declaration against one resistance: the levels that get through."""

    active: SecretSuccesses
    resisting: SecretSuccesses
    declared: int
    resisted: int

    @property
    def net(self) -> int:
        return max(0, self.declared - self.resisted)

    @property
    def explanation(self) -> str:
        return (
            f"{self.active.holder} declares {self.declared}, {self.resisting.holder} takes off {self.resisted}: "
            f"{self.net} through ({self.active.left} saved, {self.resisting.left} saved)"
        )


def oppose(active: SecretSuccesses, declared: int, resisting: SecretSuccesses, resisted: int) -> Exchange:
    """Spend ``declared`` of the active side's and ``resisted`` of the
    resisting side's successes; what is left stays with each for later."""
    return Exchange(active.spend(declared), resisting.spend(resisted), declared, resisted)
