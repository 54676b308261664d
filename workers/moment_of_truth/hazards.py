"""Hazard jobs (ch. 8): falling, explosions, fire, suffocation and vacuum on
tracked tokens, resolved in a worker. Each reads the tokens it names and
writes back their health, conditions and the hazard's state through
``change_fight``, then publishes its card; ``effects.run_once`` makes those
effects once per request, however often the job runs.
"""

from __future__ import annotations

from collections.abc import Callable

from bridge.protocol import Request, RequestError
from bridge.rules.dice import RandomDice
from bridge.rules.moment_of_truth import token_hazards
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.hazards import Charge, Vacuum
from bridge.rules.moment_of_truth.token_hazards import InReach, Ticked
from bridge.rules.moment_of_truth.tokens import TokenState
from bridge.rules.refusal import RulesRefusal
from bridge.schemas.catalog import REQUESTS
from bridge.schemas.encode import dump, dumper
from bridge.systems.moment_of_truth.combat_changes import Fight, change_fight, read_fight
from bridge.systems.moment_of_truth.events.combat import armor_of
from bridge.systems.moment_of_truth.events.hazards import named
from bridge.systems.moment_of_truth.names import Event
from bridge.systems.moment_of_truth.schemas.hazards import (
    ExplosionResult,
    FallResult,
    FireResult,
    SuffocationResult,
    VacuumResult,
)
from bridge.systems.moment_of_truth.world_rules import world_dials
from bridge.table.auth import Identity
from bridge.table.publish import publish
from bridge.transport.refusals import refused_as

from .. import effects, push

_dice = RandomDice()

#: hazard(the token's state, the states by id, the round, the world's equipment) -> the token's change and its result.
TokenHazard = Callable[[TokenState, dict[str, TokenState], int | None, Arsenal], Ticked]


def _resolved(work, request: dict, rule: Request, resolve: Callable) -> dict:
    """Read the tokens the request names (``named``), the combat of the
    first one's scene and the world's equipment in one trip; ``resolve(states,
    round, arsenal)`` makes the changes and the card's result; save them,
    push each change and publish the card (its actor: the first token's)."""
    tokens = named(request)
    fight: Fight = read_fight(work, tokens)
    round_number = fight.combat.round if fight.combat else None
    arsenal = Arsenal.book().with_custom(fight.arsenal)

    def change(states: dict[str, TokenState], combat):
        made, result = resolve(states, round_number, arsenal)
        return made, combat, result

    result = change_fight(work, rule, request, fight, change)
    return publish(work, request, rule, result, actor_id=fight.states[next(iter(tokens))].actor_id)


def _on_tokens(work, request: dict, rule: Request, hazard: TokenHazard) -> dict:
    """Apply ``hazard`` to each of the request's ``token_ids`` in order: one card, each token's result."""
    write = dumper(TOKEN_RESULTS[rule])

    def resolve(states, round_number, arsenal):
        made, results = [], []
        for token_id, field in named(request).items():
            with refused_as(field):
                change, result = hazard(states[token_id], states, round_number, arsenal)
            made.append(change)
            results.append(write(result))
        return made, {"tokens": results}

    return _resolved(work, request, rule, resolve)


def _on_token(work, request: dict, rule: Request, hazard: TokenHazard) -> dict:
    """Apply ``hazard`` to the request's ``token_id`` (reading its helper's too, if it names one)."""
    token_id = request["token_id"]

    def resolve(states, round_number, arsenal):
        with refused_as("token_id"):
            made, result = hazard(states[token_id], states, round_number, arsenal)
        return [made], dump(TOKEN_RESULTS[rule], result)

    return _resolved(work, request, rule, resolve)


def _dr(state: TokenState, arsenal: Arsenal, field: str) -> int:
    """The DR of the armor the token wears (0: none)."""
    armor = armor_of(state.armor, arsenal, field)
    return armor.damage_reduction if armor else 0


def fall(work, request: dict) -> dict:
    dials, softened = world_dials(work), request["armor"]

    def hazard(state, _, round_number, arsenal):
        dr = _dr(state, arsenal, "armor") if softened else 0
        return token_hazards.fall(
            state, request["meters"], dials, damage_reduction=dr, round_number=round_number, dice=_dice
        )

    return _on_tokens(work, request, Event.HAZARD_FALL, hazard)


def explosion(work, request: dict) -> dict:
    """One charge among every token the GM names, at the distances and
    behind the cover the GM's client measures; each token's armor is the one
    it wears unless the request gives a DR."""
    dials = world_dials(work)
    charge: Charge = request["charge"]
    tokens = request["tokens"]

    def resolve(states, round_number, arsenal):
        caught = [
            InReach(
                states[token["token_id"]], token["distance"], token["cover"],
                _dr(states[token["token_id"]], arsenal, f"tokens.{n}") if token["damage_reduction"] is None
                else token["damage_reduction"],
            )
            for n, token in enumerate(tokens)
        ]
        with refused_as("tokens"):
            made, blast = token_hazards.blast(
                charge.damage(request["dice"]), caught, dials, round_number=round_number, dice=_dice
            )
        return made, dump(ExplosionResult, blast)

    return _resolved(work, request, Event.HAZARD_EXPLOSION, resolve)


def fire_ignite(work, request: dict) -> dict:
    dials = world_dials(work)

    def hazard(state, _, round_number, __):
        return token_hazards.ignite(
            state, request["starting_dice"], dials, grease=request["grease"], round_number=round_number, dice=_dice
        )

    return _on_tokens(work, request, Event.HAZARD_FIRE_IGNITE, hazard)


def fire_burn(work, request: dict) -> dict:
    """The fire's tick on the burning token's turn, or a helper's roll to put it out."""
    dials, helper_id = world_dials(work), request["helper_token_id"]
    tools = {"blanket": request["blanket"], "water": request["water"]}

    def tick(state, _, round_number, __):
        ticked = token_hazards.burn_tick(state, dials, round_number=round_number, dice=_dice, **tools)
        if ticked is None:
            raise RulesRefusal("the token is not on fire")
        return ticked

    def helped(state, states, round_number, _):
        with refused_as("helper_token_id"):
            token_hazards.check_helper(state, states[helper_id])
        return token_hazards.smother(state, states[helper_id], dials, round_number=round_number, dice=_dice, **tools)

    return _on_token(work, request, Event.HAZARD_FIRE_BURN, tick if helper_id is None else helped)


def suffocation_start(work, request: dict) -> dict:
    dials = world_dials(work)

    def hazard(state, _, round_number, __):
        return token_hazards.start_suffocating(
            state, dials, warned=request["warned"], round_number=round_number, dice=_dice
        )

    return _on_tokens(work, request, Event.HAZARD_SUFFOCATION_START, hazard)


def _breath_tick(work, request: dict, rule: Request, in_vacuum: bool) -> dict:
    """A turn without air of a token out of air from the air hazard ``rule`` is about."""
    dials = world_dials(work)

    def hazard(state, _, round_number, __):
        air = token_hazards.air_of(state)
        if air is None:
            raise RulesRefusal("the token is not suffocating")
        if isinstance(air, Vacuum) != in_vacuum:
            raise RulesRefusal("the token is in vacuum" if not in_vacuum else "the token is not in vacuum")
        return token_hazards.breath_tick(state, dials, round_number=round_number, dice=_dice)

    return _on_token(work, request, rule, hazard)


def suffocation_turn(work, request: dict) -> dict:
    return _breath_tick(work, request, Event.HAZARD_SUFFOCATION_TURN, in_vacuum=False)


def vacuum_enter(work, request: dict) -> dict:
    dials = world_dials(work)

    def hazard(state, _, round_number, __):
        return token_hazards.enter_vacuum(
            state, dials, warned=request["warned"], ruptured_suit=request["ruptured_suit"],
            round_number=round_number, dice=_dice,
        )

    return _on_tokens(work, request, Event.HAZARD_VACUUM_ENTER, hazard)


def vacuum_second(work, request: dict) -> dict:
    return _breath_tick(work, request, Event.HAZARD_VACUUM_SECOND, in_vacuum=True)


#: Each hazard's result on one token, as its card shows it.
TOKEN_RESULTS = {
    Event.HAZARD_FALL: FallResult,
    Event.HAZARD_FIRE_IGNITE: FireResult,
    Event.HAZARD_FIRE_BURN: FireResult,
    Event.HAZARD_SUFFOCATION_START: SuffocationResult,
    Event.HAZARD_SUFFOCATION_TURN: SuffocationResult,
    Event.HAZARD_VACUUM_ENTER: VacuumResult,
    Event.HAZARD_VACUUM_SECOND: VacuumResult,
}

RESOLVERS = {
    Event.HAZARD_FALL: fall,
    Event.HAZARD_EXPLOSION: explosion,
    Event.HAZARD_FIRE_IGNITE: fire_ignite,
    Event.HAZARD_FIRE_BURN: fire_burn,
    Event.HAZARD_SUFFOCATION_START: suffocation_start,
    Event.HAZARD_SUFFOCATION_TURN: suffocation_turn,
    Event.HAZARD_VACUUM_ENTER: vacuum_enter,
    Event.HAZARD_VACUUM_SECOND: vacuum_second,
}


def hazard(reply: dict, sender: dict, event: str, request: dict) -> dict | None:
    """Resolve the hazard request ``request`` (as its schema dumps it) of
    ``event`` for ``sender`` (an identity's fields); the card goes to the
    table, its ``roll_id`` to the requester as ``job.result``. A refusal (a token no longer
    tracked, a fire already out) comes back as ``job.failed``, nothing made."""
    reply_to, pusher = push.started(reply)
    rule, loaded = Event(event), REQUESTS[event].schema().load(request)
    try:
        return effects.run_once(
            reply_to, event, pusher, Identity.from_dict(sender), lambda work: {"roll_id": RESOLVERS[rule](work, loaded)["roll_id"]}
        )
    except RequestError as refused:
        pusher.failed(reply_to, refused.code.value, refused.message, refused.fields)
        return None
