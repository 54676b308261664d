"""``moc.character``, ``moc.character.check``, ``moc.points.spend``,
``moc.token.recover``, ``moc.session`` and ``moc.scene``: a character's
sheet, its price and the points spent on it, and the results of a new session or scene."""

from __future__ import annotations

from marshmallow import fields, validate, validates_schema

from ....rules.moment_of_clarity.beads import PowerLevel
from ....rules.moment_of_clarity.characteristics import PRIMARY
from ....rules.moment_of_clarity.elements import Archetype, Element
from ....rules.moment_of_clarity.health import DAMAGE_POINTS
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import Out
from ....schemas.requests import RATING_MAX, CardRequest, RequestSchema
from .common import NAME, RATING, SKILLS_MAX, TRACK_MAX, enum_of, one_kind


class MocTracks(Inbound):
    damage = fields.Integer(load_default=0, validate=validate.Range(0, DAMAGE_POINTS))
    pain = fields.Integer(load_default=0, validate=validate.Range(0, TRACK_MAX))
    fatigue = fields.Integer(load_default=0, validate=validate.Range(0, TRACK_MAX))


class MocSheetSkill(Inbound):
    """A skill on the sheet: its Element, dice and difficulty level (0 easy, 1 normal, 2 difficult),
    and its cascade: the ``primary`` characteristic (Body, Mind, Spirit) whose dice it rolls with,
    and the ``secondary`` one a token of the primary adds (``moc.check``)."""

    name = fields.String(required=True, validate=NAME)
    element = enum_of(Element, required=True)
    dice = fields.Integer(required=True, validate=RATING)
    difficulty = fields.Integer(load_default=1, validate=validate.Range(0, 2))
    primary = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(PRIMARY))
    secondary = fields.String(load_default=None, allow_none=True, validate=NAME)


class MocCharacterRequest(RequestSchema):
    """The GM registers (or replaces) a character's sheet. ``primary_dice``:
    the dice of the primary characteristic its beads come from; ``placed``:
    beads it moves each scene out of its primary Element (a Wildcard places
    them all); ``characteristics``: levels by name (Body, Mind, Spirit and the
    text's short names, as ``At``; 1 when not listed), a token per level of
    each primary; ``body``, ``toughness``, ``l_score``: B, T and L, which size
    the Pain track; ``draws_cards``: false for the rabble (only the most
    powerful villains have cards); ``card_pool``: the name of a group of villains sharing their cards. A registered character keeps its hand, chips and beads."""

    actor_id = Identifier(required=True)
    name = fields.String(required=True, validate=NAME)
    archetype = fields.String(required=True, validate=validate.OneOf([a.value for a in Archetype]))
    power_level = fields.String(
        load_default=PowerLevel.STANDARD.value, validate=validate.OneOf([p.value for p in PowerLevel])
    )
    primary_dice = fields.Integer(required=True, validate=RATING)
    placed = fields.Dict(
        keys=fields.String(validate=validate.OneOf([e.value for e in Element])),
        values=fields.Integer(validate=validate.Range(0, 3 * RATING_MAX)),
        load_default=dict,
    )
    body = fields.Integer(required=True, validate=RATING)
    toughness = fields.Integer(required=True, validate=RATING)
    l_score = fields.Integer(required=True, validate=RATING)
    characteristics = fields.Dict(keys=fields.String(validate=NAME), values=fields.Integer(validate=validate.Range(1, RATING_MAX)),
                                  load_default=dict, validate=validate.Length(max=SKILLS_MAX))
    skills = fields.List(fields.Nested(MocSheetSkill), load_default=list, validate=validate.Length(max=SKILLS_MAX))
    tracks = fields.Nested(MocTracks, load_default=lambda: {"damage": 0, "pain": 0, "fatigue": 0})
    draws_cards = fields.Boolean(load_default=True)
    card_pool = fields.String(load_default=None, allow_none=True, validate=NAME)


class MocPriced(Inbound):
    """An advantage, background or disadvantage and its price in character points (the GM's, by the text's examples)."""

    name = fields.String(required=True, validate=NAME)
    cost = fields.Integer(required=True, validate=validate.Range(0, 1000))


class MocCharacterCheckRequest(RequestSchema):
    """A sheet priced in character points (Character Generation): `characteristics` and `skills`
    by level, `advantages`, `backgrounds` and `disadvantages` (each refunds its cost) at the GM's
    prices, `bits` (3 a point), against the power level's points and the points `earned` since (a
    blue chip for one at an arc's end)."""

    power_level = fields.String(load_default=PowerLevel.STANDARD.value, validate=validate.OneOf([p.value for p in PowerLevel]))
    characteristics = fields.Dict(keys=fields.String(validate=NAME), values=fields.Integer(validate=validate.Range(1, RATING_MAX)),
                                  load_default=dict, validate=validate.Length(max=SKILLS_MAX))
    skills = fields.Dict(keys=fields.String(validate=NAME), values=fields.Integer(validate=RATING), load_default=dict,
                         validate=validate.Length(max=SKILLS_MAX))
    advantages = fields.List(fields.Nested(MocPriced), load_default=list, validate=validate.Length(max=SKILLS_MAX))
    backgrounds = fields.List(fields.Nested(MocPriced), load_default=list, validate=validate.Length(max=SKILLS_MAX))
    disadvantages = fields.List(fields.Nested(MocPriced), load_default=list, validate=validate.Length(max=SKILLS_MAX))
    bits = fields.Integer(load_default=0, validate=validate.Range(0, 3 * SKILLS_MAX))
    earned = fields.Integer(load_default=0, validate=validate.Range(0, 1000))


class MocCharacterChecked(Out):
    """The sheet's cost, the budget, what is left (negative: over), and each line of the working."""

    points = fields.Integer(required=True)
    budget = fields.Integer(required=True)
    left = fields.Integer(required=True)
    within = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class MocTokenRecoverRequest(RequestSchema):
    """A character with no Fatigue at a scene's end recovers a token of ``characteristic`` (Body, Mind or Spirit)."""

    actor_id = Identifier(required=True)
    characteristic = fields.String(required=True, validate=validate.OneOf(PRIMARY))


#: What character points buy, a request naming one: a characteristic's level or a skill's die.
PURCHASES = (("characteristic",), ("skill",))


class MocPointsSpendRequest(CardRequest):
    """``actor_id`` spends character points on its sheet (Character
    Generation's costs): the next level of ``characteristic`` (a primary 5 x
    the level, any other 3 x) or the next die of ``skill`` on the sheet (1 x);
    one of the two. Refused past the points it has."""

    characteristic = fields.String(validate=NAME)
    skill = fields.String(validate=NAME)

    @validates_schema
    def one_purchase(self, data, **_):
        one_kind(data, PURCHASES, "characteristic")


class MocPointsSpentCard(Out):
    """What the points bought, the level it is at now, their cost and the points left."""

    bought = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["characteristic", "skill"]))
    level = fields.Integer(required=True)
    cost = fields.Integer(required=True)
    left = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


class MocSessionResult(Out):
    session = fields.Integer(required=True)
    drawn = fields.Integer(required=True)


class MocSceneResult(Out):
    """``token_recovery``: characters with no Fatigue to recover, who may
    recover a characteristic token; ``over_chip_limit``: chips over 4 held."""

    scene = fields.Integer(required=True)
    token_recovery = fields.List(fields.String(), required=True)
    over_chip_limit = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
