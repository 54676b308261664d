"""Sample Actions, as data, and the two whose effect the text spells out:
fastdraw and aiming.

The Cumulative? column says whether an action can be extended over several
periods, adding to its effect each time: "No" (only one period counts),
"Yes" (every period counts) or the number of periods that still add.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..refusal import RulesRefusal
from .phases import ActionTime
from .rolls import Modifier


@dataclass(frozen=True)
class SampleAction:
    """A row of the Sample Actions table; ``cumulative`` is 1 for "No",
    None for "Yes" (no limit), else the number of periods that add."""

    name: str
    time: ActionTime
    cumulative: int | None
    notes: str = ""

    def periods_that_add(self, periods: int) -> int:
        """Of ``periods`` spent on this action, how many add to its effect."""
        if periods < 1:
            raise RulesRefusal(f"an action takes at least one period, not {periods}")
        return periods if self.cumulative is None else min(periods, self.cumulative)


NO, YES = 1, None

FASTDRAW = SampleAction(
    "Fastdraw", ActionTime.FREE, NO,
    "makes drawing a weapon a free action if successful; if failed, this phase's action is lost",
)
READY_FIREARM = SampleAction(
    "Ready Firearm", ActionTime.FREE, NO, "if required, this cocks or otherwise prepares a gun to fire"
)
SPEAK = SampleAction("Speak", ActionTime.FREE, YES, "a short phrase (how much can you say in 3 seconds?)")
AIMING = SampleAction("Aiming", ActionTime.PHASE, 3, "+1 per Phase")
FIRING_SEMI_AUTO = SampleAction("Firing Semi-Auto", ActionTime.PHASE, NO)
DRAW_WEAPON = SampleAction("Draw Weapon", ActionTime.PHASE, NO)
TARGETING = SampleAction("Targeting", ActionTime.PHASE, NO, "allows accurate firing at a new target")

SAMPLE_ACTIONS = {
    action.name: action
    for action in (FASTDRAW, READY_FIREARM, SPEAK, AIMING, FIRING_SEMI_AUTO, DRAW_WEAPON, TARGETING)
}

AIMING_PER_PHASE = 1


def aiming(phases: int) -> Modifier:
    """+1 per phase spent aiming, up to 3 phases: a modifier on the shot."""
    counted = AIMING.periods_that_add(phases)
    note = f", only {counted} count" if counted < phases else ""
    return Modifier(f"aiming {phases} phase{'s' if phases > 1 else ''}{note}", AIMING_PER_PHASE * counted)
