"""Tokens at the table: which are tracked, who may act for one, and how a
change reaches every page (one ``token.changed`` per changed token, with
the token's record and how it shows, ``view``)."""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any

from ..protocol import ErrorCode, Push, RequestError
from .visibility import full_view_rooms

#: The fields of a token's record that are the table's; every other is its system's.
CORE_FIELDS = ("token_id", "actor_id", "name", "scene_id", "version")


def not_tracked(token_id: str, field: str) -> RequestError:
    return RequestError(
        ErrorCode.NOT_TRACKED, f"token {token_id!r} is not on the table: register it first", {field: ["not tracked"]}
    )


def refuse_untracked(tracked: Container[str], token_ids: Mapping[str, str]) -> None:
    """Refuse the first of ``token_ids`` (``{token_id: field naming it}``) not among ``tracked``."""
    for token_id, field in token_ids.items():
        if token_id not in tracked:
            raise not_tracked(token_id, field)


def records(work, token_ids: Mapping[str, str]) -> dict[str, dict]:
    """The records of ``token_ids`` (``{token_id: field naming it}``), refusing an untracked one."""
    found = work.tokens(list(token_ids))
    refuse_untracked(found, token_ids)
    return found


def check_owner(work, actor_id: str, field: str = "actor_id") -> None:
    """Players act only for actors they own; the GM acts for anyone. ``field`` names the actor (or its token)."""
    if not work.identity.is_gm and not work.store.owns_actor(work.world_id, work.identity.user, actor_id):
        raise RequestError(ErrorCode.FORBIDDEN, "that is not one of your characters", {field: ["not yours"]})


def owned(work, token_id: str, field: str = "token_id") -> dict:
    """The token's record, refused unless tracked and the sender's (the GM: any)."""
    record = records(work, {token_id: field})[token_id]
    check_owner(work, record["actor_id"], field)
    return record


def cause_of(work, rule: str, request: dict) -> dict[str, Any]:
    """What made a change: the request and who sent it."""
    return {"rule": getattr(rule, "value", rule), "request_id": request["request_id"], "user": work.identity.user}


def push_changed(work, view, rule: str, request: dict, record: dict, changes: list[dict]) -> dict:
    """Tell whoever sees the request's card in full that a token is now
    ``record`` (``view(record)``: how it shows): everyone at the table for a
    public request (the sender too: a client applies every change the same
    way, by version); for a blind or whispered one, only those its card
    reaches whole, so the change tells no one else its outcome. The push, without its cause."""
    changed = {"token_id": record["token_id"], "version": record["version"], "changes": changes, "state": record,
               "view": view(record)}
    seen_by = {"world": work.world_id, "visibility": request.get("visibility") or "public",
               "user": work.identity.user, "whisper_to": request.get("whisper_to", [])}
    rooms = full_view_rooms(seen_by)
    work.emit(Push.TOKEN_CHANGED.value, changed | {"cause": cause_of(work, rule, request)},
              to=rooms if len(rooms) > 1 else rooms[0])
    return changed


def change_records(work, view, rule: str, request: dict, token_ids: Mapping[str, str], change) -> list[dict]:
    """Apply ``change(record) -> (record after, changes)`` to each of
    ``token_ids`` (``{token_id: field naming it}``; an untracked one is
    refused), hold the changed ones in the work, one version up, and push
    each (``view``: the system's). The pushes, without their causes."""
    before = records(work, token_ids)
    after: dict[str, tuple[dict, list[dict]]] = {}
    for token_id, record in before.items():
        changed, changes = change(record)
        if changed != record:
            after[token_id] = (changed | {"version": record["version"] + 1}, changes)
    work.change_table(list(token_ids), None, lambda read: ({token_id: made for token_id, (made, _) in after.items()}, None, None))
    return [push_changed(work, view, rule, request, made, changes) for made, changes in after.values()]
