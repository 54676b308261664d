"""Field types, enums and the schema base shared by request and push schemas."""

from __future__ import annotations

import re
from enum import Enum

from marshmallow import Schema, ValidationError, fields, validate

#: Ids (request, user, actor, world): what Foundry's ids and slugs look like.
IDENTIFIER_PATTERN = r"^[A-Za-z0-9._:-]{1,64}$"


#: Characters no text a client sends may hold: C0 controls but tab and the line
#: ends, and Unicode's bidirectional overrides and isolates, which make a name
#: read differently from what it is.
_HIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: A lone surrogate (JSON's ``\\ud800`` escape reads as one): not Unicode text.
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Booleans(frozenset):
    """``truthy``/``falsy`` for a Boolean field that takes JSON's true and false alone
    (``1 in {True}`` holds in Python; ``1 in _Booleans({True})`` does not)."""

    def __contains__(self, value) -> bool:
        return type(value) is bool and frozenset.__contains__(self, value)


_TRUE, _FALSE = _Booleans({True}), _Booleans({False})


class Inbound(Schema):
    """A schema of what clients send: every request and each object it nests.

    Plain marshmallow: an unknown field is refused (marshmallow's default
    ``RAISE``), and loading is ``Schema.load``'s own. Where the rules count
    or decide, a value must be what it says: every integer field is strict
    (``1.5`` and ``true`` are refused, never rounded), every boolean takes
    ``true`` or ``false`` alone (not ``"yes"`` or ``1``), and no text holds
    NUL, other control characters, bidirectional controls or lone surrogates."""

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        for field in _with_inner(field_obj):
            if isinstance(field, fields.Integer):
                field.strict = True
            elif isinstance(field, fields.Boolean):
                field.truthy, field.falsy = _TRUE, _FALSE
            elif isinstance(field, fields.String) and _plain_text not in field.validators:
                # a new list: marshmallow's copy of a declared field for each schema shares the
                # declared field's validators (and its inner fields), which must not grow per schema
                field.validators = [*field.validators, _plain_text]


def _with_inner(field: fields.Field):
    """``field`` and the fields it holds: a list's items, a dict's keys and values, a tuple's members."""
    yield field
    inner = [getattr(field, "inner", None), getattr(field, "key_field", None), getattr(field, "value_field", None),
             *getattr(field, "tuple_fields", ())]
    for each in inner:
        if isinstance(each, fields.Field):
            yield from _with_inner(each)


def _plain_text(value: str) -> None:
    if _HIDDEN.search(value):
        raise ValidationError("must hold no control or bidirectional control characters")
    if _SURROGATE.search(value):
        raise ValidationError("must be valid Unicode (a lone surrogate)")


class Identifier(fields.String):
    """A client-chosen id: 1-64 letters, digits, ``.``, ``_``, ``:`` or ``-``."""

    def __init__(self, **kwargs):
        pattern = validate.Regexp(IDENTIFIER_PATTERN, error="must be 1-64 of A-Z a-z 0-9 . _ : -")
        super().__init__(validate=[pattern, _single_line], **kwargs)


def _single_line(value: str) -> None:
    """``$`` in a Python regex lets a trailing newline through; JSON Schema's does not."""
    if "\n" in value:
        raise ValidationError("must be 1-64 of A-Z a-z 0-9 . _ : -")


class Visibility(str, Enum):
    """Who sees a roll's result."""

    PUBLIC = "public"    # everyone at the table
    BLIND = "blind"      # the GM only; the roller learns that it was rolled
    WHISPER = "whisper"  # the roller, the GM and the users in ``whisper_to``
