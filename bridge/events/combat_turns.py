"""Combat round by round (ch. 7): initiative, grappling maneuvers, the
end-of-turn condition rolls and a turn's allowance. Stateless: the client
sends each side's numbers."""

from __future__ import annotations

from ..cards import check_owner, publish
from ..protocol import Request
from ..refusals import refused_as
from ..requests import handles
from ..rules.dice import RandomDice
from ..rules.moment_of_truth.conditions import Condition
from ..rules.moment_of_truth.defense import to_hit
from ..rules.moment_of_truth.initiative import GmSide, gm_combatant, roll_initiative
from ..rules.moment_of_truth.maneuvers import (
    Grappler,
    Maneuver,
    break_free,
    break_strangle,
    crush,
    disarm,
    grapple,
    strangle,
    take_down,
)
from ..rules.moment_of_truth.statistics import Derived, Statistic
from ..rules.moment_of_truth.turns import end_turn, turn_allowance
from ..world_rules import world_dials
from .combat import statistics_of

_dice = RandomDice()



def initiative(identity, initiative_request: dict) -> dict:
    """Roll initiative for every seat (GM only)."""
    dials = world_dials(identity)
    players = {
        seat["seat"]: statistics_of(seat["statistics"]) if "statistics" in seat else seat["reaction_time"]
        for seat in initiative_request["players"]
    }
    gm = _gm_side(initiative_request["gm"])
    if gm:
        with refused_as("gm.named"):
            gm_combatant(gm, dials)
    with refused_as("seating"):
        result = roll_initiative(initiative_request["seating"], players, gm, dials, dice=_dice)
    return publish(identity, initiative_request, Request.INITIATIVE, result.to_dict())


def _gm_side(gm: dict | None) -> GmSide | None:
    if gm is None:
        return None
    combatants = {combatant["name"]: statistics_of(combatant["statistics"]) for combatant in gm["combatants"]}
    return GmSide(gm["seat"], combatants, gm["pick"], gm["named"])


def maneuver(identity, maneuver_request: dict) -> dict:
    """One grappling maneuver by the actor against the resisting opponent."""
    check_owner(identity, maneuver_request["actor_id"])
    dials = world_dials(identity)
    actor = _grappler(maneuver_request["actor"], "actor")
    opponent = _grappler(maneuver_request["opponent"], "opponent")
    with refused_as(_maneuver_field(maneuver_request)):
        result = _run(maneuver_request, actor, opponent, dials)
    return publish(identity, maneuver_request, Request.MANEUVER, result.to_dict())


def _grappler(side: dict, field: str) -> Grappler:
    fields = {key: value for key, value in side.items() if key != "moments_spent"}
    with refused_as(f"{field}.uses"):
        return Grappler(**fields, moments=side["moments_spent"])


def _rolled(choice) -> Statistic | Derived:
    """The wire's `melee_attack` is the derived statistic; the others are basic."""
    return Derived.MELEE_ATTACK if choice.value == Derived.MELEE_ATTACK.value else Statistic(choice.value)


def _run(request: dict, actor: Grappler, opponent: Grappler, dials):
    kind = request["kind"]
    if kind is Maneuver.GRAPPLE:
        tn = to_hit(
            dials=dials, ranged=False, defense_dice=request["defense_dice"], target_conditions=opponent.conditions
        )
        return grapple(actor, opponent, dials, free_hand=request["free_hand"], close_range=request["close_range"],
                       target_to_hit=tn, dice=_dice)
    if kind is Maneuver.BREAK_FREE:
        return break_free(actor, opponent, dials, statistic=_rolled(request["statistic"]),
                          grappler_statistic=_rolled(request["opponent_statistic"]), strangled=request["strangled"],
                          dice=_dice)
    if kind is Maneuver.TAKE_DOWN:
        return take_down(actor, opponent, dials, both_failed_tie=request["both_failed_tie"], dice=_dice)
    if kind is Maneuver.STRANGLE:
        return strangle(actor, opponent, dials, statistic=_rolled(request["statistic"]),
                        target_statistic=_rolled(request["opponent_statistic"]), dice=_dice)
    if kind is Maneuver.CRUSH:
        return crush(actor, opponent, held_since_earlier_turn=request["held_since_earlier_turn"],
                     damage_reduction=request["damage_reduction"], dice=_dice)
    if kind is Maneuver.BREAK_STRANGLE:
        return break_strangle(actor, opponent, dials, dice=_dice)
    return disarm(actor, opponent, dials, dice=_dice)


def _maneuver_field(request: dict) -> str:
    """Which field the maneuver's rules refuse, in the order they check: the
    actor out of action, a grapple's free hand and range, a crush's strangle
    held since an earlier turn, else a condition one side lacks."""
    kind = request["kind"]
    if {Condition.DEAD, Condition.UNCONSCIOUS} & set(request["actor"]["conditions"]):
        return "actor.conditions"
    if kind is Maneuver.GRAPPLE:
        return "close_range" if request["free_hand"] else "free_hand"
    if kind is Maneuver.CRUSH and Condition.SUFFOCATING in request["opponent"]["conditions"]:
        return "held_since_earlier_turn"
    return "actor.conditions" if kind in (Maneuver.BREAK_FREE, Maneuver.BREAK_STRANGLE) else "opponent.conditions"


def turn_end(identity, turn_request: dict) -> dict:
    """Roll against stunned and confused at the end of the actor's turn."""
    check_owner(identity, turn_request["actor_id"])
    statistics = statistics_of(turn_request["statistics"])
    with refused_as("conditions", pool="statistics"):
        result = end_turn(turn_request["conditions"], statistics, world_dials(identity), dice=_dice)
    return publish(identity, turn_request, Request.TURN_END, result.to_dict())


def allowance(identity, allowance_request: dict) -> dict:
    """What a turn allows with this move and these conditions."""
    return turn_allowance(allowance_request["move"], allowance_request["conditions"]).to_dict()


def init_app(app) -> None:
    handles(app, Request.INITIATIVE)(initiative)
    handles(app, Request.MANEUVER)(maneuver)
    handles(app, Request.TURN_END)(turn_end)
    handles(app, Request.TURN_ALLOWANCE)(allowance)
