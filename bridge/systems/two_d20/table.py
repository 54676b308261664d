"""The 2d20 variant at the table: where its rules differ from the base game
(``bridge.table.game.Table``).

A token is one of the characters registered with ``2d20.character``; it
shows that character's Stress, Armor and Mana as bars and its traits
(the negative traits taken in hits among them) as conditions, and takes
them again whenever a request changes the character. A fight's order is
set as Rounds & Zones says: the character with the initiative goes first,
then the player characters' and the NPCs' turns alternate, the side with
the initiative keeping it every round (docs/rules/two_d20.md). A test, an
attack and an action (``2d20.action``) take the acting token's turn, whose
major and minor actions the state document counts. A turn's end closes the
moment Momentum may be spent in; the end of each round costs the party 1
Momentum."""

from __future__ import annotations

from ...protocol import ErrorCode, Request, RequestError
from ...rules.two_d20.rounds import turn_order
from ...schemas.common import Identifier
from ...table import schemas as table_schemas
from ...table.game import Table
from .. import at_table
from ..state import change_state
from . import state

NAME = "two_d20"

#: Each action that takes the acting token's turn, with the field naming the token.
TURN_ACTIONS = {"2d20.test": "token_id", "2d20.attack": "token_id", "2d20.action": "token_id"}


def mirror(character: dict) -> dict:
    """What a token shows of its character."""
    return {
        "npc": bool(character.get("npc")),
        **{name: character[name] for name in ("stress", "stress_max", "armor", "armor_max", "mana", "mana_max")},
        "determination": character["determination"]["tokens"],
        "traits": [trait["name"] for trait in character["traits"]],
    }


class TokenRegisterRequest(table_schemas.TokenRegisterRequest):
    """A token of a character registered with ``2d20.character``: its sheet is that character's."""

    class Meta:
        unknown = "raise"


class CombatInitiativeRequest(table_schemas.CombatInitiativeRequest):
    """``first``: the fighting token with the initiative in the fiction (the
    GM says who; left out: the first player character seated)."""

    class Meta:
        unknown = "raise"

    first = Identifier(load_default=None, allow_none=True)


def register(work, request: dict) -> dict:
    character = (work.system_state(NAME) or {}).get("characters", {}).get(request["actor_id"])
    return at_table.register(work, request, character, mirror, "2d20.character")


class TwoD20Table(Table):
    schemas = {
        Request.TOKEN_REGISTER.value: TokenRegisterRequest,
        Request.COMBAT_INITIATIVE.value: CombatInitiativeRequest,
    }
    handlers = {Request.TOKEN_REGISTER.value: register}
    turn_actions = TURN_ACTIONS

    def view(self, record: dict) -> dict:
        if "stress_max" not in record:  # registered while the world played another system
            return super().view(record)
        bars = [{"label": "Stress", "value": record["stress"], "max": record["stress_max"]},
                {"label": "Armor", "value": record["armor"], "max": record["armor_max"]}]
        if record["mana_max"]:
            bars.append({"label": "Mana", "value": record["mana"], "max": record["mana_max"]})
        conditions = [{"label": name, "icon": "circle", "severity": "minor"} for name in record["traits"]]
        if record["stress"] == 0:
            conditions.insert(0, {"label": "no Stress left", "icon": "skull", "severity": "critical"})
        return {"conditions": conditions, "bars": bars}

    def turn_passing(self, work, request: dict, combat: dict, new_round: bool) -> dict:
        """A turn's end closes the moment Momentum may be spent in; a round's
        end costs the party 1 Momentum (Rounds & Zones)."""
        document = work.system_state(NAME)
        if document is not None and (new_round or document["after_test"]):
            change_state(work, NAME, lambda before: state.turn_passed(before, new_round))
        return combat

    def order(self, combat: dict, records: dict[str, dict], request: dict, dice) -> tuple[list[str], dict]:
        """Seats in turn: the one with the initiative, then the sides alternating."""
        seated = [(combatant["seat"], records[combatant["token_id"]]) for combatant in combat["combatants"]]
        seats = list(dict.fromkeys(seat for seat, _ in seated))
        side = {seat: bool(record.get("npc")) for seat, record in seated}
        first = request["first"]
        if first is None:
            first = next((seat for seat in seats if not side[seat]), seats[0])
        else:
            named = [seat for seat, record in seated if record["token_id"] == first]
            if not named:
                raise RequestError(ErrorCode.INVALID, "that token is not in this fight", {"first": ["not fighting"]})
            first = named[0]
        leading = [first, *(seat for seat in seats if side[seat] == side[first] and seat != first)]
        trailing = [seat for seat in seats if side[seat] != side[first]]
        order = turn_order([leading, trailing])
        names = {seat: record["name"] for seat, record in reversed(seated)}
        explanation = [f"{names[first]} has the initiative and goes first; the sides alternate, "
                       f"{'the NPCs' if side[first] else 'the player characters'} keeping the initiative each round",
                       *(f"{turn}. {names[seat]}" for turn, seat in enumerate(order, 1))]
        return order, {"system": NAME, "order": order, "first": first, "explanation": explanation}


TABLE = TwoD20Table()


def shown(work, _request: dict, _answer) -> dict[str, dict]:
    """What each character's tokens show now."""
    return {actor_id: mirror(character) for actor_id, character in (work.system_state(NAME) or {}).get("characters", {}).items()}
