"""A fifth rule system from outside the project, as a third party would
ship it: a coin toss whose heads count, registered only by its
distribution's entry point (tests/test_systems.py puts it on the path)."""

from __future__ import annotations

import random

from marshmallow import fields, validate

from bridge.schemas.pushes import CardEntry, Out, _const
from bridge.schemas.requests import CardRequest
from bridge.schemas.spec import CardSpec
from bridge.systems import RuleSystem


class TossRequest(CardRequest):
    coins = fields.Integer(required=True, validate=validate.Range(1, 20))


class Toss(Out):
    faces = fields.List(fields.Integer(), required=True)
    heads = fields.Integer(required=True)


class TossEntry(CardEntry):
    rule = _const("coin.toss")
    result = fields.Nested(Toss, required=True)


class Tosses(Out):
    tosses = fields.Integer(required=True)


def toss(unit, toss_request: dict) -> dict:
    from bridge.cards import publish
    from bridge.systems.state import change_state

    faces = [random.randint(0, 1) for _ in range(toss_request["coins"])]
    change_state(unit, "coin", lambda state: ({"tosses": (state or {"tosses": 0})["tosses"] + 1}, None))
    return publish(unit, toss_request, "coin.toss", {"faces": faces, "heads": sum(faces)})


def _init_app(app) -> None:
    from bridge.requests import handles

    handles(app, "coin.toss")(toss)


SYSTEM = RuleSystem(
    name="coin", title="Coin toss", init_app=_init_app, cards={"coin.toss": CardSpec(TossRequest, TossEntry)}, state=Tosses
)
