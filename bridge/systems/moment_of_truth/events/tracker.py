"""A scene's combat tracker: the GM starts and ends a fight, seats tokens,
rolls initiative; the seat whose turn it is (or the GM) passes the turn,
which rolls everything the end of a turn and the start of the next bring;
a token's owner keeps back defense dice or aims (ch. 7).

The bridge keeps the fight's rules state (``Combat``, pushed as
``combat.changed``); token changes go through ``change_tokens`` (pushed as
``token.changed``); every roll of a turn reaches the table in ``turn.ended``
and ``turn.started``."""

from __future__ import annotations

from dataclasses import replace

from ....protocol import ErrorCode, Push, Request, RequestError
from ....rules.dice import RandomDice
from ....rules.moment_of_truth.hazards import HazardResult, Vacuum
from ....rules.moment_of_truth.initiative import GmSide, roll_initiative
from ....rules.moment_of_truth.tokens import TokenChange
from ....rules.moment_of_truth.tracker import (
    Combat,
    advanced,
    fighting_seats,
    joined,
    left,
    seat_tokens,
    started,
    turn_ended,
    turn_started,
    with_aim,
    with_initiative,
    with_reserve,
)
from ....schemas.encode import dump
from ....table.publish import publish
from ....table.tokens import cause_of
from ....table.work import Work
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ....transport.rooms import world_room
from ..combat_changes import change_combat, running_combat
from ..house_rules import world_house_rules
from ..names import Event
from ..schemas.hazards import BreathHazard, VacuumHazard
from ..schemas.tracker import Combat as CombatShape
from ..schemas.tracker import InitiativeResult, TurnEndedToken, TurnStartedToken
from ..token_changes import change_tokens, owned_token, tracked
from ..world_rules import world_dials

_dice = RandomDice()


def _no_combat(scene_id: str) -> RequestError:
    return RequestError(ErrorCode.INVALID, f"no combat runs in {scene_id!r}", {"scene_id": ["no combat"]})


def _running(combat: Combat | None, scene_id: str) -> Combat:
    if combat is None:
        raise _no_combat(scene_id)
    return combat


def _check_seat(work: Work, state, seat: str, gm_seat: str, field: str) -> None:
    """A player's seat takes only tokens of actors that player owns."""
    if seat != gm_seat and not work.store.owns_actor(work.world_id, seat, state.actor_id):
        raise RequestError(
            ErrorCode.INVALID, f"{seat!r} does not own {state.token_id!r}'s actor", {field: ["not that seat's token"]}
        )


def start(work, start_request: dict) -> dict:
    """A fight begins in the scene (GM only); one per scene."""
    scene_id, seated = start_request["scene_id"], start_request["combatants"]
    states = tracked(work, {c["token_id"]: f"combatants.{n}.token_id" for n, c in enumerate(seated)})
    with refused_as("gm_seat"):
        combat = started(scene_id, start_request["seating"], start_request["gm_seat"], ())
    for n, combatant in enumerate(seated):
        token_id, seat = combatant["token_id"], combatant["seat"]
        with refused_as(f"combatants.{n}.seat" if seat not in combat.seating else f"combatants.{n}.token_id"):
            combat = joined(combat, token_id, seat)
        _check_seat(work, states[token_id], seat, combat.gm_seat, f"combatants.{n}.seat")
    combat = replace(combat, version=1)

    def begin(running: Combat | None) -> tuple[Combat, Combat]:
        if running is not None:
            raise RequestError(ErrorCode.INVALID, f"a combat runs in {scene_id!r} already", {"scene_id": ["running"]})
        return combat, combat

    return dump(CombatShape, change_combat(work, Request.COMBAT_START, start_request, scene_id, begin))


def end(work, end_request: dict) -> dict:
    """The fight in the scene is over (GM only)."""
    scene_id = end_request["scene_id"]

    def finish(running: Combat | None) -> tuple[None, Combat]:
        return None, _running(running, scene_id)

    return {"ended": dump(CombatShape, change_combat(work, Request.COMBAT_END, end_request, scene_id, finish))}


def join(work, join_request: dict) -> dict:
    """A token arrives mid-fight on a seat at the table (GM only)."""
    scene_id, token_id, seat = join_request["scene_id"], join_request["token_id"], join_request["seat"]
    state = tracked(work, {token_id: "token_id"})[token_id]

    def arrive(running: Combat | None) -> tuple[Combat, Combat]:
        combat = _running(running, scene_id)
        _check_seat(work, state, seat, combat.gm_seat, "seat")
        with refused_as("seat" if seat not in combat.seating else "token_id"):
            after = joined(combat, token_id, seat)
        return after, after

    return dump(CombatShape, change_combat(work, Request.COMBAT_JOIN, join_request, scene_id, arrive))


def leave(work, leave_request: dict) -> dict:
    """A token leaves the fight (GM only)."""
    scene_id = leave_request["scene_id"]

    def depart(running: Combat | None) -> tuple[Combat, Combat]:
        with refused_as("token_id"):
            after = left(_running(running, scene_id), leave_request["token_id"])
        return after, after

    return dump(CombatShape, change_combat(work, Request.COMBAT_LEAVE, leave_request, scene_id, depart))


def initiative(work, initiative_request: dict) -> dict:
    """Roll initiative round the table (GM only, once per fight), publish the
    card and start the first turn."""
    scene_id, dials = initiative_request["scene_id"], world_dials(work)
    combat = _running(running_combat(work, scene_id), scene_id)
    seats = fighting_seats(combat)
    if not seats:
        raise RequestError(ErrorCode.INVALID, "nobody fights yet: combat.join a token", {"scene_id": ["no combatant"]})
    states = tracked(work, {c.token_id: "scene_id" for c in combat.combatants})
    statistics = {token_id: state.statistics for token_id, state in states.items()}
    players = {seat: statistics[seat_tokens(combat, seat)[0]] for seat in seats if seat != combat.gm_seat}
    gm_tokens = seat_tokens(combat, combat.gm_seat)
    gm = GmSide(combat.gm_seat, {t: statistics[t] for t in gm_tokens}, initiative_request["pick"],
                initiative_request["named"]) if gm_tokens else None
    house_rules = world_house_rules(work)
    with refused_as("named"):
        rolled = roll_initiative(seats, players, gm, dials, dice=_dice, house_rules=house_rules)

    def order(running: Combat | None) -> tuple[Combat, Combat]:
        with refused_as("scene_id"):
            after = with_initiative(_running(running, scene_id), rolled)
        if after.combatants != combat.combatants:
            raise RequestError(ErrorCode.INVALID, "the combatants changed while rolling: roll again", {"scene_id": ["changed"]})
        return after, after

    after = change_combat(work, Request.COMBAT_INITIATIVE, initiative_request, scene_id, order)
    shown = dump(InitiativeResult, rolled)
    card = publish(work, initiative_request, Request.COMBAT_INITIATIVE, shown, actor_id=scene_id)
    _start_turn(work, Request.COMBAT_INITIATIVE, initiative_request, after, new_round=True)
    return card


def next_turn(work, next_request: dict) -> dict:
    """End the turn of the seat that has it and start the next one's (the GM,
    or the player whose seat has the turn)."""
    scene_id, meant = next_request["scene_id"], next_request["seat"]

    def advance(running: Combat | None) -> tuple[Combat, tuple[Combat, Combat]]:
        combat = _running(running, scene_id)
        if combat.seat is None:
            raise RequestError(ErrorCode.INVALID, "roll initiative first", {"scene_id": ["no turn yet"]})
        if meant is not None and meant != combat.seat:
            raise RequestError(ErrorCode.INVALID, f"it is {combat.seat!r}'s turn by now", {"seat": ["not this seat's turn"]})
        if not work.identity.is_gm and work.identity.user != combat.seat:
            raise RequestError(ErrorCode.FORBIDDEN, "only the GM or the seat whose turn it is passes it",
                               {"scene_id": ["not your turn"]})
        after = advanced(combat)
        return after, (combat, after)

    before, after = change_combat(work, Request.COMBAT_NEXT, next_request, scene_id, advance)
    dials, round_number = world_dials(work), before.round
    ended = _each_token(work, Request.COMBAT_NEXT, next_request, seat_tokens(before, before.seat),
                        lambda state, dice: _ended(turn_ended(state, dials, round_number, dice=dice)))
    ended = _push(work, Push.TURN_ENDED, Request.COMBAT_NEXT, next_request, before, {"tokens": ended})
    turn = _start_turn(work, Request.COMBAT_NEXT, next_request, after, new_round=after.round != before.round)
    return {"ended": ended, "started": turn}


def _started(started: tuple) -> tuple:
    """A token's turn start, its result as ``turn.started`` carries it."""
    made, result = started
    return made, dump(TurnStartedToken, result._replace(breath=breath_card(result.breath)))


def breath_card(tick: HazardResult | None) -> dict | None:
    """A turn without air as its card shows it: a held breath's or a second in vacuum."""
    if tick is None:
        return None
    return dump(VacuumHazard if isinstance(tick.state, Vacuum) else BreathHazard, tick)


def _ended(ended: tuple) -> tuple:
    """A token's turn end, its result as ``turn.ended`` carries it."""
    made, result = ended
    return made, dump(TurnEndedToken, result)


def _start_turn(work, rule: Request, request: dict, combat: Combat, *, new_round: bool) -> dict:
    """The start of the turn of ``combat``'s seat: push ``turn.started``."""
    dials = world_dials(work)
    tokens = _each_token(work, rule, request, seat_tokens(combat, combat.seat),
                         lambda state, dice: _started(turn_started(state, dials, combat.round, dice=dice)))
    return _push(work, Push.TURN_STARTED, rule, request, combat, {"new_round": new_round, "tokens": tokens})


def _each_token(work, rule: Request, request: dict, token_ids: tuple[str, ...], step) -> list[dict]:
    """``step(state, dice) -> (TokenChange or None, result)`` for each token,
    saved together; the results in the tokens' order."""
    if not token_ids:
        return []
    def apply(states: dict) -> tuple[list[TokenChange], list[dict]]:
        stepped = [step(states[token_id], _dice) for token_id in token_ids]
        return [change for change, _ in stepped if change], [result for _, result in stepped]

    return change_tokens(work, rule, request, {token_id: "scene_id" for token_id in token_ids}, apply)


def _push(work, push: Push, rule: Request, request: dict, combat: Combat, fields: dict) -> dict:
    """A turn's push to the whole table; the answer carries the same."""
    turn = {"scene_id": combat.scene_id, "round": combat.round, "seat": combat.seat, **fields}
    turn["cause"] = cause_of(work, rule, request)
    work.emit(push.value, turn, to=world_room(work.world_id))
    return turn


def _stance_change(work, rule: Request, stance_request: dict, change) -> dict:
    """Change the stance of the request's token (its owner or the GM)."""
    scene_id, token_id = stance_request["scene_id"], stance_request["token_id"]
    owned_token(work, token_id, acting=True)

    def apply(running: Combat | None) -> tuple[Combat, Combat]:
        with refused_as("token_id"):
            after = change(_running(running, scene_id))
        return after, after

    return dump(CombatShape, change_combat(work, rule, stance_request, scene_id, apply))


def reserve(work, reserve_request: dict) -> dict:
    """Keep back defense dice this turn without attacking."""
    return _stance_change(work, Event.COMBAT_RESERVE, reserve_request, lambda combat: with_reserve(
        combat, reserve_request["token_id"], reserve_request["defense_dice"]
    ))


def aim(work, aim_request: dict) -> dict:
    """Spend the turn aiming at a tracked target."""
    tracked(work, {aim_request["target_id"]: "target_id"})
    return _stance_change(work, Event.COMBAT_AIM, aim_request, lambda combat: with_aim(
        combat, aim_request["token_id"], aim_request["target_id"]
    ))


HANDLERS = {
    Event.COMBAT_RESERVE: reserve,
    Event.COMBAT_AIM: aim,
}


def init_app(app) -> None:
    for event, handler in HANDLERS.items():
        handles(app, event)(handler)
