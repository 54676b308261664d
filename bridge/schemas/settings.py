"""A world's settings (the book's dials), with their defaults."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

#: Longest a player token may live, in seconds (30 days).
TOKEN_TTL_MAX_SECONDS = 30 * 24 * 3600


class WorldSettingsSchema(Schema):
    """Loading ``{}`` gives a new world's settings."""

    # Ch. 1 "Target Number as a Dial": 2 is the book's default, 1 is pulp.
    default_tn = fields.Integer(load_default=2, validate=validate.OneOf([1, 2]))
    player_token_ttl_seconds = fields.Integer(
        load_default=24 * 3600, validate=validate.Range(60, TOKEN_TTL_MAX_SECONDS)
    )


def default_settings() -> dict:
    return WorldSettingsSchema().load({})
