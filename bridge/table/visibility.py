"""Who sees a logged roll, in full or as a bare notice (blind rolls)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..schemas.common import Visibility
from ..transport.rooms import gm_room, user_room, world_room

if TYPE_CHECKING:  # auth reads the store, which indexes the log by who sees each entry
    from .auth import Identity

#: Fields of a roll entry that a blind roll's roller still sees.
NOTICE_FIELDS = ("roll_id", "request_id", "at", "user", "actor_id", "label", "visibility", "rule")


def view_for(entry: dict, identity: Identity) -> dict | None:
    """The entry as ``identity`` may see it: whole, a notice, or nothing."""
    if identity.is_gm or entry["visibility"] == Visibility.PUBLIC:  # the common card, without a Visibility()
        return entry
    visibility = Visibility(entry["visibility"])
    is_roller = identity.user == entry["user"]
    if visibility is Visibility.BLIND:
        return notice(entry) if is_roller else None
    if is_roller or identity.user in entry["whisper_to"]:
        return entry
    return None


def notice(entry: dict) -> dict:
    """A blind roll as its roller sees it: that it happened, not how."""
    return {field: entry[field] for field in NOTICE_FIELDS} | {"hidden": True}


def readers(entry: dict) -> list[str] | None:
    """Who sees the entry, whole or as a notice, besides the GM: None for everyone."""
    if entry["visibility"] == Visibility.PUBLIC:
        return None
    if Visibility(entry["visibility"]) is Visibility.BLIND:
        return [entry["user"]]
    return sorted({entry["user"], *entry["whisper_to"]})


def full_view_rooms(entry: dict) -> list[str]:
    """Rooms whose members see the whole entry."""
    world_id = entry["world"]
    if entry["visibility"] == Visibility.PUBLIC:  # the common card, without a Visibility()
        return [world_room(world_id)]
    visibility = Visibility(entry["visibility"])
    if visibility is Visibility.BLIND:
        return [gm_room(world_id)]
    users = {entry["user"], *entry["whisper_to"]}
    return [gm_room(world_id), *(user_room(world_id, user) for user in sorted(users))]
