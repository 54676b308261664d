"""What Moment of Clarity's schema modules share: the bounds of a request's
numbers, their validators, the playing card a request names, and the rule
of a request that gives one kind of fields of several."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate

from ....rules.dice import MAX_DICE_PER_ROLL
from ....rules.moment_of_clarity.elements import Suit
from ....schemas.common import Inbound
from ....schemas.requests import HELPER_NAME_MAX_CHARS, RATING_MAX

#: Highest TN a request may set (11+ is "very difficult").
TN_MAX = 60
#: Most actions one split pool is divided into; most chips given at once.
ACTIONS_MAX = CHIPS_MAX = 10
#: Most skills on a character's sheet.
SKILLS_MAX = 100
#: Pain and Fatigue tracks never run past this.
TRACK_MAX = 200

#: The validators of a name, a rating, a pool's dice and a TN.
NAME = validate.Length(1, HELPER_NAME_MAX_CHARS)
RATING = validate.Range(0, RATING_MAX)
DICE = validate.Range(1, MAX_DICE_PER_ROLL)
TN = validate.Range(1, TN_MAX)


def enum_of(enum, **kwargs):
    """A field holding one of ``enum``'s members, by value on the wire."""
    return fields.Enum(enum, by_value=True, **kwargs)


class MocPlayingCard(Inbound):
    """A card of the deck: rank 2-10, Jack 11, Queen 12, King 13, Ace 14."""

    rank = fields.Integer(required=True, validate=validate.Range(2, 14))
    suit = enum_of(Suit, required=True)


def one_kind(data: dict, kinds: tuple[tuple[str, ...], ...], field: str) -> None:
    """Refuse, on ``field``, a request giving none or more than one kind of fields (each kind, all its fields)."""
    given = [kind for kind in kinds if set(kind) & set(data)]
    if len(given) != 1 or not set(given[0]) <= set(data):
        raise ValidationError("one of: " + "; ".join(" with ".join(kind) for kind in kinds), field)


def one_kind_rule(kinds: tuple[tuple[str, ...], ...]) -> dict:
    """``one_kind`` in JSON Schema."""
    return {
        "oneOf": [
            {
                "required": list(kind),
                "not": {"anyOf": [{"required": [name]} for other in kinds if other != kind for name in other]},
            }
            for kind in kinds
        ]
    }
