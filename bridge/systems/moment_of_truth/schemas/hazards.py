"""Hazards (ch. 8) over the wire: GM-only cards about tracked tokens.

Every request names its tokens by ``token_id``: the bridge reads their
health, Agility, Endurance, armor and conditions, and writes back their
health, the hazard's conditions and a lasting hazard's state (the token's
``fire``, ``breath``), one ``token.changed`` per token changed. The card
carries the hazard's result with each token's change.
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from ....protocol import Request
from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth import hazards
from ....rules.moment_of_truth.rolls import SIDES
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import Out, card_entry
from ....schemas.requests import CardOptions, CardRequest
from ....schemas.spec import CardSpec
from ....table.schemas import Point
from ..names import Event
from .damage import DAMAGE_REDUCTION_MAX, DamageDice, DamageResult
from .health import HealthChange, dice_count
from .rolls import RollResult
from .tokens import Breath, Fire, TokenStateChange, Vacuum

#: Farthest fall or distance from a blast accepted, in meters.
METERS_MAX = 10_000
#: Most tokens one explosion may name.
TOKENS_MAX = 50


def meters(**kwargs):
    return fields.Float(validate=validate.Range(0, METERS_MAX), **kwargs)


def no_state():
    """A hazard over at once: its ``state`` is always null."""
    return fields.Raw(required=True, allow_none=True, validate=validate.Equal(None))


class TokenHazardRequest(CardOptions):
    """A hazard card about the tracked token `token_id` (the card's actor is the token's)."""

    token_id = Identifier(required=True, metadata={"description": "the tracked token caught"})


def _each_once(token_ids: list[str]) -> None:
    if len(set(token_ids)) != len(token_ids):
        raise ValidationError("name each token once")


def tokens_picked(**kwargs):
    """The tracked tokens a hazard catches, each named once."""
    return fields.List(
        Identifier(), required=True, validate=[validate.Length(1, TOKENS_MAX), _each_once],
        metadata={"description": "the tracked tokens the GM picks, each resolved apart, in this order", "uniqueItems": True},
        **kwargs,
    )


class TokensHazardRequest(CardOptions):
    """A hazard card about the tracked tokens `token_ids` (the card's actor is the first one's)."""

    token_ids = tokens_picked()


def each_token(result: type[Schema], doc: str) -> type[Out]:
    """A card of one hazard on several tokens: each token's result, in the order named."""
    return type(f"Each{result.__name__}", (Out,), {"__doc__": doc, "tokens": fields.List(fields.Nested(result), required=True)})


class HazardResult(Out):
    """One hazard's effect on one token: the rolls against it, its damage
    rolls, `pips` (dice read for their total: a breath, a ruptured suit's
    1d6), the health change (with the hazard's own conditions) and the steps."""

    hazard = fields.Enum(hazards.Hazard, by_value=True, required=True)
    rolls = fields.List(fields.Nested(RollResult), required=True)
    damage = fields.List(fields.Nested(DamageResult), required=True)
    pips = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    health = fields.Nested(HealthChange, required=True, attribute="change")
    state = no_state()
    explanation = fields.List(fields.String(), required=True)


class TokenHazardResult(HazardResult):
    """A hazard's result with the token and its change (its state after, the conditions lost then gained)."""

    token_id = fields.String(required=True)
    token = fields.Nested(TokenStateChange, required=True)


# --- falling and explosions --------------------------------------------------------


class FallRequest(TokensHazardRequest):
    """A fall: 1d6 (3,6) per full 2 m; each success of a token's Agility roll removes 1d6."""

    meters = meters(required=True)
    armor = fields.Boolean(
        load_default=False, metadata={"description": "the token's armor softens the fall (the GM's call; the book: no)"}
    )


class FallResult(TokenHazardResult):
    """A token's fall."""


class CaughtToken(Inbound):
    """A tracked token near the blast, at `distance` meters behind `cover` dice of cover."""

    token_id = Identifier(required=True)
    distance = meters(required=True)
    cover = dice_count()
    damage_reduction = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(0, DAMAGE_REDUCTION_MAX),
        metadata={"description": "null: the DR of the armor the token wears"},
    )


class ExplosionRequest(CardRequest):
    """A charge of `dice`d6 at its center going off among `tokens`, each rolled
    apart; the card's `actor_id` is whoever it is about (the thrower, say)."""

    dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    charge = fields.Enum(hazards.Charge, by_value=True, required=True)
    tokens = fields.List(
        fields.Nested(CaughtToken),
        required=True,
        validate=validate.Length(1, TOKENS_MAX),
        metadata={"description": "each token once (a token named twice is refused: against_the_rules)"},
    )


class CaughtResult(HazardResult):
    """A token's result; `token` is its change, null when the blast left its health as it was."""

    token_id = fields.String(required=True)
    token = fields.Nested(TokenStateChange, required=True, allow_none=True)

    class Meta(Out.Meta):
        fields = ("token_id", *HazardResult._declared_fields, "token")  # the token named first


class ExplosionResult(Out):
    """The charge's pool at its center, each token's result in order, and the tokens hurt."""

    charge = fields.Nested(DamageDice, required=True)
    tokens = fields.List(fields.Nested(CaughtResult), required=True)
    hurt = fields.List(fields.String(), required=True)
    explanation = fields.List(fields.String(), required=True)


# --- fire ---------------------------------------------------------------------------


class FireIgniteRequest(TokensHazardRequest):
    """The tokens catch fire, each of `starting_dice`d6 (1 for a deep-fryer splash, 5-6 for a Molotov)."""

    starting_dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    grease = fields.Boolean(load_default=False)


class FireBurnRequest(TokenHazardRequest):
    """Without `helper_token_id`: the fire's tick on the burning token's turn.
    With it: that token helps put the fire out on its own turn, its
    successes waiting for the next tick. `blanket` and `water` are used by
    whoever rolls."""

    helper_token_id = Identifier(
        load_default=None, allow_none=True, metadata={"description": "a tracked token helping; null: the tick"}
    )
    blanket = fields.Boolean(load_default=False)
    water = fields.Boolean(load_default=False, metadata={"description": "an extinguisher or a bucket of water"})


class FireHazard(HazardResult):
    """A fire's tick or a helper's roll against it (its `help` counts the helper's successes)."""

    state = fields.Nested(Fire, required=True)


class FireResult(TokenHazardResult):
    state = fields.Nested(Fire, required=True)


# --- suffocation and vacuum -------------------------------------------------------


class SuffocationStartRequest(TokensHazardRequest):
    """The tokens' air runs out: each one's breath lasts its Endurance d6 pips in seconds, +30 with warning."""

    warned = fields.Boolean(load_default=False)


class SuffocationTurnRequest(TokenHazardRequest):
    """The start of a suffocating token's turn."""


class BreathHazard(HazardResult):
    """A breath held, or a turn without air."""

    state = fields.Nested(Breath, required=True)


class SuffocationResult(TokenHazardResult):
    state = fields.Nested(Breath, required=True)


class VacuumEnterRequest(TokensHazardRequest):
    """The tokens' exposure begins: each one's breath, and for a ruptured pressure suit its 1d6."""

    warned = fields.Boolean(load_default=False)
    ruptured_suit = fields.Boolean(load_default=False)


class VacuumSecondRequest(TokenHazardRequest):
    """One more second (one turn) of the token in vacuum."""


class VacuumHazard(HazardResult):
    """Exposure to vacuum begun, or a second of it."""

    state = fields.Nested(Vacuum, required=True)


class VacuumResult(TokenHazardResult):
    state = fields.Nested(Vacuum, required=True)


def _gm_card(event: Request, request: type, result: type, doc: str) -> CardSpec:
    return CardSpec(request, card_entry(event, result, doc), gm_only=True, queued=True)


CARDS = {
    Event.HAZARD_FALL: _gm_card(
        Event.HAZARD_FALL, FallRequest, each_token(FallResult, "Each token's fall."), "a fall in full"
    ),
    Event.HAZARD_EXPLOSION: _gm_card(Event.HAZARD_EXPLOSION, ExplosionRequest, ExplosionResult, "a blast in full"),
    Event.HAZARD_FIRE_IGNITE: _gm_card(
        Event.HAZARD_FIRE_IGNITE, FireIgniteRequest, each_token(FireResult, "Each token's fire lit."), "fires lit"
    ),
    Event.HAZARD_FIRE_BURN: _gm_card(Event.HAZARD_FIRE_BURN, FireBurnRequest, FireResult, "a fire's tick or a helper's roll"),
    Event.HAZARD_SUFFOCATION_START: _gm_card(
        Event.HAZARD_SUFFOCATION_START, SuffocationStartRequest,
        each_token(SuffocationResult, "Each token's breath held."), "breaths held",
    ),
    Event.HAZARD_SUFFOCATION_TURN: _gm_card(
        Event.HAZARD_SUFFOCATION_TURN, SuffocationTurnRequest, SuffocationResult, "a turn without air"
    ),
    Event.HAZARD_VACUUM_ENTER: _gm_card(
        Event.HAZARD_VACUUM_ENTER, VacuumEnterRequest,
        each_token(VacuumResult, "Each token's exposure begun."), "exposure to vacuum begun",
    ),
    Event.HAZARD_VACUUM_SECOND: _gm_card(
        Event.HAZARD_VACUUM_SECOND, VacuumSecondRequest, VacuumResult, "a second in vacuum"
    ),
}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}


class ExplosionBlastRequest(CardRequest):
    """`map.blast` in a Moment of Truth world: a charge of `dice`d6 going off
    at `center`; every tracked token on the map within its reach is caught
    at its distance from `center`, behind `cover` dice; then as `hazard.explosion`."""

    center = fields.Nested(Point, required=True)
    hazard = fields.String(load_default="explosion", validate=validate.Equal("explosion"))
    dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    charge = fields.Enum(hazards.Charge, by_value=True, required=True)
    cover = dice_count()
