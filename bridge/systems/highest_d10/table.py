"""The d10 highest-die system at the table: where its rules differ from the
base game (``bridge.table.game.Table``).

A token is one of the characters registered with ``d10.character.register``,
with its initiative pool; it shows its aiming as a bar and its last open
roll's outcome as a condition. A round of the fight is a phase (Time): each
phase every combatant's initiative total is rolled (or declared by the
GM), and they declare lowest first (Actions), so a fight's order is set
again at each phase's start, and the encounter of the state document
(``d10.declare``, ``d10.phase.end``) follows it (docs/rules/highest_d10.md).
A declaration and a roll take the acting token's turn."""

from __future__ import annotations

from marshmallow import fields, validate

from ...protocol import Request
from ...rules.dice import RandomDice
from ...rules.highest_d10 import roll_skill
from ...rules.highest_d10.declarations import declaration_order
from ...schemas.common import Identifier
from ...schemas.encode import dump
from ...schemas.requests import RATING_MAX
from ...table import events as table_events
from ...table import schemas as table_schemas
from ...table.game import Table
from ...table.tokens import records
from .. import at_table
from ..state import change_state
from . import state
from .schemas import SYSTEM, D10SkillRoll

#: Each action that takes the acting token's turn, with the field naming the token.
TURN_ACTIONS = {"d10.declare": "token_id", "d10.roll": "token_id"}

_dice = RandomDice()

#: The severity an outcome shows with.
_SEVERITY = {"solid_success": "info", "success": "info", "partial_success": "minor", "failure": "serious",
             "automatic_failure": "serious", "botch": "critical", "worse_botch": "critical"}


def mirror(character: dict) -> dict:
    """What a token shows of its character."""
    return {"aiming": character["aiming"]}


class TokenRegisterRequest(table_schemas.TokenRegisterRequest):
    """A token of a character registered with ``d10.character.register``: its
    sheet is that character's, with its initiative: ``initiative_dice`` d10
    rolled as a skill roll, plus ``initiative_bonus``."""

    class Meta:
        unknown = "raise"

    initiative_dice = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    initiative_bonus = fields.Integer(load_default=0, validate=validate.Range(-100, 100))


class CombatInitiativeRequest(table_schemas.CombatInitiativeRequest):
    """``declared``: initiative totals the GM declares, by token; every other combatant's is rolled."""

    class Meta:
        unknown = "raise"

    declared = fields.Dict(keys=Identifier(), values=fields.Integer(validate=validate.Range(-1000, 1000)), load_default=dict)


class CombatNextRequest(table_schemas.CombatNextRequest):
    """As the core's; at a phase's end, ``declared`` totals for the next phase, by token (the rest rolled)."""

    class Meta:
        unknown = "raise"

    declared = fields.Dict(keys=Identifier(), values=fields.Integer(validate=validate.Range(-1000, 1000)), load_default=dict)


def register(work, request: dict) -> dict:
    character = (work.system_state(SYSTEM) or {"characters": {}})["characters"].get(request["actor_id"])
    return at_table.register(work, request, character, mirror, "d10.character.register")


def _totals(work, combat: dict, card: dict) -> dict[str, int]:
    """The card's initiative totals, by the character of each seat's first token, lowest first."""
    first = {}
    for combatant in combat["combatants"]:
        first.setdefault(combatant["seat"], combatant["token_id"])
    records = work.tokens(list(first.values()))
    return {records[first[entry["seat"]]]["actor_id"]: entry["total"] for entry in card["initiative"]}


def initiative(work, request: dict) -> dict:
    """The core's, then the encounter's phase 1 declared in the same order."""
    ordered = table_events.initiative(work, request)
    totals = _totals(work, ordered["combat"], ordered["card"]["result"])
    change_state(work, SYSTEM, lambda now: state.start_encounter(now, totals))
    at_table.show_characters(work, TABLE.view, Request.COMBAT_INITIATIVE, request, shown(work, request, {}))
    return ordered


class HighestD10Table(Table):
    schemas = {
        Request.TOKEN_REGISTER.value: TokenRegisterRequest,
        Request.COMBAT_INITIATIVE.value: CombatInitiativeRequest,
        Request.COMBAT_NEXT.value: CombatNextRequest,
    }
    handlers = {
        Request.TOKEN_REGISTER.value: register,
        Request.COMBAT_INITIATIVE.value: initiative,
    }
    turn_actions = TURN_ACTIONS

    def view(self, record: dict) -> dict:
        if "initiative_dice" not in record:  # registered while the world played another system
            return super().view(record)
        outcome = record.get("outcome")
        conditions = [] if outcome is None else [
            {"label": outcome.replace("_", " "), "icon": "circle", "severity": _SEVERITY.get(outcome, "info")}]
        return {"conditions": conditions, "bars": [{"label": "Aiming", "value": record["aiming"], "max": 3}]}

    def turn_passing(self, work, request: dict, combat: dict, new_round: bool) -> dict:
        """A new round is a new phase: the encounter's phase ends (its actions
        resolve), and the phase starts in the order of new initiative totals."""
        if not new_round:
            return combat
        fighting = records(work, {combatant["token_id"]: "scene_id" for combatant in combat["combatants"]})
        order, card = self.order(combat, fighting, request, _dice)
        after = combat | {"order": order, "turn": 0, "seat": order[0]}
        if (work.system_state(SYSTEM) or {}).get("encounter"):
            change_state(work, SYSTEM, lambda now: state.end_phase(now, _totals(work, after, card)))
            at_table.show_characters(work, self.view, Request.COMBAT_NEXT, request, shown(work, request, {}))
        return after

    def order(self, combat: dict, records: dict[str, dict], request: dict, dice) -> tuple[list[str], dict]:
        """Each seat's first token's initiative total, declared or rolled; the lowest declares first."""
        seats: dict[str, dict] = {}
        for combatant in combat["combatants"]:
            seats.setdefault(combatant["seat"], records[combatant["token_id"]])
        declared, rolled, totals = request.get("declared", {}), {}, {}
        for seat, record in seats.items():
            if record["token_id"] in declared:
                totals[seat] = declared[record["token_id"]]
            else:
                rolled[seat] = roll_skill(record["initiative_dice"], dice=dice, stressful=False)
                totals[seat] = rolled[seat].total + record["initiative_bonus"]
        order = [seat for seat, _ in declaration_order(totals)]
        phase = combat["round"]
        lines = [f"phase {phase}: lowest initiative declares first"]
        for seat in order:
            how = "declared" if seat not in rolled else f"rolled {rolled[seat].total} + {seats[seat]['initiative_bonus']}"
            lines.append(f"{seats[seat]['name']}: {totals[seat]} ({how})")
        card = {"system": SYSTEM, "phase": phase, "order": order, "explanation": lines,
                "initiative": [{"seat": seat, "total": totals[seat], "roll": dump(D10SkillRoll, rolled[seat]) if seat in rolled else None}
                               for seat in order]}
        return order, card


TABLE = HighestD10Table()


def shown(work, request: dict, answer) -> dict[str, dict]:
    """What each character's tokens show now: its aiming, and the outcome of
    a roll the whole table saw (``d10.roll``), on its roller's tokens."""
    characters = (work.system_state(SYSTEM) or {"characters": {}})["characters"]
    shown_now = {actor_id: mirror(character) for actor_id, character in characters.items()}
    if request.get("visibility") is not None and request["visibility"].value == "public" and answer.get("rule") == "d10.roll":
        outcome = (answer["result"].get("outcome") or {}).get("label")
        if request["actor_id"] in shown_now and outcome:
            shown_now[request["actor_id"]]["outcome"] = outcome
    return shown_now
