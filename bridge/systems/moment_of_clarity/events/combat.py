"""``moc.attack``, ``moc.recover``, ``moc.move`` and ``moc.fatigue``."""

from __future__ import annotations

from ....rules.dice import RandomDice
from ....rules.moment_of_clarity.characteristics import to_hit_tn
from ....rules.moment_of_clarity.combat import Weapon, damage_pool, roll_damage
from ....rules.moment_of_clarity.health import recover_damage, recovery_action, resist, resistance_tn, take_hit
from ....rules.moment_of_clarity.levels import Difficulty
from ....rules.moment_of_clarity.rolls import open_up, roll
from ....schemas.encode import dump
from ....table.combats import acting_seat
from ....table.publish import check_owner, publish
from ...at_table import tokens_of
from .. import state as moc
from ..schemas.combat import MocDamagePoolOut, MocHitOut
from ..schemas.rolls import MocRoll
from .common import changed, handles, refused, registered

_dice = RandomDice()


def attack(work, request: dict) -> dict:
    """To hit, the damage pool its raises make, the damage roll, the
    target's resistance if it resists, and the levels on its tracks."""
    check_owner(work, request["actor_id"])
    defender = registered(work, request["target"], "target")
    modifier = request["location_modifier"]
    tn = request["tn"] if "tn" in request else to_hit_tn(defender.get("characteristics", {}))
    with refused("weapon"):
        to_hit = roll(request["dice"], request["sides"], tn, _dice)
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

    entry, taken = changed(work, moc.change_health(request["target"], hit), "target") if damage else (None, None)
    result = {
        "attack": dump(MocRoll, to_hit),
        "damage_pool": dump(MocDamagePoolOut, pool),
        "damage": damage and dump(MocRoll, damage),
        "resistance": resistance and dump(MocRoll, resistance),
        "hit": taken and dump(MocHitOut, taken),
        "target": target_view(request["target"], entry or registered(work, request["target"], "target")),
        "explanation": [*pool.explanation, *(taken.explanation if taken else [])],
    }
    return publish(work, request, "moc.attack", result)


def target_view(actor_id: str, entry: dict) -> dict:
    health = moc.health_of(entry)
    return {
        "actor_id": actor_id,
        "name": entry["name"],
        "tracks": entry["tracks"],
        "pain_points": health.pain_points,
        "dazed": entry["dazed"],
    }


def recover(work, request: dict) -> dict:
    """A recovery action (Pain back equal to Toughness), or an L roll at the
    end of a healing period (a success heals a point of damage)."""
    check_owner(work, request["actor_id"])
    entry = registered(work, request["actor_id"])
    l_roll = None
    if request["kind"] == "damage":
        with refused("kind"):
            l_roll = roll(entry["l_score"], 10, Difficulty.STANDARD, _dice)
    heal = recovery_action if l_roll is None else (lambda health: recover_damage(health, l_roll))
    after, _ = changed(work, moc.change_health(request["actor_id"], heal), "actor_id")
    lines = (
        ["a full action of recovery: Pain back equal to Toughness"]
        if l_roll is None
        else [f"an L roll: {l_roll.level.words}" + (", a point of damage healed" if l_roll.successes else "")]
    )
    result = {
        "kind": request["kind"],
        "roll": l_roll and dump(MocRoll, l_roll),
        "tracks": after["tracks"],
        "explanation": lines,
    }
    return publish(work, request, "moc.recover", result)


def move(work, request: dict) -> dict:
    """A move of the character's own, within its allowance a turn: in a
    fight, the turn the table's combat runs (its token's, held to it)."""
    check_owner(work, request["actor_id"])
    turn = fighting_turn(work, request["actor_id"], request["token_id"])
    return changed(work, moc.move(request["actor_id"], request["meters"], request["mode"] == "primary", turn), "meters")


def fighting_turn(work, actor_id: str, token_id: str | None) -> dict | None:
    """``{scene_id, round, seat}``: the turn of the running fight the
    character's token (``token_id``, else any of its tokens) fights in; None: none fights."""
    for held, record in work.tokens([token_id] if token_id else tokens_of(work, [actor_id])).items():
        combat = work.combat(record["scene_id"]) if record.get("scene_id") else None
        if combat and combat["turn"] is not None and any(each["token_id"] == held for each in combat["combatants"]):
            return {"scene_id": combat["scene_id"], "round": combat["round"], "seat": acting_seat(combat)}
    return None


def gain_fatigue(work, request: dict) -> dict:
    """GM: levels of Fatigue an action or the story costs a character."""
    return changed(work, moc.gain_fatigue(request["actor_id"], request["levels"]), "actor_id")


def init_app(app) -> None:
    handles(app, "moc.attack")(attack)
    handles(app, "moc.recover")(recover)
    handles(app, "moc.move")(move)
    handles(app, "moc.fatigue")(gain_fatigue)
