"""Experience (ch. 11): each character's balance of experience points, the
GM's awards each session, experience spent to raise a skill or statistic at
the advancement tables' costs (``advancement``), and unspent Moments of
Truth bought back for experience.

An account is frozen: every change returns the account after it and the
``ExperienceEntry`` it recorded. The book sets no cap on an award (it
suggests up to 3 a session for slow advancement, 5-8 for fast), so the GM
gives any whole number of at least 1 with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..refusal import RulesRefusal
from .advancement import AdvancementCost, moment_buyback
from .dials import Dials


class NotEnoughExperience(RulesRefusal):
    """A raise costs more experience than the character has."""


class ExperienceKind(str, Enum):
    AWARD = "award"  # the GM's award for a session (Awarding Experience)
    BUYBACK = "buyback"  # unspent Moments of Truth bought back
    RAISE = "raise"  # spent on a skill or statistic (the advancement tables)


@dataclass(frozen=True)
class ExperienceEntry:
    """One change of a character's experience: ``change`` gained (+) or spent (-), the balance after."""

    kind: ExperienceKind
    change: int
    balance: int
    reason: str

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExperienceEntry:
        return cls(ExperienceKind(data["kind"]), data["change"], data["balance"], data["reason"])


@dataclass(frozen=True)
class ExperienceAccount:
    """A character's experience points and how they came and went."""

    balance: int = 0
    history: tuple[ExperienceEntry, ...] = ()

    def award(self, experience: int, reason: str) -> tuple[ExperienceAccount, ExperienceEntry]:
        """The GM's award (Awarding Experience): at least 1, with a reason."""
        if experience < 1:
            raise RulesRefusal(f"an award is at least 1 experience point, not {experience}")
        if not reason.strip():
            raise RulesRefusal("an award needs a reason")
        return self._changed(ExperienceKind.AWARD, experience, reason)

    def buy_back(self, moments: int, dials: Dials) -> tuple[ExperienceAccount, ExperienceEntry]:
        """Unspent Moments of Truth bought back at the world's rate (``Dials.moment_buyback_xp`` each)."""
        if moments < 1:
            raise RulesRefusal(f"buy back at least 1 Moment of Truth, not {moments}")
        return self._changed(ExperienceKind.BUYBACK, moment_buyback(moments, dials), f"{moments} unspent Moments of Truth bought back")

    def raise_by(self, cost: AdvancementCost) -> tuple[ExperienceAccount, ExperienceEntry]:
        """Experience spent on a raise: refused when the balance falls short."""
        if cost.experience > self.balance:
            raise NotEnoughExperience(f"{cost.name} {cost.current} -> {cost.desired} costs {cost.experience} experience; "
                                      f"the character has {self.balance}")
        start = "none" if cost.current is None else cost.current
        return self._changed(ExperienceKind.RAISE, -cost.experience, f"{cost.name} {start} -> {cost.desired}")

    def _changed(self, kind: ExperienceKind, change: int, reason: str) -> tuple[ExperienceAccount, ExperienceEntry]:
        entry = ExperienceEntry(kind, change, self.balance + change, reason)
        return ExperienceAccount(entry.balance, (*self.history, entry)), entry

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ExperienceAccount:
        if not data:
            return cls()
        return cls(data["balance"], tuple(ExperienceEntry.from_dict(entry) for entry in data["history"]))
