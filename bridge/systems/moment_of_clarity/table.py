"""Moment of Clarity at the table: where its rules differ from the base
game (``bridge.table.game.Table``).

A token is one of the characters registered with ``moc.character``, with
the dice of its Sp (Speed) for initiative; it shows its Damage and Pain
left as bars and being dazed, down or fatigued as conditions, and takes
them again whenever a request changes the character. A fight's order is
set by each combatant's Sp roll (Combat: Initiative): the most successes
first, ties by the total on the dice, a tie that persists acting
simultaneously, next to each other in the order (docs/rules/moment_of_clarity.md).
The fight's turns are the table's: to hit, a roll, a split pool and a move
take the acting token's turn, and a character's moves add up over its turn
(``moc.move``) until the fight ends."""

from __future__ import annotations

from marshmallow import fields

from ...protocol import Request
from ...rules.moment_of_clarity.combat import initiative_order
from ...rules.moment_of_clarity.health import DAMAGE_POINTS
from ...rules.moment_of_clarity.levels import Difficulty
from ...rules.moment_of_clarity.rolls import roll
from ...schemas.encode import dump
from ...table import events as table_events
from ...table import schemas as table_schemas
from ...table.game import Table
from .. import at_table
from ..state import change_state
from . import state
from .schemas.common import DICE
from .schemas.rolls import MocRoll

NAME = "moment_of_clarity"

#: Each action that takes the acting token's turn, with the field naming the token.
TURN_ACTIONS = {"moc.attack": "token_id", "moc.roll": "token_id", "moc.split": "token_id", "moc.move": "token_id"}


def mirror(character: dict) -> dict:
    """What a token shows of its character."""
    return {"tracks": character["tracks"], "dazed": character["dazed"],
            "pain_points": 2 * character["body"] + character["toughness"] + character["l_score"]}


class TokenRegisterRequest(table_schemas.TokenRegisterRequest):
    """A token of a character registered with ``moc.character``: its sheet
    is that character's, with ``speed``, the dice of its Sp (rolled d10 for initiative)."""

    class Meta:
        unknown = "raise"

    speed = fields.Integer(required=True, validate=DICE, metadata={"description": "the Sp characteristic's dice"})


def register(work, request: dict) -> dict:
    character = (work.system_state(NAME) or {}).get("characters", {}).get(request["actor_id"])
    return at_table.register(work, request, character, mirror, "moc.character")


def end(work, request: dict) -> dict:
    """The core's end of a fight; the meters moved in its last turn count no more."""
    ended = table_events.end(work, request)
    if request["scene_id"] in (work.system_state(NAME) or {}).get("moved", {}):
        change_state(work, NAME, state.fight_over(request["scene_id"]))
    return ended


class MomentOfClarityTable(Table):
    schemas = {Request.TOKEN_REGISTER.value: TokenRegisterRequest}
    handlers = {Request.TOKEN_REGISTER.value: register, Request.COMBAT_END.value: end}
    turn_actions = TURN_ACTIONS

    def view(self, record: dict) -> dict:
        if "tracks" not in record:  # registered while the world played another system
            return super().view(record)
        tracks = record["tracks"]
        conditions = []
        if tracks["damage"] >= DAMAGE_POINTS:
            conditions.append({"label": "down", "icon": "skull", "severity": "critical"})
        if record["dazed"]:
            conditions.append({"label": "dazed", "icon": "sleep", "severity": "serious"})
        if tracks["fatigue"]:
            conditions.append({"label": f"fatigue {tracks['fatigue']}", "icon": "circle", "severity": "minor"})
        bars = [{"label": "Damage", "value": max(0, DAMAGE_POINTS - tracks["damage"]), "max": DAMAGE_POINTS},
                {"label": "Pain", "value": max(0, record["pain_points"] - tracks["pain"]), "max": record["pain_points"]}]
        return {"conditions": conditions, "bars": bars}

    def order(self, combat: dict, records: dict[str, dict], request: dict, dice) -> tuple[list[str], dict]:
        """Each seat's first token rolls its Sp against the standard TN; the seats by its successes."""
        seats = {}
        for combatant in combat["combatants"]:
            seats.setdefault(combatant["seat"], records[combatant["token_id"]])
        rolls = {seat: roll(record["speed"], 10, Difficulty.STANDARD, dice) for seat, record in seats.items()}
        groups = initiative_order(rolls)
        order = [seat for group in groups for seat in group]
        names = {seat: record["name"] for seat, record in seats.items()}
        explanation = [f"{turn}. {' and '.join(names[seat] for seat in group)}"
                       + (" (together: their dice tie)" if len(group) > 1 else "") for turn, group in enumerate(groups, 1)]
        card = {"system": NAME, "order": order, "groups": [list(group) for group in groups],
                "rolls": [{"seat": seat, "name": names[seat], "roll": dump(MocRoll, rolled)} for seat, rolled in rolls.items()],
                "explanation": explanation}
        return order, card


TABLE = MomentOfClarityTable()


def shown(work, _request: dict, _answer) -> dict[str, dict]:
    """What each character's tokens show now."""
    return {actor_id: mirror(character) for actor_id, character in (work.system_state(NAME) or {}).get("characters", {}).items()}
