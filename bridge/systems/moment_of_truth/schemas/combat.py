"""An attack over the wire (ch. 7, Attacking and Defending ... Aiming; ch. 9;
ch. 10): the request naming tracked tokens, and the card: the rules'
``AttackResult`` written by its schema, with the attacker's weapon and what each target took."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.attacks import MAX_SPRAY_TARGETS
from ....rules.moment_of_truth.called_shots import CalledShot
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.defense import Charge
from ....rules.moment_of_truth.ranges import RangeBand
from ....rules.moment_of_truth.rolls import SIDES, RollKind
from ....rules.moment_of_truth.weapon_handling import FireMode
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import CardEntry, Either, Out, _const
from ....schemas.requests import MODIFIERS_MAX, RATING_MAX, CardOptions, RequestSchema
from ....schemas.spec import CardSpec
from ..names import Event
from .characters import NAME_MAX_CHARS, ArmorItem, MeleeItem, RangedItem
from .damage import DamageResult
from .health import ConditionChange, Health
from .rolls import Pool, PoolModifier, RollResult

#: What covers the part struck is the GM's call.
ARMOR_DOC = "the armor covering the part struck (a ballistic vest does not cover the head)"
#: Most rounds a magazine may hold (the M-60's belt: 200).
ROUNDS_MAX = 1000
#: Most metres an attack may reach (the M-40's last increment is 550 m).
DISTANCE_MAX_M = 10_000


def _dice(**kwargs):
    return fields.Integer(validate=validate.Range(0, MAX_DICE_PER_ROLL), **kwargs)


#: A name shows on every card: one that is only spaces would show as nothing.
_NOT_BLANK = validate.Regexp(r"^\s*\S", error="type a name: letters or digits, not only spaces")


def name_field(**kwargs):
    """A combatant's or an item's name, not blank."""
    return fields.String(validate=[validate.Length(min=1, max=NAME_MAX_CHARS), _NOT_BLANK], **kwargs)


def conditions_field():
    """A combatant's conditions (ch. 7, Condition Summary)."""
    return fields.List(
        fields.Enum(Condition, by_value=True), load_default=list, validate=validate.Length(max=len(Condition))
    )


# --- request pieces -----------------------------------------------------------


class CombatStatistics(Inbound):
    """A combatant's six basic statistics (ch. 2)."""

    endurance = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    strength = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    agility = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    will = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    perception = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    education = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))


class NamedItem(Inbound):
    """An item of the world's arsenal (the book's ch. 10 tables and the
    world's own, `equipment.define`) by name."""

    name = name_field(required=True)


def item_field(*described: type[Schema], **kwargs):
    """An item by name, or described in the book's notation."""
    return Either(NamedItem, *described, **kwargs)


class AttackTarget(Inbound):
    """One tracked target: its shield, armor, conditions and endurance come
    from its state; its reserved defense dice, charge and desperate attack
    from its stance in the scene's running combat. `armor`: the armor
    covering the part struck, the GM's call (null: none; absent: the
    token's registered armor). `attacker_within_reach`: the attacker stands
    in the engaged target's melee reach; `designated_opponent`: a flanked or
    outnumbered target chose this attacker for its first set of defense
    dice; `balanced_weapon`: it parries with a balanced weapon."""

    token_id = Identifier(required=True)
    armor = item_field(ArmorItem, allow_none=True, metadata={"description": ARMOR_DOC})
    balanced_weapon = fields.Boolean(load_default=False)
    attacker_within_reach = fields.Boolean(load_default=True)
    designated_opponent = fields.Boolean(load_default=False)


class LockedGrappler(Inbound):
    """The tracked token locked in a grapple with the target, whom a critical failure hits."""

    token_id = Identifier(required=True)
    armor = item_field(ArmorItem, allow_none=True, metadata={"description": ARMOR_DOC})


class AttackFields(RequestSchema):
    """What an attack is: who attacks with what, at whom, how."""

    attacker = Identifier(required=True)
    weapon = item_field(MeleeItem, RangedItem, required=True)
    targets = fields.List(
        fields.Nested(AttackTarget), required=True, validate=validate.Length(min=1, max=MAX_SPRAY_TARGETS)
    )
    distance = fields.Float(load_default=None, allow_none=True, validate=validate.Range(0, DISTANCE_MAX_M))
    called_shot = fields.Enum(CalledShot, by_value=True, load_default=None, allow_none=True)
    defense_dice = _dice(load_default=0)
    charge = fields.Enum(Charge, by_value=True, load_default=None, allow_none=True)
    fire = fields.Enum(FireMode, by_value=True, load_default=None, allow_none=True)
    shotgun = fields.Boolean(load_default=False)
    desperate = fields.Boolean(load_default=False)
    laser_visible = fields.Boolean(load_default=False)
    into_suppressive_fire = fields.Boolean(load_default=False)
    critical_lowers_damage = fields.Boolean(load_default=False)
    grappler = fields.Nested(LockedGrappler, load_default=None, allow_none=True)
    modifiers = fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))
    moments_spent = _dice(load_default=0)
    damage_moments_spent = _dice(load_default=0)
    split_dice = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    dual_weapons = fields.Boolean(load_default=False)

    @validates_schema
    def dual_weapons_split(self, data, **_):
        if data.get("dual_weapons") and data.get("split_dice") is None:
            raise ValidationError("two weapons split the pool: give split_dice", "split_dice")


class AttackRequest(AttackFields, CardOptions):
    """One attack by the tracked token `attacker` (the sender must own its
    actor; the GM any): the combat pool against the TN to hit, then damage
    per hit into each target's health (ch. 7, ch. 9, ch. 10). Its statistics,
    conditions and weapon skill come from its state; its aiming and a
    second semi-auto shot from its stance. `targets`: the primary first,
    then the sprayed targets, the shotgun's adjacent one or an
    indiscriminate weapon's neighbours. `defense_dice`, `charge` and
    `desperate` are what the attacker does now, kept in its stance.
    `one_handed`: a two-handed melee weapon held in one hand (unwieldy).
    `moments_spent` and `damage_moments_spent` are charged to the sender
    before anything is rolled."""

    one_handed = fields.Boolean(load_default=False)


# --- the card -------------------------------------------------------------------


class AttackRange(Out):
    """Where the target falls among the weapon's range bands."""

    distance = fields.Float(required=True)
    band = fields.Enum(RangeBand, by_value=True, required=True)
    increment = fields.Integer(required=True)
    dice = fields.Integer(required=True)
    long_range = fields.Float(required=True)
    scope = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class CombatPool(Out):
    """The attack's pool: every modifier named in `pool.parts`."""

    weapon = fields.String(required=True, attribute="weapon.name")
    kind = fields.Enum(RollKind, by_value=True, required=True)
    ranged = fields.Boolean(required=True)
    pool = fields.Nested(Pool, required=True)
    strength = fields.Integer(required=True)
    skill_level = fields.Integer(required=True, allow_none=True)
    range = fields.Nested(AttackRange, required=True, allow_none=True, attribute="range_reading")
    desperate = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class ToHitStep(Out):
    source = fields.String(required=True)
    change = fields.Integer(required=True)
    note = fields.String(required=True)


class ToHit(Out):
    """The TN to hit, step by step; `value` is never below 1."""

    value = fields.Integer(required=True, validate=validate.Range(min=1))
    called_shot = fields.Enum(CalledShot, by_value=True, required=True, allow_none=True)
    steps = fields.List(fields.Nested(ToHitStep), required=True)
    explanation = fields.List(fields.String(), required=True)


class CalledOutcome(Out):
    """What a called shot's hit did beyond its damage; `endurance_roll`: a
    head shot's stun roll."""

    conditions = fields.List(fields.Enum(Condition, by_value=True), required=True)
    endurance_roll = fields.Nested(RollResult, required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


class AttackHit(Out):
    """One hit: who, why, its damage through armor, the called shot's effects."""

    target = fields.String(required=True)
    reason = fields.String(required=True)
    damage = fields.Nested(DamageResult, required=True)
    armor_note = fields.String(required=True)
    called = fields.Nested(CalledOutcome, required=True, allow_none=True)


class ConditionCaused(Out):
    target = fields.String(required=True)
    condition = fields.Enum(Condition, by_value=True, required=True)


class AttackResult(Out):
    """An attack resolved: pool, TN, roll, every hit and what it caused."""

    combat = fields.Nested(CombatPool, required=True)
    to_hit = fields.Nested(ToHit, required=True)
    roll = fields.Nested(RollResult, required=True)
    fire = fields.String(
        required=True, validate=validate.OneOf(["single", *(mode.value for mode in FireMode)]), attribute="fire_name"
    )
    hits = fields.List(fields.Nested(AttackHit), required=True)
    conditions = fields.List(fields.Nested(ConditionCaused), required=True)
    scatter_faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    jammed = fields.Boolean(required=True)
    hit_grappler = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class MagazineState(Out):
    rounds = fields.Integer(required=True)
    capacity = fields.Integer(required=True)
    empty = fields.Boolean(required=True)


class AmmoRoll(Out):
    """The optional ammo roll (ch. 10): rounds rolled, and whether the
    magazine held half of them (if not, the attack became a single one)."""

    weapon = fields.String(required=True)
    mode = fields.Enum(FireMode, by_value=True, required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    rounds_rolled = fields.Integer(required=True)
    allowed = fields.Boolean(required=True)
    rounds_fired = fields.Integer(required=True)
    before = fields.Nested(MagazineState, required=True)
    after = fields.Nested(MagazineState, required=True)
    explanation = fields.List(fields.String(), required=True)


class MagazineRounds(Out):
    rounds = fields.Integer(required=True)
    capacity = fields.Integer(required=True)


class KeptWeapon(Out):
    """A token's weapon as kept between attacks (ch. 10): `ready` (an unwieldy
    weapon is not after an attack until weapon.ready), `readying` (its ready
    roll failed: the next turn is spent readying it), `jammed`, and the
    magazine (null: rounds not counted)."""

    ready = fields.Boolean(required=True)
    readying = fields.Boolean(required=True)
    jammed = fields.Boolean(required=True)
    magazine = fields.Nested(MagazineRounds, required=True, allow_none=True)


class WeaponState(KeptWeapon):
    """The weapon by name, as kept between attacks; `notes`: what must be done before it attacks again."""

    weapon = fields.String(required=True)
    notes = fields.List(fields.String(), required=True)

    class Meta(Out.Meta):
        fields = ("weapon", *KeptWeapon._declared_fields, "notes")


class TokenTaken(Out):
    """What the attack did to one tracked token: its health before and after
    and the conditions gained and lost (the `token.changed` push carries the
    whole state; `version` is the token's after the attack)."""

    token_id = fields.String(required=True)
    name = fields.String(required=True)
    version = fields.Integer(required=True)
    health_before = fields.Nested(Health, required=True)
    health_after = fields.Nested(Health, required=True)
    changes = fields.List(fields.Nested(ConditionChange), required=True)


class AttackCard(AttackResult):
    """An `attack` request's result: the attack (hits name their target by
    `token_id`), its ammo roll (null when none was made), the attacker's
    weapon after it, and per target (then the grappler, when hit) what it took."""

    ammo = fields.Nested(AmmoRoll, required=True, allow_none=True)
    weapon_state = fields.Nested(WeaponState, required=True)
    tokens = fields.List(fields.Nested(TokenTaken), required=True)


class AttackEntry(CardEntry):
    """A logged attack in full."""

    rule = _const(Event.ATTACK.value)
    result = fields.Nested(AttackCard, required=True)


CARDS = {Event.ATTACK: CardSpec(AttackRequest, AttackEntry)}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    AttackFields.dual_weapons_split: {
        "if": {"properties": {"dual_weapons": {"const": True}}, "required": ["dual_weapons"]},
        "then": {"properties": {"split_dice": {"type": "integer"}}, "required": ["split_dice"]},
    },
}
