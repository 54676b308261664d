"""The d10 system's handlers: check who may act, roll with the bridge's dice,
change the state document (``state``) and publish the cards."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bridge.protocol import ErrorCode, RequestError, against_the_rules
from bridge.rules.dice import RandomDice
from bridge.rules.highest_d10 import Condition, Modifier, Pool, SkillRoll, build_pool, roll_skill
from bridge.rules.highest_d10.actions import FASTDRAW, aiming
from bridge.rules.highest_d10.advanced import (
    Goal,
    additive,
    cumulative_successes,
    cumulative_total,
    subtractive,
    target_for_allies,
)
from bridge.rules.highest_d10.initiative import rating, roll_initiative
from bridge.schemas.encode import dump
from bridge.systems.state import change_state
from bridge.table.publish import check_owner, publish
from bridge.transport.handling import handles
from bridge.transport.refusals import refused_as

from ...table.work import Work
from ..at_table import played
from . import state
from .schemas import SYSTEM, D10CumulativeCard, D10SkillRoll
from .table import TABLE, shown


def init_app(app) -> None:
    for event, handler in HANDLERS.items():
        handles(app, event)(played(TABLE, event, handler, shown))


# --- rolls ----------------------------------------------------------------------


def skill_roll(work: Work, request: dict) -> dict:
    """A skill roll; an aimed shot spends the aiming, a secondary skill makes it advanced."""
    check_owner(work, request["actor_id"])
    request = _from_sheet(work, request)
    extra = [_secondary(request["secondary"])] if "secondary" in request else []
    if request["aimed"]:
        _pool(request)  # refused before the aiming is spent
        extra.append(aiming(_change(work, lambda now: state.spend_aim(now, request["actor_id"]))))
    result = _roll(request, extra)
    card = dump(D10SkillRoll, result)
    if request.get("secondary", {}).get("kind") == "subtractive":
        card["allies_tn"] = target_for_allies(result)
    return publish(work, request, "d10.roll", card)


def cumulative(work: Work, request: dict) -> dict:
    """``rolls`` rolls toward a very high TN or a number of successes (Advanced Skill Rolls)."""
    check_owner(work, request["actor_id"])
    request = _from_sheet(work, request)
    successes = request["goal"] is Goal.SUCCESSES
    if successes and "tn" not in request:
        raise _invalid("tn", "a roll for successes judges each roll against a TN")
    rolls = [_roll(request) for _ in range(request["rolls"])]
    if successes:
        effort = cumulative_successes(rolls, request["target"], request["solid_counts_double"])
    else:
        effort = cumulative_total(rolls, request["target"])
    return publish(work, request, "d10.cumulative", dump(D10CumulativeCard, effort))


def _from_sheet(work: Work, request: dict) -> dict:
    """The request with its dice: the level of the sheet's ``rating``, or the GM's ``dice`` (one of the two)."""
    if ("dice" in request) == ("rating" in request):
        raise _invalid("rating", "name a rating of the sheet, or (the GM) give the dice")
    if "dice" in request:
        _gm_override(work, "dice")
        return request
    return {**request, "dice": _rated(work, request["actor_id"], request["rating"], "rating")}


def _fastdraw(work: Work, request: dict) -> dict:
    """The Fastdraw's pool: the sheet's Fastdraw skill, the one the rulebook's
    Earl uses as he declares (docs/rules/highest_d10.md), or the GM's ``dice``."""
    pool = request["fastdraw"]
    if "dice" in pool:
        _gm_override(work, "fastdraw.dice")
        return pool
    return {**pool, "dice": _rated(work, request["actor_id"], FASTDRAW.name, "fastdraw")}


def _gm_override(work: Work, field: str) -> None:
    """Typed dice are the GM's: a player's are refused on ``field``."""
    if not work.identity.is_gm:
        raise RequestError(ErrorCode.FORBIDDEN, "a player rolls from the sheet: dice are the GM's override", {field: ["the GM's"]})


def _rated(work: Work, actor_id: str, name: str, field: str) -> int:
    """The level of the character's skill (else attribute) ``name``; a sheet without it is refused on ``field``."""
    sheet = ((work.system_state(SYSTEM) or {}).get("characters") or {}).get(actor_id)
    if sheet is None:
        raise RequestError(ErrorCode.AGAINST_THE_RULES, f"{actor_id} is not a registered character",
                           {"actor_id": ["not registered (d10.character.register)"]})
    try:
        return rating(sheet, name)
    except KeyError:
        message = f"{sheet['name']} has no skill or attribute {name!r}"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {field: [message]}) from None


def _secondary(secondary: dict) -> Modifier:
    if secondary["kind"] == "additive":
        return additive(secondary["skill"], secondary["level"], secondary["halved"])
    if secondary["halved"]:
        raise _invalid("secondary", "only an additive secondary is halved")
    return subtractive(secondary["skill"], secondary["level"])


def _conditions(pool: dict) -> list[Condition]:
    """Each conditional modifier named (a blank name is refused on ``conditions``)."""
    return [Condition(name) for name in pool["conditions"]]


def _pool(pool: dict) -> Pool:
    """The pool after its conditions; one the rules would not roll is refused."""
    with refused_as("conditions", pool="dice"):
        return build_pool(pool["dice"], _conditions(pool))


def _roll(pool: dict, extra: Iterable[Modifier] = ()) -> SkillRoll:
    modifiers = [*(Modifier(each["source"], each["value"]) for each in pool["modifiers"]), *extra]
    with refused_as("conditions", pool="dice"):
        return roll_skill(
            pool["dice"], dice=RandomDice(), modifiers=modifiers, conditions=_conditions(pool),
            stressful=pool["stressful"], tn=pool.get("tn"),
        )


# --- characters and the encounter --------------------------------------------------


def register(work: Work, request: dict) -> dict:
    return _change(work, lambda now: state.register(
        now, request["actor_id"], request["name"], request["attributes"], request["skills"]))


def declare(work: Work, request: dict) -> dict:
    """Declare in turn; a Fastdraw is rolled now from the sheet, its success deciding the declaration."""
    check_owner(work, request["actor_id"])
    drawing = any(action["action"] == FASTDRAW.name for action in request["actions"])
    if "fastdraw" in request and not drawing:
        raise _invalid("fastdraw", "a fastdraw roll goes with a Fastdraw declared")
    roll = _roll(_fastdraw(work, request)) if "fastdraw" in request else None
    succeeded = roll.verdict.degree.succeeded if roll else None
    made = _change(work, lambda now: state.declare(now, request["actor_id"], request["actions"], succeeded))
    return publish(work, request, "d10.declare", {**made, "fastdraw": dump(D10SkillRoll, roll) if roll else None})


def start_encounter(work: Work, request: dict) -> dict:
    """Phase 1, its initiative totals declared by the GM or rolled from the sheets."""
    if ("initiative" in request) == ("roll_initiative" in request):
        raise _invalid("initiative", "give the initiative totals or roll_initiative, one of the two")
    if "initiative" in request:
        return {**_change(work, lambda now: state.start_encounter(now, request["initiative"])), "initiative_rolls": None}
    rolled = request["roll_initiative"]
    totals, rolls = _initiative_rolled(work, rolled)
    made = _change(work, lambda now: state.start_encounter(now, totals, rolled))
    return {**made, "initiative_rolls": rolls}


def end_phase(work: Work, request: dict) -> dict:
    """The next phase, its initiative declared, rolled again as the encounter rolls it, or kept."""
    rolled = None if "initiative" in request else state.rolling(work.system_state(SYSTEM))
    totals, rolls = _initiative_rolled(work, rolled) if rolled else (request.get("initiative"), None)
    return {**_change(work, lambda now: state.end_phase(now, totals, rolled)), "initiative_rolls": rolls}


def _initiative_rolled(work: Work, rolled: dict) -> tuple[dict[str, int], dict[str, dict]]:
    """Each character's initiative rolled from the rating of its sheet: the totals and the rolls."""
    try:
        pools = state.initiative_pools(work.system_state(SYSTEM), rolled["characters"], rolled["rating"])
    except state.Refused as refused:
        raise against_the_rules(refused, refused.field) from None
    rolls = roll_initiative(pools, RandomDice())
    return {actor_id: roll.total for actor_id, roll in rolls.items()}, {actor_id: dump(D10SkillRoll, roll) for actor_id, roll in rolls.items()}


def end_encounter(work: Work, request: dict) -> dict:
    return _change(work, state.end_encounter)


def _invalid(field: str, message: str) -> RequestError:
    return RequestError(ErrorCode.INVALID, message, {field: [message]})


def _change(work: Work, change: Callable) -> dict:
    """Change the state document, a rules refusal blamed on its field."""
    try:
        return change_state(work, SYSTEM, change)
    except state.Refused as refused:
        raise against_the_rules(refused, refused.field) from None


HANDLERS = {
    "d10.roll": skill_roll,
    "d10.cumulative": cumulative,
    "d10.declare": declare,
    "d10.character.register": register,
    "d10.encounter.start": start_encounter,
    "d10.phase.end": end_phase,
    "d10.encounter.end": end_encounter,
}
