"""Moments of Truth (ch. 5) kept per world, and connections (ch. 5,
optional): the ledger's requests and push, the connection card and check."""

from __future__ import annotations

from enum import Enum

from marshmallow import ValidationError, fields, validate, validates_schema

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_truth.connections import SIDES
from ....rules.moment_of_truth.moments import Reward, Spend
from ....schemas.common import Identifier, Inbound
from ....schemas.log import ChainLink
from ....schemas.pushes import CardEntry, Out, _const
from ....schemas.requests import LABEL_MAX_CHARS, PLAYERS_MAX, CardRequest, RequestSchema
from ....schemas.spec import CardSpec, RequestSpec
from ..names import Event
from .rolls import MomentsEntry

#: Most Moments of Truth given in one award or gift.
MOMENTS_MAX = 100
#: Most ledger entries ``moments.get`` returns.
HISTORY_MAX = 200
#: Most connections sent to one check.
CONNECTIONS_MAX = 50

class Taken(str, Enum):
    """A reward the player takes (ch. 5, Player-Triggered Rewards)."""

    TAKE_FAILURE = Reward.TAKE_FAILURE.value
    TAKE_CRITICAL_FAILURE = Reward.TAKE_CRITICAL_FAILURE.value
    TAKE_SETBACK = Reward.TAKE_SETBACK.value


class Award(str, Enum):
    """What the GM gives: a role-playing award; a session's start (every
    player's first-session MoTs, once; talent uses start again); a heroic death."""

    ROLE_PLAYING = "role_playing"
    SESSION_START = "session_start"
    HEROIC_DEATH = "heroic_death"


class Spent(str, Enum):
    """What MoTs buy outside a roll (ch. 5, Using Moments of Truth)."""

    ADD_DETAIL = Spend.ADD_DETAIL.value
    CREATE_NPC = Spend.CREATE_NPC.value


def _text(**kwargs):
    return fields.String(validate=validate.Length(1, LABEL_MAX_CHARS), **kwargs)


def _fields_by_kind(kind_field: str, kinds: type[Enum], needs: dict, allows: dict):
    """A hook refusing, for each value of ``kind_field``, the fields it
    ``needs`` when missing and the fields neither it needs nor ``allows``;
    and the same rule in JSON Schema."""
    every = {name for names in (*needs.values(), *allows.values()) for name in names}

    @validates_schema(pass_original=True)
    def fields_fit_the_kind(self, data, original, **_):
        kind = data.get(kind_field)
        if kind is None:
            return
        errors = {name: [f"{kind.value} needs {name}"] for name in needs.get(kind, ()) if name not in original}
        refused = every - {*needs.get(kind, ()), *allows.get(kind, ())}
        errors |= {name: [f"{kind.value} takes no {name}"] for name in sorted(refused) if name in original}
        if errors:
            raise ValidationError(errors)

    def rule(kind) -> dict:
        refused = sorted(every - {*needs.get(kind, ()), *allows.get(kind, ())})
        then = {"required": list(needs.get(kind, ()))}
        if refused:
            then["not"] = {"anyOf": [{"required": [name]} for name in refused]}
        return {"if": {"properties": {kind_field: {"const": kind.value}}, "required": [kind_field]}, "then": then}

    return fields_fit_the_kind, {"allOf": [rule(kind) for kind in kinds]}


# --- the ledger (rules.moment_of_truth.moments, written by ``schemas.encode``) ----


class MomentsChange(Out):
    """The entries one request recorded and every player's MoTs after them."""

    entries = fields.List(fields.Nested(MomentsEntry), required=True)
    balances = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    explanation = fields.List(fields.String(), required=True)


class MomentsLedger(Out):
    """Every player's MoTs and the newest entries of the history, oldest first."""

    balances = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, attribute="by_player")
    history = fields.List(fields.Nested(MomentsEntry), required=True)


# --- requests ------------------------------------------------------------------


class MomentsGetRequest(RequestSchema):
    recent = fields.Integer(load_default=20, validate=validate.Range(0, HISTORY_MAX))


class MomentsTakeRequest(RequestSchema):
    """A player-triggered reward (ch. 5) taken on ``roll_id``, a roll of the
    player's they may see; ``player``: the GM names whose."""

    player = Identifier()
    reward = fields.Enum(Taken, by_value=True, required=True)
    roll_id = Identifier()
    attack_or_damage = fields.Boolean(load_default=False)

    fields_fit_the_kind, kind_rule = _fields_by_kind(
        "reward", Taken, {taken: ("roll_id",) for taken in Taken}, {Taken.TAKE_FAILURE: ("attack_or_damage",)}
    )


class Gift(Inbound):
    player = Identifier(required=True)
    moments = fields.Integer(required=True, validate=validate.Range(1, MOMENTS_MAX))


class MomentsAwardRequest(RequestSchema):
    """The GM's awards (ch. 5; ch. 7 Heroic Death Rules)."""

    award = fields.Enum(Award, by_value=True, required=True)
    player = Identifier()
    moments = fields.Integer(validate=validate.Range(1, MOMENTS_MAX))
    reason = _text()
    players = fields.List(Identifier(), load_default=list, validate=validate.Length(max=PLAYERS_MAX))
    hit_points = fields.Integer(validate=validate.Range(-1000, 1000))
    gifts = fields.List(fields.Nested(Gift), load_default=list, validate=validate.Length(max=PLAYERS_MAX))

    fields_fit_the_kind, kind_rule = _fields_by_kind(
        "award",
        Award,
        {Award.ROLE_PLAYING: ("player", "moments", "reason"), Award.HEROIC_DEATH: ("player", "hit_points")},
        {Award.SESSION_START: ("players",), Award.HEROIC_DEATH: ("gifts",)},
    )


class MomentsSpendRequest(RequestSchema):
    """MoTs spent outside a roll (ch. 5); ``surcharge``: the GM asks one more
    for a detail that is not minor."""

    player = Identifier()
    spend = fields.Enum(Spent, by_value=True, required=True)
    detail = _text()
    surcharge = fields.Boolean(load_default=False)
    npc = _text()

    fields_fit_the_kind, kind_rule = _fields_by_kind(
        "spend",
        Spent,
        {Spent.ADD_DETAIL: ("detail",), Spent.CREATE_NPC: ("npc",)},
        {Spent.ADD_DETAIL: ("surcharge",)},
    )


class MomentsOfferRequest(RequestSchema):
    """Dice of the sender's MoTs offered to player ``to``'s next roll (ch. 5); 0 withdraws the offer."""

    to = Identifier(required=True)
    dice = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))


class MomentsOffer(Out):
    """The offer standing: ``player``'s ``dice`` d6 for ``to``'s next roll."""

    player = fields.String(required=True)
    to = fields.String(required=True)
    dice = fields.Integer(required=True)


# --- revealing a hidden roll ---------------------------------------------------------


class RollRevealRequest(RequestSchema):
    """The GM shows the table a blind or whispered card: a roll, a contest, a maneuver."""

    roll_id = Identifier(required=True)


class RevealedRoll(Out):
    """The hidden card in full (as its own ``rule``'s card), its place in the
    roll log's chain with its salt (``opened``), and the held rewards now credited."""

    revealed = fields.Dict(keys=fields.String(), required=True)
    opened = fields.Nested(ChainLink, required=True)
    rewards = fields.List(fields.Nested(MomentsEntry), required=True)
    explanation = fields.List(fields.String(), required=True)


class RollRevealEntry(CardEntry):
    """A revealed roll: a public card, logged when the GM reveals it."""

    rule = _const(Event.ROLL_REVEAL.value)
    result = fields.Nested(RevealedRoll, required=True)


# --- connections ------------------------------------------------------------------


class ConnectionRollRequest(CardRequest):
    """Roll 2d6 on the connections table (ch. 5)."""


class ConnectionRoll(Out):
    """The first die picks the column, the second the row."""

    column = fields.Integer(required=True, validate=validate.Range(1, SIDES))
    row = fields.Integer(required=True, validate=validate.Range(1, SIDES))
    event = fields.String(required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    explanation = fields.List(fields.String(), required=True)


class ConnectionEntry(CardEntry):
    rule = _const(Event.CONNECTION_ROLL.value)
    result = fields.Nested(ConnectionRoll, required=True)


class Connection(Inbound):
    """A past event tying the PC to ``other``, a PC or an NPC."""

    event = _text(required=True)
    other = _text(required=True)
    other_is_pc = fields.Boolean(required=True)
    plot_element = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))


class ConnectionCheckRequest(RequestSchema):
    connections = fields.List(fields.Nested(Connection), required=True, validate=validate.Length(max=CONNECTIONS_MAX))


class ConnectionsCheck(Out):
    """Connections with PCs and with distinct NPCs; complete at two of each."""

    with_pcs = fields.Integer(required=True)
    with_npcs = fields.Integer(required=True)
    complete = fields.Boolean(required=True)
    missing = fields.List(fields.String(), required=True)


CARDS = {
    Event.CONNECTION_ROLL: CardSpec(ConnectionRollRequest, ConnectionEntry),
    Event.ROLL_REVEAL: CardSpec(RollRevealRequest, RollRevealEntry, gm_only=True),
}
REQUESTS = {
    Event.MOMENTS_GET: RequestSpec(MomentsGetRequest, MomentsLedger),
    Event.MOMENTS_TAKE: RequestSpec(MomentsTakeRequest, MomentsChange),
    Event.MOMENTS_AWARD: RequestSpec(MomentsAwardRequest, MomentsChange, gm_only=True),
    Event.MOMENTS_SPEND: RequestSpec(MomentsSpendRequest, MomentsChange),
    Event.MOMENTS_OFFER: RequestSpec(MomentsOfferRequest, MomentsOffer),
    Event.CONNECTION_CHECK: RequestSpec(ConnectionCheckRequest, ConnectionsCheck),
}
JOB_RESULTS = ()
CROSS_FIELD_RULES = {
    schema.fields_fit_the_kind: schema.kind_rule
    for schema in (MomentsTakeRequest, MomentsAwardRequest, MomentsSpendRequest)
}
