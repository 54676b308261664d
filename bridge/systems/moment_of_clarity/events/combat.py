"""``moc.attack``, ``moc.recover`` and ``moc.initiative``."""

from __future__ import annotations

from ....cards import check_owner, publish
from ....protocol import ErrorCode, RequestError
from ....rules.dice import RandomDice
from ....rules.moment_of_clarity.combat import Weapon, damage_pool, initiative_order, roll_damage
from ....rules.moment_of_clarity.health import recover_damage, recovery_action, resist, resistance_tn, take_hit
from ....rules.moment_of_clarity.levels import Difficulty
from ....rules.moment_of_clarity.rolls import open_up, roll
from .. import state as moc
from .common import changed, handles, refused, registered

_dice = RandomDice()


def attack(unit, request: dict) -> dict:
    """To hit, the damage pool its raises make, the damage roll, the
    target's resistance if it resists, and the levels on its tracks."""
    check_owner(unit, request["actor_id"])
    registered(unit, request["target"], "target")
    modifier = request["location_modifier"]
    with refused("weapon"):
        to_hit = roll(request["dice"], request["sides"], request["tn"], _dice)
        pool = damage_pool(to_hit, Weapon(**request["weapon"]), modifier)
    damage = roll_damage(pool, _dice)
    levels = damage.successes if damage else 0
    resistance, ignore = None, False
    if levels and request["resist"]:
        with refused("resist"):
            resistance = roll(request["resist"]["dice"], 10, resistance_tn(modifier), _dice, open_ended=False)
        ignore = request["resist"]["ignore_with_ten"] and any(die.face == 10 for die in resistance.dice)
        resistance = resistance if ignore else open_up(resistance, _dice)

    def hit(health):
        return resist(health, levels, resistance, ignore) if resistance else take_hit(health, levels)

    entry, taken = changed(unit, moc.change_health(request["target"], hit), "target") if damage else (None, None)
    result = {
        "attack": to_hit.to_dict(),
        "damage_pool": pool.to_dict(),
        "damage": damage and damage.to_dict(),
        "resistance": resistance and resistance.to_dict(),
        "hit": taken and taken.to_dict(),
        "target": target_view(request["target"], entry or registered(unit, request["target"], "target")),
        "explanation": [*pool.explanation, *(taken.explanation if taken else [])],
    }
    return publish(unit, request, "moc.attack", result)


def target_view(actor_id: str, entry: dict) -> dict:
    health = moc.health_of(entry)
    return {
        "actor_id": actor_id,
        "name": entry["name"],
        "tracks": entry["tracks"],
        "pain_points": health.pain_points,
        "dazed": entry["dazed"],
    }


def recover(unit, request: dict) -> dict:
    """A recovery action (Pain back equal to Toughness), or an L roll at the
    end of a healing period (a success heals a point of damage)."""
    check_owner(unit, request["actor_id"])
    entry = registered(unit, request["actor_id"])
    l_roll = None
    if request["kind"] == "damage":
        with refused("kind"):
            l_roll = roll(entry["l_score"], 10, Difficulty.STANDARD, _dice)
    heal = recovery_action if l_roll is None else (lambda health: recover_damage(health, l_roll))
    after, _ = changed(unit, moc.change_health(request["actor_id"], heal), "actor_id")
    lines = (
        ["a full action of recovery: Pain back equal to Toughness"]
        if l_roll is None
        else [f"an L roll: {l_roll.level.words}" + (", a point of damage healed" if l_roll.successes else "")]
    )
    result = {
        "kind": request["kind"],
        "roll": l_roll and l_roll.to_dict(),
        "tracks": after["tracks"],
        "explanation": lines,
    }
    return publish(unit, request, "moc.recover", result)


def initiative(unit, request: dict) -> dict:
    """GM: each principal's Sp roll; most successes first, then the dice's total, then simultaneous."""
    names = [principal["name"] for principal in request["principals"]]
    if len(set(names)) < len(names):
        raise RequestError(ErrorCode.INVALID, "principals are told apart by name", {"principals": ["two share a name"]})
    with refused("principals"):
        rolls = {
            each["name"]: roll(each["dice"], each["sides"], request["tn"], _dice) for each in request["principals"]
        }
    order = initiative_order(rolls)
    lines = [
        f"{turn}. {' and '.join(group)}{' (together)' if len(group) > 1 else ''}" for turn, group in enumerate(order, 1)
    ]
    result = {
        "rolls": [{"name": name, "roll": rolled.to_dict()} for name, rolled in rolls.items()],
        "order": [list(group) for group in order],
        "explanation": lines,
    }
    return publish(unit, request, "moc.initiative", result)


def init_app(app) -> None:
    handles(app, "moc.attack")(attack)
    handles(app, "moc.recover")(recover)
    handles(app, "moc.initiative")(initiative)
