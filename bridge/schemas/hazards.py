"""Hazards (ch. 8) over the wire: GM-only cards about the character caught.

A hazard that lasts (a fire, a held breath, vacuum) returns its ``state``,
which the client sends back as it is for the next turn, with the health.
"""

from __future__ import annotations

from marshmallow import Schema, fields, post_load, validate

from ..protocol import Request
from ..rules.dice import MAX_DICE_PER_ROLL
from ..rules.moment_of_truth import hazards
from ..rules.moment_of_truth.rolls import SIDES
from .common import Identifier
from .damage import DAMAGE_REDUCTION_MAX, DamageDice, DamageResult
from .health import HealthChange, HealthRequest, HealthState, card, derived, dice_count, rating
from .pushes import Out, RollResult
from .requests import CardRequest
from .spec import CardSpec

#: Farthest fall or distance from a blast accepted, in meters.
METERS_MAX = 10_000
#: Most tokens one explosion may name.
TOKENS_MAX = 50
#: Most seconds or turns a lasting hazard may count.
SECONDS_MAX = 100_000


def meters(**kwargs):
    return fields.Float(validate=validate.Range(0, METERS_MAX), **kwargs)


def count(**kwargs):
    return fields.Integer(load_default=0, validate=validate.Range(0, SECONDS_MAX), **kwargs)


def damage_reduction():
    return fields.Integer(load_default=0, validate=validate.Range(0, DAMAGE_REDUCTION_MAX))


def no_state():
    """A hazard over at once: its ``state`` is always null."""
    return fields.Raw(required=True, allow_none=True, validate=validate.Equal(None))


class HazardResult(Out):
    """One hazard's effect on one character: the rolls against it, its damage
    rolls, `pips` (dice read for their total: a breath, a ruptured suit's
    1d6), the health change (with the hazard's own conditions) and the steps."""

    hazard = fields.Enum(hazards.Hazard, by_value=True, required=True)
    rolls = fields.List(fields.Nested(RollResult), required=True)
    damage = fields.List(fields.Nested(DamageResult), required=True)
    pips = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    health = fields.Nested(HealthChange, required=True)
    explanation = fields.List(fields.String(), required=True)


# --- falling and explosions --------------------------------------------------------


class FallRequest(HealthRequest):
    """A fall: 1d6 (3,6) per full 2 m; each Agility success removes 1d6."""

    meters = meters(required=True)
    agility = rating()
    damage_reduction = damage_reduction()


class FallResult(HazardResult):
    state = no_state()


class CaughtToken(Schema):
    """A token near the blast, at `distance` meters behind `cover` dice of cover."""

    actor_id = Identifier(required=True)
    health = fields.Nested(HealthState, required=True)
    distance = meters(required=True)
    cover = dice_count()
    damage_reduction = damage_reduction()


class ExplosionRequest(CardRequest):
    """A charge of `dice`d6 at its center going off among `tokens`, each rolled apart."""

    dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    charge = fields.Enum(hazards.Charge, by_value=True, required=True)
    tokens = fields.List(fields.Nested(CaughtToken), required=True, validate=validate.Length(1, TOKENS_MAX))


class CaughtResult(HazardResult):
    actor_id = Identifier(required=True)
    state = no_state()


class ExplosionResult(Out):
    """The charge's pool at its center, each token's result in order, and who was hurt."""

    charge = fields.Nested(DamageDice, required=True)
    tokens = fields.List(fields.Nested(CaughtResult), required=True)
    hurt = fields.List(Identifier(), required=True)
    explanation = fields.List(fields.String(), required=True)


# --- fire ---------------------------------------------------------------------------


class FireState(Schema):
    """A burning character's fire as sent: a fire card's `state` may be sent back as it is."""

    dice = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    grease = fields.Boolean(load_default=False)
    blanket_turns = count()
    out = derived("dice is 0", fields.Boolean)

    @post_load
    def to_fire(self, data, **_) -> hazards.Fire:
        return hazards.Fire(data["dice"], data["grease"], data["blanket_turns"])


class Fire(Out):
    """The fire's pool for the next tick, a grease fire or not, turns a blanket was used."""

    dice = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    grease = fields.Boolean(required=True)
    blanket_turns = fields.Integer(required=True)
    out = fields.Boolean(required=True)


class FireIgniteRequest(HealthRequest):
    """A character catches fire of `starting_dice`d6 (1 for a deep-fryer splash, 5-6 for a Molotov)."""

    starting_dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    grease = fields.Boolean(load_default=False)


class FireBurnRequest(HealthRequest):
    """One tick on the burning character's turn."""

    fire = fields.Nested(FireState, required=True)
    agility = rating()
    blanket = fields.Boolean(load_default=False)
    water = fields.Boolean(load_default=False)
    helper_successes = dice_count()


class FireResult(HazardResult):
    state = fields.Nested(Fire, required=True)


# --- suffocation and vacuum -------------------------------------------------------


class BreathState(Schema):
    """Air held as sent: a suffocation card's `state` may be sent back as it is."""

    seconds = fields.Integer(required=True, validate=validate.Range(0, SECONDS_MAX))
    turns = count()
    out_of_breath = derived("turns is more than seconds", fields.Boolean)

    @post_load
    def to_breath(self, data, **_) -> hazards.Breath:
        return hazards.Breath(data["seconds"], data["turns"])


class Breath(Out):
    """A breath lasting `seconds`; `turns` begun since."""

    seconds = fields.Integer(required=True)
    turns = fields.Integer(required=True)
    out_of_breath = fields.Boolean(required=True)


class SuffocationStartRequest(HealthRequest):
    """Air runs out: the breath lasts Endurance d6 pips in seconds, +30 with warning."""

    endurance = rating()
    warned = fields.Boolean(load_default=False)


class SuffocationTurnRequest(HealthRequest):
    """The start of a suffocating character's turn."""

    breath = fields.Nested(BreathState, required=True)


class SuffocationResult(HazardResult):
    state = fields.Nested(Breath, required=True)


class VacuumState(Schema):
    """Exposure to vacuum as sent: a vacuum card's `state` may be sent back as it is."""

    breath = fields.Nested(BreathState, required=True)
    seconds = count()
    misses = count()
    suit_die = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(1, SIDES))
    roll_every = derived("seconds between Endurance rolls")
    damage_after = derived("seconds before the damage starts")
    unconscious = derived("two rolls missed", fields.Boolean)

    @post_load
    def to_vacuum(self, data, **_) -> hazards.Vacuum:
        return hazards.Vacuum(data["breath"], data["seconds"], data["misses"], data["suit_die"])


class Vacuum(Out):
    """Seconds exposed, Endurance rolls missed, the breath, and a ruptured suit's 1d6 (or null)."""

    breath = fields.Nested(Breath, required=True)
    seconds = fields.Integer(required=True)
    misses = fields.Integer(required=True)
    suit_die = fields.Integer(required=True, allow_none=True, validate=validate.Range(1, SIDES))
    roll_every = fields.Integer(required=True)
    damage_after = fields.Integer(required=True)
    unconscious = fields.Boolean(required=True)


class VacuumEnterRequest(HealthRequest):
    """Exposure begins: the breath, and for a ruptured pressure suit its 1d6."""

    endurance = rating()
    warned = fields.Boolean(load_default=False)
    ruptured_suit = fields.Boolean(load_default=False)


class VacuumSecondRequest(HealthRequest):
    """One more second (one turn) in vacuum."""

    vacuum = fields.Nested(VacuumState, required=True)
    endurance = rating()
    moments_spent = dice_count()


class VacuumResult(HazardResult):
    state = fields.Nested(Vacuum, required=True)


def _gm_card(event: Request, request: type[Schema], result: type[Schema], doc: str) -> CardSpec:
    return CardSpec(request, card(event, result, doc), gm_only=True)


CARDS = {
    Request.HAZARD_FALL: _gm_card(Request.HAZARD_FALL, FallRequest, FallResult, "a fall in full"),
    Request.HAZARD_EXPLOSION: _gm_card(Request.HAZARD_EXPLOSION, ExplosionRequest, ExplosionResult, "a blast in full"),
    Request.HAZARD_FIRE_IGNITE: _gm_card(Request.HAZARD_FIRE_IGNITE, FireIgniteRequest, FireResult, "a fire lit"),
    Request.HAZARD_FIRE_BURN: _gm_card(Request.HAZARD_FIRE_BURN, FireBurnRequest, FireResult, "a fire's tick"),
    Request.HAZARD_SUFFOCATION_START: _gm_card(
        Request.HAZARD_SUFFOCATION_START, SuffocationStartRequest, SuffocationResult, "a breath held"
    ),
    Request.HAZARD_SUFFOCATION_TURN: _gm_card(
        Request.HAZARD_SUFFOCATION_TURN, SuffocationTurnRequest, SuffocationResult, "a turn without air"
    ),
    Request.HAZARD_VACUUM_ENTER: _gm_card(
        Request.HAZARD_VACUUM_ENTER, VacuumEnterRequest, VacuumResult, "exposure to vacuum begun"
    ),
    Request.HAZARD_VACUUM_SECOND: _gm_card(
        Request.HAZARD_VACUUM_SECOND, VacuumSecondRequest, VacuumResult, "a second in vacuum"
    ),
}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}
