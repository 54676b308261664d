"""Grappling maneuvers between tracked tokens (ch. 7, Grappling; Take-down;
Strangle; Disarm): the bridge reads both tokens' numbers, charges the
sender's Moments of Truth, rolls, and writes the conditions the maneuver
brings or ends (and a crush's damage) back to the tokens."""

from __future__ import annotations

from ....protocol import against_the_rules
from ....rules.dice import FixedDice, RandomDice
from ....rules.moment_of_truth import token_hazards
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.defense import to_hit
from ....rules.moment_of_truth.dials import Dials
from ....rules.moment_of_truth.health import take_damage
from ....rules.moment_of_truth.maneuvers import (
    CrushResult,
    Grappler,
    GrappleResult,
    Maneuver,
    break_free,
    break_strangle,
    check_maneuver,
    crush,
    disarm,
    grapple,
    strangle,
    take_down,
)
from ....rules.moment_of_truth.rolls import SIDES
from ....rules.moment_of_truth.statistics import Derived, Statistic
from ....rules.moment_of_truth.tokens import (
    ConditionEntry,
    TokenState,
    changed,
    with_condition,
    with_health,
    without_condition,
)
from ....rules.moment_of_truth.tracker import Combat, stance_of
from ....rules.refusal import RulesRefusal
from ....schemas.common import Visibility
from ....schemas.encode import dump
from ....table.publish import new_card_id, publish
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ..combat_changes import running_combat
from ..names import Event
from ..schemas import maneuvers as shapes
from ..token_changes import change_tokens, check_token_owner, tracked
from ..world_rules import world_dials
from .combat import armor_of, arsenal_of
from .moments import charge_moments, roll_rewards, with_rewards

_dice = RandomDice()

#: A token's skill levels a grappler rolls, by the names a stat block may give them (ch. 7, Grappling; Disarm).
BRAWLING_NAMES = ("brawling", "unarmed combat")
MARTIAL_ARTS_NAMES = ("martial arts",)


def maneuver(work, maneuver_request: dict) -> dict:
    """One grappling maneuver by the actor's token against the opponent's."""
    ids = {maneuver_request["actor"]: "actor", maneuver_request["opponent"]: "opponent"}
    if len(ids) == 1:
        raise against_the_rules(RulesRefusal("a token does not grapple itself"), "opponent")
    states = tracked(work, ids)
    actor_state, opponent_state = (states[maneuver_request[side]] for side in ("actor", "opponent"))
    check_token_owner(work, actor_state, "actor")
    dials, combat = world_dials(work), running_combat(work, opponent_state.scene_id)
    actor, opponent = _grapplers(maneuver_request, actor_state, opponent_state)
    options = {name: maneuver_request[name] for name in ("free_hand", "close_range", "held_since_earlier_turn")}
    with refused_as(_maneuver_field(maneuver_request, actor, opponent)):
        check_maneuver(maneuver_request["kind"], actor, opponent, **options)
    armor = _armor(work, opponent_state) if maneuver_request["kind"] is Maneuver.CRUSH else None
    card_id = new_card_id()
    charge_moments(work, maneuver_request["moments"], card_id, "moments")
    with refused_as("moments", pool="moments"):
        result = _run(maneuver_request, actor, opponent, armor, combat, dials)
    round_number, breath = combat.round if combat else None, _breath_faces(result, opponent_state)
    suffocation = change_tokens(
        work, Event.MANEUVER, maneuver_request, ids,
        lambda now: _changes(maneuver_request, now, result, actor, dials, round_number, breath),
    )
    card = dump(shapes.RESULTS[type(result)], result) | {"actor_token": actor_state.token_id, "opponent_token": opponent_state.token_id}
    if suffocation:
        card["suffocation"] = dump(shapes.StrangledBreath, suffocation)
    hidden = maneuver_request["visibility"] is not Visibility.PUBLIC
    with_rewards(card, *_rewards(work, result, dials, bool(maneuver_request["moments"]), card_id, hidden))
    return publish(work, maneuver_request, Event.MANEUVER, card, card_id=card_id, actor_id=actor_state.actor_id)


def _rewards(work, result, dials: Dials, moments_spent: bool, card_id: str, hidden: bool) -> tuple:
    """What the actor's roll earns a player (ch. 5, Dice-Triggered Rewards):
    the grapple's roll, a contest's deciding roll; a crush rolls damage only.
    ``(the ledger's entries, the reward held)`` (``roll_rewards``)."""
    if isinstance(result, CrushResult):
        return (), None
    roll = result.roll if isinstance(result, GrappleResult) else result.contest.rounds[-1].first
    return roll_rewards(work, roll, dials, moments_spent=moments_spent, stakes_raised=False, roll_id=card_id, hidden=hidden)


def _grapplers(request: dict, actor: TokenState, opponent: TokenState) -> tuple[Grappler, Grappler]:
    """Both sides as the rules see them; two tokens of one name are told apart by their ids."""
    same = actor.name == opponent.name
    sides = ((actor, "uses", "actor_party", request["moments"]), (opponent, "opponent_uses", "opponent_party", 0))
    return tuple(  # type: ignore[return-value]
        _grappler(state, f"{state.name} ({state.token_id})" if same else state.name, request[uses], request[party],
                  moments, uses)
        for state, uses, party, moments in sides
    )


def _grappler(state: TokenState, name: str, uses, party, moments: int, field: str) -> Grappler:
    skills = {skill.casefold().replace("_", " "): level for skill, level in state.skills.items()}
    with refused_as(field):
        return Grappler(
            name, state.statistics[Statistic.STRENGTH], state.statistics[Statistic.AGILITY],
            brawling=_level(skills, BRAWLING_NAMES), martial_arts=_level(skills, MARTIAL_ARTS_NAMES),
            party=party, conditions=state.present, uses=uses, moments=moments,
        )


def _level(skills: dict[str, int], names: tuple[str, ...]) -> int | None:
    return max((skills[name] for name in names if name in skills), default=None)


def _armor(work, state: TokenState):
    """The opponent's armor, which a crush's damage goes through (read before any MoT is charged)."""
    return armor_of(state.armor, arsenal_of(work), "opponent") if state.armor else None


def _rolled(choice) -> Statistic | Derived:
    """The wire's `melee_attack` is the derived statistic; the others are basic."""
    return Derived.MELEE_ATTACK if choice.value == Derived.MELEE_ATTACK.value else Statistic(choice.value)


def _run(request: dict, actor: Grappler, opponent: Grappler, armor, combat: Combat | None, dials: Dials):
    kind = request["kind"]
    if kind is Maneuver.GRAPPLE:
        stance = stance_of(combat, request["opponent"])
        tn = to_hit(dials=dials, ranged=False, defense_dice=stance.defense_dice, target_conditions=opponent.conditions)
        return grapple(actor, opponent, dials, free_hand=request["free_hand"], close_range=request["close_range"],
                       target_to_hit=tn, dice=_dice)
    if kind is Maneuver.BREAK_FREE:
        return break_free(actor, opponent, dials, statistic=_rolled(request["statistic"]),
                          grappler_statistic=_rolled(request["opponent_statistic"]),
                          strangled=Condition.SUFFOCATING in actor.conditions, dice=_dice)
    if kind is Maneuver.TAKE_DOWN:
        return take_down(actor, opponent, dials, both_failed_tie=request["both_failed_tie"], dice=_dice)
    if kind is Maneuver.STRANGLE:
        return strangle(actor, opponent, dials, statistic=_rolled(request["statistic"]),
                        target_statistic=_rolled(request["opponent_statistic"]), dice=_dice)
    if kind is Maneuver.CRUSH:
        return crush(actor, opponent, held_since_earlier_turn=request["held_since_earlier_turn"],
                     damage_reduction=armor.damage_reduction if armor else 0, dice=_dice)
    if kind is Maneuver.BREAK_STRANGLE:
        return break_strangle(actor, opponent, dials, dice=_dice)
    return disarm(actor, opponent, dials, dice=_dice)


def _breath_faces(result, opponent: TokenState) -> list[int] | None:
    """A won strangle leaves the opponent without air: the Endurance d6
    whose pips are the seconds its breath lasts (ch. 7, Suffocating), rolled
    here so that a re-run of the change reads the same faces."""
    if not any(change.condition is Condition.SUFFOCATING and change.gained for change in getattr(result, "changes", ())):
        return None
    return _dice.roll(opponent.statistics[Statistic.ENDURANCE], SIDES)


def _changes(
    request: dict, states: dict[str, TokenState], result, actor: Grappler, dials: Dials, round_number, breath
) -> tuple[list, dict | None]:
    """One change per token the maneuver touched: the conditions it brought
    (source "<maneuver> by <actor>") or ended, or a crush's damage. A won
    strangle also starts the opponent's breath as the suffocation hazard
    (unless it is out of air already), so its turns without air hurt it
    (:mod:`.token_hazards`); the hazard's result is the second value."""
    opponent_id = request["opponent"]
    if isinstance(result, CrushResult):
        target = states[opponent_id]
        health = take_damage(target.health, result.damage.minor, result.damage.serious, dials)
        hurt = [with_health(target, health, dials, round_number=round_number)] if result.damage.hit_points_lost else []
        return hurt, None
    source = f"{request['kind'].value.replace('_', ' ')} by {actor.name}"
    after: dict[str, TokenState] = {}
    for change in result.changes:
        token_id = request["actor"] if change.who == actor.name else opponent_id
        state = after.get(token_id, states[token_id])
        if change.gained:
            entry = ConditionEntry(change.condition, source, since_round=round_number)
            after[token_id] = with_condition(state, entry).after
        else:
            after[token_id] = without_condition(state, change.condition).after
    suffocation = None
    if breath is not None and token_hazards.air_of(after[opponent_id]) is None:
        made, suffocation = token_hazards.start_suffocating(
            after[opponent_id], dials, round_number=round_number, dice=FixedDice(breath)
        )
        after[opponent_id] = made.after
    return [changed(states[token_id], state) for token_id, state in after.items()], suffocation


def _maneuver_field(request: dict, actor: Grappler, opponent: Grappler) -> str:
    """Which field the maneuver's rules refuse, in the order they check: the
    actor out of action, a grapple's free hand and range, a crush's strangle
    held since an earlier turn, else a condition one side lacks."""
    kind = request["kind"]
    if {Condition.DEAD, Condition.UNCONSCIOUS} & actor.conditions:
        return "actor"
    if kind is Maneuver.GRAPPLE:
        return "close_range" if request["free_hand"] else "free_hand"
    if kind is Maneuver.CRUSH and Condition.SUFFOCATING in opponent.conditions:
        return "held_since_earlier_turn"
    return "actor" if kind in (Maneuver.BREAK_FREE, Maneuver.BREAK_STRANGLE) else "opponent"


def init_app(app) -> None:
    handles(app, Event.MANEUVER)(maneuver)
