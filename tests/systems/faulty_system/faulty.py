"""A rule system whose one rule refuses, or has a bug, as asked: what the
bridge answers for each (tests/trust/test_refusals.py puts it on the path)."""

from __future__ import annotations

from marshmallow import fields, validate

from bridge.schemas.pushes import Out
from bridge.schemas.requests import RequestSchema
from bridge.schemas.spec import RequestSpec
from bridge.systems import RuleSystem


class JudgeRequest(RequestSchema):
    verdict = fields.String(required=True, validate=validate.OneOf(["refuse", "bug", "allow"]))


class Judged(Out):
    judged = fields.String(required=True)


def rule(verdict: str) -> str:
    """The rule: refuses ``refuse``; ``bug`` trips a bug (a stray ValueError)."""
    from bridge.rules.refusal import RulesRefusal

    if verdict == "refuse":
        raise RulesRefusal("the rules say no")
    if verdict == "bug":
        return str(int("not a number"))
    return verdict


def judge(work, request: dict) -> dict:
    from bridge.transport.refusals import refused_as

    with refused_as("verdict"):
        return {"judged": rule(request["verdict"])}


def _init_app(app) -> None:
    from bridge.transport.handling import handles

    handles(app, "faulty.judge")(judge)


SYSTEM = RuleSystem(name="faulty", title="Faulty", init_app=_init_app, requests={"faulty.judge": RequestSpec(JudgeRequest, Judged)})
