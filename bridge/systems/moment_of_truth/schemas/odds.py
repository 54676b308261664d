"""Odds of damage through armor and of one attack's harm (ch. 7), queued to a
worker: the requests and their ``job.result`` payloads. ``odds.attack`` counts
a pool and TN given as numbers; ``attack.odds`` previews an attack between
tracked tokens, its numbers read as ``attack`` reads them."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.moment_of_truth import RollKind
from ....rules.moment_of_truth.damage_odds import DEFAULT_TRIALS, MAX_TRIALS
from ....rules.moment_of_truth.weapon_handling import FireMode
from ....schemas.pushes import Chance, JobEvent, JobQueued, Out, _const
from ....schemas.requests import RequestSchema
from ....schemas.spec import RequestSpec
from ..names import Event
from .combat import AttackFields, CombatPool, ToHit
from .damage import DamageDice, DamageSpec
from .rolls import Pool, RollSpec, TargetNumber
from .simulation import SEED_MAX


class DamageOddsRequest(DamageSpec, RequestSchema):
    """Exact chances of what a damage roll does through armor."""


class AttackOddsRequest(DamageSpec, RollSpec):
    """Exact chances that an attack roll hits and then deals each amount of
    damage; raised stakes change no chance to hit, so they are not asked."""

    class Meta:
        exclude = ("stakes_raised",)


class AttackPreviewRequest(AttackFields):
    """The odds of an `attack` before it is made: the same fields but the
    card's and `one_handed`, read from the same tokens, stances and
    equipment into the same pool and TNs (the sender must own the attacker;
    the GM any). Nothing is rolled, changed or charged. Exact when one roll
    meets one target with one damage roll; otherwise `trials` attacks are
    resolved with dice seeded by `seed` (null: the bridge picks one)."""

    trials = fields.Integer(load_default=DEFAULT_TRIALS, validate=validate.Range(1, MAX_TRIALS))
    seed = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, SEED_MAX))


class Exact(Out):
    """An exact non-negative number: fraction and its float."""

    exact = fields.String(required=True, validate=validate.Regexp(r"^[0-9]+/[0-9]+$"))
    value = fields.Float(required=True, validate=validate.Range(min=0))


def _chances(attribute: str):
    return fields.List(fields.Nested(Chance), required=True, attribute=attribute)


class DamageOdds(Out):
    """What the damage does through armor: ``hit_points_lost[k]``, ``serious[k]``
    and ``minor[k]`` are the chances of exactly k, up to the most possible;
    ``damage`` is the dice counted (lowered) and ``damage_reduction`` the DR
    they met (halved when armor-piercing)."""

    damage = fields.Nested(DamageDice, required=True)
    damage_reduction = fields.Integer(required=True, validate=validate.Range(min=0))
    hit_points_lost = _chances("hit_points_lost_chances")
    serious = _chances("serious_chances")
    minor = _chances("minor_chances")
    mean = fields.Nested(Exact, required=True, attribute="mean_chance")


class AttackOdds(Out):
    """One attack: ``hit`` the chance to hit; ``at_least[k]`` to hit and take k
    hit points or more; ``serious_at_least[k]`` to hit and do k serious or more."""

    pool = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    kind = fields.Enum(RollKind, by_value=True, required=True)
    hit = fields.Nested(Chance, required=True, attribute="hit_chance")
    damage = fields.Nested(DamageOdds, required=True)
    at_least = _chances("at_least_chances")
    serious_at_least = _chances("serious_at_least_chances")


class AttackOddsReport(Out):
    """Result of an ``odds.attack`` job: the attack's pool and TN, and the odds."""

    pool = fields.Nested(Pool, required=True)
    target = fields.Nested(TargetNumber, required=True)
    odds = fields.Nested(AttackOdds, required=True)


class TargetOdds(Out):
    """What the attack does to one it may hit (a target, then the grappler):
    `damage` the dice of the first hit on it and `damage_reduction` the DR
    they meet (`armor_note` says why); `at_least[k]` the chance that its
    hits take k hit points or more in all (`at_least[0]`: it is hit),
    `serious_at_least[k]` k serious damage or more."""

    target = fields.String(required=True)
    damage = fields.Nested(DamageDice, required=True, attribute="damage.dice")
    damage_reduction = fields.Integer(required=True, validate=validate.Range(min=0), attribute="damage.reduction")
    armor_note = fields.String(required=True, attribute="damage.armor_note")
    at_least = _chances("at_least_chances")
    serious_at_least = _chances("serious_at_least_chances")


class AttackPreview(Out):
    """Result of an `attack.odds` job. `method` `exact`: counted over every
    face tuple, `odds` the exact engine's answer (as in `odds.attack`);
    `simulated`: the fraction of `trials` attacks resolved with dice seeded
    by `seed`, `odds` null. `combat` and `to_hit` are the pool and the
    primary's TN, every modifier named as on the attack's card; `hit` the
    chance that the roll meets the TN."""

    method = fields.String(required=True, validate=validate.OneOf(["exact", "simulated"]))
    trials = fields.Integer(required=True, allow_none=True)
    seed = fields.Integer(required=True, allow_none=True)
    combat = fields.Nested(CombatPool, required=True, attribute="attack.combat")
    to_hit = fields.Nested(ToHit, required=True, attribute="attack.to_hit")
    fire = fields.String(
        required=True, validate=validate.OneOf(["single", *(mode.value for mode in FireMode)]), attribute="fire_name"
    )
    hit = fields.Nested(Chance, required=True, attribute="hit_chance")
    targets = fields.List(fields.Nested(TargetOdds), required=True)
    odds = fields.Nested(AttackOdds, required=True, allow_none=True)


class JobAttackPreviewResult(JobEvent):
    """The finished job of an `attack.odds` request."""

    kind = _const(Event.ATTACK_ODDS.value)
    result = fields.Nested(AttackPreview, required=True)


class JobDamageOddsResult(JobEvent):
    """The finished job of an ``odds.damage`` request."""

    kind = _const(Event.ODDS_DAMAGE.value)
    result = fields.Nested(DamageOdds, required=True)


class JobAttackOddsResult(JobEvent):
    """The finished job of an ``odds.attack`` request."""

    kind = _const(Event.ODDS_ATTACK.value)
    result = fields.Nested(AttackOddsReport, required=True)


CARDS: dict = {}
REQUESTS = {
    Event.ODDS_DAMAGE: RequestSpec(DamageOddsRequest, JobQueued),
    Event.ODDS_ATTACK: RequestSpec(AttackOddsRequest, JobQueued),
    Event.ATTACK_ODDS: RequestSpec(AttackPreviewRequest, JobQueued),
}
JOB_RESULTS = (JobDamageOddsResult, JobAttackOddsResult, JobAttackPreviewResult)
CROSS_FIELD_RULES: dict = {}
