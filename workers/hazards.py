"""Hazard jobs (ch. 8): falling, explosions, fire, suffocation and vacuum on
tracked tokens, resolved in a worker. Each reads the tokens it names and
writes back their health, conditions and the hazard's state through
``change_tokens``, then publishes its card; ``effects.run_once`` makes those
effects once per request, however often the job runs.
"""

from __future__ import annotations

from collections.abc import Callable

from bridge.auth import Identity, Role
from bridge.cards import publish
from bridge.combat_changes import running_combat
from bridge.events.combat import armor_of, arsenal_of
from bridge.protocol import Request, RequestError
from bridge.refusals import refused_as
from bridge.rules.dice import RandomDice
from bridge.rules.moment_of_truth import token_hazards
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.hazards import Charge, Vacuum
from bridge.rules.moment_of_truth.token_hazards import InReach, Ticked
from bridge.rules.moment_of_truth.tokens import TokenState
from bridge.schemas.catalog import REQUESTS
from bridge.token_changes import change_tokens, tracked
from bridge.world_rules import world_dials

from . import effects, push

_dice = RandomDice()

#: hazard(the token's state, the states by id, the round) -> the token's change and the card's result.
TokenHazard = Callable[[TokenState, dict[str, TokenState], int | None], Ticked]


def _round(identity, state: TokenState) -> int | None:
    """The round of the combat running in the token's scene, if any."""
    combat = running_combat(identity, state.scene_id)
    return combat.round if combat else None


def _on_token(identity, request: dict, rule: Request, hazard: TokenHazard, others: dict[str, str] | None = None) -> dict:
    """Apply ``hazard`` to the request's token (``others``: more tokens it
    reads, by field); publish its card with the token's change."""
    token_id = request["token_id"]
    named = {token_id: "token_id", **(others or {})}
    state = tracked(identity, named)[token_id]
    round_number = _round(identity, state)

    def change(states: dict[str, TokenState]):
        with refused_as("token_id"):
            made, result = hazard(states[token_id], states, round_number)
        return [made], result | {"token": made.to_dict()}

    result = change_tokens(identity, rule, request, named, change)
    return publish(identity, request, rule, result, actor_id=state.actor_id)


def _dr(state: TokenState, arsenal: Arsenal, field: str) -> int:
    """The DR of the armor the token wears (0: none)."""
    armor = armor_of(state.armor, arsenal, field)
    return armor.damage_reduction if armor else 0


def fall(identity, request: dict) -> dict:
    dials, arsenal = world_dials(identity), arsenal_of(identity) if request["armor"] else None

    def hazard(state, _, round_number):
        dr = _dr(state, arsenal, "armor") if arsenal else 0
        return token_hazards.fall(
            state, request["meters"], dials, damage_reduction=dr, round_number=round_number, dice=_dice
        )

    return _on_token(identity, request, Request.HAZARD_FALL, hazard)


def explosion(identity, request: dict) -> dict:
    """One charge among every token the GM names, at the distances and
    behind the cover the GM's client measures; each token's armor is the one
    it wears unless the request gives a DR."""
    dials = world_dials(identity)
    charge: Charge = request["charge"]
    tokens = request["tokens"]
    named = {token["token_id"]: f"tokens.{n}.token_id" for n, token in enumerate(tokens)}
    states, arsenal = tracked(identity, named), arsenal_of(identity)
    reductions = [
        _dr(states[token["token_id"]], arsenal, f"tokens.{n}") if token["damage_reduction"] is None
        else token["damage_reduction"]
        for n, token in enumerate(tokens)
    ]
    round_number = _round(identity, states[tokens[0]["token_id"]])

    def change(states: dict[str, TokenState]):
        caught = [
            InReach(states[token["token_id"]], token["distance"], token["cover"], reduction)
            for token, reduction in zip(tokens, reductions)
        ]
        with refused_as("tokens"):
            return token_hazards.blast(
                charge.damage(request["dice"]), caught, dials, round_number=round_number, dice=_dice
            )

    result = change_tokens(identity, Request.HAZARD_EXPLOSION, request, named, change)
    return publish(identity, request, Request.HAZARD_EXPLOSION, result)


def fire_ignite(identity, request: dict) -> dict:
    dials = world_dials(identity)

    def hazard(state, _, round_number):
        return token_hazards.ignite(
            state, request["starting_dice"], dials, grease=request["grease"], round_number=round_number, dice=_dice
        )

    return _on_token(identity, request, Request.HAZARD_FIRE_IGNITE, hazard)


def fire_burn(identity, request: dict) -> dict:
    """The fire's tick on the burning token's turn, or a helper's roll to put it out."""
    dials, helper_id = world_dials(identity), request["helper_token_id"]
    tools = {"blanket": request["blanket"], "water": request["water"]}

    def tick(state, _, round_number):
        ticked = token_hazards.burn_tick(state, dials, round_number=round_number, dice=_dice, **tools)
        if ticked is None:
            raise ValueError("the token is not on fire")
        return ticked

    def helped(state, states, round_number):
        with refused_as("helper_token_id"):
            token_hazards.check_helper(state, states[helper_id])
        return token_hazards.smother(state, states[helper_id], dials, round_number=round_number, dice=_dice, **tools)

    if helper_id is None:
        return _on_token(identity, request, Request.HAZARD_FIRE_BURN, tick)
    return _on_token(identity, request, Request.HAZARD_FIRE_BURN, helped, {helper_id: "helper_token_id"})


def suffocation_start(identity, request: dict) -> dict:
    dials = world_dials(identity)

    def hazard(state, _, round_number):
        return token_hazards.start_suffocating(
            state, dials, warned=request["warned"], round_number=round_number, dice=_dice
        )

    return _on_token(identity, request, Request.HAZARD_SUFFOCATION_START, hazard)


def _breath_tick(identity, request: dict, rule: Request, in_vacuum: bool) -> dict:
    """A turn without air of a token out of air from the air hazard ``rule`` is about."""
    dials = world_dials(identity)

    def hazard(state, _, round_number):
        air = token_hazards.air_of(state)
        if air is None:
            raise ValueError("the token is not suffocating")
        if isinstance(air, Vacuum) != in_vacuum:
            raise ValueError("the token is in vacuum" if not in_vacuum else "the token is not in vacuum")
        return token_hazards.breath_tick(state, dials, round_number=round_number, dice=_dice)

    return _on_token(identity, request, rule, hazard)


def suffocation_turn(identity, request: dict) -> dict:
    return _breath_tick(identity, request, Request.HAZARD_SUFFOCATION_TURN, in_vacuum=False)


def vacuum_enter(identity, request: dict) -> dict:
    dials = world_dials(identity)

    def hazard(state, _, round_number):
        return token_hazards.enter_vacuum(
            state, dials, warned=request["warned"], ruptured_suit=request["ruptured_suit"],
            round_number=round_number, dice=_dice,
        )

    return _on_token(identity, request, Request.HAZARD_VACUUM_ENTER, hazard)


def vacuum_second(identity, request: dict) -> dict:
    return _breath_tick(identity, request, Request.HAZARD_VACUUM_SECOND, in_vacuum=True)


RESOLVERS = {
    Request.HAZARD_FALL: fall,
    Request.HAZARD_EXPLOSION: explosion,
    Request.HAZARD_FIRE_IGNITE: fire_ignite,
    Request.HAZARD_FIRE_BURN: fire_burn,
    Request.HAZARD_SUFFOCATION_START: suffocation_start,
    Request.HAZARD_SUFFOCATION_TURN: suffocation_turn,
    Request.HAZARD_VACUUM_ENTER: vacuum_enter,
    Request.HAZARD_VACUUM_SECOND: vacuum_second,
}


def hazard(reply: dict, sender: dict, event: str, request: dict) -> dict | None:
    """Resolve the hazard request ``request`` (as its schema dumps it) of
    ``event`` for ``sender`` (an identity's fields); the card goes to the table, the requester's
    view of it comes back as ``job.result``. A refusal (a token no longer
    tracked, a fire already out) comes back as ``job.failed``, nothing made."""
    reply_to, pusher = push.started(reply)
    rule, identity = Request(event), Identity(sender["world_id"], sender["user"], Role(sender["role"]))
    loaded = REQUESTS[rule].schema().load(request)
    try:
        return effects.run_once(reply_to, event, pusher, lambda: RESOLVERS[rule](identity, loaded))
    except RequestError as refused:
        pusher.failed(reply_to, refused.code.value, refused.message, refused.fields)
        return None
