"""Fate: chips penalized for play that hurts the story, and experience chips
from the players' secret nominations after a session.

"If multiple PCs nominate the same character they should receive an
experience chip": a character nominated by two or more other characters gets
one white chip (the text calls them XP chips and gives no colour; a white
chip is worth 1, the least, docs/rules/moment_of_clarity.md). A character
nominates once a session, and not itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ..refusal import RulesRefusal

#: Nominations that earn an experience chip.
NOMINATIONS_FOR_A_CHIP = 2


def nominate(nominations: Mapping[str, str], nominator: str, nominee: str) -> dict[str, str]:
    """``nominator``'s one nomination of the session (nominator -> nominee)."""
    if nominator == nominee:
        raise RulesRefusal("a character nominates another, not itself")
    if nominator in nominations:
        raise RulesRefusal(f"{nominator} has nominated this session")
    return {**nominations, nominator: nominee}


def experience_chips(nominations: Mapping[str, str]) -> list[str]:
    """The characters nominated by at least two others, each earning an experience chip."""
    counted = Counter(nominations.values())
    return sorted(nominee for nominee, count in counted.items() if count >= NOMINATIONS_FOR_A_CHIP)
