"""The GM's requests: player tokens, actor ownership, world settings."""

from __future__ import annotations

from ...protocol import ErrorCode, Push, Request, RequestError
from ...table.auth import GM_USER, Role, mint_player_token
from ..handling import handles
from ..rooms import world_room


def mint_token(work, mint_request: dict) -> dict:
    """A token the GM's client hands to one player; rotating the GM key or ``token.revoke`` voids it."""
    world, user = work.world, mint_request["user"]
    check_player_id(work, user)
    ttl = mint_request.get("ttl_seconds", world.settings["player_token_ttl_seconds"])
    generation = work.store.token_generation(world.world_id, user)
    token, expires_at = mint_player_token(world.signing_secret, world.world_id, user, generation, ttl)
    return {"user": mint_request["user"], "token": token, "expires_at": expires_at}


def assign_actors(work, assign_request: dict) -> dict:
    """Set exactly which actors a user owns (the VTT's ownership, told by the GM)."""
    check_player_id(work, assign_request["user"])
    work.assign_actors(assign_request["user"], assign_request["actor_ids"])
    return {"user": assign_request["user"], "actor_ids": assign_request["actor_ids"]}


def check_player_id(work, user: str) -> None:
    """A player's id is never a GM's (``bridge.table.auth``): refused on ``user``."""
    if user == GM_USER or work.store.seat(work.world_id, user) == Role.GM.value:
        message = f"'{user}' is a GM's user id in this world"
        raise RequestError(ErrorCode.INVALID, message, {"user": [message]})


def get_settings(work, _request: dict) -> dict:
    return {"settings": work.world.settings}


def update_settings(work, update_request: dict) -> dict:
    """Change some of the world's dials; the table hears the new settings."""
    settings = work.world.settings | update_request["settings"]
    work.save_settings(settings)
    work.emit(Push.SETTINGS_CHANGED.value, {"settings": settings}, to=world_room(work.world_id))
    return {"settings": settings}


def init_app(app) -> None:
    handles(app, Request.TOKEN_MINT)(mint_token)
    handles(app, Request.ACTORS_ASSIGN)(assign_actors)
    handles(app, Request.SETTINGS_GET)(get_settings)
    handles(app, Request.SETTINGS_UPDATE)(update_settings)
