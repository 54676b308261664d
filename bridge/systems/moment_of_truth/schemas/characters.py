"""Characters, advancement and equipment (ch. 2-4, 10, 11): sheet checks,
experience costs and the world's arsenal. Plain requests, not cards."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ....rules.moment_of_truth.characters import Rule
from ....rules.moment_of_truth.equipment import Coverage, Quality, WeaponSkill
from ....rules.moment_of_truth.statistics import Statistic
from ....schemas.common import Inbound
from ....schemas.pushes import Out
from ....schemas.requests import RATING_MAX, RequestSchema
from ....schemas.spec import RequestSpec
from ..names import Event
from ..settings import SKILL_NAME_MAX_CHARS
from .damage import DAMAGE_REDUCTION_MAX

#: Longest character, talent or item name, in characters.
NAME_MAX_CHARS = 60
#: Longest skill name (as ``Skill`` in rolls.py).
#: Longest free text: a problem, a boon, a talent's circumstances.
TEXT_MAX_CHARS = 200
#: Longest item notation ("Strength + Skill + 4 (4, 5)", "35m (2)", "> 75%").
NOTATION_MAX_CHARS = 60
#: Most skills, problems, talents or boons on one sheet.
SHEET_LIST_MAX = 100
#: Most items of one kind defined or removed at once.
ITEMS_MAX = 200
#: Most unspent Moments of Truth bought back at once.
MOMENTS_MAX = 100


def _text(max_chars: int = TEXT_MAX_CHARS, **kwargs):
    return fields.String(validate=validate.Length(1, max_chars), **kwargs)


def _listed(field, most: int):
    return fields.List(field, load_default=list, validate=validate.Length(max=most))


def _per_statistic(name: str, doc: str, base: type[Schema], make_field) -> type[Schema]:
    """A schema with one field per basic statistic (ch. 2), named as the rules name them."""
    return type(name, (base,), {"__doc__": doc, **{stat.value: make_field() for stat in Statistic}})


# --- character.check ---------------------------------------------------------

BoughtStatistics = _per_statistic(
    "BoughtStatistics",
    "Statistics as bought, before racial modifiers; one left out stays at 2 (Poor).",
    Inbound,
    lambda: fields.Integer(validate=validate.Range(0, RATING_MAX)),
)
RacialModifiers = _per_statistic(
    "RacialModifiers",
    "Added to statistics once they are bought (ch. 2); one left out is 0.",
    Inbound,
    lambda: fields.Integer(validate=validate.Range(-RATING_MAX, RATING_MAX)),
)


class TalentChoice(Inbound):
    """A talent: +3d6 with one skill or one statistic under its circumstances (ch. 4)."""

    name = _text(NAME_MAX_CHARS, required=True)
    skill = _text(SKILL_NAME_MAX_CHARS, load_default=None, allow_none=True)
    statistic = fields.Enum(Statistic, by_value=True, load_default=None, allow_none=True)
    circumstances = fields.String(load_default="", validate=validate.Length(max=TEXT_MAX_CHARS))


def _at_most_skills(skills: dict) -> None:
    if len(skills) > SHEET_LIST_MAX:
        raise ValidationError(f"at most {SHEET_LIST_MAX} skills")


class CharacterSheet(Inbound):
    """A new character's choices (ch. 2-4)."""

    name = _text(NAME_MAX_CHARS, required=True)
    statistics = fields.Nested(BoughtStatistics, load_default=dict)
    racial_modifiers = fields.Nested(RacialModifiers, load_default=dict)
    skills = fields.Dict(
        keys=fields.String(validate=[validate.Length(1, SKILL_NAME_MAX_CHARS), validate.Regexp(r"\S")]),
        values=fields.Integer(validate=validate.Range(0, RATING_MAX)),
        load_default=dict,
        validate=_at_most_skills,
        metadata={
            "description": f"skill name (1-{SKILL_NAME_MAX_CHARS} chars, not blank) -> level",
            "maxProperties": SHEET_LIST_MAX,
        },
    )
    problems = _listed(_text(), SHEET_LIST_MAX)
    talents = _listed(fields.Nested(TalentChoice), SHEET_LIST_MAX)
    boons = _listed(_text(), SHEET_LIST_MAX)
    trait_points_to_skill_points = fields.Integer(load_default=0, validate=validate.Range(0, RATING_MAX))
    trait_points_to_statistic_points = fields.Integer(load_default=0, validate=validate.Range(0, RATING_MAX))


class CharacterCheckRequest(RequestSchema):
    sheet = fields.Nested(CharacterSheet, required=True)


class CreationViolation(Out):
    """One broken creation rule; ``field`` is its place on the sheet (``statistics.agility``)."""

    rule = fields.Enum(Rule, by_value=True, required=True)
    field = fields.String(required=True)
    message = fields.String(required=True)


class PointTotals(Out):
    spent = fields.Integer(required=True)
    available = fields.Integer(required=True)
    remaining = fields.Integer(required=True)


FinalStatistics = _per_statistic(
    "FinalStatistics", "Each statistic as bought plus its racial modifier.", Out, lambda: fields.Integer(required=True)
)


class DerivedStatistics(Out):
    """Ch. 2, Derived Statistics (fractions dropped), under the world's dials."""

    hit_points = fields.Integer(required=True)
    melee_attack = fields.Integer(required=True)
    ranged_attack = fields.Integer(required=True)
    reaction_time = fields.Integer(required=True)
    move = fields.Integer(required=True)


class CreationCheck(Out):
    """Every creation rule the sheet breaks (``valid``: none), with its statistics and points."""

    valid = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(CreationViolation), required=True)
    statistics = fields.Nested(FinalStatistics, required=True, attribute="statistics_by_name")
    derived = fields.Nested(DerivedStatistics, required=True, attribute="derived_by_name")
    statistic_points = fields.Nested(PointTotals, required=True)
    skill_points = fields.Nested(PointTotals, required=True)
    trait_points = fields.Nested(PointTotals, required=True)


# --- advancement.cost, advancement.buyback -------------------------------------


def _level(**kwargs):
    return fields.Integer(validate=validate.Range(0, RATING_MAX), **kwargs)


class SkillRaise(Inbound):
    """Raise a skill from ``current`` (null: the character lacks it) to ``desired``."""

    name = _text(SKILL_NAME_MAX_CHARS, required=True)
    current = _level(load_default=None, allow_none=True)
    desired = _level(required=True)


class StatisticRaise(Inbound):
    """Raise a basic statistic from ``current`` to ``desired``."""

    name = fields.Enum(Statistic, by_value=True, required=True)
    current = _level(required=True)
    desired = _level(required=True)


class AdvancementCostRequest(RequestSchema):
    skill = fields.Nested(SkillRaise)
    statistic = fields.Nested(StatisticRaise)

    @validates_schema
    def one_raise(self, data, **_):
        if ("skill" in data) == ("statistic" in data):
            raise ValidationError("give exactly one of skill or statistic", "skill")


class AdvancementStep(Out):
    """One level gained and its price on the ch. 11 table."""

    level = fields.Integer(required=True)
    experience = fields.Integer(required=True)


class AdvancementCost(Out):
    """Experience to raise a skill or statistic: each step's price, times ``multiplier``
    (2 for Perception and Agility when the world doubles them)."""

    name = fields.String(required=True)
    current = fields.Integer(required=True, allow_none=True)
    desired = fields.Integer(required=True)
    steps = fields.List(fields.Nested(AdvancementStep), required=True)
    multiplier = fields.Integer(required=True)
    experience = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


class AdvancementBuybackRequest(RequestSchema):
    moments = fields.Integer(required=True, validate=validate.Range(0, MOMENTS_MAX))


class MomentBuyback(Out):
    """Experience for unspent Moments of Truth bought back (ch. 11, Awarding Experience)."""

    moments = fields.Integer(required=True)
    experience = fields.Integer(required=True)


# --- equipment.list, equipment.define ------------------------------------------


def _notation(**kwargs):
    return _text(NOTATION_MAX_CHARS, **{"required": True, **kwargs})


class MeleeItem(Inbound):
    """A melee weapon in the book's notation: ``reach`` "Cls" or "2m", ``damage``
    "Strength + Skill + 4 (4, 5)", ``skill`` "melee one-handed", ``qualities`` ["Balanced"]."""

    name = _text(NAME_MAX_CHARS, required=True)
    reach = _notation()
    damage = _notation()
    skill = _notation()
    qualities = _listed(_text(NOTATION_MAX_CHARS), len(Quality))
    edged = fields.Boolean(load_default=False)
    large_blade = fields.Boolean(load_default=False)


class RangedItem(Inbound):
    """A ranged weapon in the book's notation: ``close`` "C" or "C-1m", ``optimal``
    "20m", ``long`` "35m (2)", ``ammo`` "10-30" (null: no magazine)."""

    name = _text(NAME_MAX_CHARS, required=True)
    damage = _notation()
    skill = _notation()
    close = _notation()
    optimal = _notation()
    long = _notation()
    ammo = _text(NOTATION_MAX_CHARS, load_default=None, allow_none=True)
    qualities = _listed(_text(NOTATION_MAX_CHARS), len(Quality))
    edged = fields.Boolean(load_default=False)
    revolver = fields.Boolean(load_default=False)


class ShieldItem(Inbound):
    """A shield: ``attacker_penalty`` "-1d6"."""

    name = _text(NAME_MAX_CHARS, required=True)
    attacker_penalty = _notation()
    first_defense_step_dice = fields.Integer(load_default=1, validate=validate.Range(0, RATING_MAX))


class ArmorItem(Inbound):
    """Armor: ``coverage`` "> 75%" (full) or "< 75%" (partial)."""

    name = _text(NAME_MAX_CHARS, required=True)
    coverage = _notation()
    damage_reduction = fields.Integer(required=True, validate=validate.Range(0, DAMAGE_REDUCTION_MAX))


class ItemNames(Inbound):
    """Names of the world's own items, by kind."""

    melee = _listed(_text(NAME_MAX_CHARS), ITEMS_MAX)
    ranged = _listed(_text(NAME_MAX_CHARS), ITEMS_MAX)
    shields = _listed(_text(NAME_MAX_CHARS), ITEMS_MAX)
    armor = _listed(_text(NAME_MAX_CHARS), ITEMS_MAX)


class EquipmentListRequest(RequestSchema):
    pass


class EquipmentDefineRequest(RequestSchema):
    """Remove the world's own items named in ``remove``, then add each item
    given, replacing the world's (or the book's) item of its kind and name."""

    melee = _listed(fields.Nested(MeleeItem), ITEMS_MAX)
    ranged = _listed(fields.Nested(RangedItem), ITEMS_MAX)
    shields = _listed(fields.Nested(ShieldItem), ITEMS_MAX)
    armor = _listed(fields.Nested(ArmorItem), ITEMS_MAX)
    remove = fields.Nested(ItemNames, load_default=dict)


def _qualities():
    return fields.List(fields.Enum(Quality, by_value=True), required=True, attribute="listed_qualities")


class ArsenalMelee(Out):
    name = fields.String(required=True)
    reach = fields.String(required=True)
    damage = fields.String(required=True, attribute="damage.notation")
    skill = fields.Enum(WeaponSkill, by_value=True, required=True)
    qualities = _qualities()
    edged = fields.Boolean(required=True)
    large_blade = fields.Boolean(required=True)


class ArsenalRanged(Out):
    name = fields.String(required=True)
    damage = fields.String(required=True, attribute="damage.notation")
    skill = fields.Enum(WeaponSkill, by_value=True, required=True)
    close = fields.String(required=True)
    optimal = fields.String(required=True)
    long = fields.String(required=True)
    ammo = fields.String(required=True, allow_none=True, attribute="ammo_notation")
    qualities = _qualities()
    edged = fields.Boolean(required=True)
    revolver = fields.Boolean(required=True)


class ArsenalShield(Out):
    name = fields.String(required=True)
    attacker_penalty = fields.String(required=True)
    first_defense_step_dice = fields.Integer(required=True)


class ArsenalArmor(Out):
    name = fields.String(required=True)
    coverage = fields.Enum(Coverage, by_value=True, required=True)
    damage_reduction = fields.Integer(required=True)


class ArsenalItems(Out):
    """Items by kind, each in the book's notation (a world's own items are kept so)."""

    melee = fields.List(fields.Nested(ArsenalMelee), required=True)
    ranged = fields.List(fields.Nested(ArsenalRanged), required=True)
    shields = fields.List(fields.Nested(ArsenalShield), required=True)
    armor = fields.List(fields.Nested(ArsenalArmor), required=True)


CARDS: dict = {}
REQUESTS = {
    Event.CHARACTER_CHECK: RequestSpec(CharacterCheckRequest, CreationCheck),
    Event.ADVANCEMENT_COST: RequestSpec(AdvancementCostRequest, AdvancementCost),
    Event.ADVANCEMENT_BUYBACK: RequestSpec(AdvancementBuybackRequest, MomentBuyback),
    Event.EQUIPMENT_LIST: RequestSpec(EquipmentListRequest, ArsenalItems),
    Event.EQUIPMENT_DEFINE: RequestSpec(EquipmentDefineRequest, ArsenalItems, gm_only=True),
}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    AdvancementCostRequest.one_raise: {"oneOf": [{"required": ["skill"]}, {"required": ["statistic"]}]},
}
