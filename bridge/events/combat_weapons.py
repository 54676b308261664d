"""Weapon handling (ch. 10): readying an unwieldy weapon, the one-handed
grip on a two-handed one, reloading a muzzle-loader, clearing a jam."""

from __future__ import annotations

from ..cards import check_owner, publish
from ..protocol import Request
from ..refusals import refused_as
from ..requests import handles
from ..rules.dice import RandomDice
from ..rules.moment_of_truth import Modifier
from ..rules.moment_of_truth.weapon_handling import (
    Check,
    clear_jam,
    one_handed_grip,
    ready_after_attack,
    reload_muzzle_loader,
)
from ..world_rules import world_dials
from .combat import arsenal_of, weapon_of

_dice = RandomDice()


def _modifiers(request: dict) -> list[Modifier]:
    return [Modifier(m["source"], m["dice"], m["penalty"]) for m in request["modifiers"]]


def weapon_ready(identity, ready_request: dict) -> dict:
    """The roll that readies an unwieldy weapon, or grips a two-handed one in one hand."""
    check_owner(identity, ready_request["actor_id"])
    dials = world_dials(identity)
    weapon = weapon_of(ready_request["weapon"], arsenal_of(identity))
    with refused_as("weapon"):
        if ready_request["check"] is Check.ONE_HANDED_GRIP:
            result = one_handed_grip(
                weapon, strength=ready_request["strength"], dials=dials,
                moments_spent=ready_request["moments_spent"], dice=_dice,
            )
        else:
            result = ready_after_attack(
                weapon, one_handed=ready_request["one_handed"], strength=ready_request["strength"],
                skill_level=ready_request["skill_level"], dials=dials, modifiers=_modifiers(ready_request),
                moments_spent=ready_request["moments_spent"], dice=_dice,
            )
    return publish(identity, ready_request, Request.WEAPON_READY, result.to_dict())


def weapon_reload(identity, reload_request: dict) -> dict:
    """Reload a muzzle-loader: 6 rounds less the successes."""
    check_owner(identity, reload_request["actor_id"])
    dials = world_dials(identity)
    weapon = weapon_of(reload_request["weapon"], arsenal_of(identity))
    with refused_as("weapon"):
        result = reload_muzzle_loader(
            weapon, agility=reload_request["agility"], skill_level=reload_request["skill_level"], dials=dials,
            modifiers=_modifiers(reload_request), moments_spent=reload_request["moments_spent"], dice=_dice,
        )
    return publish(identity, reload_request, Request.WEAPON_RELOAD, result.to_dict())


def weapon_clear_jam(identity, jam_request: dict) -> dict:
    """Clear an unreliable weapon's jam: 4 rounds less the successes, at least 1."""
    check_owner(identity, jam_request["actor_id"])
    weapon = weapon_of(jam_request["weapon"], arsenal_of(identity))
    with refused_as("weapon"):
        result = clear_jam(
            weapon, agility=jam_request["agility"], skill_level=jam_request["skill_level"],
            modifiers=_modifiers(jam_request), moments_spent=jam_request["moments_spent"], dice=_dice,
        )
    return publish(identity, jam_request, Request.WEAPON_CLEAR_JAM, result.to_dict())


def init_app(app) -> None:
    handles(app, Request.WEAPON_READY)(weapon_ready)
    handles(app, Request.WEAPON_RELOAD)(weapon_reload)
    handles(app, Request.WEAPON_CLEAR_JAM)(weapon_clear_jam)
