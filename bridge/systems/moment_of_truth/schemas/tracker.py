"""A scene's combat over the wire (``rules.moment_of_truth.tracker``): the
tracker's requests (``combat.*``), the initiative card, and the
``combat.changed``, ``turn.ended`` and ``turn.started`` pushes."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ....protocol import Request
from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.defense import Charge
from ....rules.moment_of_truth.initiative import Direction, GmReaction
from ....rules.moment_of_truth.rolls import SIDES
from ....rules.moment_of_truth.statistics import Statistic
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import CardEntry, ChangeCause, Either, Out, _const
from ....schemas.requests import CardOptions, RequestSchema
from ....schemas.spec import CardSpec, RequestSpec
from ..names import Event
from .hazards import BreathHazard, FireHazard, VacuumHazard
from .health import Bleeding
from .rolls import RollResult

#: Most seats round one table.
SEATS_MAX = 50
#: Most tokens in one fight.
COMBATANTS_MAX = 200


class Stance(Out):
    """What a combatant did that lasts until its next turn."""

    defense_dice = fields.Integer(required=True, validate=validate.Range(min=0))
    aiming_turns = fields.Integer(required=True, validate=validate.Range(min=0))
    aim_target = fields.String(required=True, allow_none=True)
    aim_lost = fields.Boolean(required=True)
    charge = fields.Enum(Charge, by_value=True, required=True, allow_none=True)
    desperate = fields.Boolean(required=True)
    shots = fields.Integer(required=True, validate=validate.Range(min=0))


class Combatant(Out):
    token_id = fields.String(required=True)
    seat = fields.String(required=True)
    stance = fields.Nested(Stance, required=True)


class SeatRoll(Out):
    seat = fields.String(required=True)
    combatant = fields.String(required=True, allow_none=True)
    reaction_time = fields.Integer(required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    total = fields.Integer(required=True)


class InitiativeResult(Out):
    """Every seat's roll, each re-roll among the tied, who acts first and the
    turn order; `gm_combatants` are the GM's token ids."""

    rolls = fields.List(fields.Nested(SeatRoll), required=True)
    rerolls = fields.List(fields.List(fields.Nested(SeatRoll)), required=True)
    first = fields.String(required=True)
    deciding_total = fields.Integer(required=True)
    direction = fields.Enum(Direction, by_value=True, required=True)
    order = fields.List(fields.String(), required=True)
    gm_seat = fields.String(required=True, allow_none=True)
    gm_combatants = fields.List(fields.String(), required=True)
    explanation = fields.List(fields.String(), required=True)


class Combat(Out):
    """A scene's fight: `seating` clockwise, `order` the seats' turn order
    (empty before initiative), `turn` its index and `seat` whose turn it is
    (null before the first turn), `round` from 1, `initiative` the roll."""

    scene_id = fields.String(required=True)
    seating = fields.List(fields.String(), required=True)
    gm_seat = fields.String(required=True)
    combatants = fields.List(fields.Nested(Combatant), required=True)
    order = fields.List(fields.String(), required=True)
    turn = fields.Integer(required=True, allow_none=True)
    seat = fields.String(required=True, allow_none=True)
    round = fields.Integer(required=True, validate=validate.Range(min=1))
    initiative = fields.Nested(InitiativeResult, required=True, allow_none=True)
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class CombatChanged(Out):
    """`combat.changed`: the scene's combat after a change (`state` null: it
    ended); apply it when its `version` is newer than the one held."""

    scene_id = fields.String(required=True)
    version = fields.Integer(required=True)
    state = fields.Nested(Combat, required=True, allow_none=True)
    cause = fields.Nested(ChangeCause, required=True)


# --- requests --------------------------------------------------------------------


class SceneRequest(RequestSchema):
    scene_id = Identifier(required=True)


class Seated(Inbound):
    """A tracked token and the seat it acts on: its player's user id, or the GM's seat."""

    token_id = Identifier(required=True)
    seat = Identifier(required=True)


class CombatStartRequest(SceneRequest):
    """A fight begins in the scene (GM only): `seating` runs clockwise round
    the table, one seat per player (their user id) and the GM's `gm_seat`."""

    seating = fields.List(Identifier(), required=True, validate=validate.Length(1, SEATS_MAX))
    gm_seat = Identifier(required=True)
    combatants = fields.List(fields.Nested(Seated), load_default=list, validate=validate.Length(max=COMBATANTS_MAX))


class CombatJoinRequest(SceneRequest, Seated):
    """A token joins the fight on a seat already at the table (GM only)."""


class CombatLeaveRequest(SceneRequest):
    """A token leaves the fight (GM only)."""

    token_id = Identifier(required=True)


class CombatInitiativeRequest(SceneRequest, CardOptions):
    """Roll initiative for every seat with a combatant (GM only, once per
    fight; ch. 7, Initiative Order). A player's seat rolls its first token's
    reaction time; the GM's seat rolls the reaction time of the GM's token
    `pick` chooses (`named`: that token id)."""

    pick = fields.Enum(GmReaction, by_value=True, load_default=GmReaction.HIGHEST)
    named = Identifier(load_default=None, allow_none=True)

    @validates_schema
    def name_goes_with_named(self, data, **_):
        if (data.get("pick") is GmReaction.NAMED) != (data.get("named") is not None):
            raise ValidationError("named goes with pick 'named', and only with it", "named")


class CombatNextRequest(SceneRequest):
    """End the turn of the seat that has it and start the next (the GM, or
    the player whose seat it is). `seat`: the seat whose turn the sender
    means to end; refused when another seat has it by now."""

    seat = Identifier(load_default=None, allow_none=True)


class CombatReserveRequest(SceneRequest):
    """The token keeps `defense_dice` back this turn without attacking
    (its owner or the GM; on its seat's turn; ch. 7, Defense Dice)."""

    token_id = Identifier(required=True)
    defense_dice = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))


class CombatAimRequest(SceneRequest):
    """The token spends its turn aiming at `target_id` (its owner or the
    GM; on its seat's turn; ch. 7, Aiming)."""

    token_id = Identifier(required=True)
    target_id = Identifier(required=True)


# --- the initiative card ------------------------------------------------------------


class InitiativeEntry(CardEntry):
    """A logged initiative roll in full."""

    rule = _const(Request.COMBAT_INITIATIVE.value)
    result = fields.Nested(InitiativeResult, required=True)


# --- turns ---------------------------------------------------------------------------


# --- a turn's start and end (``turn.started``'s and ``turn.ended``'s ``tokens``) --------


class EndedCondition(Out):
    """A condition whose rounds were over at the start of the token's turn."""

    condition = fields.Enum(Condition, by_value=True, required=True)
    source = fields.String(required=True)
    rounds = fields.Integer(required=True, allow_none=True)


class Allowance(Out):
    """What a turn allows (ch. 7, Time and Space): `actions` and up to
    `moves` moves of `meters_per_move` each, and why."""

    actions = fields.Integer(required=True)
    moves = fields.Integer(required=True)
    meters_per_move = fields.Integer(required=True)
    reasons = fields.List(fields.String(), required=True)
    explanation = fields.List(fields.String(), required=True)


class TurnStartedToken(Out):
    """What the start of its turn did to one token: conditions ended, its
    breath's tick (null: not suffocating), what the turn allows."""

    token_id = fields.String(required=True)
    name = fields.String(required=True)
    out_of_action = fields.Boolean(required=True)
    ended = fields.List(fields.Nested(EndedCondition), required=True)
    breath = Either(BreathHazard, VacuumHazard, required=True, allow_none=True)
    allowance = fields.Nested(Allowance, required=True)



class ConditionRoll(Out):
    """An end-of-turn roll to shake off a condition (ch. 7, Condition Summary):
    `roll` null when the pool could not reach the TN (the condition goes on)."""

    condition = fields.Enum(Condition, by_value=True, required=True)
    statistic = fields.Enum(Statistic, by_value=True, required=True)
    roll = fields.Nested(RollResult, required=True, allow_none=True)
    ends = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class TurnEndedToken(Out):
    """What the end of its turn did to one token: its condition rolls, its
    bleeding roll (null: not bleeding), its fire's tick (null: not burning)."""

    token_id = fields.String(required=True)
    name = fields.String(required=True)
    out_of_action = fields.Boolean(required=True)
    condition_rolls = fields.List(fields.Nested(ConditionRoll), required=True)
    bleeding = fields.Nested(Bleeding, required=True, allow_none=True)
    fire = fields.Nested(FireHazard, required=True, allow_none=True)


CARDS = {Request.COMBAT_INITIATIVE: CardSpec(CombatInitiativeRequest, InitiativeEntry, gm_only=True)}
REQUESTS = {
    Event.COMBAT_RESERVE: RequestSpec(CombatReserveRequest, Combat),
    Event.COMBAT_AIM: RequestSpec(CombatAimRequest, Combat),
}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    CombatInitiativeRequest.name_goes_with_named: {
        "if": {"properties": {"pick": {"const": GmReaction.NAMED.value}}, "required": ["pick"]},
        "then": {"properties": {"named": {"type": "string"}}, "required": ["named"]},
        "else": {"not": {"properties": {"named": {"type": "string"}}, "required": ["named"]}},
    },
}
