"""Weapon handling (ch. 10) on a tracked token's weapon: readying an
unwieldy weapon, the one-handed grip on a two-handed one, reloading,
clearing a jam. Each reads the token's statistics and weapon skill and
keeps the weapon's state (ready, jammed, magazine) for its next attack.

A roll is made before the sender's Moments of Truth are charged and shown
only once they are paid: a roll refused (impossible, or MoTs short) is
never seen and charges nothing."""

from __future__ import annotations

from ....protocol import Request
from ....rules.dice import RandomDice
from ....rules.moment_of_truth import Modifier
from ....rules.moment_of_truth.equipment import Quality
from ....rules.moment_of_truth.statistics import Statistic
from ....rules.moment_of_truth.tokens import changed
from ....rules.moment_of_truth.weapon_handling import (
    MAGAZINE_CHANGE_ROUNDS,
    Check,
    clear_jam,
    one_handed_grip,
    ready_after_attack,
    reload_muzzle_loader,
)
from ....rules.moment_of_truth.weapon_state import (
    cleared,
    readied,
    reloaded,
    shown,
    weapon_state,
    with_weapon,
)
from ....schemas.encode import dump
from ....table.publish import new_card_id, publish
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ..names import Event
from ..schemas import combat_weapons as shapes
from ..schemas.combat import WeaponState as WeaponStateShape
from ..token_changes import change_tokens, owned_token
from ..world_rules import world_dials
from .combat import arsenal_of, skill_level, weapon_of
from .moments import charge_moments

_dice = RandomDice()


def _modifiers(request: dict) -> list[Modifier]:
    return [Modifier(m["source"], m["dice"], m["penalty"]) for m in request["modifiers"]]


def _wielder(work, weapon_request: dict):
    """The token (the sender must own it; dead or unconscious, it acts not),
    the world's dials, the weapon and its state."""
    state = owned_token(work, weapon_request["token_id"], acting=True)
    dials = world_dials(work)
    weapon = weapon_of(weapon_request["weapon"], arsenal_of(work))
    return state, dials, weapon, weapon_state(state, weapon, dials)


def _kept(work, rule: Request, weapon_request: dict, token, weapon, after, result: dict) -> dict:
    """Charge the MoTs spent, keep the weapon's state on the token, publish the card."""
    card_id = new_card_id()
    charge_moments(work, weapon_request["moments_spent"], card_id, "moments_spent")
    token_id = weapon_request["token_id"]

    def keep(fresh: dict) -> tuple[list, None]:
        before = fresh[token_id]
        return [changed(before, with_weapon(before, weapon, after))], None

    change_tokens(work, rule, weapon_request, {token_id: "token_id"}, keep)
    card = result | {"weapon_state": dump(WeaponStateShape, shown(after, weapon))}
    return publish(work, weapon_request, rule, card, card_id=card_id, actor_id=token.actor_id)


def weapon_ready(work, ready_request: dict) -> dict:
    """The roll that readies an unwieldy weapon after an attack (or the turn
    spent readying it after a failed one), or grips a two-handed one in one hand."""
    token, dials, weapon, held = _wielder(work, ready_request)
    check = ready_request["check"]
    strength = token.statistics[Statistic.STRENGTH]
    with refused_as("weapon"):
        if ready_request["turn_spent"]:
            after = readied(held, weapon, check, None)
            result = {"check": check.value, "weapon": weapon.name, "passed": True, "roll": None,
                      "explanation": [f"the turn spent readying {weapon.name}: ready for an attack next turn"]}
        else:
            readied(held, weapon, check, True)  # refuses a roll the weapon's state does not call for
            if check is Check.ONE_HANDED_GRIP:
                rolled = one_handed_grip(
                    weapon, strength=strength, dials=dials, moments_spent=ready_request["moments_spent"], dice=_dice
                )
            else:
                rolled = ready_after_attack(
                    weapon, one_handed=ready_request["one_handed"], strength=strength,
                    skill_level=skill_level(token, weapon), dials=dials, modifiers=_modifiers(ready_request),
                    moments_spent=ready_request["moments_spent"], dice=_dice,
                )
            after, result = readied(held, weapon, check, rolled.passed), dump(shapes.WeaponRoll, rolled)
    return _kept(work, Event.WEAPON_READY, ready_request, token, weapon, after, result)


def weapon_reload(work, reload_request: dict) -> dict:
    """Load a fresh magazine (one combat round), or reload a muzzle-loader
    (6 rounds less the successes of an Agility + weapon skill roll)."""
    token, dials, weapon, held = _wielder(work, reload_request)
    with refused_as("weapon"):
        after = reloaded(held, weapon, reload_request["capacity"])
        if Quality.MUZZLE_LOADED in weapon.qualities:
            task = reload_muzzle_loader(
                weapon, agility=token.statistics[Statistic.AGILITY], skill_level=skill_level(token, weapon),
                dials=dials, modifiers=_modifiers(reload_request), moments_spent=reload_request["moments_spent"],
                dice=_dice,
            )
            rounds, lines = task.rounds, task.explanation
        else:
            task, rounds = None, MAGAZINE_CHANGE_ROUNDS
            lines = [f"a fresh magazine of {after.magazine.capacity} rounds: one combat round (a move, no second action)"]
    result = {"weapon": weapon.name, "task": dump(shapes.TimedTask, task) if task else None, "rounds": rounds, "explanation": lines}
    return _kept(work, Event.WEAPON_RELOAD, reload_request, token, weapon, after, result)


def weapon_clear_jam(work, jam_request: dict) -> dict:
    """Clear an unreliable weapon's jam: 4 rounds less the successes, at least 1."""
    token, _, weapon, held = _wielder(work, jam_request)
    with refused_as("weapon"):
        after = cleared(held, weapon)
        result = clear_jam(
            weapon, agility=token.statistics[Statistic.AGILITY], skill_level=skill_level(token, weapon),
            modifiers=_modifiers(jam_request), moments_spent=jam_request["moments_spent"], dice=_dice,
        )
    return _kept(work, Event.WEAPON_CLEAR_JAM, jam_request, token, weapon, after, dump(shapes.TimedTask, result))


def init_app(app) -> None:
    handles(app, Event.WEAPON_READY)(weapon_ready)
    handles(app, Event.WEAPON_RELOAD)(weapon_reload)
    handles(app, Event.WEAPON_CLEAR_JAM)(weapon_clear_jam)
