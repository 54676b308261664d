"""Health, healing, bleeding and death (ch. 7) over the wire: the requests
and their cards.

The bridge keeps no token's health yet: every request carries the
character's health as a value (``HealthState``) and every card returns the
new one (the ``after`` of its health change), which the client sends back
next time as it is.
"""

from __future__ import annotations

from marshmallow import Schema, fields, post_load, validate

from ..protocol import Request
from ..rules.dice import MAX_DICE_PER_ROLL
from ..rules.moment_of_truth import health as mot_health
from ..rules.moment_of_truth.conditions import Condition
from ..rules.moment_of_truth.healing import MAX_CIRCUMSTANCES
from ..rules.moment_of_truth.rolls import SIDES
from .pushes import CardEntry, Out, RollResult, _const
from .requests import MODIFIERS_MAX, RATING_MAX, CardRequest, PoolModifier, Statistic
from .settings import DIAL_MAX
from .spec import CardSpec

#: Highest hit points a world's dials can give (base + per Endurance x 20).
HIT_POINTS_MAX = DIAL_MAX + DIAL_MAX * RATING_MAX
#: Most damage of either kind a health may carry (far past any death).
DAMAGE_MAX = 100_000


# --- pieces shared with the hazards --------------------------------------------


def rating(**kwargs):
    """A statistic's or skill's value (Endurance, Agility, Medic)."""
    return fields.Integer(required=True, validate=validate.Range(0, RATING_MAX), **kwargs)


def dice_count(**kwargs):
    return fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL), **kwargs)


def derived(doc: str, field=fields.Integer):
    """A field the result carries and a request may send back: ignored on input."""
    return field(metadata={"description": f"{doc}; ignored: the bridge works it out"})


class HealthState(Schema):
    """A character's health as sent; the `after` of a card's health change may be sent back as it is."""

    hit_points = fields.Integer(required=True, validate=validate.Range(1, HIT_POINTS_MAX))
    minor = fields.Integer(load_default=0, validate=validate.Range(0, DAMAGE_MAX))
    serious = fields.Integer(load_default=0, validate=validate.Range(0, DAMAGE_MAX))
    treated = fields.Boolean(load_default=False)
    bandaged = fields.Boolean(load_default=False)
    dead = fields.Boolean(load_default=False)
    beyond_rescue = fields.Boolean(load_default=False)
    damage = derived("minor + serious")
    remaining = derived("hit points left")
    death_threshold = derived("2 x HP + 1")

    @post_load
    def to_health(self, data, **_) -> mot_health.Health:
        record = ("hit_points", "minor", "serious", "treated", "bandaged", "dead", "beyond_rescue")
        return mot_health.Health(**{name: data[name] for name in record})


class HealthRequest(CardRequest):
    """A card about one character's health."""

    health = fields.Nested(HealthState, required=True)


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


def card(event: Request, result: type[Schema], doc: str) -> type[CardEntry]:
    """The logged card of ``event``, whose ``result`` is ``result``."""
    name = "".join(part.title() for part in event.value.replace(".", "_").split("_")) + "Entry"
    return type(
        name,
        (CardEntry,),
        {"__doc__": doc, "rule": _const(event.value), "result": fields.Nested(result, required=True)},
    )


# --- taking damage and dying ---------------------------------------------------


class HealthDamageRequest(HealthRequest):
    """Take a damage roll's minor and serious (its card's `result`), or numbers given by hand."""

    minor = dice_count()
    serious = dice_count()
    head_or_neck_shot = fields.Boolean(load_default=False)
    outright_kill = fields.Boolean(load_default=False)


class HealthDamageCard(HealthChange):
    minor = fields.Integer(required=True)
    serious = fields.Integer(required=True)
    head_or_neck_shot = fields.Boolean(required=True)
    outright_kill = fields.Boolean(required=True)


class BandageRequest(HealthRequest):
    """Bandage a bleeding character out of combat: no roll (optional rule)."""


class HeroicDeathRequest(HealthRequest):
    """The player declares the PC dead; allowed below 0 HP when the world uses heroic death."""


class BleedRequest(HealthRequest):
    """The end-of-turn Endurance roll of a bleeding character (optional rule)."""

    endurance = rating()
    moments_spent = dice_count()


class BleedingResult(Out):
    """`roll` is null when the pool could not reach the TN: a failure unrolled."""

    roll = fields.Nested(RollResult, required=True, allow_none=True)
    serious_lost = fields.Integer(required=True, validate=validate.Range(0, 1))
    change = fields.Nested(HealthChange, required=True)
    explanation = fields.List(fields.String(), required=True)


# --- healing ---------------------------------------------------------------------


def circumstances(penalty_allowed: bool):
    """The GM's dice for the conditions: -2 to +2 on a medic roll, 0 to +2 on rest."""
    low = -MAX_CIRCUMSTANCES if penalty_allowed else 0
    return fields.Integer(load_default=0, validate=validate.Range(low, MAX_CIRCUMSTANCES))


class MedicRequest(HealthRequest):
    """Statistic (the GM's pick) + Medic, no TN: each success heals 1 serious."""

    statistic = fields.Nested(Statistic, required=True)
    medic = rating()
    circumstances = circumstances(penalty_allowed=True)
    modifiers = fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))
    moments_spent = dice_count()


class RescueRequest(HealthRequest):
    """Harsh death's one medic roll, with the dying character's unspent MoTs."""

    statistic = fields.Nested(Statistic, required=True)
    medic = rating()
    unspent_moments = dice_count()
    circumstances = circumstances(penalty_allowed=True)
    modifiers = fields.List(fields.Nested(PoolModifier), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))


class RestRequest(HealthRequest):
    """An hour's rest: Endurance, each success heals 1 minor; or the GM's hand-wave: 1 minor."""

    endurance = rating()
    hand_wave = fields.Boolean(load_default=False)
    circumstances = circumstances(penalty_allowed=False)


class DailyRecoveryRequest(HealthRequest):
    """A day's and night's rest: Endurance, each success heals 1 serious."""

    endurance = rating()
    circumstances = circumstances(penalty_allowed=False)


class RegainConsciousnessRequest(HealthRequest):
    """After the wait: Endurance, each success heals 1 minor; above 0 HP the character wakes, prone."""

    endurance = rating()


class HealingResult(Out):
    """A healing step: its roll (null for the GM's hand-wave), what it healed,
    and the serious point poor healing withholds."""

    reason = fields.String(required=True)
    roll = fields.Nested(RollResult, required=True, allow_none=True)
    healed_minor = fields.Integer(required=True, validate=validate.Range(min=0))
    healed_serious = fields.Integer(required=True, validate=validate.Range(min=0))
    withheld_serious = fields.Integer(required=True, validate=validate.Range(0, 1))
    change = fields.Nested(HealthChange, required=True)
    explanation = fields.List(fields.String(), required=True)


class RescueResult(Out):
    """`rescued` on a critical success: damage brought to 2 x HP, one from death."""

    roll = fields.Nested(RollResult, required=True)
    moments_spent = fields.Integer(required=True)
    rescued = fields.Boolean(required=True)
    change = fields.Nested(HealthChange, required=True)
    explanation = fields.List(fields.String(), required=True)


class RecoveryWaitRequest(CardRequest):
    """Roll the 2d6 minutes an unconscious character lies still."""


class RecoveryWait(Out):
    """The 2d6 minutes an unconscious character lies still before the waking roll."""

    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    minutes = fields.Integer(required=True, validate=validate.Range(2, 2 * SIDES))
    explanation = fields.List(fields.String(), required=True)


_HEALING = "a healing step in full"
CARDS = {
    Request.HEALTH_DAMAGE: CardSpec(
        HealthDamageRequest, card(Request.HEALTH_DAMAGE, HealthDamageCard, "damage taken in full")
    ),
    Request.HEALTH_BLEED: CardSpec(BleedRequest, card(Request.HEALTH_BLEED, BleedingResult, "a bleeding roll in full")),
    Request.HEALTH_BANDAGE: CardSpec(BandageRequest, card(Request.HEALTH_BANDAGE, HealthChange, "a bandage in full")),
    Request.HEALTH_HEROIC_DEATH: CardSpec(
        HeroicDeathRequest, card(Request.HEALTH_HEROIC_DEATH, HealthChange, "a heroic death declared")
    ),
    Request.HEALTH_MEDIC: CardSpec(MedicRequest, card(Request.HEALTH_MEDIC, HealingResult, _HEALING)),
    Request.HEALTH_REST: CardSpec(RestRequest, card(Request.HEALTH_REST, HealingResult, _HEALING)),
    Request.HEALTH_DAILY_RECOVERY: CardSpec(
        DailyRecoveryRequest, card(Request.HEALTH_DAILY_RECOVERY, HealingResult, _HEALING)
    ),
    Request.HEALTH_RECOVERY_WAIT: CardSpec(
        RecoveryWaitRequest, card(Request.HEALTH_RECOVERY_WAIT, RecoveryWait, "the wait before the waking roll")
    ),
    Request.HEALTH_REGAIN_CONSCIOUSNESS: CardSpec(
        RegainConsciousnessRequest, card(Request.HEALTH_REGAIN_CONSCIOUSNESS, HealingResult, _HEALING)
    ),
    Request.HEALTH_RESCUE: CardSpec(RescueRequest, card(Request.HEALTH_RESCUE, RescueResult, "a rescue roll in full")),
}
REQUESTS: dict = {}
JOB_RESULTS = ()
CROSS_FIELD_RULES: dict = {}
