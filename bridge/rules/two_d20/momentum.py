"""The party's Momentum pool (Rules, Momentum; Rounds & Zones; Scenes).

Pools are frozen: every change returns the pool after it and a
``PoolChange`` saying what happened. Momentum "may be spent immediately
after a successful skill test"; when is the table's call, not checked here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ..refusal import RulesRefusal
from .skill_tests import extra_dice_cost

BASE_CAP = 6


class MomentumSpend(str, Enum):
    """What Momentum (and the GM's Chaos, through NPCs) buys."""

    EXTRA_DICE = "extra_dice"  # 1, 3, 6 for +1, +2, +3 d20
    BONUS_DAMAGE = "bonus_damage"  # 1 per +1 damage
    TRAIT = "trait"  # 2, after a successful skill test
    QUESTION = "question"  # 1 per truthful answer
    COUNTER_ATTACK = "counter_attack"  # 2, after a successful defence (Combat)
    SPECIAL_MOVE = "special_move"  # the GM prices it


def spend_cost(spend: MomentumSpend, amount: int = 1) -> int:
    """The price of ``amount`` of ``spend``: d20s bought, damage points,
    questions; traits and counter-attacks cost 2 each; a special move costs
    what the GM says (``amount``)."""
    if amount < 1:
        raise RulesRefusal(f"spend at least 1, not {amount}")
    if spend is MomentumSpend.EXTRA_DICE:
        return extra_dice_cost(amount)
    if spend in (MomentumSpend.TRAIT, MomentumSpend.COUNTER_ATTACK):
        return 2 * amount
    return amount


@dataclass(frozen=True)
class PoolChange:
    """One change of a pool: before, after, why, and tokens lost to a cap."""

    pool: str
    before: int
    after: int
    reason: str
    lost: int = 0


class NotEnough(RulesRefusal):
    """A pool asked to pay more than it holds."""


@dataclass(frozen=True)
class Momentum:
    """The party's shared tokens; ``players`` sets the cap."""

    tokens: int
    players: int

    def __post_init__(self) -> None:
        if self.players < 1:
            raise RulesRefusal(f"a party has at least one player, not {self.players}")
        if not 0 <= self.tokens <= self.cap:
            raise RulesRefusal(f"Momentum is 0 to {self.cap}, not {self.tokens}")

    @property
    def cap(self) -> int:
        """Up to 6 or twice the number of players, the higher."""
        return max(BASE_CAP, 2 * self.players)

    def gain(self, tokens: int, reason: str = "extra successes") -> tuple[Momentum, PoolChange]:
        """Add tokens; those above the cap are lost."""
        if tokens < 0:
            raise RulesRefusal(f"cannot gain {tokens} Momentum")
        after = min(self.cap, self.tokens + tokens)
        return self._to(after, reason, lost=self.tokens + tokens - after)

    def spend(self, spend: MomentumSpend, amount: int = 1) -> tuple[Momentum, PoolChange]:
        cost = spend_cost(spend, amount)
        if cost > self.tokens:
            raise NotEnough(f"{spend.value} costs {cost} Momentum; the pool holds {self.tokens}")
        return self._to(self.tokens - cost, f"{spend.value} x{amount} for {cost}")

    def end_of_scene(self) -> tuple[Momentum, PoolChange]:
        return self._to(max(0, self.tokens - 1), "end of scene: 1 Momentum lost")

    def end_of_round(self) -> tuple[Momentum, PoolChange]:
        return self._to(max(0, self.tokens - 1), "end of round: 1 Momentum lost")

    def _to(self, after: int, reason: str, lost: int = 0) -> tuple[Momentum, PoolChange]:
        return replace(self, tokens=after), PoolChange("momentum", self.tokens, after, reason, lost)
