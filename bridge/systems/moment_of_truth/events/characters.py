"""Characters, advancement and equipment: creation checks (ch. 2-4),
experience costs (ch. 11) and the world's arsenal (ch. 10). No cards."""

from __future__ import annotations

from ....encoded import dumps, loads
from ....protocol import against_the_rules
from ....rules.moment_of_truth.advancement import (
    OffTheTable,
    moment_buyback,
    skill_advancement,
    statistic_advancement,
)
from ....rules.moment_of_truth.characters import CharacterSheet, Talent, check_creation
from ....rules.moment_of_truth.equipment import (
    KINDS,
    Arsenal,
    EntryError,
    define_items,
    remove_items,
)
from ....rules.moment_of_truth.statistics import Statistic
from ....schemas.encode import dump
from ....transport.handling import handles
from ..ledger import arsenal, arsenal_key
from ..names import Event
from ..schemas.characters import AdvancementCost as AdvancementCostShape
from ..schemas.characters import ArsenalItems, CreationCheck
from ..world_rules import world_dials


def check_character(work, check_request: dict) -> dict:
    """Every creation rule the sheet breaks, with its statistics and points, under the world's dials."""
    sheet = check_request["sheet"]
    character = CharacterSheet(
        name=sheet["name"],
        statistics={Statistic(name): value for name, value in sheet["statistics"].items()},
        racial_modifiers={Statistic(name): value for name, value in sheet["racial_modifiers"].items()},
        skills=sheet["skills"],
        problems=tuple(sheet["problems"]),
        talents=tuple(Talent(**talent) for talent in sheet["talents"]),
        boons=tuple(sheet["boons"]),
        trait_points_to_skill_points=sheet["trait_points_to_skill_points"],
        trait_points_to_statistic_points=sheet["trait_points_to_statistic_points"],
    )
    return dump(CreationCheck, check_creation(character, world_dials(work)))


def advancement_cost(work, cost_request: dict) -> dict:
    """Experience to raise one skill or statistic, step by step (ch. 11)."""
    raised = "skill" if "skill" in cost_request else "statistic"
    levels = cost_request[raised]
    try:
        if raised == "skill":
            cost = skill_advancement(levels["name"], levels["current"], levels["desired"])
        else:
            cost = statistic_advancement(levels["name"], levels["current"], levels["desired"], world_dials(work))
    except OffTheTable as broken:
        raise against_the_rules(broken, f"{raised}.{broken.field}") from None
    return dump(AdvancementCostShape, cost)


def advancement_buyback(work, buyback_request: dict) -> dict:
    """Experience for unspent Moments of Truth bought back (ch. 11)."""
    moments = buyback_request["moments"]
    return {"moments": moments, "experience": moment_buyback(moments, world_dials(work))}


def list_equipment(work, _request: dict) -> dict:
    """The book's items with the world's own (which replace a book item of their name)."""
    return dump(ArsenalItems, Arsenal.book().with_custom(arsenal(work.store, work.world_id)).listed)


def _world_items(work) -> Arsenal:
    """The world's own equipment as this work has it (none yet: empty)."""
    stored = work.get(arsenal_key(work.world_id))
    return Arsenal.empty().with_custom(loads(stored) if stored else {})


def define_equipment(work, define_request: dict) -> dict:
    """The GM removes some of the world's own items, then adds or replaces others."""
    try:
        custom = remove_items(_world_items(work), define_request["remove"])
    except EntryError as broken:
        raise against_the_rules(broken, f"remove.{broken.field}") from None
    try:
        custom = define_items(custom, {kind: define_request[kind] for kind in KINDS})
    except EntryError as broken:
        raise against_the_rules(broken, broken.field) from None
    kept = dump(ArsenalItems, custom.listed)
    work.set(arsenal_key(work.world_id), dumps(kept))
    return kept


def init_app(app) -> None:
    handles(app, Event.CHARACTER_CHECK)(check_character)
    handles(app, Event.ADVANCEMENT_COST)(advancement_cost)
    handles(app, Event.ADVANCEMENT_BUYBACK)(advancement_buyback)
    handles(app, Event.EQUIPMENT_LIST)(list_equipment)
    handles(app, Event.EQUIPMENT_DEFINE)(define_equipment)
