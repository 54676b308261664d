"""Grappling maneuvers over the wire (ch. 7, Grappling ... Disarm): the
request names two tracked tokens; the bridge reads their numbers and writes
the conditions and damage back."""

from __future__ import annotations

from enum import Enum

from marshmallow import ValidationError, fields, validate, validates_schema

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth import maneuvers as rules
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.contests import Decision, Party, Ruling, Side
from ....rules.moment_of_truth.maneuvers import BREAK_FREE_STATISTICS, STRANGLE_STATISTICS, GrappleSkill, Maneuver
from ....rules.moment_of_truth.rolls import RollKind
from ....schemas.common import Identifier
from ....schemas.pushes import CardEntry, Either, Out, _const
from ....schemas.requests import CardOptions
from ....schemas.spec import CardSpec
from ..names import Event
from .combat import ToHit
from .damage import DamageResult
from .hazards import BreathHazard
from .rolls import HeldReward, MomentsEntry, Pool, RollResult, TargetNumber


class GrapplingStatistic(str, Enum):
    """The statistic a side rolls where the book offers two."""

    STRENGTH = "strength"
    AGILITY = "agility"
    MELEE_ATTACK = "melee_attack"


#: The fields only some maneuvers take, and which.
KIND_FIELDS = {
    "statistic": (Maneuver.BREAK_FREE, Maneuver.STRANGLE),
    "opponent_statistic": (Maneuver.BREAK_FREE, Maneuver.STRANGLE),
    "both_failed_tie": (Maneuver.TAKE_DOWN,),
    "free_hand": (Maneuver.GRAPPLE,),
    "close_range": (Maneuver.GRAPPLE,),
    "held_since_earlier_turn": (Maneuver.CRUSH,),
}
#: The statistics each side may pick (ch. 7, Grappling; Strangle).
STATISTIC_CHOICES = {
    Maneuver.BREAK_FREE: [choice.value for choice in BREAK_FREE_STATISTICS],
    Maneuver.STRANGLE: [choice.value for choice in STRANGLE_STATISTICS],
}


def _uses():
    return fields.Enum(GrappleSkill, by_value=True, load_default=None, allow_none=True)


class ManeuverRequest(CardOptions):
    """A grappling maneuver: the tracked token `actor` grabs, breaks free,
    takes down, strangles, crushes or disarms the tracked token `opponent`,
    who resists. Strength, agility and the brawling / martial arts levels
    come from the tokens; `uses` / `opponent_uses`: the grappling skill each
    side rolls (null: the higher it holds); `actor_party` / `opponent_party`:
    PC or NPC, for a contest's deadlock; `moments`: the sender's Moments of
    Truth spent for extra dice on the actor's roll."""

    kind = fields.Enum(Maneuver, by_value=True, required=True)
    actor = Identifier(required=True)
    opponent = Identifier(required=True)
    uses = _uses()
    opponent_uses = _uses()
    actor_party = fields.Enum(Party, by_value=True, load_default=Party.PC)
    opponent_party = fields.Enum(Party, by_value=True, load_default=Party.NPC)
    moments = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    statistic = fields.Enum(GrapplingStatistic, by_value=True, load_default=GrapplingStatistic.STRENGTH)
    opponent_statistic = fields.Enum(GrapplingStatistic, by_value=True, load_default=GrapplingStatistic.STRENGTH)
    both_failed_tie = fields.Boolean(load_default=True)
    free_hand = fields.Boolean(load_default=True)
    close_range = fields.Boolean(load_default=True)
    held_since_earlier_turn = fields.Boolean(load_default=False)

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


class TokenSides(Out):
    """The tokens the maneuver was between (the card's names are theirs)."""

    actor_token = fields.String(required=True)
    opponent_token = fields.String(required=True)


class RolledManeuver(TokenSides):
    """`rewards` when the actor's roll earned a player MoTs (ch. 5, Dice-Triggered
    Rewards), `held` when a blind or whispered maneuver's did (credited when revealed)."""

    rewards = fields.List(fields.Nested(MomentsEntry))
    held = fields.List(fields.Nested(HeldReward))


class GrappleResult(Out):
    """A grapple as the rules resolve it (``GrappleRoll`` without the card's fields)."""

    maneuver = _const(Maneuver.GRAPPLE.value)
    attacker = fields.String(required=True)
    target = fields.String(required=True)
    skill = fields.Enum(GrappleSkill, by_value=True, required=True, allow_none=True)
    to_hit = fields.Nested(ToHit, required=True)
    roll = fields.Nested(RollResult, required=True)
    grappled = fields.Boolean(required=True)
    changes = fields.List(fields.Nested(GrapplingChange), required=True)
    explanation = fields.List(fields.String(), required=True)


class GrappleRoll(RolledManeuver, GrappleResult):
    """A grapple: melee attack + brawling or martial arts against the TN to hit
    (the opponent's defense dice kept back in a running combat count)."""


#: The maneuvers settled by a contest: all but the grapple (a roll to hit) and the crush (damage).
CONTESTED = [m for m in Maneuver if m not in (Maneuver.GRAPPLE, Maneuver.CRUSH)]


class StrangledBreath(BreathHazard):
    """A won strangle's suffocation hazard: the breath the opponent holds
    (its Endurance d6 pips in seconds), its turns without air to come."""


class ContestedResult(Out):
    """A contested maneuver as the rules resolve it (``ContestedManeuver`` without the card's fields)."""

    maneuver = fields.String(
        required=True, validate=validate.OneOf([m.value for m in CONTESTED]), attribute="maneuver_name"
    )
    actor = fields.String(required=True)
    opponent = fields.String(required=True)
    contest = fields.Nested(ManeuverContest, required=True)
    winner = fields.String(required=True, allow_none=True)
    changes = fields.List(fields.Nested(GrapplingChange), required=True)
    ruling = fields.String(required=True)
    explanation = fields.List(fields.String(), required=True)


class ContestedManeuver(RolledManeuver, ContestedResult):
    """A contested maneuver; `winner` is null on a deadlock (a take-down's
    tie); `suffocation` when a won strangle started the opponent's breath."""

    suffocation = fields.Nested(StrangledBreath)


class CrushResult(Out):
    """A crush as the rules resolve it (``CrushDamage`` without the card's fields)."""

    maneuver = _const(Maneuver.CRUSH.value)
    strangler = fields.String(required=True)
    target = fields.String(required=True)
    damage = fields.Nested(DamageResult, required=True)
    explanation = fields.List(fields.String(), required=True)


class CrushDamage(TokenSides, CrushResult):
    """A crush: strength (5,6) damage, the opponent's armor taken off; the
    damage is stored on the opponent's token."""


#: Each maneuver's result as the rules give it, and the schema of its card's rules part.
RESULTS = {rules.GrappleResult: GrappleResult, rules.ManeuverResult: ContestedResult, rules.CrushResult: CrushResult}


class ManeuverEntry(CardEntry):
    """A logged maneuver in full; `result.maneuver` says which shape."""

    rule = _const(Event.MANEUVER.value)
    result = Either(GrappleRoll, ContestedManeuver, CrushDamage, required=True)


CARDS = {Event.MANEUVER: CardSpec(ManeuverRequest, ManeuverEntry)}
REQUESTS: dict = {}
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
    ManeuverRequest.fields_fit_the_kind: {
        "allOf": [
            *(_only_for(name, kinds) for name, kinds in KIND_FIELDS.items()),
            *_choices("statistic"),
            *_choices("opponent_statistic"),
        ]
    },
}
