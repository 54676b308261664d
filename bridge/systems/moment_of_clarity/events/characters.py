"""``moc.character``, ``moc.session`` and ``moc.scene``."""

from __future__ import annotations

from ....rules.dice import RandomDice
from .. import state as moc
from .common import changed, handles

_dice = RandomDice()


def register_character(unit, sheet: dict) -> dict:
    sheet = {key: value for key, value in sheet.items() if key != "request_id"}
    sheet["skills"] = [{**skill, "element": skill["element"].value} for skill in sheet["skills"]]
    return changed(unit, moc.register(sheet), "placed")


def new_session(unit, _request: dict) -> dict:
    return changed(unit, moc.new_session(_dice), "_schema")


def new_scene(unit, _request: dict) -> dict:
    return changed(unit, moc.new_scene, "_schema")


def init_app(app) -> None:
    handles(app, "moc.character")(register_character)
    handles(app, "moc.session")(new_session)
    handles(app, "moc.scene")(new_scene)
