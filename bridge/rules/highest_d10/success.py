"""Success and Failure: a skill roll's total against its target number, as
docs/rules/highest_d10.md reads the text.

- success: total >= TN;
- partial success: total >= 3/4 of the TN (failed by no more than 25%);
- solid success: total > 3/2 of the TN (more than 50% over);
- a majority of 1s is an automatic failure and all 1s a botch, whatever the
  total (Skill Rolls; only in stressful situations, which ``rolls`` decides).

Left to the GM: whether a partial success is the lower result of the attempt
or a minor failure, whether the attempt could be "performed less well" at all
(a chasm is not a sand pit), and how much a solid success improves the result.
The text's advice to let an Intelligence or Perception roll show whether a
character realizes the potential of long work is a roll like any other.
Thresholds are compared in exact integers, never in floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import NamedTuple

from ..judging import check_tn


class Mishap(str, Enum):
    """What the 1s did, before the total is looked at (Skill Rolls; Rolling Zero Dice)."""

    AUTOMATIC_FAILURE = "automatic_failure"  # more than half the dice show 1
    BOTCH = "botch"  # every die shows 1, or a zero-dice roll shows 2
    WORSE_BOTCH = "worse_botch"  # a zero-dice roll shows 1: "worse than a normal botch"


class Degree(str, Enum):
    """How well the attempt went, best first; each roll has exactly one."""

    SOLID_SUCCESS = "solid_success"
    SUCCESS = "success"
    PARTIAL_SUCCESS = "partial_success"
    FAILURE = "failure"
    AUTOMATIC_FAILURE = "automatic_failure"
    BOTCH = "botch"

    @property
    def succeeded(self) -> bool:
        """A success or a solid success; a partial success is not one."""
        return self in (Degree.SOLID_SUCCESS, Degree.SUCCESS)


@dataclass(frozen=True)
class Verdict:
    """The degree and the thresholds it was judged against."""

    degree: Degree
    tn: int
    total: int
    mishap: Mishap | None

    @property
    def partial_at(self) -> Fraction:
        """The least total that is a partial success: 3/4 of the TN."""
        return Fraction(3 * self.tn, 4)

    @property
    def solid_above(self) -> Fraction:
        """A total above this is a solid success: 3/2 of the TN."""
        return Fraction(3 * self.tn, 2)

    @property
    def succeeded(self) -> bool:
        return self.degree.succeeded

    # The thresholds as the wire carries them: exact fractions as text ("6", "15/2").
    @property
    def partial_at_text(self) -> str:
        return str(self.partial_at)

    @property
    def solid_above_text(self) -> str:
        return str(self.solid_above)


class Outcome(NamedTuple):
    """A card's verdict in a word: a degree, what the 1s did, or a goal reached or not."""

    label: str


def judge(total: int, tn: int, mishap: Mishap | None = None) -> Verdict:
    """The degree of a ``total`` against ``tn``; a mishap overrides the total."""
    check_tn(tn)
    return Verdict(degree(total, tn, mishap), tn, total, mishap)


def degree(total: int, tn: int, mishap: Mishap | None = None) -> Degree:
    if mishap is Mishap.AUTOMATIC_FAILURE:
        return Degree.AUTOMATIC_FAILURE
    if mishap is not None:
        return Degree.BOTCH
    if 2 * total > 3 * tn:
        return Degree.SOLID_SUCCESS
    if total >= tn:
        return Degree.SUCCESS
    return Degree.PARTIAL_SUCCESS if 4 * total >= 3 * tn else Degree.FAILURE
