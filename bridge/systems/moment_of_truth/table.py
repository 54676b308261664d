"""Moment of Truth at the table: where its rules differ from the base game
(``bridge.table.game.Table``). Its tokens carry a stat block, health and
conditions (ch. 7); a fight seats tokens on the players' and the GM's seats
and orders the seats by initiative (ch. 7, Initiative Order); a turn's
start and end roll what the rules bring then; an attack, a maneuver, aiming,
keeping defense dice and handling a weapon take the acting token's turn;
an explosion can be dropped on the map (ch. 8)."""

from __future__ import annotations

from functools import cached_property

from ...protocol import Request
from ...table.game import AreaHazard, Table
from .names import Event
from .schemas.hazards import ExplosionBlastRequest
from .schemas.tokens import TableSnapshotRequest, TokenRegisterRequest
from .schemas.tracker import (
    CombatInitiativeRequest,
    CombatJoinRequest,
    CombatLeaveRequest,
    CombatNextRequest,
    CombatStartRequest,
    SceneRequest,
)
from .view import token_view

#: Each action that takes the acting token's turn, with the field naming the token.
TURN_ACTIONS = {
    Event.ATTACK.value: "attacker",
    Event.MANEUVER.value: "actor",
    Event.COMBAT_AIM.value: "token_id",
    Event.COMBAT_RESERVE.value: "token_id",
    Event.WEAPON_READY.value: "token_id",
    Event.WEAPON_RELOAD.value: "token_id",
    Event.WEAPON_CLEAR_JAM.value: "token_id",
}


class MomentOfTruthTable(Table):
    """The handlers are imported when first asked for: they register with the
    bridge, which loads this system first."""

    schemas = {
        Request.TOKEN_REGISTER.value: TokenRegisterRequest,
        Request.TABLE_SNAPSHOT.value: TableSnapshotRequest,
        Request.MAP_BLAST.value: ExplosionBlastRequest,
        Request.COMBAT_START.value: CombatStartRequest,
        Request.COMBAT_JOIN.value: CombatJoinRequest,
        Request.COMBAT_LEAVE.value: CombatLeaveRequest,
        Request.COMBAT_INITIATIVE.value: CombatInitiativeRequest,
        Request.COMBAT_NEXT.value: CombatNextRequest,
        Request.COMBAT_END.value: SceneRequest,
    }
    turn_actions = TURN_ACTIONS

    @cached_property
    def handlers(self) -> dict:
        from .events import tokens, tracker

        return {
            Request.TOKEN_REGISTER.value: tokens.register,
            Request.TABLE_SNAPSHOT.value: tokens.snapshot,
            Request.COMBAT_START.value: tracker.start,
            Request.COMBAT_JOIN.value: tracker.join,
            Request.COMBAT_LEAVE.value: tracker.leave,
            Request.COMBAT_INITIATIVE.value: tracker.initiative,
            Request.COMBAT_NEXT.value: tracker.next_turn,
            Request.COMBAT_END.value: tracker.end,
        }

    @cached_property
    def hazards(self) -> dict:
        from .events.area import explode, reaches

        return {"explosion": AreaHazard(reaches, explode)}

    def view(self, record: dict) -> dict:
        return token_view(record)


TABLE = MomentOfTruthTable()
