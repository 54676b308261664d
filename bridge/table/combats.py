"""Combats at the table: one per scene, its combatants each on a seat, the
seats' turn order, the round and whose turn it is; the refusal of an action
out of its token's turn. A combat's record keeps the table's fields
(``scene_id``, ``combatants`` as ``{token_id, seat}``, ``order``, ``turn``,
``round``, ``version``) beside its system's."""

from __future__ import annotations

from ..protocol import ErrorCode, Push, RequestError
from ..transport.rooms import world_room
from .tokens import cause_of


def acting_seat(combat: dict) -> str | None:
    """The seat whose turn it is (None before the first turn)."""
    turn = combat.get("turn")
    return None if turn is None else combat["order"][turn]


def acting_tokens(combat: dict) -> list[str]:
    """The tokens whose turn it is."""
    seat = acting_seat(combat)
    return [combatant["token_id"] for combatant in combat["combatants"] if combatant["seat"] == seat]


def check_turn(work, token_id: str, field: str, name: str | None = None) -> None:
    """Refuse an action by ``token_id`` (named by ``field``) while a combat in
    its scene runs a turn that is not its own. A token outside the combat,
    or a combat before its first turn, is not held to turns; a player's
    token not their own is left to the handler's refusal (``forbidden``)."""
    record = work.tokens([token_id]).get(token_id)
    if record is None or record.get("scene_id") is None:
        return
    if not work.identity.is_gm and not work.store.owns_actor(work.world_id, work.identity.user, record["actor_id"]):
        return
    combat = work.combat(record["scene_id"])
    if combat is None or combat.get("turn") is None:
        return
    if not any(combatant["token_id"] == token_id for combatant in combat["combatants"]):
        return
    if token_id not in acting_tokens(combat):
        message = f"it is not {name or record['name']}'s turn: wait for it"
        raise RequestError(ErrorCode.OUT_OF_TURN, message, {field: ["not this token's turn"]})


def push_combat(work, rule: str, request: dict, scene_id: str, before: dict | None, after: dict | None) -> None:
    """One ``combat.changed`` to the table, carrying the combat after the change (``state`` null: it ended)."""
    if after == before:
        return
    pushed = {
        "scene_id": scene_id,
        "version": after["version"] if after else before["version"] + 1,
        "state": after,
        "cause": cause_of(work, rule, request),
    }
    work.emit(Push.COMBAT_CHANGED.value, pushed, to=world_room(work.world_id))
