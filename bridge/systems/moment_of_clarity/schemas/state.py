"""Moment of Clarity's state document: the session, the deck's drawn cards,
the characters and the secret rolls of opposed actions."""

from __future__ import annotations

from marshmallow import fields

from ....rules.moment_of_clarity.elements import Element, Suit
from ....schemas.pushes import Out
from .common import enum_of


class MocCardOut(Out):
    rank = fields.Integer(required=True)
    suit = enum_of(Suit, required=True)
    name = fields.String(required=True)


class MocChipsOut(Out):
    white = fields.Integer(required=True)
    red = fields.Integer(required=True)
    blue = fields.Integer(required=True)


class MocTracksOut(Out):
    damage = fields.Integer(required=True)
    pain = fields.Integer(required=True)
    fatigue = fields.Integer(required=True)


class MocSkillOut(Out):
    name = fields.String(required=True)
    element = enum_of(Element, required=True)
    dice = fields.Integer(required=True)
    difficulty = fields.Integer(required=True)
    primary = fields.String(required=True, allow_none=True)
    secondary = fields.String(required=True, allow_none=True)


class MocCharacter(Out):
    """A character: its sheet, its characteristic tokens left (a primary's), its hand (``choosing``: a
    Wildcard's 4 drawn, 3 to keep), chips, beads by Element, tracks, and whether it is dazed."""

    name = fields.String(required=True)
    archetype = fields.String(required=True)
    power_level = fields.String(required=True)
    primary_dice = fields.Integer(required=True)
    placed = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    body = fields.Integer(required=True)
    toughness = fields.Integer(required=True)
    l_score = fields.Integer(required=True)
    characteristics = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    tokens = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    skills = fields.List(fields.Nested(MocSkillOut), required=True)
    tracks = fields.Nested(MocTracksOut, required=True)
    hand = fields.List(fields.Nested(MocCardOut), required=True)
    choosing = fields.List(fields.Nested(MocCardOut), required=True)
    chips = fields.Nested(MocChipsOut, required=True)
    beads = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    dazed = fields.Boolean(required=True)
    card_pool = fields.String(required=True, allow_none=True)
    token_recovery = fields.Boolean(metadata={"description": "it may recover a characteristic token (moc.token.recover)"})
    character_points = fields.Integer(required=True, metadata={"description": "character points earned in play (a blue chip each), spent on the sheet (moc.points.spend)"})
    draws_cards = fields.Boolean(required=True)


class MocSecretRoll(Out):
    """A secret roll on the table: whose, and how many successes it declared (not how many it rolled)."""

    actor_id = fields.String(required=True)
    declared = fields.Integer(required=True)


class MocTurnMoves(Out):
    """The meters each character moved in one turn of a scene's fight: the table's combat's round and acting seat."""

    round = fields.Integer(required=True)
    seat = fields.String(required=True)
    meters = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)


class MocState(Out):
    """Moment of Clarity's state document: session and scene counters, the
    cards out of the deck this session, the characters by actor id, the
    secret rolls of opposed actions by card id, the meters moved in each running fight's turn by
    scene, and the cards of villains sharing a pool, by the pool's name."""

    session = fields.Integer(required=True)
    scene = fields.Integer(required=True)
    drawn = fields.List(fields.Nested(MocCardOut), required=True)
    characters = fields.Dict(keys=fields.String(), values=fields.Nested(MocCharacter), required=True)
    opposed = fields.Dict(keys=fields.String(), values=fields.Nested(MocSecretRoll), required=True)
    moved = fields.Dict(keys=fields.String(), values=fields.Nested(MocTurnMoves), required=True)
    card_pools = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(MocCardOut)), required=True)

