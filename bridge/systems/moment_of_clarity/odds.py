"""``moc.odds``: the exact chance of each level of success of a roll,
computed by a worker (``bridge.rules.moment_of_clarity.odds``, checked
against icepool; docs/systems/moment_of_clarity.md)."""

from __future__ import annotations

from marshmallow import fields, validate

from ...rules.moment_of_clarity.levels import Level
from ...rules.moment_of_clarity.odds import roll_odds
from ...rules.moment_of_clarity.rolls import SIDES
from ...schemas.encode import dump
from ...schemas.pushes import Chance, Out
from ...schemas.requests import RequestSchema
from .. import Odds

#: Counting grows with the dice and the cube of the TN (300d10 at TN 40 takes about
#: half a minute, 40d10 at TN 20 half a second): the pool and TN asked are bounded.
ODDS_DICE_MAX, ODDS_TN_MAX = 40, 20


class MocOddsRequest(RequestSchema):
    """``dice`` dice of ``sides`` (d10s open-ended) against ``tn``."""

    dice = fields.Integer(required=True, validate=validate.Range(1, ODDS_DICE_MAX))
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    tn = fields.Integer(load_default=7, validate=validate.Range(1, ODDS_TN_MAX))


class MocOdds(Out):
    """The chance of each level (``levels``: level -> chance), exact and as a float."""

    dice = fields.Integer(required=True)
    sides = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    levels = fields.Dict(
        keys=fields.String(validate=validate.OneOf([level.value for level in Level])),
        values=fields.Nested(Chance),
        required=True,
        attribute="levels_chances",
    )


def chances_of_roll(request: dict) -> dict:
    """The chances of the roll ``request`` describes."""
    return dump(MocOdds, roll_odds(request["dice"], request["sides"], request["tn"]))


ODDS = Odds("moc.odds", MocOddsRequest, MocOdds, chances_of_roll)
