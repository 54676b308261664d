"""``moc.trump``: a card or chip played against a standing play, and the
JSON Schema form of the requests' one-kind rules (``CROSS_FIELD_RULES``)."""

from __future__ import annotations

from marshmallow import fields, validate, validates_schema

from ....rules.moment_of_clarity.cards import Suiting
from ....rules.moment_of_clarity.chips import Chip
from ....rules.moment_of_clarity.elements import Element
from ....schemas.common import Identifier, Inbound
from ....schemas.pushes import Out
from ....schemas.requests import RATING_MAX, CardRequest
from .characters import PURCHASES, MocPointsSpendRequest
from .common import MocPlayingCard, enum_of, one_kind, one_kind_rule


class MocStanding(Inbound):
    """The play trumped: a ``card`` played ``suiting``, a ``chip``, or
    ``beads`` the character ``actor_id`` played in ``element``."""

    card = fields.Nested(MocPlayingCard)
    suiting = fields.String(validate=validate.OneOf([s.value for s in Suiting]))
    chip = enum_of(Chip)
    beads = fields.Integer(validate=validate.Range(1, 3 * RATING_MAX))
    actor_id = Identifier()
    element = enum_of(Element)

    @validates_schema
    def one_play(self, data, **_):
        one_kind(data, STANDING_PLAYS, "standing")


class MocTrumpRequest(CardRequest):
    """``actor_id`` plays a ``card`` from its hand on ``element``, or a
    ``chip`` it holds, to trump ``standing``. The card or chip is spent."""

    card = fields.Nested(MocPlayingCard)
    element = enum_of(Element)
    chip = enum_of(Chip)
    standing = fields.Nested(MocStanding, required=True)

    @validates_schema
    def one_play(self, data, **_):
        one_kind(data, TRUMPING_PLAYS, "card")


#: The fields of each kind of play: a play gives all of one kind's and none of another's.
STANDING_PLAYS = (("card", "suiting"), ("chip",), ("beads", "actor_id", "element"))
TRUMPING_PLAYS = (("card", "element"), ("chip",))


#: The JSON Schema form of the one-kind rules (the sheet's among them: ``characters``).
CROSS_FIELD_RULES = {
    MocStanding.one_play: one_kind_rule(STANDING_PLAYS),
    MocTrumpRequest.one_play: one_kind_rule(TRUMPING_PLAYS),
    MocPointsSpendRequest.one_purchase: one_kind_rule(PURCHASES),
}


class MocTrumpCard(Out):
    """Whether the play trumps, why, and the beads given back to ``returned_to``."""

    play = fields.String(required=True)
    standing = fields.String(required=True)
    trumps = fields.Boolean(required=True)
    beads_returned = fields.Integer(required=True)
    returned_to = fields.String(required=True, allow_none=True)
    reason = fields.String(required=True)
    explanation = fields.List(fields.String(), required=True)
