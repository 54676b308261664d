"""``moc.attack``, ``moc.recover`` and ``moc.initiative``."""

from __future__ import annotations

from ....protocol import ErrorCode, RequestError
from ....rules.dice import RandomDice
from ....rules.moment_of_clarity.characteristics import SPEED, level_of, to_hit_tn
from ....rules.moment_of_clarity.combat import Weapon, damage_pool, initiative_order, roll_damage
from ....rules.moment_of_clarity.health import recover_damage, recovery_action, resist, resistance_tn, take_hit
from ....rules.moment_of_clarity.levels import Difficulty
from ....rules.moment_of_clarity.rolls import open_up, roll
from ....schemas.encode import dump
from ....table.publish import check_owner, publish
from .. import state as moc
from ..schemas.combat import MocDamagePoolOut, MocHitOut
from ..schemas.rolls import MocRoll
from .common import changed, handles, read_state, refused, registered

_dice = RandomDice()


def attack(work, request: dict) -> dict:
    """To hit, the damage pool its raises make, the damage roll, the
    target's resistance if it resists, and the levels on its tracks."""
    check_owner(work, request["actor_id"])
    defender = registered(work, request["target"], "target")
    with refused("actor_id"):
        moc.check_turn(read_state(work), request["actor_id"])
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


def initiative(work, request: dict) -> dict:
    """GM: each principal's Sp roll; most successes first, then the dice's total, then simultaneous.
    Registered ``characters`` roll their sheet's Sp and start the turns; typed ``principals`` only order."""
    if ("principals" in request) == ("characters" in request):
        raise RequestError(ErrorCode.INVALID, "give principals or characters, one of the two", {"principals": ["one of the two"]})
    if "characters" in request:
        sheets = {actor_id: registered(work, actor_id, "characters") for actor_id in request["characters"]}
        principals = [{"name": actor_id, "dice": level_of(sheet.get("characteristics", {}), SPEED), "sides": 10}
                      for actor_id, sheet in sheets.items()]
    else:
        principals = request["principals"]
    names = [principal["name"] for principal in principals]
    if len(set(names)) < len(names):
        raise RequestError(ErrorCode.INVALID, "principals are told apart by name", {"principals": ["two share a name"]})
    with refused("principals"):
        rolls = {each["name"]: roll(each["dice"], each["sides"], request["tn"], _dice) for each in principals}
    order = initiative_order(rolls)
    if "characters" in request:
        changed(work, moc.start_turns([list(group) for group in order]), "characters")
    lines = [
        f"{turn}. {' and '.join(group)}{' (together)' if len(group) > 1 else ''}" for turn, group in enumerate(order, 1)
    ]
    result = {
        "rolls": [{"name": name, "roll": dump(MocRoll, rolled)} for name, rolled in rolls.items()],
        "order": [list(group) for group in order],
        "explanation": lines,
    }
    return publish(work, request, "moc.initiative", result)


def move(work, request: dict) -> dict:
    """A move of the character's own, within its allowance a turn."""
    check_owner(work, request["actor_id"])
    return changed(work, moc.move(request["actor_id"], request["meters"], request["mode"] == "primary"), "meters")


def gain_fatigue(work, request: dict) -> dict:
    """GM: levels of Fatigue an action or the story costs a character."""
    return changed(work, moc.gain_fatigue(request["actor_id"], request["levels"]), "actor_id")


def end_turn(work, request: dict) -> dict:
    """The acting principals' turn ends (their owner, or the GM); after the last, the order begins again."""
    actor_id = request.get("actor_id")
    if actor_id is None and not work.identity.is_gm:
        raise RequestError(ErrorCode.INVALID, "name the character whose turn ends", {"actor_id": ["required"]})
    if actor_id is not None:
        check_owner(work, actor_id)
    return changed(work, moc.end_turn(actor_id), "actor_id")


def init_app(app) -> None:
    handles(app, "moc.attack")(attack)
    handles(app, "moc.recover")(recover)
    handles(app, "moc.initiative")(initiative)
    handles(app, "moc.turn.end")(end_turn)
    handles(app, "moc.move")(move)
    handles(app, "moc.fatigue")(gain_fatigue)
