"""Every condition of ch. 7's Condition Summary, plus on fire, bleeding and
dead, with its mechanical effect as data and the few functions that read it.

Penalties are skill-roll penalties: they never touch statistic rolls (ch. 1,
Statistics Rolls), which :class:`~.rolls.Modifier` with ``penalty=True``
already enforces.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from ..refusal import RulesRefusal
from .dials import Dials
from .rolls import Modifier
from .statistics import Derived, Statistic, built_from


class Condition(str, Enum):
    CONFUSED = "confused"
    DISARMED = "disarmed"
    ENGAGED = "engaged"
    FLANKED = "flanked"
    GRAPPLED = "grappled"
    INJURED = "injured"
    OUTNUMBERED = "outnumbered"
    PRONE = "prone"
    RESTRAINED = "restrained"
    STUNNED = "stunned"
    SUFFOCATING = "suffocating"
    SUPPRESSED = "suppressed"
    UNAWARE = "unaware"
    UNCONSCIOUS = "unconscious"
    WOUNDED = "wounded"
    ON_FIRE = "on_fire"
    BLEEDING = "bleeding"
    DEAD = "dead"


_PLACES = {condition: place for place, condition in enumerate(Condition)}


def summary_order(condition: Condition) -> int:
    """The condition's place in the Condition Summary (ch. 7), to sort by."""
    return _PLACES[condition]


_MENTAL = frozenset({Statistic.WILL, Statistic.PERCEPTION, Statistic.EDUCATION})


@dataclass(frozen=True)
class Effect:
    """What a condition does. ``skill_penalty`` dice come off skill rolls; when
    ``penalised`` is set, only off rolls whose statistic is, or is derived
    from, one of those. ``defenseless`` is the -1 TN to hit (never below 1,
    called shots included), taken once however many conditions grant it."""

    summary: str
    skill_penalty: int = 0
    penalised: frozenset[Statistic] | None = None
    melee_attack_dice: int = 0
    ranged_attack_dice: int = 0
    defenseless: bool = False
    ranged_to_hit: int = 0
    ends_on_roll: Statistic | None = None
    optional: bool = False


EFFECTS: dict[Condition, Effect] = {
    Condition.CONFUSED: Effect(
        "-3d6 to skill rolls with Will, Perception or Education (or a statistic derived from them); "
        "a Will statistic roll at the end of each turn ends it",
        skill_penalty=3,
        penalised=_MENTAL,
        ends_on_roll=Statistic.WILL,
    ),
    Condition.DISARMED: Effect("must spend an action retrieving the weapon or readying another"),
    Condition.ENGAGED: Effect(
        "within reach of melee-armed enemies: ranged attackers beyond the combatant's reach ignore "
        "the first set of defense dice"
    ),
    Condition.FLANKED: Effect(
        "ranged opponents 90 degrees or more apart: the first set of defense dice affects one opponent only",
        optional=True,
    ),
    Condition.GRAPPLED: Effect(
        "opponents need one fewer success to hit (minimum 1); their critical failures hit the grappler",
        defenseless=True,
    ),
    Condition.INJURED: Effect("6 or fewer hit points left: -1d6 to skill rolls", skill_penalty=1),
    Condition.OUTNUMBERED: Effect(
        "the first pair of defense dice affects one designated opponent only", optional=True
    ),
    Condition.PRONE: Effect(
        "-2d6 to melee attacks, +1d6 to ranged attacks, half move; +1 TN to be hit by ranged attacks",
        melee_attack_dice=-2,
        ranged_attack_dice=1,
        ranged_to_hit=1,
    ),
    Condition.RESTRAINED: Effect("the TN to hit is one lower (minimum 1), called shots too", defenseless=True),
    Condition.STUNNED: Effect(
        "-3d6 to skill rolls; an Endurance statistic roll at the end of each turn ends it",
        skill_penalty=3,
        ends_on_roll=Statistic.ENDURANCE,
    ),
    Condition.SUFFOCATING: Effect("out of breath: 1 minor damage at the start of each turn, then serious"),
    Condition.SUPPRESSED: Effect(
        "must reserve at least two defense dice or take -1d6 to actions into the hail of bullets"
    ),
    Condition.UNAWARE: Effect("the TN to hit is one lower (minimum 1), called shots too", defenseless=True),
    Condition.UNCONSCIOUS: Effect(
        "no actions or moves; attackers need one fewer success (minimum 1)", defenseless=True
    ),
    Condition.WOUNDED: Effect("1 or 2 hit points left: -2d6 to skill rolls", skill_penalty=2),
    Condition.ON_FIRE: Effect("burning: the fire's pool is rolled on each of the character's turns"),
    Condition.BLEEDING: Effect("an Endurance statistic roll at the end of each turn, or 1 serious damage"),
    Condition.DEAD: Effect("dead"),
}


def statistics_involved(statistic: Statistic | Derived, dials: Dials) -> frozenset[Statistic]:
    """The basic statistics behind a roll's statistic."""
    if isinstance(statistic, Derived):
        return frozenset(built_from(statistic, dials))
    return frozenset({statistic})


def skill_penalties(
    conditions: Iterable[Condition], statistic: Statistic | Derived, dials: Dials
) -> list[Modifier]:
    """The penalty modifiers the conditions put on a skill roll with ``statistic``."""
    penalties = []
    for condition in sorted(set(conditions), key=summary_order):
        effect = EFFECTS[condition]
        if effect.skill_penalty and (
            effect.penalised is None or effect.penalised & statistics_involved(statistic, dials)
        ):
            # ``_value_``: ``Enum.value`` is a property, slower on every roll
            penalties.append(Modifier(condition._value_, -effect.skill_penalty, penalty=True))
    return penalties


def attack_pool_changes(conditions: Iterable[Condition], ranged: bool) -> list[Modifier]:
    """The attacker's own conditions on an attack pool (prone: -2d6 melee, +1d6 ranged)."""
    changes = []
    for condition in sorted(set(conditions), key=summary_order):
        dice = EFFECTS[condition].ranged_attack_dice if ranged else EFFECTS[condition].melee_attack_dice
        if dice:
            changes.append(Modifier(condition.value, dice, penalty=dice < 0))
    return changes


def to_hit_changes(target_conditions: Iterable[Condition], ranged: bool) -> list[tuple[str, int]]:
    """Named changes to the TN to hit a target with these conditions. The
    defenseless -1 is taken once (docs/rules/moment_of_truth.md, TN floor); the caller floors
    the TN at 1."""
    present = sorted(set(target_conditions), key=summary_order)
    changes: list[tuple[str, int]] = []
    defenseless = [condition.value for condition in present if EFFECTS[condition].defenseless]
    if defenseless:
        changes.append((" / ".join(defenseless), -1))
    if ranged:
        changes += [(c.value, EFFECTS[c].ranged_to_hit) for c in present if EFFECTS[c].ranged_to_hit]
    return changes


def ends_on_roll(condition: Condition) -> Statistic | None:
    """The statistic rolled at the end of a turn to shake ``condition`` off."""
    return EFFECTS[condition].ends_on_roll


def out_of_action(conditions: Iterable[Condition]) -> Condition | None:
    """Dead (first) or unconscious: the condition under which a character
    takes no actions (ch. 7, Condition Summary); None when it may act."""
    present = set(conditions)
    return next((condition for condition in (Condition.DEAD, Condition.UNCONSCIOUS) if condition in present), None)


def check_can_act(name: str, conditions: Iterable[Condition]) -> None:
    """Refuse an action by a dead or unconscious character."""
    out = out_of_action(conditions)
    if out:
        raise RulesRefusal(f"{name} is {out.value}: it takes no actions")
