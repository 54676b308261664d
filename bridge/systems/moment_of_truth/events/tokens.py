"""Tracked tokens: the GM's client registers each token's stat block; the
GM applies or heals damage, sets or clears conditions and undoes a token's
last change by hand; anyone at the table catches up with a snapshot."""

from __future__ import annotations

from typing import NamedTuple

from ....protocol import ErrorCode, Request, RequestError
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.health import heal_damage, take_hits
from ....rules.moment_of_truth.skills import BOOK_SKILLS, unknown_skills, world_skills
from ....rules.moment_of_truth.statistics import Statistic
from ....rules.moment_of_truth.tokens import (
    ConditionEntry,
    TokenChange,
    TokenState,
    changed,
    default_ending,
    registered,
    with_condition,
    with_health,
    without_condition,
)
from ....schemas.encode import dump
from ....table.events import snapshot as table_snapshot
from ....table.store import TableRead
from ....table.tokens import not_tracked
from ....transport.handling import handles
from ..combat_changes import running_combat
from ..house_rules import world_house_rules
from ..names import Event
from ..schemas.tokens import TokenState as TokenStateShape
from ..schemas.tokens import TokenStateChange, TokenUndone
from ..token_changes import change_tokens, push_changes
from ..view import token_view
from ..world_rules import world_dials
from .moments import ledger_view

_STAT_BLOCK = ("scene_id", "skills", "armor", "shield")
#: Ledger entries a snapshot carries (``moments.get`` reads further back).
SNAPSHOT_HISTORY = 20


def register(work, register_request: dict) -> dict:
    """Start tracking a token, or update its stat block (GM only); hit
    points by the world's house rule, if its scripts set one."""
    _check_skills(work, register_request["skills"])
    dials, token_id = world_dials(work), register_request["token_id"]
    house_rules = world_house_rules(work)
    statistics = {Statistic(name): value for name, value in register_request["statistics"].items()}

    def track(read: TableRead) -> tuple[dict, None, TokenChange]:
        stored = read.token_states()
        previous = TokenState.from_dict(stored[token_id]) if token_id in stored else None
        made = registered(
            previous, token_id=token_id, actor_id=register_request["actor_id"], name=register_request["name"],
            statistics=statistics, dials=dials, hit_points=register_request["hit_points"], house_rules=house_rules,
            **{name: register_request[name] for name in _STAT_BLOCK},
        )
        return {token_id: dump(TokenStateShape, made.after)}, None, made

    made = work.change_table([token_id], None, track)
    push_changes(work, Request.TOKEN_REGISTER, register_request, [made])
    return dump(TokenStateChange, made) | {"view": token_view(dump(TokenStateShape, made.after))}


def _check_skills(work, skills: dict) -> None:
    """Every skill is the book's or the world's (``setting_skills``): an unknown one is refused by name."""
    unknown = unknown_skills(skills, work.world.settings.get("setting_skills", ()))
    if unknown:
        message = "not a skill of the book or of this world (settings: setting_skills)"
        named = ", ".join(map(repr, unknown))
        fields = {"skills": {name: [message] for name in unknown}}
        raise RequestError(ErrorCode.INVALID, f"unknown skill: {named}", fields)


def list_skills(work, _request: dict) -> dict:
    """The skills ``token.register`` accepts: the book's, then the world's own."""
    return {"book": list(BOOK_SKILLS), "world": world_skills(work.world.settings.get("setting_skills", ()))}


def _one_token(work, rule: Request, token_request: dict, change) -> dict:
    """Apply ``change(state) -> TokenChange`` to the request's token."""
    token_id = token_request["token_id"]

    def apply(states: dict) -> tuple[list, TokenChange]:
        made = change(states[token_id])
        return [made], made

    return dump(TokenStateChange, change_tokens(work, rule, token_request, {token_id: "token_id"}, apply))


def damage(work, damage_request: dict) -> dict:
    """Damage taken; a head or neck shot's death, or an outright kill, is beyond rescue (ch. 7)."""
    dials = world_dials(work)
    hits = {name: damage_request[name] for name in ("minor", "serious", "head_or_neck_shot", "outright_kill")}
    return _one_token(work, Event.TOKEN_DAMAGE, damage_request, lambda state: with_health(
        state, take_hits(state.health, dials=dials, **hits), dials
    ))


def heal(work, heal_request: dict) -> dict:
    dials = world_dials(work)
    return _one_token(work, Event.TOKEN_HEAL, heal_request, lambda state: with_health(
        state, heal_damage(state.health, heal_request["minor"], heal_request["serious"]), dials
    ))


def condition_set(work, set_request: dict) -> dict:
    """A condition set by hand; in the token's scene's running combat it records the round."""
    condition: Condition = set_request["condition"]
    ending = set_request["ending"] or default_ending(condition)

    def entry(state: TokenState) -> ConditionEntry:
        combat = running_combat(work, state.scene_id)
        return ConditionEntry(condition, set_request["source"], ending, set_request["rounds"], combat.round if combat else None)

    return _one_token(work, Event.TOKEN_CONDITION_SET, set_request, lambda state: with_condition(state, entry(state)))


def condition_clear(work, clear_request: dict) -> dict:
    sources = None if clear_request["source"] is None else [clear_request["source"]]
    return _one_token(work, Event.TOKEN_CONDITION_CLEAR, clear_request, lambda state: without_condition(
        state, clear_request["condition"], sources
    ))


class TokenUndo(NamedTuple):
    """A token's last change undone: the state it left, and the change putting the earlier one back."""

    undone: TokenState
    change: TokenChange


def undo(work, undo_request: dict) -> dict:
    """Put the token back as it was before its last change; the change is forgotten."""
    token_id = undo_request["token_id"]

    def restore(current: dict, earlier: dict) -> dict:
        return dump(TokenStateShape, changed(TokenState.from_dict(current), TokenState.from_dict(earlier)).after)

    undone = work.undo_token(token_id, restore)
    if undone is None:
        if not work.store.tokens(work.world_id, [token_id]):
            raise not_tracked(token_id, "token_id")
        raise RequestError(ErrorCode.INVALID, f"token {token_id!r} has no change to undo", {"token_id": ["nothing to undo"]})
    current, restored = (TokenState.from_dict(state) for state in undone)
    made = changed(current, restored)
    push_changes(work, Event.TOKEN_UNDO, undo_request, [made])
    return dump(TokenUndone, TokenUndo(current, made))


def snapshot(work, snapshot_request: dict) -> dict:
    """The table's snapshot, and the ledger."""
    return table_snapshot(work, snapshot_request) | {"moments": ledger_view(work, SNAPSHOT_HISTORY)}


HANDLERS = {
    Event.SKILLS_LIST: list_skills,
    Event.TOKEN_DAMAGE: damage,
    Event.TOKEN_HEAL: heal,
    Event.TOKEN_CONDITION_SET: condition_set,
    Event.TOKEN_CONDITION_CLEAR: condition_clear,
    Event.TOKEN_UNDO: undo,
}


def init_app(app) -> None:
    for event, handler in HANDLERS.items():
        handles(app, event)(handler)
