"""A world's settings: the table's own, then each installed rule system's
(``RuleSystem.settings``), with their defaults. A world keeps every
system's settings, so that switching systems loses none."""

from __future__ import annotations

from functools import cache

from marshmallow import Schema, fields, validate

from .common import Inbound

#: Longest a player token may live, in seconds (30 days).
TOKEN_TTL_MAX_SECONDS = 30 * 24 * 3600


class TableSettings(Inbound):
    """The table's own settings."""

    player_token_ttl_seconds = fields.Integer(
        load_default=24 * 3600, validate=validate.Range(60, TOKEN_TTL_MAX_SECONDS)
    )


@cache
def world_settings_schema() -> type[Schema]:
    """The schema of a world's settings: the table's and every installed system's (loading ``{}``: a new world's)."""
    from ..systems import installed  # the systems' schemas import this module's

    systems = tuple(system.settings for system in installed().values() if system.settings is not None)
    return type("WorldSettings", (TableSettings, *systems), {"__doc__": "Loading `{}` gives a new world's settings."})


def default_settings() -> dict:
    return world_settings_schema()().load({})
