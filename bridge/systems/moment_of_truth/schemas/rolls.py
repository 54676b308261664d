"""Moment of Truth's basic roll (ch. 1) and its odds: the ``roll`` and
``odds`` requests, the roll's card and the ``odds`` job's result."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth import CountsAs, Label, RollKind
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.moments import Reward, Spend
from ....rules.moment_of_truth.rolls import SIDES
from ....rules.moment_of_truth.statistics import Statistic as BasicStatistic
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import CardEntry, Chance, JobEvent, JobQueued, Out, _const
from ....schemas.requests import (
    HELPER_NAME_MAX_CHARS,
    LABEL_MAX_CHARS,
    MODIFIERS_MAX,
    PLAYERS_MAX,
    RATING_MAX,
    CardRequest,
    RequestSchema,
)
from ....schemas.spec import CardSpec, RequestSpec
from ..names import Event

#: Most characters helping one roll.
HELPERS_MAX = 20
#: The kinds of roll that name a skill (a module constant: an enum member's lookup is slow).
SKILL_KINDS = (RollKind.SKILL, RollKind.PERIPHERAL)


class Statistic(Inbound):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    value = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class Skill(Inbound):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    level = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class PoolModifier(Inbound):
    source = fields.String(required=True, validate=validate.Length(min=1, max=60))
    dice = fields.Integer(required=True, validate=validate.Range(-MAX_DICE_PER_ROLL, MAX_DICE_PER_ROLL))
    penalty = fields.Boolean(load_default=False)

    @validates_schema
    def penalty_takes_dice(self, data, **_):
        if data.get("penalty") and data.get("dice", 0) > 0:
            raise ValidationError("a penalty removes dice: dice must be 0 or less", "dice")


class PoolSpec(Inbound):
    """A Moment of Truth roll's pool (ch. 1)."""

    kind = fields.Enum(RollKind, by_value=True, required=True)
    statistic = fields.Nested(Statistic, required=True)
    skill = fields.Nested(Skill)
    modifiers = fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))
    helpers = fields.Integer(load_default=0, validate=validate.Range(0, HELPERS_MAX))

    @validates_schema
    def skill_matches_kind(self, data, **_):
        needs_skill = data.get("kind") in SKILL_KINDS
        if needs_skill and "skill" not in data:
            raise ValidationError("a skill or peripheral roll names its skill", "skill")
        if not needs_skill and "skill" in data:
            raise ValidationError("only skill and peripheral rolls name a skill", "skill")


class RollSpec(PoolSpec, RequestSchema):
    """A Moment of Truth roll's pool and target (ch. 1); ``stakes_raised``:
    every failure is critical (ch. 5)."""

    difficulty = fields.Integer(load_default=0, validate=validate.Range(-1, 10))
    stakes_raised = fields.Boolean(load_default=False)


_HELPER = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": HELPER_NAME_MAX_CHARS},
        "has_skill": {"type": "boolean", "default": True},
    },
    "required": ["name"],
    "additionalProperties": False,
}


class Helper(Inbound):
    """A character lending 1 die (ch. 1, Helping); ``has_skill``: whether
    they possess the skill the GM requires (``required_skill``)."""

    name = fields.String(required=True, validate=validate.Length(1, HELPER_NAME_MAX_CHARS))
    has_skill = fields.Boolean(load_default=True)


class Helpers(fields.Field):
    """A count of helping characters, or the helpers by name (ch. 1, Helping)."""

    count = fields.Integer(validate=validate.Range(0, HELPERS_MAX))
    named = fields.List(fields.Nested(Helper), validate=validate.Length(max=HELPERS_MAX))

    def __init__(self, **kwargs):
        one_of = [
            {"type": "integer", "minimum": 0, "maximum": HELPERS_MAX},
            {"type": "array", "maxItems": HELPERS_MAX, "items": _HELPER},
        ]
        super().__init__(metadata={"oneOf": one_of}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        shape = self.named if isinstance(value, list) else self.count
        return shape.deserialize(value, attr, data, **kwargs)


class Contribution(Inbound):
    """Another player's dice for the roll: N d6 cost them N + 1 MoTs (ch. 5)."""

    user = Identifier(required=True)
    dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))


class MomentsSpent(Inbound):
    """Moments of Truth spent on the roll (ch. 5): the roller's own, 1d6 each, and other players'."""

    own = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    contributions = fields.List(
        fields.Nested(Contribution), load_default=list, validate=validate.Length(max=PLAYERS_MAX)
    )


class RollTalent(Inbound):
    """A talent used on the roll (ch. 4): +3d6. It names ``skills`` or one
    ``statistic``; ``off_spirit``: a skill roll it does not name, the GM agreeing."""

    name = fields.String(required=True, validate=validate.Length(1, HELPER_NAME_MAX_CHARS))
    circumstances = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))
    skills = fields.List(
        fields.String(validate=validate.Length(1, 40)), load_default=list, validate=validate.Length(max=MODIFIERS_MAX)
    )
    statistic = fields.Enum(BasicStatistic, by_value=True, load_default=None)
    off_spirit = fields.Boolean(load_default=False)


class RollRequest(RollSpec, CardRequest):
    """A roll for an actor, with the roll's options: named helpers and the
    skill the GM requires of them (ch. 1), the actor's conditions (ch. 7),
    Moments of Truth spent and a talent used (ch. 4-5)."""

    helpers = Helpers(load_default=0)
    required_skill = fields.String(validate=validate.Length(1, 40))
    conditions = fields.List(
        fields.Enum(Condition, by_value=True), load_default=list, validate=validate.Length(max=len(Condition))
    )
    moments = fields.Nested(MomentsSpent)
    talent = fields.Nested(RollTalent)


class OddsRequest(RollSpec):
    """The chances of a roll as ``roll`` would make it: the actor's
    ``conditions`` take their penalties off the pool (ch. 7) and each
    Moment of Truth in ``moments`` adds 1d6 (ch. 5); nothing is charged."""

    conditions = fields.List(
        fields.Enum(Condition, by_value=True), load_default=list, validate=validate.Length(max=len(Condition))
    )
    moments = fields.Nested(MomentsSpent)


# --- the roll (rules.moment_of_truth.rolls, written by ``schemas.encode``) -------


class PoolPart(Out):
    """One line of the pool's working; parts not applied count for nothing."""

    source = fields.String(required=True)
    dice = fields.Integer(required=True)
    applied = fields.Boolean(required=True)
    note = fields.String(required=True)


class Pool(Out):
    dice = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    parts = fields.List(fields.Nested(PoolPart), required=True)


class TargetNumber(Out):
    """Successes needed: the world's default TN plus difficulty, at least 1;
    1 on a roll with no TN to make, whose every success counts."""

    default = fields.Integer(required=True, validate=validate.OneOf([1, 2]))
    difficulty = fields.Integer(required=True)
    value = fields.Integer(required=True, validate=validate.Range(min=1))
    every_success_counts = fields.Boolean(required=True)


class Die(Out):
    face = fields.Integer(required=True, validate=validate.Range(1, SIDES))
    counts_as = fields.Enum(CountsAs, by_value=True, required=True)


class Outcome(Out):
    """The verdict and the thresholds it was judged against."""

    label = fields.Enum(Label, by_value=True, required=True)
    success = fields.Boolean(required=True)
    critical_success = fields.Boolean(required=True)
    critical_failure = fields.Boolean(required=True)
    setback = fields.Boolean(required=True)
    needed = fields.Integer(required=True, validate=validate.Range(min=1))
    critical_success_at = fields.Integer(required=True)
    critical_failure_ones_at = fields.Integer(required=True)
    stakes_raised = fields.Boolean(required=True)
    setbacks_judged = fields.Boolean(required=True)


# --- the roll's Moments of Truth (rules.moment_of_truth.moments, .talents) ----


class MomentsEntry(Out):
    """One line of the ledger: a gain (``asked``, ``gained``, ``lost`` beyond
    ``lost_to``) or a spend (``spent``); ``balance`` is the player's after it."""

    player = fields.String(required=True)
    kind = fields.String(
        required=True, validate=validate.OneOf([*(r.value for r in Reward), *(s.value for s in Spend)]), attribute="kind_name"
    )
    asked = fields.Integer(required=True)
    gained = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    spent = fields.Integer(required=True)
    balance = fields.Integer(required=True, validate=validate.Range(min=0))
    reason = fields.String(required=True)
    roll_id = fields.String(required=True, allow_none=True)
    lost_to = fields.String(required=True)


class HeldReward(Out):
    """A blind or whispered roll's reward, held until the GM reveals the roll
    (docs/rules/moment_of_truth.md, Blind and whispered rolls)."""

    player = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf([r.value for r in Reward]), attribute="kind_name")
    moments = fields.Integer(required=True, validate=validate.Range(min=1))


class PaidContribution(Out):
    """Another player's dice: one more MoT than dice (ch. 5)."""

    player = fields.String(required=True)
    dice = fields.Integer(required=True)
    moments = fields.Integer(required=True)


class RollSpending(Out):
    """Every MoT spent on one roll; ``dice``: the d6 they added."""

    roller = fields.String(required=True)
    own_dice = fields.Integer(required=True)
    contributions = fields.List(fields.Nested(PaidContribution), required=True)
    talent_moments = fields.Integer(required=True)
    stakes_raised = fields.Boolean(required=True)
    dice = fields.Integer(required=True)
    moments = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


class UsedTalent(Out):
    name = fields.String(required=True)
    circumstances = fields.String(required=True)
    skills = fields.List(fields.String(), required=True)
    statistic = fields.String(required=True, allow_none=True, attribute="statistic_name")


class TalentUses(Out):
    """This session's uses of each of the actor's talents, by name."""

    session = fields.Integer(required=True)
    counts = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, attribute="by_talent")


class TalentUse(Out):
    """One use of a talent (ch. 4): its dice, this session's n-th ``use``,
    whether it was ``free`` and the MoTs it cost."""

    talent = fields.Nested(UsedTalent, required=True)
    off_spirit = fields.Boolean(required=True)
    use = fields.Integer(required=True)
    free = fields.Boolean(required=True)
    moments = fields.Integer(required=True)
    dice = fields.Integer(required=True)
    uses = fields.Nested(TalentUses, required=True)
    explanation = fields.List(fields.String(), required=True)


class RollResult(Out):
    """A resolved Moment of Truth roll, with its working. A ``roll`` card
    adds ``moments`` when MoTs were spent on it, ``talent`` when a talent
    was used, ``rewards`` when the roll earned MoTs (ch. 5), and ``held``
    when a blind or whispered roll earned MoTs not credited until revealed."""

    system = _const("moment_of_truth")
    kind = fields.Enum(RollKind, by_value=True, required=True)
    pool = fields.Nested(Pool, required=True)
    target = fields.Nested(TargetNumber, required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True, attribute="counting.faces")
    dice = fields.List(fields.Nested(Die), required=True, attribute="counting.dice")
    successes = fields.Integer(required=True, attribute="counting.successes")
    ones = fields.Integer(required=True, attribute="counting.ones")
    outcome = fields.Nested(Outcome, required=True)
    explanation = fields.List(fields.String(), required=True)
    moments = fields.Nested(RollSpending)
    talent = fields.Nested(TalentUse)
    rewards = fields.List(fields.Nested(MomentsEntry))
    held = fields.List(fields.Nested(HeldReward))


class RollEntry(CardEntry):
    """A logged roll in full."""

    rule = _const("roll")
    result = fields.Nested(RollResult, required=True)


# --- odds (rules.moment_of_truth.odds ``Odds``) ------------------------------------


class Odds(Out):
    """Chances of each verdict; ``successes[k]``: exactly k successes."""

    pool = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    kind = fields.Enum(RollKind, by_value=True, required=True)
    success = fields.Nested(Chance, required=True, attribute="success_chance")
    critical_success = fields.Nested(Chance, required=True, attribute="critical_success_chance")
    critical_failure = fields.Nested(Chance, required=True, attribute="critical_failure_chance")
    setback = fields.Nested(Chance, required=True, attribute="setback_chance")
    failure = fields.Nested(Chance, required=True, attribute="failure_chance")
    successes = fields.List(fields.Nested(Chance), required=True, attribute="successes_chances")


class OddsReport(Out):
    """Result of an ``odds`` job: the pool and TN it computed, whether the
    stakes were raised (every failure critical, ch. 5), and the odds."""

    pool = fields.Nested(Pool, required=True)
    target = fields.Nested(TargetNumber, required=True)
    stakes_raised = fields.Boolean(required=True)
    odds = fields.Nested(Odds, required=True)


class JobOddsResult(JobEvent):
    """The finished job of an ``odds`` request."""

    kind = _const("odds")
    result = fields.Nested(OddsReport, required=True)


CARDS = {Event.ROLL: CardSpec(RollRequest, RollEntry)}

REQUESTS = {Event.ODDS: RequestSpec(OddsRequest, JobQueued)}

JOB_RESULTS = (JobOddsResult,)

#: JSON Schema form of the ``@validates_schema`` hooks.
CROSS_FIELD_RULES = {
    PoolModifier.penalty_takes_dice: {
        "if": {"properties": {"penalty": {"const": True}}, "required": ["penalty"]},
        "then": {"properties": {"dice": {"maximum": 0}}},
    },
    RollSpec.skill_matches_kind: {
        "if": {"properties": {"kind": {"enum": [kind.value for kind in RollKind if kind.takes_skill]}}, "required": ["kind"]},
        "then": {"required": ["skill"]},
        "else": {"not": {"required": ["skill"]}},
    },
}
