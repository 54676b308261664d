"""Combat round by round over the wire (ch. 7): initiative, grappling
maneuvers, the end-of-turn condition rolls and a turn's allowance."""

from __future__ import annotations

from enum import Enum

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ..protocol import Request
from ..rules.dice import MAX_DICE_PER_ROLL
from ..rules.moment_of_truth.conditions import Condition
from ..rules.moment_of_truth.contests import Decision, Party, Ruling, Side
from ..rules.moment_of_truth.initiative import Direction, GmReaction
from ..rules.moment_of_truth.maneuvers import (
    BREAK_FREE_STATISTICS,
    STRANGLE_STATISTICS,
    GrappleSkill,
    Maneuver,
)
from ..rules.moment_of_truth.rolls import SIDES, RollKind
from ..rules.moment_of_truth.statistics import Statistic
from .combat import NAME_MAX_CHARS, CombatStatistics, ToHit, conditions_field, name_field
from .common import Identifier
from .damage import DamageResult
from .pushes import CardEntry, Either, Out, Pool, RollResult, TargetNumber, _const
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


# --- maneuver --------------------------------------------------------------------


class GrapplingStatistic(str, Enum):
    """The statistic a side rolls where the book offers two."""

    STRENGTH = "strength"
    AGILITY = "agility"
    MELEE_ATTACK = "melee_attack"


class GrapplerSide(Schema):
    """One fighter: grappling skill levels (null: lacking), the skill chosen
    for this roll (null: the higher held) and Moments of Truth spent on it."""

    name = name_field(required=True)
    strength = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    agility = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    brawling = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, RATING_MAX))
    martial_arts = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, RATING_MAX))
    party = fields.Enum(Party, by_value=True, load_default=Party.PC)
    conditions = conditions_field()
    uses = fields.Enum(GrappleSkill, by_value=True, load_default=None, allow_none=True)
    moments_spent = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))


#: The fields only some maneuvers take, and which.
KIND_FIELDS = {
    "statistic": (Maneuver.BREAK_FREE, Maneuver.STRANGLE),
    "opponent_statistic": (Maneuver.BREAK_FREE, Maneuver.STRANGLE),
    "strangled": (Maneuver.BREAK_FREE,),
    "both_failed_tie": (Maneuver.TAKE_DOWN,),
    "free_hand": (Maneuver.GRAPPLE,),
    "close_range": (Maneuver.GRAPPLE,),
    "defense_dice": (Maneuver.GRAPPLE,),
    "held_since_earlier_turn": (Maneuver.CRUSH,),
    "damage_reduction": (Maneuver.CRUSH,),
}
#: The statistics each side may pick (ch. 7, Grappling; Strangle).
STATISTIC_CHOICES = {
    Maneuver.BREAK_FREE: [choice.value for choice in BREAK_FREE_STATISTICS],
    Maneuver.STRANGLE: [choice.value for choice in STRANGLE_STATISTICS],
}


class ManeuverRequest(CardRequest):
    """A grappling maneuver (ch. 7, Grappling ... Disarm): `actor` acts
    (grabs, breaks free, takes down, strangles, crushes, disarms) against
    `opponent`, who resists."""

    kind = fields.Enum(Maneuver, by_value=True, required=True)
    actor = fields.Nested(GrapplerSide, required=True)
    opponent = fields.Nested(GrapplerSide, required=True)
    statistic = fields.Enum(GrapplingStatistic, by_value=True, load_default=GrapplingStatistic.STRENGTH)
    opponent_statistic = fields.Enum(GrapplingStatistic, by_value=True, load_default=GrapplingStatistic.STRENGTH)
    strangled = fields.Boolean(load_default=False)
    both_failed_tie = fields.Boolean(load_default=True)
    free_hand = fields.Boolean(load_default=True)
    close_range = fields.Boolean(load_default=True)
    defense_dice = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    held_since_earlier_turn = fields.Boolean(load_default=False)
    damage_reduction = fields.Integer(load_default=0, validate=validate.Range(0, 30))

    @validates_schema(pass_original=True)
    def fields_fit_the_kind(self, data, original, **_):
        kind = data.get("kind")
        for name, kinds in KIND_FIELDS.items():
            if name in original and kind not in kinds:
                raise ValidationError(f"only {', '.join(k.value for k in kinds)} take {name}", name)
        for name in ("statistic", "opponent_statistic"):
            if name in original and data[name].value not in STATISTIC_CHOICES.get(kind, ()):
                raise ValidationError(f"{kind.value} rolls {' or '.join(STATISTIC_CHOICES[kind])}", name)


class GrapplingChange(Out):
    who = fields.String(required=True)
    condition = fields.Enum(Condition, by_value=True, required=True)
    gained = fields.Boolean(required=True)


class ManeuverSide(Out):
    name = fields.String(required=True)
    party = fields.Enum(Party, by_value=True, required=True)
    kind = fields.Enum(RollKind, by_value=True, required=True)
    pool = fields.Nested(Pool, required=True)
    resisting = fields.Boolean(required=True)
    cautious = fields.Boolean(required=True)
    stakes_raised = fields.Boolean(required=True)


class ManeuverRound(Out):
    first = fields.Nested(RollResult, required=True)
    second = fields.Nested(RollResult, required=True)
    winner = fields.Enum(Side, by_value=True, required=True)
    decision = fields.Enum(Decision, by_value=True, required=True)


class ManeuverContest(Out):
    """A contested roll (ch. 1): every round, the winner and how a deadlock was settled."""

    system = _const("moment_of_truth")
    first = fields.Nested(ManeuverSide, required=True)
    second = fields.Nested(ManeuverSide, required=True)
    target = fields.Nested(TargetNumber, required=True)
    rounds = fields.List(fields.Nested(ManeuverRound), required=True)
    winner = fields.Enum(Side, by_value=True, required=True)
    winner_name = fields.String(required=True, allow_none=True)
    decision = fields.Enum(Decision, by_value=True, required=True)
    ruling = fields.Enum(Ruling, by_value=True, required=True, allow_none=True)
    target_noticed = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class GrappleRoll(Out):
    """A grapple: melee attack + brawling or martial arts against the TN to hit."""

    maneuver = _const(Maneuver.GRAPPLE.value)
    attacker = fields.String(required=True)
    target = fields.String(required=True)
    skill = fields.Enum(GrappleSkill, by_value=True, required=True, allow_none=True)
    to_hit = fields.Nested(ToHit, required=True)
    roll = fields.Nested(RollResult, required=True)
    grappled = fields.Boolean(required=True)
    changes = fields.List(fields.Nested(GrapplingChange), required=True)
    explanation = fields.List(fields.String(), required=True)


#: The maneuvers settled by a contest: all but the grapple (a roll to hit) and the crush (damage).
CONTESTED = [m for m in Maneuver if m not in (Maneuver.GRAPPLE, Maneuver.CRUSH)]


class ContestedManeuver(Out):
    """A contested maneuver; `winner` is null on a deadlock (a take-down's tie)."""

    maneuver = fields.String(required=True, validate=validate.OneOf([m.value for m in CONTESTED]))
    actor = fields.String(required=True)
    opponent = fields.String(required=True)
    contest = fields.Nested(ManeuverContest, required=True)
    winner = fields.String(required=True, allow_none=True)
    changes = fields.List(fields.Nested(GrapplingChange), required=True)
    ruling = fields.String(required=True)
    explanation = fields.List(fields.String(), required=True)


class CrushDamage(Out):
    """A crush: strength (5,6) damage, armor taken off."""

    maneuver = _const(Maneuver.CRUSH.value)
    strangler = fields.String(required=True)
    target = fields.String(required=True)
    damage = fields.Nested(DamageResult, required=True)
    explanation = fields.List(fields.String(), required=True)


class ManeuverEntry(CardEntry):
    """A logged maneuver in full; `result.maneuver` says which shape."""

    rule = _const(Request.MANEUVER.value)
    result = Either(GrappleRoll, ContestedManeuver, CrushDamage, required=True)


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
    Request.MANEUVER: CardSpec(ManeuverRequest, ManeuverEntry),
    Request.TURN_END: CardSpec(TurnEndRequest, TurnEndEntry),
}
REQUESTS = {Request.TURN_ALLOWANCE: RequestSpec(TurnAllowanceRequest, Allowance)}
JOB_RESULTS = ()


def _only_for(name: str, kinds) -> dict:
    return {
        "if": {"properties": {"kind": {"not": {"enum": [kind.value for kind in kinds]}}}, "required": ["kind"]},
        "then": {"not": {"required": [name]}},
    }


def _choices(name: str) -> list[dict]:
    return [
        {
            "if": {"properties": {"kind": {"const": kind.value}}, "required": ["kind"]},
            "then": {"properties": {name: {"enum": choices}}},
        }
        for kind, choices in STATISTIC_CHOICES.items()
    ]


CROSS_FIELD_RULES = {
    PlayerSeat.one_source: {"oneOf": [{"required": ["statistics"]}, {"required": ["reaction_time"]}]},
    ManeuverRequest.fields_fit_the_kind: {
        "allOf": [
            *(_only_for(name, kinds) for name, kinds in KIND_FIELDS.items()),
            *_choices("statistic"),
            *_choices("opponent_statistic"),
        ]
    },
}
