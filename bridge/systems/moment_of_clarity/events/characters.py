"""``moc.character``, ``moc.character.check``, ``moc.points.spend``, ``moc.token.recover``, ``moc.session`` and ``moc.scene``."""

from __future__ import annotations

from ....rules.dice import RandomDice
from ....rules.moment_of_clarity.beads import PowerLevel
from ....rules.moment_of_clarity.characteristics import creation_cost
from ....schemas.requests import RATING_MAX
from ....table.publish import check_owner, publish
from .. import state as moc
from .common import changed, handles, refused

_dice = RandomDice()


def register_character(work, sheet: dict) -> dict:
    sheet = {key: value for key, value in sheet.items() if key != "request_id"}
    sheet["skills"] = [{**skill, "element": skill["element"].value} for skill in sheet["skills"]]
    return changed(work, moc.register(sheet), "placed")


def check_character(work, request: dict) -> dict:
    """What a sheet costs in character points against the power level's budget (Character Generation)."""
    extras = {f"{kind[:-1]}: {each['name']}": (-1 if kind == "disadvantages" else 1) * each["cost"]
              for kind in ("advantages", "backgrounds", "disadvantages") for each in request[kind]}
    with refused("characteristics"):
        cost = creation_cost(request["characteristics"], request["skills"], extras, request["bits"])
    budget = PowerLevel(request["power_level"]).starting_points + request["earned"]
    left = budget - cost["points"]
    lines = [*cost["lines"], f"{cost['points']} of {budget} character points: {left} left"]
    return {"points": cost["points"], "budget": budget, "left": left, "within": left >= 0, "explanation": lines}


def spend_points(work, request: dict) -> dict:
    """Character points spent on the sheet (their owner's, or the GM's): a
    characteristic's next level or a skill's next die, at Character Generation's cost."""
    check_owner(work, request["actor_id"])
    characteristic, skill = request.get("characteristic"), request.get("skill")
    spent = changed(work, moc.spend_points(request["actor_id"], characteristic, skill, RATING_MAX), "characteristic")
    kind = "skill" if characteristic is None else "characteristic"
    line = (f"{spent['character']['name']} raises {spent['bought']} to {spent['level']} for {spent['cost']} character points;"
            f" {spent['left']} left")
    result = {"bought": spent["bought"], "kind": kind, "level": spent["level"], "cost": spent["cost"], "left": spent["left"],
              "explanation": [line]}
    return publish(work, request, "moc.points.spend", result)


def recover_token(work, request: dict) -> dict:
    """A characteristic token recovered at a scene's end, by a character with no Fatigue (Recovery)."""
    check_owner(work, request["actor_id"])
    return changed(work, moc.recover_token(request["actor_id"], request["characteristic"]), "characteristic")


def new_session(work, _request: dict) -> dict:
    return changed(work, moc.new_session(_dice), "_schema")


def new_scene(work, _request: dict) -> dict:
    return changed(work, moc.new_scene, "_schema")


def init_app(app) -> None:
    handles(app, "moc.character")(register_character)
    handles(app, "moc.character.check")(check_character)
    handles(app, "moc.points.spend")(spend_points)
    handles(app, "moc.token.recover")(recover_token)
    handles(app, "moc.session")(new_session)
    handles(app, "moc.scene")(new_scene)
