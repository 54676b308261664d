"""Rolls from the sheet, the economy applied (``moc.check``, ``moc.success``,
``moc.shift``):
the pool is the skill's cascade and dice from the character's sheet; beads
spent before the roll add dice, lower the TN or buy a free success, a token
of the primary characteristic adds the secondary's dice; after the roll,
beads add successes and a white chip makes it a Success, and an opponent's
Effect Modifier makes a failure spectacular. What is spent is
taken from the state document before the dice are rolled (refused there,
nothing is rolled)."""

from __future__ import annotations

from ....protocol import ErrorCode, RequestError
from ....rules.dice import RandomDice
from ....rules.moment_of_clarity import beads as bead_rules
from ....rules.moment_of_clarity.characteristics import Cascade, sheet_pool
from ....rules.moment_of_clarity.elements import Archetype, Element
from ....rules.moment_of_clarity.levels import Level
from ....rules.moment_of_clarity.rolls import roll
from ....rules.moment_of_clarity.skills import PoolPart, SkillThreshold
from ....schemas.encode import dump
from ....table.publish import check_owner, publish
from .. import state as moc
from ..schemas.rolls import MocRoll, MocSkillPool
from .common import changed, handles, refused, registered
from .rolls import logged_card

_dice = RandomDice()


def check(work, request: dict) -> dict:
    """A skill of the sheet rolled with the economy the player spends on it."""
    actor_id = request["actor_id"]
    check_owner(work, actor_id)
    sheet = registered(work, actor_id)
    cascade, skill_dice, untrained, element = _skill(sheet, request)
    beads = request.get("beads") or {"element": None, "dice": 0, "tn": 0, "free_success": False}
    spent = beads["dice"] + beads["tn"] + beads["free_success"]
    if beads["free_success"] and (beads["dice"] or beads["tn"] or request["token"]):
        raise _invalid("beads.free_success", "a free success is bought alone and is never increased")
    if spent and beads["element"] is None:
        raise _invalid("beads.element", "beads are spent from an Element")
    primary_pool = beads["element"] is not None and beads["element"] is Archetype(sheet["archetype"]).primary
    with refused("beads.tn"):
        tn = bead_rules.reduce_difficulty(request["tn"], beads["tn"], primary_pool)
    with refused("beads.dice"):
        extra = bead_rules.pool_dice(beads["dice"], related_pool=beads["element"] is element)
    with refused("skill"):
        pool = sheet_pool(sheet.get("characteristics", {}), cascade, request["skill"], skill_dice, tn, request["token"],
                          untrained, [PoolPart(f"{beads['dice']} beads", extra)] if extra else [])
    token = cascade.primary if request["token"] else None
    changed(work, moc.pay_for_roll(actor_id, token, beads["element"], spent), "beads")
    lines = [*([f"{beads['tn']} bead(s) off the TN: {request['tn']} -> {tn}"] if beads["tn"] else []), *pool.explanation]
    if beads["free_success"]:
        rolled, level = None, bead_rules.FREE_SUCCESS
        lines.append("a bead for a free marginal success: no dice rolled")
    else:
        rolled = dump(MocRoll, roll(pool.dice, request["sides"], pool.tn, _dice))
        level = Level(rolled["level"])
        lines += rolled["explanation"]
    card = {"system": "moment_of_clarity", "skill": request["skill"], "pool": dump(MocSkillPool, pool), "roll": rolled, "level": level.value,
            "successes": level.successes, "token": token, "beads": {**beads, "element": beads["element"] and beads["element"].value,
                                                                    "spent": spent}, "explanation": lines}
    return publish(work, request, "moc.check", card)


def success(work, request: dict) -> dict:
    """After a roll: beads add a success each, or a white chip makes it a Success (the GM's approval is the table's)."""
    actor_id = request["actor_id"]
    check_owner(work, actor_id)
    if ("beads" in request) == ("chip" in request):
        raise _invalid("beads", "spend beads or a white chip, one of the two")
    earlier = logged_card(work, request["roll_id"], ("moc.check", "moc.roll", "moc.success"), actor_id)["result"]
    before = Level(earlier["level"])
    if "beads" in request:
        spend = request["beads"]
        changed(work, moc.pay_for_roll(actor_id, None, spend["element"], spend["count"]), "beads")
        after = bead_rules.add_successes(before, spend["count"])
        line = f"{spend['count']} {spend['element'].value} bead(s): +{spend['count']} success(es)"
    else:
        changed(work, moc.pay_for_roll(actor_id, None, None, 0, white_chip=True), "chip")
        after = max(before, Level.SUCCESS, key=lambda level: level.successes)
        line = "a white chip: an automatic Success"
    card = {"system": "moment_of_clarity", "roll_id": request["roll_id"], "before": before.value, "level": after.value,
            "successes": after.successes, "beads": request.get("beads") and {**request["beads"], "element": request["beads"]["element"].value},
            "chip": request.get("chip"), "explanation": [line, f"{before.words} -> {after.words}"]}
    return publish(work, request, "moc.success", card)


def shift(work, request: dict) -> dict:
    """An opponent plays an Effect Modifier (a bead or a white chip) on another's failed roll: a spectacular failure
    (Levels of success: "zero successes rolled and one or more opponents play an EM to shift the level")."""
    opponent = request["actor_id"]
    check_owner(work, opponent)
    if ("beads" in request) == ("chip" in request):
        raise _invalid("beads", "play a bead or a white chip, one of the two")
    entry = logged_card(work, request["roll_id"], ("moc.check", "moc.roll", "moc.success"))
    if entry["actor_id"] == opponent:
        raise _against("actor_id", "an opponent shifts another's roll, not its own")
    before = Level(entry["result"]["level"])
    if before is not Level.FAILURE:
        raise _against("roll_id", f"only a failure is shifted to a spectacular one, not a {before.words}")
    if "beads" in request:
        changed(work, moc.pay_for_roll(opponent, None, request["beads"]["element"], 1), "beads")
        paid = f"a {request['beads']['element'].value} bead"
    else:
        changed(work, moc.pay_for_roll(opponent, None, None, 0, white_chip=True), "chip")
        paid = "a white chip"
    card = {"system": "moment_of_clarity", "roll_id": request["roll_id"], "roller": entry["actor_id"], "before": before.value,
            "level": Level.SPECTACULAR_FAILURE.value, "paid": paid,
            "explanation": [f"{opponent} plays {paid} on {entry['actor_id']}'s failure: a spectacular failure"]}
    return publish(work, request, "moc.shift", card)


def _skill(sheet: dict, request: dict) -> tuple[Cascade, int | None, SkillThreshold | None, Element | None]:
    """The skill's cascade, dice, untrained difficulty and Element: from the sheet, or as ``untrained`` names them."""
    found = [skill for skill in sheet["skills"] if skill["name"] == request["skill"]]
    if found:
        skill = found[0]
        if not skill.get("primary"):
            raise _against("skill", f"{request['skill']} names no primary characteristic on the sheet")
        return Cascade(skill["primary"], skill.get("secondary")), skill["dice"], None, Element(skill["element"])
    if "untrained" not in request:
        raise _against("skill", f"{sheet['name']} has no skill {request['skill']!r}: say how it is used untrained")
    untrained = request["untrained"]
    with refused("untrained"):
        cascade = Cascade(untrained["primary"], untrained.get("secondary"))
    return cascade, None, SkillThreshold(untrained["difficulty"]), untrained["element"]


def _invalid(field: str, message: str) -> RequestError:
    return RequestError(ErrorCode.INVALID, message, {field: [message]})


def _against(field: str, message: str) -> RequestError:
    return RequestError(ErrorCode.AGAINST_THE_RULES, message, {field: [message]})


def init_app(app) -> None:
    handles(app, "moc.check")(check)
    handles(app, "moc.success")(success)
    handles(app, "moc.shift")(shift)
