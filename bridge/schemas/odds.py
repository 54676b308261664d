"""Exact odds of damage through armor and of one attack's harm (ch. 7), queued
to a worker: the requests and their ``job.result`` payloads."""

from __future__ import annotations

from marshmallow import fields, validate

from ..protocol import Request
from ..rules.moment_of_truth import RollKind
from .damage import DamageDice, DamageSpec
from .pushes import Chance, JobEvent, JobQueued, Out, Pool, TargetNumber, _const
from .requests import RequestSchema, RollSpec
from .spec import RequestSpec


class DamageOddsRequest(DamageSpec, RequestSchema):
    """Exact chances of what a damage roll does through armor."""


class AttackOddsRequest(DamageSpec, RollSpec):
    """Exact chances that an attack roll hits and then deals each amount of
    damage; raised stakes change no chance to hit, so they are not asked."""

    class Meta:
        exclude = ("stakes_raised",)


class Exact(Out):
    """An exact non-negative number: fraction and its float."""

    exact = fields.String(required=True, validate=validate.Regexp(r"^[0-9]+/[0-9]+$"))
    value = fields.Float(required=True, validate=validate.Range(min=0))


def _chances():
    return fields.List(fields.Nested(Chance), required=True)


class DamageOdds(Out):
    """What the damage does through armor: ``hit_points_lost[k]``, ``serious[k]``
    and ``minor[k]`` are the chances of exactly k, up to the most possible;
    ``damage`` is the dice counted (lowered) and ``damage_reduction`` the DR
    they met (halved when armor-piercing)."""

    damage = fields.Nested(DamageDice, required=True)
    damage_reduction = fields.Integer(required=True, validate=validate.Range(min=0))
    hit_points_lost = _chances()
    serious = _chances()
    minor = _chances()
    mean = fields.Nested(Exact, required=True)


class AttackOdds(Out):
    """One attack: ``hit`` the chance to hit; ``at_least[k]`` to hit and take k
    hit points or more; ``serious_at_least[k]`` to hit and do k serious or more."""

    pool = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    kind = fields.Enum(RollKind, by_value=True, required=True)
    hit = fields.Nested(Chance, required=True)
    damage = fields.Nested(DamageOdds, required=True)
    at_least = _chances()
    serious_at_least = _chances()


class AttackOddsReport(Out):
    """Result of an ``odds.attack`` job: the attack's pool and TN, and the odds."""

    pool = fields.Nested(Pool, required=True)
    target = fields.Nested(TargetNumber, required=True)
    odds = fields.Nested(AttackOdds, required=True)


class JobDamageOddsResult(JobEvent):
    """The finished job of an ``odds.damage`` request."""

    kind = _const(Request.ODDS_DAMAGE.value)
    result = fields.Nested(DamageOdds, required=True)


class JobAttackOddsResult(JobEvent):
    """The finished job of an ``odds.attack`` request."""

    kind = _const(Request.ODDS_ATTACK.value)
    result = fields.Nested(AttackOddsReport, required=True)


CARDS: dict = {}
REQUESTS = {
    Request.ODDS_DAMAGE: RequestSpec(DamageOddsRequest, JobQueued),
    Request.ODDS_ATTACK: RequestSpec(AttackOddsRequest, JobQueued),
}
JOB_RESULTS = (JobDamageOddsResult, JobAttackOddsResult)
CROSS_FIELD_RULES: dict = {}
