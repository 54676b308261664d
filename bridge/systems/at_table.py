"""What the systems whose rules name characters (actors) share at the table.

The 2d20 variant, Moment of Clarity and the d10 system keep each character
in their state document, by actor id; a token on the map is one of those
characters. So a token is registered from its character (``register``), a
request that changes a character shows on each of its tokens
(``show_characters``), and an action that needs its token's turn is held to
it whether the request names the token or only the character (``check_acting``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..protocol import ErrorCode, RequestError
from ..schemas.common import Identifier, Inbound
from ..table import events as table_events
from ..table.combats import check_turn
from ..table.tokens import change_records, not_tracked


class ActingToken(Inbound):
    """The field of an action that may name the token acting, at the table."""

    token_id = Identifier(load_default=None, allow_none=True,
                          metadata={"description": "the character's token acting (in a fight: held to its turn)"})


def register(work, request: dict, character: dict | None, mirror: Callable[[dict], dict], registers: str) -> dict:
    """``token.register`` for a token of ``character`` (None: not registered
    with ``registers``, refused): the core's, with the fields the token shows
    (``mirror(character)``) as its sheet."""
    if character is None:
        message = f"{request['actor_id']} is not a character of this world's rules yet: register it with {registers} first"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"actor_id": [f"not registered with {registers}"]})
    return table_events.register(work, request | mirror(character))


def tokens_of(work, actor_ids: list[str]) -> list[str]:
    """The tracked tokens of these characters, by id."""
    wanted = set(actor_ids)
    return sorted(token_id for token_id, record in work.store.tokens(work.world_id).items() if record["actor_id"] in wanted)


def show_characters(work, view, rule: str, request: dict, shown: Mapping[str, dict]) -> list[dict]:
    """Each token of the characters in ``shown`` (``{actor_id: the fields its
    tokens show now}``) takes those fields; each changed one is pushed with ``view``."""
    token_ids = tokens_of(work, list(shown))
    if not token_ids:
        return []

    def change(record: dict) -> tuple[dict, list[dict]]:
        fields = shown[record["actor_id"]]
        changes = [{"field": name, "before": record.get(name), "after": value}
                   for name, value in fields.items() if record.get(name) != value]
        return record | fields, changes

    return change_records(work, view, rule, request, {token_id: "actor_id" for token_id in token_ids}, change)


def played(table, event: str, handler: Callable, shown: Callable[[object, dict, dict], Mapping[str, dict]]) -> Callable:
    """``handler`` of a system's ``event`` at the table: an action that
    takes its token's turn (``table.turn_actions``) is checked first
    (``check_acting``); then each token shows what its character shows now,
    ``shown(work, request, answer) -> {actor_id: fields}``."""

    def at_the_table(work, request: dict):
        if event in table.turn_actions:
            check_acting(work, request)
        answer = handler(work, request)
        show_characters(work, table.view, event, request, shown(work, request, answer))
        return answer

    return at_the_table


def check_acting(work, request: dict, field: str = "actor_id") -> None:
    """An action by the character ``request[field]``: the token it names
    (``token_id``, held to its turn by the core) must be that character's; a
    request naming no token is held to the turn of each of the character's
    tokens in a running fight."""
    actor_id, token_id = request[field], request.get("token_id")
    if token_id is not None:
        record = work.tokens([token_id]).get(token_id)
        if record is None:
            raise not_tracked(token_id, "token_id")
        if record["actor_id"] != actor_id:
            raise RequestError(ErrorCode.INVALID, f"that token is not {actor_id}'s", {"token_id": [f"not {actor_id}'s token"]})
        return
    for held in tokens_of(work, [actor_id]):
        check_turn(work, held, field)
