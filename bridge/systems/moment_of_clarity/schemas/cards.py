"""The cards, chips and beads a character holds: ``moc.keep``,
``moc.card.beads``, ``moc.card.shift``, ``moc.beads.spend`` and
``moc.chips.grant``/``spend``/``trade``."""

from __future__ import annotations

from marshmallow import fields, validate

from ....rules.moment_of_clarity.chips import Chip, Use
from ....rules.moment_of_clarity.elements import Element
from ....schemas.common import Identifier
from ....schemas.pushes import Out
from ....schemas.requests import RATING_MAX, RequestSchema
from .common import CHIPS_MAX, MocPlayingCard, enum_of
from .state import MocCardOut, MocCharacter


class MocActorRequest(RequestSchema):
    actor_id = Identifier(required=True)


class MocKeepRequest(MocActorRequest):
    """A Wildcard keeps 3 of the 4 cards it drew."""

    cards = fields.List(fields.Nested(MocPlayingCard), required=True, validate=validate.Length(3, 3))


class MocCardBeadsRequest(MocActorRequest):
    """A card from the hand exchanged for beads of its suit's Element (two
    more ``before_scene``)."""

    card = fields.Nested(MocPlayingCard, required=True)
    before_scene = fields.Boolean(load_default=False)


class MocCardShiftRequest(MocActorRequest):
    """A card from the hand, before a scene, moves half its face value of
    beads from ``source`` to ``target`` at no cost."""

    card = fields.Nested(MocPlayingCard, required=True)
    source = enum_of(Element, required=True)
    target = enum_of(Element, required=True)


class MocBeadsSpendRequest(MocActorRequest):
    """Beads spent from ``element`` (what for is said at the table);
    ``storytelling``: a Storytelling play, which reaches as far as its beads."""

    element = enum_of(Element, required=True)
    beads = fields.Integer(required=True, validate=validate.Range(1, 3 * RATING_MAX))
    storytelling = fields.Boolean(load_default=False)


class MocChipsGrantRequest(MocActorRequest):
    """The GM gives chips; ``scene_start``: refused past 4 held."""

    chips = fields.List(enum_of(Chip), required=True, validate=validate.Length(1, CHIPS_MAX))
    scene_start = fields.Boolean(load_default=False)


class MocChipSpendRequest(MocActorRequest):
    """A chip exchanged: ``cards`` (its value, drawn to the hand), ``beads``
    (twice its value, to ``element``), ``success`` (white) or ``character_point`` (blue)."""

    chip = enum_of(Chip, required=True)
    use = enum_of(Use, required=True)
    element = enum_of(Element, load_default=None, allow_none=True)


class MocChipsTradeRequest(MocActorRequest):
    """Chips traded at a scene's end: lower ``give`` for one ``take`` worth
    their value - 1 (up), or one ``give`` for lower ``take`` of its value (down)."""

    give = fields.List(enum_of(Chip), required=True, validate=validate.Length(1, CHIPS_MAX))
    take = fields.List(enum_of(Chip), required=True, validate=validate.Length(1, CHIPS_MAX))


class MocHand(Out):
    hand = fields.List(fields.Nested(MocCardOut), required=True)


class MocCardBeadsResult(Out):
    """The card played, the Element whose beads it added (or shifted to) and how many."""

    card = fields.Nested(MocCardOut, required=True)
    element = enum_of(Element, required=True)
    beads = fields.Integer(required=True)
    character = fields.Nested(MocCharacter, required=True)


class MocBeadsSpent(Out):
    """``scope``: how far a Storytelling play reaches (turn, scene, session, world)."""

    element = enum_of(Element, required=True)
    spent = fields.Integer(required=True)
    scope = fields.String(required=True, allow_none=True)
    character = fields.Nested(MocCharacter, required=True)


class MocChipSpent(Out):
    """``bought``: cards, beads, successes or character points; ``cards``: those drawn."""

    chip = enum_of(Chip, required=True)
    use = enum_of(Use, required=True)
    bought = fields.Integer(required=True)
    cards = fields.List(fields.Nested(MocCardOut), required=True)
    character = fields.Nested(MocCharacter, required=True)


class MocFatePenaltyRequest(MocActorRequest):
    """GM: chips taken from a character whose play hurt the story (Fate)."""

    chips = fields.List(enum_of(Chip), required=True, validate=validate.Length(1, CHIPS_MAX))


class MocNominateRequest(MocActorRequest):
    """After a session, the character ``actor_id`` secretly nominates ``nominee`` for an experience chip (once a session)."""

    nominee = Identifier(required=True)


class MocNominated(Out):
    nominated = fields.Boolean(required=True)


class MocFateAwarded(Out):
    """How many nominations were made, and who earned an experience chip (a white chip)."""

    nominations = fields.Integer(required=True)
    experience_chips = fields.List(Identifier(), required=True)
