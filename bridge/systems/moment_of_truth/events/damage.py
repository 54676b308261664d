"""Damage rolls against armor (ch. 7, Rolling Damage; Armor and Called Shots)."""

from __future__ import annotations

from ....rules.dice import RandomDice
from ....rules.moment_of_truth.damage import DamageDice, effective_dr, roll_damage
from ....schemas.encode import dump
from ....table.publish import check_owner, publish
from ....transport.handling import handles
from ..names import Event
from ..schemas.damage import DamageResult

_dice = RandomDice()


def damage(work, damage_request: dict) -> dict:
    """Roll damage dice, lowered by a called shot and raised by MoTs, against armor."""
    check_owner(work, damage_request["actor_id"])
    rolled = DamageDice(
        damage_request["dice"] + damage_request["moments_spent"],
        damage_request["minor_at"],
        damage_request["serious_at"],
    ).lowered(damage_request["lowered_by"])
    dr = effective_dr(damage_request["damage_reduction"], damage_request["armor_piercing"])
    result = dump(DamageResult, roll_damage(rolled, dr, dice=_dice))
    options = {name: damage_request[name] for name in ("armor_piercing", "lowered_by", "moments_spent")}
    return publish(work, damage_request, Event.DAMAGE, result | options)


def init_app(app) -> None:
    handles(app, Event.DAMAGE)(damage)
