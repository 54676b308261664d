"""Health, healing, bleeding and death (ch. 7) over the wire: the requests
and their cards.

Every request names a tracked token (``token_id``, the patient): the bridge
reads its health and statistics, and writes the new health back to the
token (one ``token.changed``). Every card carries its health change.
"""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth import healing, health
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.healing import MAX_CIRCUMSTANCES
from ....rules.moment_of_truth.rolls import SIDES
from ....rules.moment_of_truth.statistics import Statistic
from ....schemas.common import Identifier
from ....schemas.pushes import Out, card_entry
from ....schemas.requests import MODIFIERS_MAX, RATING_MAX, CardOptions
from ....schemas.spec import CardSpec
from ..names import Event
from ..settings import DIAL_MAX
from .rolls import PoolModifier, RollResult

#: Highest hit points a world's dials can give (base + per Endurance x 20).
HIT_POINTS_MAX = DIAL_MAX + DIAL_MAX * RATING_MAX


# --- pieces shared with the hazards, tokens and combat ---------------------------


def dice_count(**kwargs):
    return fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL), **kwargs)


class Health(Out):
    """Hit points and the damage taken against them (ch. 7). `treated`: the
    injury has had its medic roll; `bandaged`: its bleeding was bandaged;
    `beyond_rescue`: a death the harsh-death rescue cannot undo."""

    hit_points = fields.Integer(required=True, validate=validate.Range(min=1))
    minor = fields.Integer(required=True, validate=validate.Range(min=0))
    serious = fields.Integer(required=True, validate=validate.Range(min=0))
    damage = fields.Integer(required=True, validate=validate.Range(min=0))
    remaining = fields.Integer(required=True)
    death_threshold = fields.Integer(required=True)
    treated = fields.Boolean(required=True)
    bandaged = fields.Boolean(required=True)
    dead = fields.Boolean(required=True)
    beyond_rescue = fields.Boolean(required=True)


class ConditionChange(Out):
    condition = fields.Enum(Condition, by_value=True, required=True)
    gained = fields.Boolean(required=True)


class HealthChange(Out):
    """Health before and after, and the conditions lost then gained between."""

    before = fields.Nested(Health, required=True)
    after = fields.Nested(Health, required=True)
    changes = fields.List(fields.Nested(ConditionChange), required=True)
    explanation = fields.List(fields.String(), required=True)


class TokenHealthChange(HealthChange):
    """A health change of the tracked token `token_id`."""

    token_id = fields.String(required=True)


# --- bleeding and dying -----------------------------------------------------------


class TokenHealthRequest(CardOptions):
    """A card about a tracked token's health; the card's actor is the token's."""

    token_id = Identifier(required=True, metadata={"description": "the tracked token whose health it is"})


class BandageRequest(TokenHealthRequest):
    """Bandage a bleeding token out of combat: no roll (optional rule)."""


class HeroicDeathRequest(TokenHealthRequest):
    """The player declares the PC dead; allowed below 0 HP when the world uses heroic death."""


class BleedRequest(TokenHealthRequest):
    """The end-of-turn Endurance roll of a bleeding token (optional rule), with the token's Endurance."""

    moments_spent = dice_count()


class Bleeding(Out):
    """The bleeding roll as the rules resolve it (``BleedingResult`` without the card's fields)."""

    roll = fields.Nested(RollResult, required=True, allow_none=True)
    serious_lost = fields.Integer(required=True, validate=validate.Range(0, 1))
    change = fields.Nested(HealthChange, required=True)
    explanation = fields.List(fields.String(), required=True)


class BleedingResult(Bleeding):
    """`roll` is null when the pool could not reach the TN: a failure unrolled."""

    token_id = fields.String(required=True)


# --- healing ---------------------------------------------------------------------


def circumstances(penalty_allowed: bool):
    """The GM's dice for the conditions: -2 to +2 on a medic roll, 0 to +2 on rest."""
    low = -MAX_CIRCUMSTANCES if penalty_allowed else 0
    return fields.Integer(load_default=0, validate=validate.Range(low, MAX_CIRCUMSTANCES))


class HealerRequest(TokenHealthRequest):
    """A medic roll by the tracked token `healer` (the sender's; the GM's any)
    on the patient `token_id`: the healer's `statistic` (the GM's pick) and
    Medic level as the healer registered them, its conditions' penalties."""

    healer = Identifier(required=True, metadata={"description": "the tracked token making the medic roll"})
    statistic = fields.Enum(Statistic, by_value=True, required=True)
    circumstances = circumstances(penalty_allowed=True)
    modifiers = fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))


class MedicRequest(HealerRequest):
    """Statistic + Medic, no TN: each success heals 1 serious."""

    moments_spent = dice_count()


class RescueRequest(HealerRequest):
    """Harsh death's one medic roll, with all the unspent MoTs the ledger
    holds for the dying character's player, who spends them."""


class RestRequest(TokenHealthRequest):
    """An hour's rest: the token's Endurance, each success heals 1 minor; or the GM's hand-wave: 1 minor."""

    hand_wave = fields.Boolean(load_default=False)
    circumstances = circumstances(penalty_allowed=False)


class DailyRecoveryRequest(TokenHealthRequest):
    """A day's and night's rest: the token's Endurance, each success heals 1 serious."""

    circumstances = circumstances(penalty_allowed=False)


class RegainConsciousnessRequest(TokenHealthRequest):
    """After the wait: the token's Endurance, each success heals 1 minor; above 0 HP it wakes, prone."""


class Healing(Out):
    """A healing step as the rules resolve it (``HealingResult`` without the card's fields)."""

    reason = fields.String(required=True)
    roll = fields.Nested(RollResult, required=True, allow_none=True)
    healed_minor = fields.Integer(required=True, validate=validate.Range(min=0))
    healed_serious = fields.Integer(required=True, validate=validate.Range(min=0))
    withheld_serious = fields.Integer(required=True, validate=validate.Range(0, 1))
    change = fields.Nested(HealthChange, required=True)
    explanation = fields.List(fields.String(), required=True)


class HealingResult(Healing):
    """A healing step: its roll (null for the GM's hand-wave), what it healed,
    and the serious point poor healing withholds."""

    token_id = fields.String(required=True)


class MedicResult(HealingResult):
    """A medic roll by the token `healer`."""

    healer = fields.String(required=True)


class Rescue(Out):
    """The rescue roll as the rules resolve it (``RescueResult`` without the card's fields)."""

    roll = fields.Nested(RollResult, required=True)
    moments_spent = fields.Integer(required=True)
    rescued = fields.Boolean(required=True)
    change = fields.Nested(HealthChange, required=True)
    explanation = fields.List(fields.String(), required=True)


class RescueResult(Rescue):
    """`rescued` on a critical success: damage brought to 2 x HP, one from death."""

    token_id = fields.String(required=True)
    healer = fields.String(required=True)


class RecoveryWaitRequest(TokenHealthRequest):
    """Roll the 2d6 minutes an unconscious token lies still."""


class Recovery(Out):
    """The wait as the rules roll it (``RecoveryWait`` without the card's fields)."""

    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    minutes = fields.Integer(required=True, validate=validate.Range(2, 2 * SIDES))
    explanation = fields.List(fields.String(), required=True)


class RecoveryWait(Recovery):
    """The 2d6 minutes an unconscious token lies still before the waking roll."""

    token_id = fields.String(required=True)


#: Each health step's result as the rules give it, and the schema of its card's rules part.
RESULTS = {
    health.HealthChange: HealthChange,
    health.BleedingResult: Bleeding,
    healing.HealingResult: Healing,
    healing.RescueResult: Rescue,
}

_HEALING = "a healing step in full"
CARDS = {
    Event.HEALTH_BLEED: CardSpec(BleedRequest, card_entry(Event.HEALTH_BLEED, BleedingResult, "a bleeding roll in full")),
    Event.HEALTH_BANDAGE: CardSpec(
        BandageRequest, card_entry(Event.HEALTH_BANDAGE, TokenHealthChange, "a bandage in full")
    ),
    Event.HEALTH_HEROIC_DEATH: CardSpec(
        HeroicDeathRequest, card_entry(Event.HEALTH_HEROIC_DEATH, TokenHealthChange, "a heroic death declared")
    ),
    Event.HEALTH_MEDIC: CardSpec(MedicRequest, card_entry(Event.HEALTH_MEDIC, MedicResult, "a medic roll in full")),
    Event.HEALTH_REST: CardSpec(RestRequest, card_entry(Event.HEALTH_REST, HealingResult, _HEALING)),
    Event.HEALTH_DAILY_RECOVERY: CardSpec(
        DailyRecoveryRequest, card_entry(Event.HEALTH_DAILY_RECOVERY, HealingResult, _HEALING)
    ),
    Event.HEALTH_RECOVERY_WAIT: CardSpec(
        RecoveryWaitRequest, card_entry(Event.HEALTH_RECOVERY_WAIT, RecoveryWait, "the wait before the waking roll")
    ),
    Event.HEALTH_REGAIN_CONSCIOUSNESS: CardSpec(
        RegainConsciousnessRequest, card_entry(Event.HEALTH_REGAIN_CONSCIOUSNESS, HealingResult, _HEALING)
    ),
    Event.HEALTH_RESCUE: CardSpec(RescueRequest, card_entry(Event.HEALTH_RESCUE, RescueResult, "a rescue roll in full")),
}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}
