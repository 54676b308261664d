"""Trumping a play (Trump (Advanced)).

A suited card is trumped only by a suited, higher card or by a chip; a
suited card trumps any related or off-suit card, a related card an off-suit
one; within a class the higher value wins and a tie trumps nothing. Any card
trumps any number of beads, which come back to a character who played them
in the Elements of its archetype. Left to the GM, and read here: a played
chip is trumped only by a higher chip; beads trump nothing."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suiting
from .chips import Chip

ORDER = (Suiting.OFF_SUIT, Suiting.RELATED, Suiting.ON_SUIT)


@dataclass(frozen=True)
class CardPlay:
    card: Card
    suiting: Suiting


@dataclass(frozen=True)
class ChipPlay:
    chip: Chip


@dataclass(frozen=True)
class BeadPlay:
    """``in_archetype``: played in the primary or a secondary Element of the
    player's archetype."""

    beads: int
    in_archetype: bool = False


Play = CardPlay | ChipPlay | BeadPlay


@dataclass(frozen=True)
class Trump:
    trumps: bool
    beads_returned: int
    reason: str


def trump(challenger: Play, standing: Play) -> Trump:
    """Whether ``challenger`` trumps the ``standing`` play, and the beads
    the standing player gets back."""
    if isinstance(challenger, BeadPlay):
        return Trump(False, 0, "beads trump nothing")
    if isinstance(standing, BeadPlay):
        if isinstance(challenger, ChipPlay):
            return Trump(True, 0, "a chip trumps beads")
        back = standing.beads if standing.in_archetype else 0
        reason = "a card trumps any number of beads"
        return Trump(True, back, reason + (", which were played in archetype and come back" if back else ""))
    if isinstance(standing, ChipPlay):
        higher = isinstance(challenger, ChipPlay) and challenger.chip.worth > standing.chip.worth
        return Trump(higher, 0, "only a higher chip trumps a chip")
    if isinstance(challenger, ChipPlay):
        return Trump(True, 0, "a chip trumps a card")
    mine, theirs = _strength(challenger), _strength(standing)
    if mine[0] != theirs[0]:
        reason = f"{challenger.suiting.value} against {standing.suiting.value}"
    else:
        reason = f"both {standing.suiting.value}: {challenger.card.rank} against {standing.card.rank}"
    return Trump(mine > theirs, 0, reason)


def _strength(play: CardPlay) -> tuple[int, int]:
    return ORDER.index(play.suiting), play.card.rank
