"""The GM's Chaos pool (Rules, Chaos). The text sets no cap.

Chaos grows when players buy d20s with it (1, 3, 6), prevent a complication
(2 each) or, at the GM's discretion, when the story turns extreme; the GM
spends it through NPCs as Momentum is spent, and on traits (2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..refusal import RulesRefusal
from .momentum import MomentumSpend, NotEnough, PoolChange, spend_cost
from .skill_tests import extra_dice_cost

PER_PLAYER = 2
PREVENT_COMPLICATION = 2


@dataclass(frozen=True)
class Chaos:
    tokens: int

    def __post_init__(self) -> None:
        if self.tokens < 0:
            raise RulesRefusal(f"Chaos cannot be negative: {self.tokens}")

    @classmethod
    def at_start(cls, players: int) -> Chaos:
        """2 Chaos per player."""
        if players < 1:
            raise RulesRefusal(f"a party has at least one player, not {players}")
        return cls(PER_PLAYER * players)

    def dice_bought(self, extra: int) -> tuple[Chaos, PoolChange]:
        cost = extra_dice_cost(extra)
        return self._to(self.tokens + cost, f"a player bought +{extra}d20 for {cost} Chaos")

    def complications_prevented(self, count: int = 1) -> tuple[Chaos, PoolChange]:
        if count < 1:
            raise RulesRefusal(f"prevent at least one complication, not {count}")
        gained = PREVENT_COMPLICATION * count
        return self._to(self.tokens + gained, f"{count} complication(s) prevented for {gained} Chaos")

    def generated(self, tokens: int, reason: str) -> tuple[Chaos, PoolChange]:
        """Extreme scenarios in the narrative, at the GM's discretion."""
        if tokens < 1 or not reason.strip():
            raise RulesRefusal("the GM adds at least 1 Chaos and says why")
        return self._to(self.tokens + tokens, reason)

    def spend(self, spend: MomentumSpend, amount: int = 1) -> tuple[Chaos, PoolChange]:
        """The GM spends as Momentum is spent (through NPCs), or 2 per trait."""
        cost = spend_cost(spend, amount)
        if cost > self.tokens:
            raise NotEnough(f"{spend.value} costs {cost} Chaos; the pool holds {self.tokens}")
        return self._to(self.tokens - cost, f"GM: {spend.value} x{amount} for {cost}")

    def _to(self, after: int, reason: str) -> tuple[Chaos, PoolChange]:
        return replace(self, tokens=after), PoolChange("chaos", self.tokens, after, reason)
