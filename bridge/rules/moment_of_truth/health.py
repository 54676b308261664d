"""A character's health (ch. 7, Damage, Death, Bleeding) as a value.

Damage is kept as minor and serious taken; hit points lost = minor +
serious. The health conditions (injured, wounded, unconscious, bleeding,
dead) are read from that value, so applying damage reports exactly which
conditions were gained or lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .conditions import Condition, summary_order
from .damage import DamageResult
from .dials import Dials
from .rolls import ImpossibleRoll, Modifier, RollKind, RollResult, resolve_roll
from .statistics import Derived, Statistic, derive


def forced_roll(
    statistic: int,
    default_tn: int,
    *,
    every_success_counts: bool = False,
    modifiers: Sequence[Modifier] = (),
    moments_spent: int = 0,
    dice: DiceSource,
) -> RollResult | None:
    """A statistic roll the situation forces (bleeding, vacuum, the Agility
    roll against fire), at the world's ``default_tn`` or with every success
    counting. A pool that cannot reach the TN is not rolled: it fails with
    no successes (ch. 1, Impossible Rolls); None says so."""
    try:
        return resolve_roll(
            RollKind.STATISTIC,
            statistic,
            None,
            default_tn,
            modifiers=modifiers,
            moments_spent=moments_spent,
            dice=dice,
            every_success_counts=every_success_counts,
        )
    except ImpossibleRoll:
        return None


INJURED_AT = 6  # ch. 7: six or fewer hit points remaining
WOUNDED_AT = 2  # ch. 7: one or two hit points remaining


@dataclass(frozen=True)
class Health:
    """Hit points and the damage taken against them.

    ``treated``: a medic roll has been made since the last injury (ch. 3,
    Medic: one roll per injury). ``bandaged``: the bleeding was bandaged
    since the last injury. ``beyond_rescue``: a death the harsh-death rescue
    can no longer undo (a called head or neck shot, a heroic death, a
    failed rescue)."""

    hit_points: int
    minor: int = 0
    serious: int = 0
    treated: bool = False
    bandaged: bool = False
    dead: bool = False
    beyond_rescue: bool = False

    def __post_init__(self) -> None:
        if self.hit_points < 1:
            raise RulesRefusal(f"hit points must be at least 1, not {self.hit_points}")
        if self.minor < 0 or self.serious < 0:
            raise RulesRefusal(f"damage cannot be negative: {self.minor} minor, {self.serious} serious")

    @classmethod
    def from_endurance(cls, endurance: int, dials: Dials) -> Health:
        """An unhurt character: HP = 6 + 2 x Endurance by default (ch. 2)."""
        if endurance < 0:
            raise RulesRefusal(f"endurance cannot be negative: {endurance}")
        return cls(derive(Derived.HIT_POINTS, {Statistic.ENDURANCE: endurance}, dials))

    @property
    def damage(self) -> int:
        return self.minor + self.serious

    @property
    def remaining(self) -> int:
        return self.hit_points - self.damage

    @property
    def death_threshold(self) -> int:
        """Total damage that kills under the harsh death rules: 2 x HP + 1."""
        return 2 * self.hit_points + 1


def is_bleeding(health: Health, dials: Dials) -> bool:
    """Optional bleeding (ch. 7): serious damage at least a third of HP (drop
    fractions), not bandaged, not dead."""
    return (
        dials.bleeding
        and not health.dead
        and not health.bandaged
        and health.serious >= health.hit_points // 3
        and health.serious > 0
    )


def health_conditions(health: Health, dials: Dials) -> frozenset[Condition]:
    """The conditions a character's damage puts on them (ch. 7)."""
    if health.dead:
        return frozenset({Condition.DEAD})
    found = set()
    if health.remaining <= 0:
        found.add(Condition.UNCONSCIOUS)
    elif health.remaining <= WOUNDED_AT:
        found.add(Condition.WOUNDED)
    elif health.remaining <= INJURED_AT:
        found.add(Condition.INJURED)
    if is_bleeding(health, dials):
        found.add(Condition.BLEEDING)
    return frozenset(found)


@dataclass(frozen=True)
class ConditionChange:
    condition: Condition
    gained: bool

    @property
    def line(self) -> str:
        return f"{self.condition.value.replace('_', ' ')} {'gained' if self.gained else 'lost'}"


def condition_changes(before: Iterable[Condition], after: Iterable[Condition]) -> tuple[ConditionChange, ...]:
    """What was lost, then what was gained. Waking up leaves the character
    prone (ch. 7, Prone)."""
    before, after = set(before), set(after)
    if Condition.UNCONSCIOUS in before - after and Condition.DEAD not in after:
        after.add(Condition.PRONE)
    return condition_diff(before, after)


def condition_diff(before: Iterable[Condition], after: Iterable[Condition]) -> tuple[ConditionChange, ...]:
    """What was lost, then what was gained, each in the Condition Summary's order."""
    before, after = set(before), set(after)
    lost = [ConditionChange(c, False) for c in sorted(before - after, key=summary_order)]
    gained = [ConditionChange(c, True) for c in sorted(after - before, key=summary_order)]
    return (*lost, *gained)


@dataclass(frozen=True)
class HealthChange:
    """Health before and after, and the conditions that changed between."""

    before: Health
    after: Health
    changes: tuple[ConditionChange, ...]

    @property
    def explanation(self) -> list[str]:
        after = self.after
        total = f"{after.minor} minor + {after.serious} serious = {after.damage} damage"
        return [f"{total}: {after.remaining} of {after.hit_points} HP left", *(c.line for c in self.changes)]


def health_change(
    before: Health,
    after: Health,
    dials: Dials,
    hazard_before: Iterable[Condition] = (),
    hazard_after: Iterable[Condition] = (),
) -> HealthChange:
    """Compare two healths; a hazard adds the conditions it holds itself
    (on fire, suffocating, unconscious from vacuum)."""
    was = health_conditions(before, dials) | set(hazard_before)
    now = health_conditions(after, dials) | set(hazard_after)
    if Condition.DEAD in now:
        now = frozenset({Condition.DEAD})
    return HealthChange(before, after, condition_changes(was, now))


def take_damage(health: Health, minor: int, serious: int, dials: Dials, *, new_injury: bool = True) -> Health:
    """Add damage. Under harsh death (``Dials.harsh_death``) total damage of
    2 x HP + 1 kills. A new injury allows a new medic roll and reopens a
    bandaged wound; bleeding passes ``new_injury=False``."""
    if minor < 0 or serious < 0:
        raise RulesRefusal(f"damage cannot be negative: {minor} minor, {serious} serious")
    reopened = {"treated": False, "bandaged": False} if new_injury and minor + serious else {}
    hurt = replace(health, minor=health.minor + minor, serious=health.serious + serious, **reopened)
    if dials.harsh_death and hurt.damage >= hurt.death_threshold:
        hurt = replace(hurt, dead=True)
    return hurt


def heal_damage(health: Health, minor: int, serious: int) -> Health:
    """Damage healed (by the GM's hand): each kind never below none. Death
    is not undone by healing."""
    if minor < 0 or serious < 0:
        raise RulesRefusal(f"healing cannot be negative: {minor} minor, {serious} serious")
    return replace(health, minor=max(0, health.minor - minor), serious=max(0, health.serious - serious))


def apply_damage(
    health: Health,
    damage: DamageResult,
    dials: Dials,
    *,
    head_or_neck_shot: bool = False,
    outright_kill: bool = False,
) -> HealthChange:
    """A damage roll's minor and serious taken. ``head_or_neck_shot``: a death
    it causes cannot be rescued (ch. 7, Harsh Death Rules). ``outright_kill``:
    the called-shot rules (6 serious to the head, 4 to the neck with a large
    blade) killed outright, whatever the hit points say; never rescuable."""
    after = take_hits(
        health, damage.minor, damage.serious, dials, head_or_neck_shot=head_or_neck_shot, outright_kill=outright_kill
    )
    return health_change(health, after, dials)


def take_hits(
    health: Health,
    minor: int,
    serious: int,
    dials: Dials,
    *,
    head_or_neck_shot: bool = False,
    outright_kill: bool = False,
) -> Health:
    """The health after :func:`apply_damage`, with the minor and serious
    already read off a damage roll (or given by hand)."""
    after = take_damage(health, minor, serious, dials)
    if outright_kill:
        return replace(after, dead=True, beyond_rescue=True)
    if head_or_neck_shot and after.dead and not health.dead:
        return replace(after, beyond_rescue=True)
    return after


def may_declare_heroic_death(health: Health, dials: Dials) -> bool:
    """Heroic death (ch. 7, optional via ``Dials.heroic_death``): a player may
    declare their PC dead at any point the hit points are below zero."""
    return dials.heroic_death and not health.dead and health.remaining < 0


def declare_heroic_death(health: Health, dials: Dials) -> HealthChange:
    """The player declares the PC dead; the Moments of Truth it awards are
    moments.py's."""
    if not may_declare_heroic_death(health, dials):
        raise RulesRefusal("heroic death needs the heroic death rules and hit points below zero")
    return health_change(health, replace(health, dead=True, beyond_rescue=True), dials)


@dataclass(frozen=True)
class BleedingResult:
    """The end-of-turn Endurance roll against blood loss."""

    roll: RollResult | None
    serious_lost: int
    change: HealthChange

    @property
    def explanation(self) -> list[str]:
        verdict = "bleeds: 1 serious damage" if self.serious_lost else "the bleeding holds"
        return ["bleeding: Endurance statistic roll", *roll_lines(self.roll), verdict, *self.change.explanation]


def roll_lines(roll: RollResult | None) -> list[str]:
    """A forced roll's working, or why it was not rolled."""
    return roll.explanation if roll else ["the pool cannot reach the TN: no roll, no successes"]


def bleed(health: Health, endurance: int, dials: Dials, *, moments_spent: int = 0, dice: DiceSource) -> BleedingResult:
    """End of a bleeding character's turn (ch. 7, Bleeding): an Endurance
    statistic roll at the world's TN; failure costs 1 serious damage. A
    character attended after a harsh-death rescue makes no bleeding rolls:
    the caller skips them."""
    _check_bleeding(health, dials)
    roll = forced_roll(endurance, dials.default_tn, moments_spent=moments_spent, dice=dice)
    lost = 0 if roll and roll.outcome.success else 1
    after = take_damage(health, 0, lost, dials, new_injury=False)
    return BleedingResult(roll, lost, health_change(health, after, dials))


def _check_bleeding(health: Health, dials: Dials) -> None:
    if not dials.bleeding:
        raise RulesRefusal("bleeding is an optional rule (ch. 7) this world does not use")
    if not is_bleeding(health, dials):
        raise RulesRefusal("the character is not bleeding")


def bandage(health: Health, dials: Dials) -> HealthChange:
    """Bandaging out of combat stops the bleeding, no roll needed (ch. 7);
    in combat only a medic roll does. The caller offers it out of combat."""
    _check_bleeding(health, dials)
    return health_change(health, replace(health, bandaged=True), dials)
