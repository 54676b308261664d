"""Hazards (ch. 8): falling, explosions, fire, suffocation and vacuum, the
GM's cards about the character caught (the catalog makes them GM-only)."""

from __future__ import annotations

from ..cards import publish
from ..protocol import Request
from ..refusals import refused_as
from ..requests import handles
from ..rules.dice import RandomDice
from ..rules.moment_of_truth import hazards
from ..world_rules import world_dials

_dice = RandomDice()


def fall(identity, request: dict) -> dict:
    result = hazards.fall(
        request["health"],
        request["meters"],
        request["agility"],
        world_dials(identity),
        damage_reduction=request["damage_reduction"],
        dice=_dice,
    )
    return publish(identity, request, Request.HAZARD_FALL, result.to_dict())


def explosion(identity, request: dict) -> dict:
    """One charge among every token the GM names."""
    charge = request["charge"].damage(request["dice"])
    caught = [hazards.Caught(**token) for token in request["tokens"]]
    result = hazards.blast(charge, caught, world_dials(identity), dice=_dice)
    return publish(identity, request, Request.HAZARD_EXPLOSION, result.to_dict())


def fire_ignite(identity, request: dict) -> dict:
    result = hazards.ignite(
        request["health"], request["starting_dice"], world_dials(identity), grease=request["grease"], dice=_dice
    )
    return publish(identity, request, Request.HAZARD_FIRE_IGNITE, result.to_dict())


def fire_burn(identity, request: dict) -> dict:
    with refused_as("fire", pool="fire"):
        result = hazards.burn(
            request["health"],
            request["fire"],
            request["agility"],
            world_dials(identity),
            blanket=request["blanket"],
            water=request["water"],
            helper_successes=request["helper_successes"],
            dice=_dice,
        )
    return publish(identity, request, Request.HAZARD_FIRE_BURN, result.to_dict())


def suffocation_start(identity, request: dict) -> dict:
    result = hazards.start_suffocating(
        request["health"], request["endurance"], world_dials(identity), warned=request["warned"], dice=_dice
    )
    return publish(identity, request, Request.HAZARD_SUFFOCATION_START, result.to_dict())


def suffocation_turn(identity, request: dict) -> dict:
    result = hazards.suffocate(request["health"], request["breath"], world_dials(identity))
    return publish(identity, request, Request.HAZARD_SUFFOCATION_TURN, result.to_dict())


def vacuum_enter(identity, request: dict) -> dict:
    result = hazards.enter_vacuum(
        request["health"],
        request["endurance"],
        world_dials(identity),
        warned=request["warned"],
        ruptured_suit=request["ruptured_suit"],
        dice=_dice,
    )
    return publish(identity, request, Request.HAZARD_VACUUM_ENTER, result.to_dict())


def vacuum_second(identity, request: dict) -> dict:
    with refused_as("vacuum", pool="moments_spent"):
        result = hazards.vacuum_second(
            request["health"],
            request["vacuum"],
            request["endurance"],
            world_dials(identity),
            moments_spent=request["moments_spent"],
            dice=_dice,
        )
    return publish(identity, request, Request.HAZARD_VACUUM_SECOND, result.to_dict())


HANDLERS = {
    Request.HAZARD_FALL: fall,
    Request.HAZARD_EXPLOSION: explosion,
    Request.HAZARD_FIRE_IGNITE: fire_ignite,
    Request.HAZARD_FIRE_BURN: fire_burn,
    Request.HAZARD_SUFFOCATION_START: suffocation_start,
    Request.HAZARD_SUFFOCATION_TURN: suffocation_turn,
    Request.HAZARD_VACUUM_ENTER: vacuum_enter,
    Request.HAZARD_VACUUM_SECOND: vacuum_second,
}


def init_app(app) -> None:
    for event, handler in HANDLERS.items():
        handles(app, event)(handler)
