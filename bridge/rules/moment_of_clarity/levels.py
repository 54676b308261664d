"""The six levels of success against a target number (Levels of success;
docs/rules/moment_of_clarity.md, Levels of success)."""

from __future__ import annotations

from enum import Enum, IntEnum

from ..judging import check_tn
from ..refusal import RulesRefusal


class Difficulty(IntEnum):
    """The TNs the text names: standard 7, difficult 9, very difficult 11+."""

    STANDARD = 7
    DIFFICULT = 9
    VERY_DIFFICULT = 11


class Level(str, Enum):
    SPECTACULAR_FAILURE = "spectacular_failure"
    FAILURE = "failure"
    NEAR_SUCCESS = "near_success"
    MARGINAL_SUCCESS = "marginal_success"
    SUCCESS = "success"
    OUTSTANDING_SUCCESS = "outstanding_success"

    @property
    def successes(self) -> int:
        """What the text counts as successes: near 1 ... outstanding 4."""
        return max(0, LEVELS.index(self) - 1)

    @property
    def succeeded(self) -> bool:
        return self.successes > 0

    @property
    def words(self) -> str:
        return self.value.replace("_", " ")


LEVELS = tuple(Level)
OUTSTANDING_AT = 3  # TN+3 or more


def level_for(effect_number: int, tn: int, shows_one: bool, opponent_shifts: bool = False) -> Level:
    """EN < TN failure; TN near success, each level one higher, TN+3 or more
    outstanding. A failure is spectacular with a natural 1 showing, or when
    an opponent plays an Effect Modifier to shift it."""
    check_tn(tn)
    if effect_number < tn:
        return Level.SPECTACULAR_FAILURE if shows_one or opponent_shifts else Level.FAILURE
    return level_of_successes(1 + min(effect_number - tn, OUTSTANDING_AT))


def level_of_successes(successes: int) -> Level:
    """The level that many successes make (0 is a plain failure)."""
    if successes < 0:
        raise RulesRefusal(f"successes cannot be negative: {successes}")
    return LEVELS[1 + min(successes, 4)]
