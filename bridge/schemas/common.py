"""Field types, enums and the schema base shared by request and push schemas."""

from __future__ import annotations

from enum import Enum

from marshmallow import Schema, ValidationError, fields, validate

#: Ids (request, user, actor, world): what Foundry's ids and slugs look like.
IDENTIFIER_PATTERN = r"^[A-Za-z0-9._:-]{1,64}$"


class Inbound(Schema):
    """A schema of what clients send: every request and each object it nests.

    Plain marshmallow: an unknown field is refused (marshmallow's default
    ``RAISE``), and loading is ``Schema.load``'s own."""


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
