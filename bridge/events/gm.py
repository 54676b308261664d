"""The GM's requests: player tokens, actor ownership, world settings."""

from __future__ import annotations

from ..auth import mint_player_token
from ..protocol import Push, Request
from ..requests import handles
from ..rooms import world_room


def mint_token(unit, mint_request: dict) -> dict:
    """A token the GM's client hands to one player; rotating the GM key revokes it."""
    world = unit.world
    ttl = mint_request.get("ttl_seconds", world.settings["player_token_ttl_seconds"])
    token, expires_at = mint_player_token(world.gm_key, world.world_id, mint_request["user"], ttl)
    return {"user": mint_request["user"], "token": token, "expires_at": expires_at}


def assign_actors(unit, assign_request: dict) -> dict:
    """Set exactly which actors a user owns (the VTT's ownership, told by the GM)."""
    unit.assign_actors(assign_request["user"], assign_request["actor_ids"])
    return {"user": assign_request["user"], "actor_ids": assign_request["actor_ids"]}


def get_settings(unit, _request: dict) -> dict:
    return {"settings": unit.world.settings}


def update_settings(unit, update_request: dict) -> dict:
    """Change some of the world's dials; the table hears the new settings."""
    settings = unit.world.settings | update_request["settings"]
    unit.save_settings(settings)
    unit.emit(Push.SETTINGS_CHANGED.value, {"settings": settings}, to=world_room(unit.world_id))
    return {"settings": settings}


def init_app(app) -> None:
    handles(app, Request.TOKEN_MINT)(mint_token)
    handles(app, Request.ACTORS_ASSIGN)(assign_actors)
    handles(app, Request.SETTINGS_GET)(get_settings)
    handles(app, Request.SETTINGS_UPDATE)(update_settings)
