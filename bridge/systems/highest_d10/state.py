"""The d10 system's state document and its changes, as pure functions of it.

``{"characters": {actor_id: character}, "encounter": encounter | None}``: each
registered character's name (unique: the rules' declarations name them),
attributes, skills and the phases it has spent aiming; the encounter's phase,
its clock, the declaration order (lowest initiative first), who has declared,
who declares next, this phase's declarations, the actions carrying on from
earlier phases and how the last phase resolved (Time; Actions).

Aiming (Sample Actions: +1 per phase, up to 3) builds while a character's
Aiming resolves; another action that takes time, except the shot itself
(Firing Semi-Auto), ends it, and the shot spends it (``spend_aim``). A phase
without a new action keeps it: the text does not say, and holding a gun on a
target is still aiming.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bridge.rules.highest_d10.actions import AIMING, FIRING_SEMI_AUTO, SAMPLE_ACTIONS
from bridge.rules.highest_d10.declarations import (
    Declaration,
    DeclarationRefused,
    Status,
    Underway,
    declaration_order,
    declared_line,
    fastdraw,
    plan_phase,
)
from bridge.rules.highest_d10.initiative import rating
from bridge.rules.highest_d10.phases import ActionTime, clock
from bridge.rules.refusal import RulesRefusal
from bridge.schemas.encode import dump

from .schemas import D10Clock, D10Declared, D10PhasePlan

State = dict[str, Any]
EMPTY: State = {"characters": {}, "encounter": None}


class Refused(RulesRefusal):
    """A change the rules refuse, blamed on the request's ``field``."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def register(state: State | None, actor_id: str, name: str, attributes: dict, skills: dict) -> tuple[State, dict]:
    """Register (or re-register) a character; its aiming is kept, and its
    name too while an encounter is under way (declarations name it)."""
    state = state or EMPTY
    characters = dict(state["characters"])
    for other, character in characters.items():
        if character["name"] == name and other != actor_id:
            raise Refused("name", f"{other} is already called {name}")
    before = characters.get(actor_id, {})
    if state["encounter"] and before and before["name"] != name:
        raise Refused("name", f"{before['name']} is declared by that name until the encounter ends")
    aiming = before.get("aiming", 0)
    characters[actor_id] = {"name": name, "attributes": attributes, "skills": skills, "aiming": aiming}
    return {**state, "characters": characters}, {"actor_id": actor_id, "character": characters[actor_id]}


def start_encounter(state: State | None, initiative: Mapping[str, int], rolled: dict | None = None) -> tuple[State, dict]:
    """Begin an encounter on phase 1 (Actions) with these initiative totals; aiming starts afresh.
    ``rolled``: the rating the totals were rolled with and each roll; each phase rolls it again."""
    state = state or EMPTY
    characters = {actor_id: {**character, "aiming": 0} for actor_id, character in state["characters"].items()}
    encounter = _open_phase(characters, 1, initiative, [], None, rolled)
    return {"characters": characters, "encounter": encounter}, {"encounter": encounter}


def initiative_pools(state: State | None, characters: Sequence[str], name: str) -> dict[str, int]:
    """The dice each character rolls for initiative: the sheet's rating ``name``."""
    known = (state or EMPTY)["characters"]
    pools = {}
    for actor_id in characters:
        if actor_id not in known:
            raise Refused("roll_initiative.characters", f"{actor_id} is not a registered character")
        try:
            pools[actor_id] = rating(known[actor_id], name)
        except KeyError:
            raise Refused("roll_initiative.rating", f"{known[actor_id]['name']} has no skill or attribute {name!r}") from None
    return pools


def rolling(state: State | None) -> dict | None:
    """The encounter's initiative roll (rating and characters) when its totals are rolled each phase."""
    encounter = (state or EMPTY)["encounter"]
    return encounter.get("initiative_roll") if encounter else None


def end_encounter(state: State | None) -> tuple[State, dict]:
    state = _playing(state)
    characters = {actor_id: {**character, "aiming": 0} for actor_id, character in state["characters"].items()}
    return {"characters": characters, "encounter": None}, {"encounter": None}


def declare(
    state: State | None, actor_id: str, actions: Sequence[Mapping[str, Any]], fastdraw_succeeded: bool | None = None
) -> tuple[State, dict]:
    """``actor_id`` declares its ``actions`` for this phase (none: it passes),
    when its turn to declare comes; ``fastdraw_succeeded``: the roll of a Fastdraw among them."""
    state = _playing(state)
    encounter = state["encounter"]
    _check_turn(encounter, actor_id)
    name = state["characters"][actor_id]["name"]
    made = [_declaration(name, action, fastdraw_succeeded) for action in actions]
    before = [_from_dict(action).declaration for action in encounter["declarations"]]
    try:
        plan = plan_phase(
            encounter["phase"], _initiatives(encounter), [*before, *made], _underway(encounter["underway"])
        )
    except DeclarationRefused as refused:
        raise Refused("actions", str(refused)) from None
    new = plan.declared[len(before):]
    declared = [_to_dict(action, actor_id) for action in new]
    done = [*encounter["declared"], actor_id]
    encounter = {**encounter, "declarations": [*encounter["declarations"], *declared], "declared": done,
                 "next": _next(encounter["order"], done)}
    lines = [declared_line(action) for action in new] or [f"{name} declares no new action"]
    lines.append(_next_line(encounter))
    made = {"phase": encounter["phase"], "declared": declared, "next": encounter["next"], "explanation": lines}
    return {**state, "encounter": encounter}, made


def end_phase(state: State | None, initiative: Mapping[str, int] | None = None, rolled: dict | None = None) -> tuple[State, dict]:
    """Resolve this phase's actions, shortest first, and open the next phase
    with new initiative totals (``None``: the same as this phase's; ``rolled``: they were rolled)."""
    state = _playing(state)
    encounter = state["encounter"]
    plan = plan_phase(
        encounter["phase"],
        _initiatives(encounter),
        [_from_dict(action).declaration for action in encounter["declarations"]],
        _underway(encounter["underway"]),
    )
    characters = _aim(state["characters"], encounter["declarations"])
    ids = {character["name"]: actor_id for actor_id, character in characters.items()}
    carrying_on = [_to_dict(action, ids[action.declaration.character]) for action in plan.carrying_on]
    if initiative is None:
        initiative = {entry["actor_id"]: entry["initiative"] for entry in encounter["order"]}
    resolved = dump(D10PhasePlan, plan)
    rolled = rolled or encounter.get("initiative_roll")  # a phase the GM declares keeps the encounter's roll for the next
    opened = _open_phase(characters, encounter["phase"] + 1, initiative, carrying_on, resolved, rolled)
    return {"characters": characters, "encounter": opened}, {"resolved": resolved, "encounter": opened}


def spend_aim(state: State | None, actor_id: str) -> tuple[State, int]:
    """The phases ``actor_id`` has aimed, spent on its shot."""
    state = state or EMPTY
    character = state["characters"].get(actor_id)
    if character is None:
        raise Refused("actor_id", f"{actor_id} is not a registered character")
    if not character["aiming"]:
        raise Refused("aimed", f"{character['name']} has not aimed")
    characters = {**state["characters"], actor_id: {**character, "aiming": 0}}
    return {**state, "characters": characters}, character["aiming"]


# --- helpers ------------------------------------------------------------------


def _playing(state: State | None) -> State:
    if not state or state["encounter"] is None:
        raise Refused("_schema", "no encounter is under way: the GM starts one")
    return state


def _open_phase(characters: dict, phase: int, initiative: Mapping[str, int], underway: list, last: dict | None,
                rolled: dict | None = None) -> dict:
    unknown = [actor_id for actor_id in initiative if actor_id not in characters]
    if unknown:
        raise Refused("initiative", f"not registered characters: {', '.join(unknown)}")
    order = [
        {"actor_id": actor_id, "character": characters[actor_id]["name"], "initiative": total}
        for actor_id, total in declaration_order(initiative)
    ]
    return {"phase": phase, "clock": dump(D10Clock, clock(phase)), "order": order, "declared": [],
            "next": _next(order, []), "declarations": [], "underway": underway, "last_phase": last, "initiative_roll": rolled}


def _check_turn(encounter: dict, actor_id: str) -> None:
    if actor_id in encounter["declared"]:
        raise Refused("actor_id", f"{actor_id} has declared this phase already")
    if all(entry["actor_id"] != actor_id for entry in encounter["order"]):
        raise Refused("actor_id", f"{actor_id} has no initiative this phase")
    if encounter["next"] != actor_id:
        waiting = next(entry for entry in encounter["order"] if entry["actor_id"] == encounter["next"])
        raise Refused("actor_id", f"{waiting['character']} declares first: lowest initiative declares first")


def _next(order: list[dict], declared: list[str]) -> str | None:
    return next((entry["actor_id"] for entry in order if entry["actor_id"] not in declared), None)


def _next_line(encounter: dict) -> str:
    waiting = [entry["character"] for entry in encounter["order"] if entry["actor_id"] == encounter["next"]]
    return f"{waiting[0]} declares next" if waiting else "everyone has declared: the GM ends the phase"


def _initiatives(encounter: dict) -> dict[str, int]:
    return {entry["character"]: entry["initiative"] for entry in encounter["order"]}


def _declaration(name: str, action: Mapping[str, Any], fastdraw_succeeded: bool | None) -> Declaration:
    """A declared action: a sample action takes its Time from the table; any other action names its time."""
    sample = SAMPLE_ACTIONS.get(action["action"])
    time = action.get("time")
    if sample is not None and time not in (None, sample.time):
        raise Refused("actions", f"{sample.name} is a {sample.time.value} action, not a {time.value} one")
    if sample is None and time is None:
        raise Refused("actions", f"{action['action']} is not a sample action: say how long it takes")
    if sample is not None and sample.name == "Fastdraw":
        if fastdraw_succeeded is None:
            raise Refused("fastdraw", "a Fastdraw is rolled as it is declared: give its roll")
        return fastdraw(name, fastdraw_succeeded)
    return Declaration(name, action["action"], time or sample.time, action.get("note", ""))


def _aim(characters: dict, declarations: list[dict]) -> dict:
    """Aiming after a phase: +1 phase for an Aiming that resolved; another
    action that takes time, bar the shot, ends it."""
    changed = dict(characters)
    for action in declarations:
        if action["time"] == ActionTime.FREE.value or action["action"] == FIRING_SEMI_AUTO.name:
            continue
        character = changed[action["actor_id"]]
        aimed = action["action"] == AIMING.name and action["status"] == Status.DECLARED.value
        changed[action["actor_id"]] = {**character, "aiming": character["aiming"] + 1 if aimed else 0}
    return changed


def _to_dict(action: Underway, actor_id: str) -> dict:
    return {**dump(D10Declared, action), "actor_id": actor_id}


def _from_dict(data: Mapping[str, Any]) -> Underway:
    time = ActionTime(data["time"])
    declaration = Declaration(data["character"], data["action"], time, data["note"], data["succeeded"])
    return Underway(declaration, data["declared"], data["resolves"], Status(data["status"]))


def _underway(actions: list[dict]) -> list[Underway]:
    return [_from_dict(action) for action in actions]
