"""The TN to hit a target (ch. 7, Attacking and Defending; Defense Dice;
Melee and Ranged Attacks; Condition Summary; ch. 9, Charge Attack; ch. 10,
Balanced and Shields).

The campaign's default TN, plus 1 per pair of the target's defense dice,
plus the called shot, plus the target's conditions; never below 1, called
shots included (docs/rules/moment_of_truth.md, TN floor). Every step is named.

Defense dice reserved by a target since knocked unconscious or killed count
for nothing. The book keeps the number reserved until the target's next turn
and does not say what unconsciousness does to them; they stand for its
parrying, weaving and darting for cover (ch. 7, Defense Dice), and one who
"may take no actions" (Condition Summary) does none of that
(docs/rules/moment_of_truth.md, Defense dice of a fallen target).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from ..refusal import RulesRefusal
from .called_shots import CalledShot, called_shot_tn
from .conditions import Condition, out_of_action, to_hit_changes
from .dials import Dials
from .equipment import Armor, Shield
from .rolls import TargetNumber, target_number


class Charge(str, Enum):
    """The target's charge since its last turn (ch. 9, Charge Attack)."""

    CHARGED = "charged"  # attacks ignore its defense dice until its next turn
    DOUBLE_MOVE = "double_move"  # moved twice its move to charge: also TN -1


# A NamedTuple: built on every attack (bridge.rules.moment_of_truth says why).
class Step(NamedTuple):
    source: str
    change: int
    note: str = ""


class ToHit(NamedTuple):
    """The TN to hit, step by step; ``target`` is the TN as the roll
    pipeline takes it, its value floored at 1."""

    steps: tuple[Step, ...]
    target: TargetNumber
    called_shot: CalledShot | None = None

    @property
    def value(self) -> int:
        return self.target.value

    @property
    def explanation(self) -> list[str]:
        lines = [f"{step.source} {step.change:+d}" + (f" ({step.note})" if step.note else "") for step in self.steps]
        return [*lines, f"TN to hit {self.value}" + (", never below 1" if self.target.floored else "")]


PAIR = 2


def defense_sets(defense_dice: int, first_set_dice: int = PAIR) -> int:
    """+1 TN per pair of defense dice; a shield, or a balanced weapon while
    engaged, buys the first +1 with one die (ch. 10), further ones in pairs."""
    if defense_dice < 0:
        raise RulesRefusal(f"defense dice cannot be negative: {defense_dice}")
    if first_set_dice < 1:
        raise RulesRefusal(f"a set of defense dice is at least one die, not {first_set_dice}")
    if defense_dice < first_set_dice:
        return 0
    return 1 + (defense_dice - first_set_dice) // PAIR


def to_hit(
    *,
    dials: Dials,
    ranged: bool,
    defense_dice: int = 0,
    target_conditions: Iterable[Condition] = (),
    target_shield: Shield | None = None,
    target_balanced_weapon: bool = False,
    target_armor: Armor | None = None,
    within_target_reach: bool = True,
    designated_opponent: bool = False,
    target_charge: Charge | None = None,
    target_desperate: bool = False,
    called_shot: CalledShot | None = None,
) -> ToHit:
    """The TN for one attacker to hit one target.

    ``within_target_reach``: the attacker stands inside the engaged target's
    melee reach (a ranged attacker beyond it ignores the first set of defense
    dice). ``designated_opponent``: a flanked or outnumbered target (optional
    dials) chose this attacker for its first set; others ignore it.
    ``target_armor``: what a called shot to bypass armor must get around.
    ``target_desperate``: the target made a desperate attack (ch. 7), so its
    TN to be hit is 1 rather than 2 until its next turn."""
    conditions = frozenset(target_conditions)
    steps = [Step("campaign default TN", dials.default_tn)]
    if target_desperate:
        _check_desperate(dials)
        steps.append(Step("desperate attack", -1, "the target's TN to be hit drops from 2 to 1"))
    steps += _defense_steps(dials, ranged, defense_dice, conditions, target_shield, target_balanced_weapon,
                            within_target_reach, designated_opponent, target_charge)
    if called_shot:
        steps.append(_called_shot_step(called_shot, target_armor))
    steps += [Step(source, change) for source, change in to_hit_changes(conditions, ranged)]
    if target_charge is Charge.DOUBLE_MOVE:
        steps.append(Step("charged twice its move", -1, "no defense dice and 1 easier to hit"))
    difficulty = sum(step.change for step in steps[1:])  # every step after the default TN
    return ToHit(tuple(steps), target_number(dials.default_tn, difficulty), called_shot)


def _called_shot_step(called_shot: CalledShot, armor: Armor | None) -> Step:
    increase = called_shot_tn(called_shot, armor)
    if called_shot is CalledShot.BYPASS_ARMOR:
        return Step(f"called shot: around the {armor.name}", increase, f"{armor.coverage.value} coverage")
    # ``_value_``: Enum.value is a property, slower on every attack.
    return Step(f"called shot: {called_shot._value_.replace('_', ' ')}", increase)


def _check_desperate(dials: Dials) -> None:
    if not dials.desperate_attack:
        raise RulesRefusal("desperate attacks are an optional rule this world has off")
    if dials.default_tn != 2:
        raise RulesRefusal("desperate attacks are not available when the campaign's default TN is 1")


def _defense_steps(
    dials: Dials,
    ranged: bool,
    defense_dice: int,
    conditions: frozenset[Condition],
    shield: Shield | None,
    balanced: bool,
    within_reach: bool,
    designated: bool,
    charge: Charge | None,
) -> list[Step]:
    first_set_dice = _first_set_dice(shield, balanced and Condition.ENGAGED in conditions)
    sets = defense_sets(defense_dice, first_set_dice)
    if not defense_dice:
        return []
    source = f"defense dice {defense_dice} ({sets} set{'s' if sets != 1 else ''})"
    if charge:
        return [Step(source, 0, "ignored: the target charged")]
    out = out_of_action(conditions)
    if out:  # no parrying or weaving (the module's docstring)
        return [Step(source, 0, f"ignored: the target is {out.value}")]
    ignored_by = _first_set_ignored_by(dials, ranged, conditions, within_reach, designated)
    if sets and ignored_by:
        return [Step(source, sets - 1, f"first set ignored: {ignored_by}")]
    return [Step(source, sets)]


def _first_set_dice(shield: Shield | None, balanced_engaged: bool) -> int:
    """The dice the first +1 costs: the cheapest the target's shield or
    engaged balanced weapon offers, else a pair."""
    offers = [PAIR, 1 if balanced_engaged else PAIR]
    if shield:
        offers.append(shield.first_defense_step_dice)
    return min(offers)


def _first_set_ignored_by(
    dials: Dials, ranged: bool, conditions: frozenset[Condition], within_reach: bool, designated: bool
) -> str:
    """Why this attacker ignores the target's first set of defense dice, or
    ''. The cheap tests come first: the dials are mostly off."""
    if ranged and not within_reach and Condition.ENGAGED in conditions:
        return "engaged target, ranged attacker beyond its reach"
    if designated:
        return ""
    if dials.flanked and Condition.FLANKED in conditions:
        return "flanked target designated another opponent"
    if dials.outnumbered and Condition.OUTNUMBERED in conditions:
        return "outnumbered target designated another opponent"
    return ""
