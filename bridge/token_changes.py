"""Changing tracked tokens: read their states, apply a rules change, hold
it in the request's unit (written with undo history), and tell the table, one ``token.changed``
push per changed token carrying the state after the change.

Every request that changes a token's health or conditions goes through
:func:`change_tokens`, so each change reaches the table the same way and
``token.undo`` can revert it.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from typing import Any

from .cards import check_owner
from .protocol import ErrorCode, Push, Request, RequestError
from .refusals import refused_as
from .visibility import full_view_rooms
from .rules.moment_of_truth.tokens import TokenChange, TokenState
from .rules.moment_of_truth.tracker import check_can_act
from .store import TableRead
from .unit import Unit

#: change(states by token id) -> (the changes made, the handler's answer).
Change = Callable[[dict[str, TokenState]], tuple[Iterable[TokenChange], Any]]


def not_tracked(token_id: str, field: str) -> RequestError:
    return RequestError(
        ErrorCode.NOT_TRACKED, f"token {token_id!r} is not tracked: token.register it first", {field: ["not tracked"]}
    )


def refuse_untracked(tracked: Container[str], token_ids: Mapping[str, str]) -> None:
    """Refuse the first of ``token_ids`` (``{token_id: field naming it}``) not among ``tracked``."""
    for token_id, field in token_ids.items():
        if token_id not in tracked:
            raise not_tracked(token_id, field)


def states_of(stored: Mapping[str, dict], token_ids: Mapping[str, str]) -> dict[str, TokenState]:
    """The tracked states ``stored`` (by token id), refusing any of ``token_ids``
    (``{token_id: field naming it}``) not among them."""
    refuse_untracked(stored, token_ids)
    return {token_id: TokenState.from_dict(state) for token_id, state in stored.items()}


def tracked(unit: Unit, token_ids: Mapping[str, str]) -> dict[str, TokenState]:
    """The states of ``token_ids`` (``{token_id: field naming it}``), refusing an untracked one."""
    return states_of(unit.tokens(list(token_ids)), token_ids)


def check_tracked(unit: Unit, token_ids: Mapping[str, str]) -> None:
    """Refuse ``token_ids`` (``{token_id: field naming it}``) unless all are tracked, reading no state."""
    missing = unit.store.untracked(unit.world_id, list(token_ids))
    if missing:
        raise not_tracked(missing[0], token_ids[missing[0]])


def check_token_owner(unit: Unit, state: TokenState, field: str) -> None:
    """Players act only for tokens of actors they own; the GM for any."""
    check_owner(unit, state.actor_id, field)


def owned_token(unit: Unit, token_id: str, field: str = "token_id", *, acting: bool = False) -> TokenState:
    """The token's state, refused unless tracked and the sender's (the GM:
    any); ``acting``: refused too when dead or unconscious (it takes no actions)."""
    state = tracked(unit, {token_id: field})[token_id]
    check_token_owner(unit, state, field)
    if acting:
        with refused_as(field):
            check_can_act(state)
    return state


def change_tokens(unit: Unit, rule: Request, request: dict, token_ids: Mapping[str, str], change: Change) -> Any:
    """Apply ``change`` to the tracked tokens ``token_ids`` (``{token_id:
    field naming it}``; an untracked one is refused, blaming its field),
    save the changed ones and push each change. Returns ``change``'s answer."""

    def apply(read: TableRead) -> tuple[dict, None, tuple]:
        made, answer = change(states_of(read.token_states(), token_ids))
        made = tuple(made)
        return {c.after.token_id: c.after.to_dict() for c in made}, None, (made, answer)

    made, answer = unit.change_table(list(token_ids), None, apply)
    push_changes(unit, rule, request, made)
    return answer


def push_changes(unit: Unit, rule: Request, request: dict, made: Iterable[TokenChange]) -> None:
    """One ``token.changed`` per change, to whoever sees the request's card in
    full: everyone at the table for a public one (the sender too: a client
    applies every change the same way, by version); for a blind or whispered
    one, only those its card reaches whole, so the change tells no one else its outcome."""
    cause = cause_of(unit, rule, request)
    seen_by = {"world": unit.world_id, "visibility": request.get("visibility", "public"), "user": unit.identity.user,
               "whisper_to": request.get("whisper_to", [])}
    rooms = full_view_rooms(seen_by)
    for token_change in made:
        unit.emit(Push.TOKEN_CHANGED.value, token_change.to_dict() | {"cause": cause}, to=rooms if len(rooms) > 1 else rooms[0])


def cause_of(unit: Unit, rule: Request, request: dict) -> dict[str, Any]:
    """What made a change: the request and who sent it."""
    return {"rule": rule.value, "request_id": request["request_id"], "user": unit.identity.user}
