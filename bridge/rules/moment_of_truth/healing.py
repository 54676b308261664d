"""Healing (ch. 7, Healing; Unconscious; Harsh Death Rules).

Serious damage heals by a medic roll, then by a daily Endurance roll;
minor damage by an hour's rest. Minor and serious are healed by separate
rolls. Every roll here counts successes with no TN to make (``no_target``),
except the harsh-death rescue, which needs a critical success.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .dials import Dials
from .health import Health, HealthChange, health_change
from .rolls import Modifier, RollKind, RollResult, resolve_roll

#: Ch. 7: "a one- or two-dice penalty ... a one- or two-dice bonus".
MAX_CIRCUMSTANCES = 2

SIDES = 6


@dataclass(frozen=True)
class HealingResult:
    """A healing step: the roll (None for the GM's hand-wave), what it healed,
    and the serious point withheld by poor healing, if any."""

    reason: str
    roll: RollResult | None
    healed_minor: int
    healed_serious: int
    withheld_serious: int
    change: HealthChange

    @property
    def explanation(self) -> list[str]:
        lines = [self.reason, *(self.roll.explanation if self.roll else [])]
        lines.append(f"healed {self.healed_minor} minor, {self.healed_serious} serious")
        if self.withheld_serious:
            lines.append("the last point of serious damage never heals without medical treatment (poor healing)")
        return lines + self.change.explanation


def _circumstances(dice: int, *, penalty_allowed: bool) -> list[Modifier]:
    """The GM's one- or two-dice bonus (very favourable conditions) or, on a
    medic roll only, penalty (poor conditions, no equipment)."""
    low = -MAX_CIRCUMSTANCES if penalty_allowed else 0
    if not low <= dice <= MAX_CIRCUMSTANCES:
        raise RulesRefusal(f"circumstances must be between {low} and {MAX_CIRCUMSTANCES} dice, not {dice}")
    return [Modifier("circumstances", dice)] if dice else []


def _check_alive(health: Health) -> None:
    if health.dead:
        raise RulesRefusal("the character is dead: only the harsh-death rescue can help")


def _statistic_roll(endurance: int, circumstances: int, dials: Dials, dice: DiceSource) -> RollResult:
    bonus = _circumstances(circumstances, penalty_allowed=False)
    return resolve_roll(
        RollKind.STATISTIC, endurance, None, dials.default_tn, modifiers=bonus, dice=dice, every_success_counts=True
    )


def medic_roll(
    health: Health,
    statistic: int,
    medic_level: int,
    dials: Dials,
    *,
    circumstances: int = 0,
    modifiers: Sequence[Modifier] = (),
    moments_spent: int = 0,
    dice: DiceSource,
) -> HealingResult:
    """Statistic + medic skill (the GM picks the statistic); no TN, every
    success heals 1 serious damage. One medic roll per injury (ch. 3, Medic),
    until the character is injured again. ``modifiers``: the medic's own
    penalties; ``circumstances``: the GM's -2 to +2 dice."""
    _check_alive(health)
    if health.treated:
        raise RulesRefusal("this injury has had its medic roll: only a new injury allows another")
    changes = [*_circumstances(circumstances, penalty_allowed=True), *modifiers]
    roll = resolve_roll(
        RollKind.SKILL,
        statistic,
        medic_level,
        dials.default_tn,
        modifiers=changes,
        moments_spent=moments_spent,
        dice=dice,
        every_success_counts=True,
    )
    healed = min(roll.counting.successes, health.serious)
    change = health_change(health, replace(health, serious=health.serious - healed, treated=True), dials)
    return HealingResult("medic roll: every success heals 1 serious", roll, 0, healed, 0, change)


def daily_recovery(
    health: Health, endurance: int, dials: Dials, *, circumstances: int = 0, dice: DiceSource
) -> HealingResult:
    """A day's and night's rest: an Endurance statistic roll, every success
    heals 1 serious. Without medical treatment (``health.treated`` false) the
    last point of serious damage never heals: the reading here is that the
    point stays as serious damage (hit points are not reduced), so a later
    medic roll may still treat it."""
    _check_alive(health)
    roll = _statistic_roll(endurance, circumstances, dials, dice)
    successes = roll.counting.successes
    healable = health.serious if health.treated else max(0, health.serious - 1)
    healed = min(successes, healable)
    withheld = int(not health.treated and health.serious > 0 and successes >= health.serious)
    after = replace(health, serious=health.serious - healed)
    reason = "daily rest: every Endurance success heals 1 serious"
    return HealingResult(reason, roll, 0, healed, withheld, health_change(health, after, dials))


def rest_hour(
    health: Health,
    endurance: int,
    dials: Dials,
    *,
    hand_wave: bool = False,
    circumstances: int = 0,
    dice: DiceSource,
) -> HealingResult:
    """An hour's rest: an Endurance statistic roll, every success heals 1
    minor; or, when the GM hand-waves it (``hand_wave``), 1 minor, no roll."""
    _check_alive(health)
    if hand_wave:
        healed = min(1, health.minor)
        change = health_change(health, replace(health, minor=health.minor - healed), dials)
        return HealingResult("an hour's rest (GM's hand-wave): 1 minor heals", None, healed, 0, 0, change)
    roll = _statistic_roll(endurance, circumstances, dials, dice)
    return _heal_minor("an hour's rest: every Endurance success heals 1 minor", health, roll, dials)


def _heal_minor(reason: str, health: Health, roll: RollResult, dials: Dials) -> HealingResult:
    healed = min(roll.counting.successes, health.minor)
    after = replace(health, minor=health.minor - healed)
    return HealingResult(reason, roll, healed, 0, 0, health_change(health, after, dials))


@dataclass(frozen=True)
class RecoveryWait:
    """The 2d6 minutes an unconscious character lies still before rolling."""

    faces: tuple[int, ...]

    @property
    def minutes(self) -> int:
        return sum(self.faces)

    @property
    def explanation(self) -> list[str]:
        return [f"unconscious for 2d6 minutes: {' + '.join(map(str, self.faces))} = {self.minutes}"]


def recovery_wait(*, dice: DiceSource) -> RecoveryWait:
    """Minutes without new injury before the roll to wake up (ch. 7)."""
    return RecoveryWait(tuple(dice.roll(2, SIDES)))


def regain_consciousness(health: Health, endurance: int, dials: Dials, *, dice: DiceSource) -> HealingResult:
    """After the wait: an Endurance statistic roll whose successes heal minor
    damage; at positive HP the character wakes, prone (ch. 7, Unconscious)."""
    _check_alive(health)
    if health.remaining > 0:
        raise RulesRefusal("the character is not unconscious")
    roll = _statistic_roll(endurance, 0, dials, dice)
    return _heal_minor("waking: every Endurance success heals 1 minor", health, roll, dials)


@dataclass(frozen=True)
class RescueResult:
    """The one medic roll that may pull a character back from harsh death."""

    roll: RollResult
    moments_spent: int
    rescued: bool
    change: HealthChange

    @property
    def explanation(self) -> list[str]:
        lines = [f"rescue: medic roll with the dying character's {self.moments_spent} unspent Moment(s) of Truth"]
        lines += self.roll.explanation
        if self.rescued:
            lines.append(f"critical success: damage brought to {self.change.after.damage}, one from death")
        else:
            lines.append("no critical success: the character is dead")
        return lines + self.change.explanation


def rescue(
    health: Health,
    statistic: int,
    medic_level: int,
    unspent_moments: int,
    dials: Dials,
    *,
    circumstances: int = 0,
    modifiers: Sequence[Modifier] = (),
    dice: DiceSource,
) -> RescueResult:
    """Harsh death's one chance (ch. 7): within a minute of the mortal wound,
    a medic roll with all the dying character's unspent Moments of Truth
    added. It is judged against the world's TN (critical at TN + 2): on a
    critical success damage drops to exactly 2 x HP, serious damage healed
    first (the medic heals serious), then minor; otherwise the character is
    dead for good. A pool below the TN raises ``ImpossibleRoll``."""
    if not health.dead or health.beyond_rescue:
        raise RulesRefusal("only a harsh death not yet beyond rescue can be rescued")
    changes = [*_circumstances(circumstances, penalty_allowed=True), *modifiers]
    roll = resolve_roll(
        RollKind.SKILL,
        statistic,
        medic_level,
        dials.default_tn,
        modifiers=changes,
        moments_spent=unspent_moments,
        dice=dice,
    )
    rescued = roll.outcome.critical_success
    after = _one_from_death(health) if rescued else replace(health, beyond_rescue=True)
    return RescueResult(roll, unspent_moments, rescued, health_change(health, after, dials))


def _one_from_death(health: Health) -> Health:
    excess = health.damage - 2 * health.hit_points
    serious_healed = min(excess, health.serious)
    minor_healed = excess - serious_healed
    return replace(
        health,
        serious=health.serious - serious_healed,
        minor=health.minor - minor_healed,
        dead=False,
        treated=True,
    )
