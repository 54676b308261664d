"""Tracked tokens over the wire: registering a token's stat block, the GM's
hand controls (damage, heal, conditions, undo), the table snapshot, and the
``token.changed`` push (``rules.moment_of_truth.tokens``)."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.rolls import SIDES
from ....rules.moment_of_truth.statistics import Statistic
from ....rules.moment_of_truth.tokens import Ending
from ....schemas.common import Identifier
from ....schemas.pushes import Out
from ....schemas.requests import LABEL_MAX_CHARS, RATING_MAX, RequestSchema
from ....schemas.spec import RequestSpec
from ..names import Event
from .characters import ArmorItem, ShieldItem
from .combat import CombatStatistics, KeptWeapon, item_field, name_field
from .health import HIT_POINTS_MAX, ConditionChange, Health

#: Most skills a token's stat block may list.
SKILLS_MAX = 100
#: Most damage of either kind the GM applies or heals by hand at once.
HAND_DAMAGE_MAX = 300
#: Most rounds a condition set by hand may last.
ROUNDS_MAX = 1000


def _source(**kwargs):
    return fields.String(validate=validate.Length(1, LABEL_MAX_CHARS), **kwargs)


class TokenRegisterRequest(RequestSchema):
    """A token's stat block, as the GM's client reads it off the actor. A
    token seen before keeps its damage, conditions and hazards."""

    token_id = Identifier(required=True)
    actor_id = Identifier(required=True)
    scene_id = Identifier(load_default=None, allow_none=True)
    name = name_field(required=True)
    statistics = fields.Nested(CombatStatistics, required=True)
    skills = fields.Dict(
        keys=fields.String(validate=validate.Length(1, 40)),
        values=fields.Integer(validate=validate.Range(0, RATING_MAX)),
        load_default=dict,
        validate=validate.Length(max=SKILLS_MAX),
        metadata={"description": "skill name (weapon skills as equipment.list names them) to level"},
    )
    hit_points = fields.Integer(
        load_default=None, allow_none=True, validate=validate.Range(1, HIT_POINTS_MAX),
        metadata={"description": "null: the world's house rule (docs/scripting.md), else its 6 + 2 x Endurance"},
    )
    armor = item_field(ArmorItem, load_default=None, allow_none=True)
    shield = item_field(ShieldItem, load_default=None, allow_none=True)


class TokenRequest(RequestSchema):
    token_id = Identifier(required=True)


class HandDamage(TokenRequest):
    """Minor and serious damage given by hand, at least one of them."""

    minor = fields.Integer(load_default=0, validate=validate.Range(0, HAND_DAMAGE_MAX))
    serious = fields.Integer(load_default=0, validate=validate.Range(0, HAND_DAMAGE_MAX))

    @validates_schema
    def some_damage(self, data, **_):
        if not data.get("minor") and not data.get("serious"):
            raise ValidationError("give minor or serious damage", "minor")


class TokenDamageRequest(HandDamage):
    """Damage applied by hand (the GM's ruling), or a damage card's `minor` and `serious` taken."""

    head_or_neck_shot = fields.Boolean(
        load_default=False, metadata={"description": "a called head or neck shot: a death it causes is beyond rescue"}
    )
    outright_kill = fields.Boolean(
        load_default=False,
        metadata={"description": "the called-shot rules killed outright: dead and beyond rescue, whatever the HP say"},
    )


class TokenHealRequest(HandDamage):
    """Damage healed by hand: never below none."""


class TokenConditionSetRequest(TokenRequest):
    """A condition set by hand. `ending` defaults to how the condition ends in
    the book (stunned and confused: a roll at the end of each turn; the rest:
    until cleared); `rounds` goes with `ending: rounds`."""

    condition = fields.Enum(Condition, by_value=True, required=True)
    source = _source(load_default="GM")
    ending = fields.Enum(Ending, by_value=True, load_default=None, allow_none=True)
    rounds = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(1, ROUNDS_MAX))

    @validates_schema
    def rounds_go_with_ending(self, data, **_):
        if (data.get("ending") is Ending.ROUNDS) != (data.get("rounds") is not None):
            raise ValidationError("rounds goes with ending 'rounds', and only with it", "rounds")
        if data.get("ending") is Ending.HEALTH:
            raise ValidationError("only the token's health sets a condition that ends with it", "ending")


class TokenConditionClearRequest(TokenRequest):
    """Clear a condition, from every source or from `source` only."""

    condition = fields.Enum(Condition, by_value=True, required=True)
    source = _source(load_default=None, allow_none=True)


class TableSnapshotRequest(RequestSchema):
    """Everything a client needs to catch up: tokens, combats, Moments of Truth."""

    scene_id = Identifier(load_default=None, allow_none=True, metadata={"description": "null: every scene"})


# --- results and the push --------------------------------------------------------


class ConditionEntry(Out):
    """One condition with where it came from and how it ends."""

    condition = fields.Enum(Condition, by_value=True, required=True)
    source = fields.String(required=True)
    ending = fields.Enum(Ending, by_value=True, required=True)
    rounds = fields.Integer(required=True, allow_none=True)
    since_round = fields.Integer(required=True, allow_none=True)


class Fire(Out):
    """The fire's pool for the next tick, a grease fire or not, turns a
    blanket was used, and `help`: the helpers' successes waiting for the
    next tick. The token's `fire` while it burns (null once out)."""

    dice = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    grease = fields.Boolean(required=True)
    blanket_turns = fields.Integer(required=True)
    out = fields.Boolean(required=True)
    help = fields.Integer(required=True, validate=validate.Range(min=0))


class Breath(Out):
    """A breath lasting `seconds`; `turns` begun since."""

    seconds = fields.Integer(required=True)
    turns = fields.Integer(required=True)
    out_of_breath = fields.Boolean(required=True)


class VacuumExposure(Out):
    """Seconds exposed, Endurance rolls missed, and a ruptured suit's 1d6 (or null)."""

    seconds = fields.Integer(required=True)
    misses = fields.Integer(required=True)
    suit_die = fields.Integer(required=True, allow_none=True, validate=validate.Range(1, SIDES))
    roll_every = fields.Integer(required=True)
    damage_after = fields.Integer(required=True)
    unconscious = fields.Boolean(required=True)


class Vacuum(VacuumExposure):
    """The exposure to vacuum, and the breath held in it."""

    breath = fields.Nested(Breath, required=True)

    class Meta(Out.Meta):
        fields = ("breath", *VacuumExposure._declared_fields)  # the breath first


class HeldBreath(Out):
    """A token's held breath; `vacuum`: its exposure while in vacuum, else null."""

    seconds = fields.Integer(required=True, attribute="breath.seconds")
    turns = fields.Integer(required=True, attribute="breath.turns")
    out_of_breath = fields.Boolean(required=True, attribute="breath.out_of_breath")
    vacuum = fields.Nested(VacuumExposure, required=True, allow_none=True)


class TokenState(Out):
    """A tracked token as the rules see it; `version` goes up with every change."""

    token_id = fields.String(required=True)
    actor_id = fields.String(required=True)
    name = fields.String(required=True)
    scene_id = fields.String(required=True, allow_none=True)
    statistics = fields.Dict(keys=fields.Enum(Statistic, by_value=True), values=fields.Integer(), required=True)
    skills = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    armor = fields.Dict(required=True, allow_none=True)
    shield = fields.Dict(required=True, allow_none=True)
    health = fields.Nested(Health, required=True)
    conditions = fields.List(fields.Nested(ConditionEntry), required=True)
    fire = fields.Nested(
        Fire, required=True, allow_none=True, metadata={"description": "the fire burning on it, or null"}
    )
    breath = fields.Nested(
        HeldBreath, required=True, allow_none=True, attribute="held_breath",
        metadata={"description": "its held breath, or null"},
    )
    weapons = fields.Dict(keys=fields.String(), values=fields.Nested(KeptWeapon), required=True)
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class TokenStateChange(Out):
    """One change to one token: the conditions lost then gained, and its whole state after."""

    token_id = fields.String(required=True, attribute="after.token_id")
    version = fields.Integer(required=True, attribute="after.version")
    changes = fields.List(fields.Nested(ConditionChange), required=True)
    state = fields.Nested(TokenState, required=True, attribute="after")


class TokenUndone(Out):
    """The change undone: the state it left, and the state put back (a new version)."""

    undone = fields.Nested(TokenState, required=True)
    change = fields.Nested(TokenStateChange, required=True)


class SkillsListRequest(RequestSchema):
    pass


class SkillList(Out):
    """The skills a token may have: the book's (ch. 3), then the world's own (``setting_skills``)."""

    book = fields.List(fields.String(), required=True)
    world = fields.List(fields.String(), required=True)


CARDS: dict = {}
REQUESTS = {
    Event.SKILLS_LIST: RequestSpec(SkillsListRequest, SkillList),
    Event.TOKEN_DAMAGE: RequestSpec(TokenDamageRequest, TokenStateChange, gm_only=True),
    Event.TOKEN_HEAL: RequestSpec(TokenHealRequest, TokenStateChange, gm_only=True),
    Event.TOKEN_CONDITION_SET: RequestSpec(TokenConditionSetRequest, TokenStateChange, gm_only=True),
    Event.TOKEN_CONDITION_CLEAR: RequestSpec(TokenConditionClearRequest, TokenStateChange, gm_only=True),
    Event.TOKEN_UNDO: RequestSpec(TokenRequest, TokenUndone, gm_only=True),
}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    HandDamage.some_damage: {
        "anyOf": [
            {"properties": {amount: {"type": "integer", "minimum": 1}}, "required": [amount]}
            for amount in ("minor", "serious")
        ]
    },
    TokenConditionSetRequest.rounds_go_with_ending: {
        "allOf": [
            {
                "if": {"properties": {"ending": {"const": Ending.ROUNDS.value}}, "required": ["ending"]},
                "then": {"properties": {"rounds": {"type": "integer"}}, "required": ["rounds"]},
                "else": {"not": {"properties": {"rounds": {"type": "integer"}}, "required": ["rounds"]}},
            },
            {"not": {"properties": {"ending": {"const": Ending.HEALTH.value}}, "required": ["ending"]}},
        ]
    },
}
