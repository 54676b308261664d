"""Changing a Moment of Truth fight, alone or with its tokens: read, apply a
rules change, hold it in the request's work, and tell the table through the
core: one ``combat.changed`` push carrying the combat after the change
(``state`` null: the combat is over), and one ``token.changed`` per token changed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...encoded import loads
from ...protocol import Request
from ...rules.moment_of_truth.tokens import TokenChange, TokenState
from ...rules.moment_of_truth.tracker import Combat
from ...schemas.encode import dump, dumper
from ...table.combats import push_combat
from ...table.store import AS_READ, TableRead
from ...table.work import Work
from .ledger import arsenal_key
from .schemas.tokens import TokenState as TokenStateShape
from .schemas.tracker import Combat as CombatShape
from .token_changes import push_changes, refuse_untracked

#: change(the combat, or None when none runs) -> (the combat after it, or None: over; the handler's answer).
Change = Callable[[Combat | None], tuple[Combat | None, Any]]
#: change(token states by id, the combat) -> (the token changes made, the combat after it, the handler's answer).
FightChange = Callable[[dict[str, TokenState], Combat | None], tuple[Iterable[TokenChange], Combat | None, Any]]


def running_combat(work: Work, scene_id: str | None) -> Combat | None:
    """The scene's combat, or None when none runs (or no scene is named)."""
    stored = work.combat(scene_id) if scene_id else None
    return Combat.from_dict(stored) if stored else None


def change_combat(work: Work, rule: Request, request: dict, scene_id: str, change: Change) -> Any:
    """Apply ``change`` to the scene's combat, save it and push it if it changed."""

    def apply(read: TableRead) -> tuple[dict, dict | None, tuple]:
        before = _combat(read)
        after, answer = change(before)
        return {}, (dump(CombatShape, after) if after else None), (before, after, answer)

    before, after, answer = work.change_table([], scene_id, apply)
    _push_combat(work, rule, request, scene_id, before, after)
    return answer


@dataclass(frozen=True)
class Fight:
    """Tokens, the combat of their scene and the world's own equipment, read
    together; ``read`` as stored."""

    read: TableRead
    states: dict[str, TokenState]
    combat: Combat | None
    arsenal: dict


def read_fight(work: Work, token_ids: Mapping[str, str]) -> Fight:
    """The tokens ``token_ids`` (``{token_id: field naming it}``; an untracked
    one is refused) and the combat running in the first one's scene."""
    key = arsenal_key(work.world_id)
    read = work.fight(list(token_ids), [key])
    states = _states(read)
    refuse_untracked(states, token_ids)
    arsenal = work.get(key)
    return Fight(read, states, _combat(read), loads(arsenal) if arsenal else {})


def change_fight(work: Work, rule: Request, request: dict, fight: Fight, change: FightChange) -> Any:
    """Apply ``change`` to the tokens and the combat of ``fight`` (as the work
    read them), hold both in the work, push each change."""

    def apply(read: TableRead) -> tuple[dict, dict | None, tuple]:
        made, after, answer = change(fight.states, fight.combat)
        made = tuple(made)
        written = {c.after.token_id: dump(TokenStateShape, c.after) for c in made}
        if after is fight.combat:  # left as read: neither encoded nor compared
            combat_after = AS_READ
        else:
            combat_after = dump(CombatShape, after) if after else None
        return written, combat_after, (made, fight.combat, after, answer)

    read = fight.read
    made, before, after, answer = work.change_table(list(read.tokens), read.scene_id, apply, read)
    if made:  # a missed attack changes no token
        push_changes(work, rule, request, made)
    _push_combat(work, rule, request, read.scene_id, before, after)
    return answer


def _states(read: TableRead) -> dict[str, TokenState]:
    """The tracked tokens' states."""
    return {token_id: _token_state(text) for token_id, text in read.tokens.items() if text}


def _combat(read: TableRead) -> Combat | None:
    return _combat_of(read.combat) if read.combat else None


def _token_state(text: str) -> TokenState:
    return TokenState.from_dict(loads(text))


def _combat_of(text: str) -> Combat:
    return Combat.from_dict(loads(text))


def _push_combat(work: Work, rule: Request, request: dict, scene_id, before: Combat | None, after: Combat | None):
    if after is before or after == before:  # left as read (most attacks): no field-by-field compare
        return
    shown = dumper(CombatShape)
    push_combat(work, rule, request, scene_id, shown(before) if before else None, shown(after) if after else None)
