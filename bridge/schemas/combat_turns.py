"""Combat round by round over the wire (ch. 7): initiative, the end-of-turn
condition rolls and a turn's allowance."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ..protocol import Request
from ..rules.moment_of_truth.conditions import Condition
from ..rules.moment_of_truth.initiative import Direction, GmReaction
from ..rules.moment_of_truth.rolls import SIDES
from ..rules.moment_of_truth.statistics import Statistic
from .combat import NAME_MAX_CHARS, CombatStatistics, conditions_field, name_field
from .common import Identifier
from .pushes import CardEntry, Out, RollResult, _const
from .requests import RATING_MAX, CardRequest, RequestSchema
from .spec import CardSpec, RequestSpec

#: Most seats round one table.
SEATS_MAX = 50
#: Most combatants on the GM's side.
GM_COMBATANTS_MAX = 100
#: Highest move in metres accepted.
MOVE_MAX = 100


# --- initiative ------------------------------------------------------------------


class PlayerSeat(Schema):
    """A player's seat and their character's `statistics` (the reaction time
    worked out from them), or the `reaction_time` itself."""

    seat = Identifier(required=True)
    statistics = fields.Nested(CombatStatistics)
    reaction_time = fields.Integer(validate=validate.Range(0, RATING_MAX))

    @validates_schema
    def one_source(self, data, **_):
        if ("statistics" in data) == ("reaction_time" in data):
            raise ValidationError("give exactly one of statistics or reaction_time", "statistics")


class GmCombatant(Schema):
    name = name_field(required=True)
    statistics = fields.Nested(CombatStatistics, required=True)


class GmSeat(Schema):
    """The GM's seat and combatants; `pick`: whose reaction time the GM rolls
    for them all (`named` names the mastermind)."""

    seat = Identifier(required=True)
    combatants = fields.List(
        fields.Nested(GmCombatant), required=True, validate=validate.Length(min=1, max=GM_COMBATANTS_MAX)
    )
    pick = fields.Enum(GmReaction, by_value=True, required=True)
    named = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=NAME_MAX_CHARS))


class InitiativeRequest(CardRequest):
    """Roll initiative round the table (ch. 7, Initiative Order). `seating`:
    every seat clockwise; `gm`: null when no GM combatant fights."""

    seating = fields.List(Identifier(), required=True, validate=validate.Length(min=1, max=SEATS_MAX))
    players = fields.List(fields.Nested(PlayerSeat), load_default=list, validate=validate.Length(max=SEATS_MAX))
    gm = fields.Nested(GmSeat, load_default=None, allow_none=True)


class SeatRoll(Out):
    seat = fields.String(required=True)
    combatant = fields.String(required=True, allow_none=True)
    reaction_time = fields.Integer(required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    total = fields.Integer(required=True)


class InitiativeResult(Out):
    """Every seat's roll, each re-roll among the tied, who acts first and the turn order."""

    rolls = fields.List(fields.Nested(SeatRoll), required=True)
    rerolls = fields.List(fields.List(fields.Nested(SeatRoll)), required=True)
    first = fields.String(required=True)
    deciding_total = fields.Integer(required=True)
    direction = fields.Enum(Direction, by_value=True, required=True)
    order = fields.List(fields.String(), required=True)
    gm_seat = fields.String(required=True, allow_none=True)
    gm_combatants = fields.List(fields.String(), required=True)
    explanation = fields.List(fields.String(), required=True)


class InitiativeEntry(CardEntry):
    """A logged initiative roll in full."""

    rule = _const(Request.INITIATIVE.value)
    result = fields.Nested(InitiativeResult, required=True)


# --- turn.end, turn.allowance ---------------------------------------------------------


class TurnEndRequest(CardRequest):
    """The end-of-turn rolls: stunned ends on an Endurance, confused on a Will
    statistic roll (ch. 7, Condition Summary)."""

    statistics = fields.Nested(CombatStatistics, required=True)
    conditions = conditions_field()


class ConditionRoll(Out):
    condition = fields.Enum(Condition, by_value=True, required=True)
    statistic = fields.Enum(Statistic, by_value=True, required=True)
    roll = fields.Nested(RollResult, required=True)
    ends = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class TurnEnd(Out):
    """Each roll and the conditions left after them."""

    rolls = fields.List(fields.Nested(ConditionRoll), required=True)
    conditions = fields.List(fields.Enum(Condition, by_value=True), required=True)
    explanation = fields.List(fields.String(), required=True)


class TurnEndEntry(CardEntry):
    """A logged end of turn in full."""

    rule = _const(Request.TURN_END.value)
    result = fields.Nested(TurnEnd, required=True)


class TurnAllowanceRequest(RequestSchema):
    """What a turn allows (ch. 7, Time and Space): `move` in metres."""

    move = fields.Integer(required=True, validate=validate.Range(0, MOVE_MAX))
    conditions = conditions_field()


class Allowance(Out):
    """Actions and moves this turn; a second move costs the action."""

    actions = fields.Integer(required=True)
    moves = fields.Integer(required=True)
    meters_per_move = fields.Integer(required=True)
    reasons = fields.List(fields.String(), required=True)
    explanation = fields.List(fields.String(), required=True)


CARDS = {
    Request.INITIATIVE: CardSpec(InitiativeRequest, InitiativeEntry, gm_only=True),
    Request.TURN_END: CardSpec(TurnEndRequest, TurnEndEntry),
}
REQUESTS = {Request.TURN_ALLOWANCE: RequestSpec(TurnAllowanceRequest, Allowance)}
JOB_RESULTS = ()


CROSS_FIELD_RULES = {
    PlayerSeat.one_source: {"oneOf": [{"required": ["statistics"]}, {"required": ["reaction_time"]}]},
}
