"""Changing Moment of Truth's tokens: read their states, apply a rules
change, hold it in the request's work (written with undo history), and
tell the table through the core (``bridge.table.tokens.push_changed``),
with the conditions gained and lost and how the token now shows.

Every request that changes a token's health or conditions goes through
:func:`change_tokens`, so each change reaches the table the same way and
``token.undo`` can revert it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...protocol import Request
from ...rules.moment_of_truth.tokens import TokenChange, TokenState
from ...rules.moment_of_truth.tracker import check_can_act
from ...schemas.encode import dump, dump_many
from ...table.store import TableRead
from ...table.tokens import check_owner, not_tracked, push_changed, refuse_untracked
from ...transport.refusals import refused_as
from .schemas.health import ConditionChange
from .schemas.tokens import TokenState as TokenStateShape
from .view import token_view

#: change(states by token id) -> (the changes made, the handler's answer).
Change = Callable[[dict[str, TokenState]], tuple[Iterable[TokenChange], Any]]


def states_of(stored: Mapping[str, dict], token_ids: Mapping[str, str]) -> dict[str, TokenState]:
    """The tracked states ``stored`` (by token id), refusing any of ``token_ids``
    (``{token_id: field naming it}``) not among them."""
    refuse_untracked(stored, token_ids)
    return {token_id: TokenState.from_dict(state) for token_id, state in stored.items()}


def tracked(work, token_ids: Mapping[str, str]) -> dict[str, TokenState]:
    """The states of ``token_ids`` (``{token_id: field naming it}``), refusing an untracked one."""
    return states_of(work.tokens(list(token_ids)), token_ids)


def check_tracked(work, token_ids: Mapping[str, str]) -> None:
    """Refuse ``token_ids`` (``{token_id: field naming it}``) unless all are tracked, reading no state."""
    missing = work.store.untracked(work.world_id, list(token_ids))
    if missing:
        raise not_tracked(missing[0], token_ids[missing[0]])


def check_token_owner(work, state: TokenState, field: str) -> None:
    """Players act only for tokens of actors they own; the GM for any."""
    check_owner(work, state.actor_id, field)


def owned_token(work, token_id: str, field: str = "token_id", *, acting: bool = False) -> TokenState:
    """The token's state, refused unless tracked and the sender's (the GM:
    any); ``acting``: refused too when dead or unconscious (it takes no actions)."""
    state = tracked(work, {token_id: field})[token_id]
    check_token_owner(work, state, field)
    if acting:
        with refused_as(field):
            check_can_act(state)
    return state


def change_tokens(work, rule: Request, request: dict, token_ids: Mapping[str, str], change: Change) -> Any:
    """Apply ``change`` to the tracked tokens ``token_ids`` (``{token_id:
    field naming it}``; an untracked one is refused, blaming its field),
    save the changed ones and push each change. Returns ``change``'s answer."""

    def apply(read: TableRead) -> tuple[dict, None, tuple]:
        made, answer = change(states_of(read.token_states(), token_ids))
        made = tuple(made)
        return {c.after.token_id: dump(TokenStateShape, c.after) for c in made}, None, (made, answer)

    made, answer = work.change_table(list(token_ids), None, apply)
    push_changes(work, rule, request, made)
    return answer


def push_changes(work, rule: Request, request: dict, made: Iterable[TokenChange]) -> None:
    """One ``token.changed`` per change, to everyone at the table."""
    for token_change in made:
        changes = dump_many(ConditionChange, token_change.changes)
        push_changed(work, token_view, rule, request, dump(TokenStateShape, token_change.after), changes)
