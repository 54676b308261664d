"""The encounter simulation over the wire (``rules.moment_of_truth.encounter``):
``simulate.encounter`` queues N fights of two sides to a worker, which pushes
``job.progress`` (state ``running``) between chunks and the figures as
``job.result``; ``simulate.cancel`` stops it between two chunks."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.moment_of_truth.encounter import (
    DEFAULT_FIGHTS,
    DEFAULT_ROUND_CAP,
    MAX_FIGHTS,
    MAX_ROUND_CAP,
    MAX_SIDE,
    Targeting,
)
from ....rules.moment_of_truth.equipment import MeleeWeapon
from ....rules.moment_of_truth.statistics import Statistic
from ....schemas.common import Inbound
from ....schemas.encode import dump
from ....schemas.pushes import JobEvent, JobQueued, Out, _const
from ....schemas.requests import RATING_MAX, RequestSchema
from ....schemas.spec import RequestSpec
from ..names import Event
from .characters import ArmorItem, ArsenalArmor, ArsenalMelee, ArsenalRanged, MeleeItem, RangedItem
from .combat import CombatStatistics, _dice, item_field, name_field
from .damage import DamageDice
from .health import HIT_POINTS_MAX

#: Seeds are unsigned 32-bit numbers (safe as JSON numbers everywhere).
SEED_MAX = 2**32 - 1


def _count(**kwargs):
    return fields.Integer(required=True, validate=validate.Range(min=0), **kwargs)


def _rate():
    return fields.Float(required=True, validate=validate.Range(0, 1))


class EncounterCombatant(Inbound):
    """A stat block and its tactics. `skill_level`: its level in the
    weapon's skill (null: unskilled, only 6s count). `weapon` and `armor`:
    by name from the world's arsenal or described. `hit_points` null: the
    world's 6 + 2 x Endurance. `defense_dice`: reserved every round (off its
    attack pool, +1 TN to hit it per pair). `targeting`: whom it attacks."""

    name = name_field(required=True)
    statistics = fields.Nested(CombatStatistics, required=True)
    skill_level = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, RATING_MAX))
    weapon = item_field(MeleeItem, RangedItem, required=True)
    armor = item_field(ArmorItem, load_default=None, allow_none=True)
    hit_points = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(1, HIT_POINTS_MAX))
    defense_dice = _dice(load_default=0)
    targeting = fields.Enum(Targeting, by_value=True, load_default=Targeting.FIRST)


class EncounterSide(Inbound):
    name = name_field(required=True)
    combatants = fields.List(
        fields.Nested(EncounterCombatant), required=True, validate=validate.Length(min=1, max=MAX_SIDE)
    )


class SimulateEncounterRequest(RequestSchema):
    """N fights of the two `sides` to the end, on a worker (GM only). The
    first side acts first every round. `seed` null: the bridge picks one
    (the result names it; the same seed and sides give the same result).
    A fight undecided after `round_cap` rounds is a draw."""

    sides = fields.List(fields.Nested(EncounterSide), required=True, validate=validate.Length(equal=2))
    fights = fields.Integer(load_default=DEFAULT_FIGHTS, validate=validate.Range(1, MAX_FIGHTS))
    round_cap = fields.Integer(load_default=DEFAULT_ROUND_CAP, validate=validate.Range(1, MAX_ROUND_CAP))
    seed = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, SEED_MAX))


class DescribedCombatant(Out):
    """A combatant as the job reads it back: every number, its weapon and
    armor described in full (a worker has no arsenal)."""

    name = fields.String(required=True)
    statistics = fields.Dict(keys=fields.Enum(Statistic, by_value=True), values=fields.Integer(), required=True)
    skill_level = fields.Integer(required=True, allow_none=True)
    weapon = fields.Method("described_weapon", required=True)
    armor = fields.Nested(ArsenalArmor, required=True, allow_none=True)
    hit_points = fields.Integer(required=True, allow_none=True)
    defense_dice = fields.Integer(required=True)
    targeting = fields.Enum(Targeting, by_value=True, required=True)

    def described_weapon(self, combatant) -> dict:
        return dump(ArsenalMelee if isinstance(combatant.weapon, MeleeWeapon) else ArsenalRanged, combatant.weapon)


class DescribedSide(Out):
    """A side as the job reads it back."""

    name = fields.String(required=True)
    combatants = fields.List(fields.Nested(DescribedCombatant), required=True)


class SimulateCancelRequest(RequestSchema):
    """Stop the `simulate.encounter` job `job_id` (from its ack) between two
    chunks of fights (GM only); it ends with a `job.result` whose
    `cancelled` is true and whose figures count the fights done."""

    job_id = fields.String(required=True, validate=validate.Regexp(r"^vtt-[0-9a-f]{32}$"))


class SimulateCancelled(Out):
    job_id = fields.String(required=True)
    state = _const("cancelling")


class SideOutcome(Out):
    name = fields.String(required=True)
    wins = _count()
    win_rate = _rate()


class Rounds(Out):
    """`histogram[r - 1]`: fights decided in round r; `mean` over decided
    fights (null: none was)."""

    mean = fields.Float(required=True, allow_none=True)
    histogram = fields.List(fields.Integer(validate=validate.Range(min=0)), required=True)


class Casualty(Out):
    """One combatant: the numbers it fought with and how often it ended the
    fight down (out of the fight, dead included) or dead."""

    side = fields.Integer(required=True, validate=validate.Range(0, 1))
    name = fields.String(required=True)
    weapon = fields.String(required=True)
    attack_pool = _count()
    success_faces = fields.List(fields.Integer(validate=validate.Range(1, 6)), required=True)
    damage = fields.Nested(DamageDice, required=True)
    armor = fields.String(required=True, allow_none=True)
    damage_reduction = _count()
    hit_points = fields.Integer(required=True, validate=validate.Range(min=1))
    defense_dice = _count()
    tn_to_be_hit = fields.Integer(required=True, validate=validate.Range(min=1))
    targeting = fields.Enum(Targeting, by_value=True, required=True)
    down = _count()
    down_rate = _rate()
    dead = _count()
    dead_rate = _rate()


class EncounterReport(Out):
    """Result of a `simulate.encounter` job. Counts are out of `fights`, the
    fights done: `fights_requested` unless `cancelled`. `dice_drawn`: the
    d6 the rules roll (attacks and damage; a cancelled run also counts
    those of the fights it began after the chunks it counts)."""

    fights = fields.Integer(required=True, validate=validate.Range(min=1))
    seed = fields.Integer(required=True)
    round_cap = fields.Integer(required=True)
    sides = fields.List(
        fields.Nested(SideOutcome), required=True, validate=validate.Length(equal=2), attribute="outcomes"
    )
    draws = _count()
    draw_rate = _rate()
    rounds = fields.Nested(Rounds, required=True)
    casualties = fields.List(fields.Nested(Casualty), required=True)
    dice_drawn = _count()
    fights_requested = fields.Integer(required=True, validate=validate.Range(min=1))
    cancelled = fields.Boolean(required=True)


class JobEncounterResult(JobEvent):
    """The finished (or cancelled) job of a `simulate.encounter` request."""

    kind = _const(Event.SIMULATE_ENCOUNTER.value)
    result = fields.Nested(EncounterReport, required=True)


CARDS: dict = {}
REQUESTS = {
    Event.SIMULATE_ENCOUNTER: RequestSpec(SimulateEncounterRequest, JobQueued, gm_only=True),
    Event.SIMULATE_CANCEL: RequestSpec(SimulateCancelRequest, SimulateCancelled, gm_only=True),
}
JOB_RESULTS = (JobEncounterResult,)
CROSS_FIELD_RULES: dict = {}
