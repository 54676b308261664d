"""Combat round by round (ch. 7): initiative, the end-of-turn condition rolls and a turn's allowance. Stateless: the client
sends each side's numbers (grappling maneuvers: :mod:`.maneuvers`)."""

from __future__ import annotations

from ..cards import check_owner, publish
from ..protocol import Request
from ..refusals import refused_as
from ..requests import handles
from ..rules.dice import RandomDice
from ..rules.moment_of_truth.initiative import GmSide, gm_combatant, roll_initiative
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
    handles(app, Request.TURN_END)(turn_end)
    handles(app, Request.TURN_ALLOWANCE)(allowance)
