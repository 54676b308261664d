"""``2d20.odds``: the exact chances of a skill test, computed by a worker
(``bridge.rules.two_d20.odds``; docs/systems/two_d20.md)."""

from __future__ import annotations

from marshmallow import fields, validate

from ...rules.two_d20.odds import skill_test_odds
from ...rules.two_d20.skill_tests import MAX_DIFFICULTY, SIDES, Target
from ...schemas.common import Inbound
from ...schemas.encode import dump
from ...schemas.pushes import Chance, Out
from ...schemas.requests import RATING_MAX, RequestSchema
from .. import Odds
from .schemas import ASSISTANTS_MAX, BOUGHT_MAX, TwoD20Target


class TwoD20OddsTarget(Inbound):
    """Skill + style is the target number; a die at most ``focus`` is two successes."""

    skill = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    style = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    focus = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(1, SIDES))


class TwoD20OddsRequest(RequestSchema):
    """A test of 2d20 + ``bought`` against ``target`` at ``difficulty``, one d20 per assistant against theirs."""

    target = fields.Nested(TwoD20OddsTarget, required=True)
    difficulty = fields.Integer(required=True, validate=validate.Range(0, MAX_DIFFICULTY))
    bought = fields.Integer(load_default=0, validate=validate.Range(0, BOUGHT_MAX))
    assistants = fields.List(fields.Nested(TwoD20OddsTarget), load_default=list, validate=validate.Length(max=ASSISTANTS_MAX))


class TwoD20Odds(Out):
    """``passed``: the test succeeds; ``successes[k]`` / ``complications[k]``: exactly k of them."""

    target = fields.Nested(TwoD20Target, required=True)
    difficulty = fields.Integer(required=True)
    dice = fields.Integer(required=True)
    passed = fields.Nested(Chance, required=True, attribute="passed_chance")
    successes = fields.List(fields.Nested(Chance), required=True, attribute="successes_chances")
    complications = fields.List(fields.Nested(Chance), required=True, attribute="complications_chances")


def chances_of_test(request: dict) -> dict:
    """The chances of the test ``request`` describes."""
    odds = skill_test_odds(
        Target(**request["target"]), request["difficulty"], request["bought"], [Target(**aim) for aim in request["assistants"]]
    )
    return dump(TwoD20Odds, odds)


ODDS = Odds("2d20.odds", TwoD20OddsRequest, TwoD20Odds, chances_of_test)
