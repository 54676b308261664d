"""A fifth rule system from outside the project, as a third party would
ship it: a coin toss whose heads count, registered only by its
distribution's entry point (tests/systems/test_systems.py puts it on the path).

It plays at the table through the core's seam alone (``bridge.table.game.Table``):
a token's sheet holds its coins and luck, a fight's order puts the most coins
first, a toss takes the tossing token's turn and makes it lucky on more heads
than tails, and a rain of coins soaks every token it reaches."""

from __future__ import annotations

import random

from marshmallow import fields, validate

from bridge.schemas.pushes import CardEntry, Out, _const
from bridge.schemas.requests import CardRequest
from bridge.schemas.spec import CardSpec
from bridge.systems import RuleSystem
from bridge.table.game import AreaHazard, Table
from bridge.table.schemas import MapBlastRequest, TokenRegisterRequest


class TossRequest(CardRequest):
    coins = fields.Integer(required=True, validate=validate.Range(1, 20))
    token_id = fields.String(load_default=None)


class Toss(Out):
    faces = fields.List(fields.Integer(), required=True)
    heads = fields.Integer(required=True)


class TossEntry(CardEntry):
    rule = _const("coin.toss")
    result = fields.Nested(Toss, required=True)


class Tosses(Out):
    tosses = fields.Integer(required=True)


class CoinSheet(TokenRegisterRequest):
    """A token's sheet: how many coins it carries and its luck."""

    class Meta:
        unknown = "raise"

    coins = fields.Integer(required=True, validate=validate.Range(0, 99))
    luck = fields.Integer(load_default=3, validate=validate.Range(1, 9))


class CoinRain(MapBlastRequest):
    class Meta:
        unknown = "raise"

    reach = fields.Float(load_default=2.0, validate=validate.Range(0, 10))


def toss(work, toss_request: dict) -> dict:
    from bridge.systems.state import change_state
    from bridge.table.publish import publish
    from bridge.table.tokens import change_records

    faces = [random.randint(0, 1) for _ in range(toss_request["coins"])]
    change_state(work, "coin", lambda state: ({"tosses": (state or {"tosses": 0})["tosses"] + 1}, None))
    if toss_request["token_id"] and 2 * sum(faces) > len(faces):
        change_records(work, TABLE.view, "coin.toss", toss_request, {toss_request["token_id"]: "token_id"},
                       lambda record: (record | {"conditions": sorted({*record["conditions"], "lucky"})}, []))
    return publish(work, toss_request, "coin.toss", {"faces": faces, "heads": sum(faces)})


def soak(work, rain_request: dict, caught: list[dict]) -> dict:
    from bridge.table.tokens import change_records

    changed = change_records(work, TABLE.view, "map.blast", rain_request, {token["token_id"]: "center" for token in caught},
                             lambda record: (record | {"conditions": sorted({*record["conditions"], "soaked"})}, []))
    return {"soaked": [change["token_id"] for change in changed]}


class CoinTable(Table):
    schemas = {"token.register": CoinSheet, "map.blast": CoinRain}
    turn_actions = {"coin.toss": "token_id"}
    hazards = {"rain": AreaHazard(lambda request, metres: metres <= request["reach"], soak)}

    def order(self, combat, records, request, dice):
        """The seat of the most coins first."""
        seats = sorted(combat["combatants"], key=lambda combatant: -records[combatant["token_id"]]["coins"])
        return list(dict.fromkeys(combatant["seat"] for combatant in seats)), None

    def view(self, record):
        shown = super().view(record)
        return shown | {"bars": [{"label": "luck", "value": record["luck"], "max": 9}]}


TABLE = CoinTable()


def _init_app(app) -> None:
    from bridge.transport.handling import handles

    handles(app, "coin.toss")(toss)


SYSTEM = RuleSystem(
    name="coin", title="Coin toss", init_app=_init_app, cards={"coin.toss": CardSpec(TossRequest, TossEntry)}, state=Tosses,
    table=TABLE,
)
