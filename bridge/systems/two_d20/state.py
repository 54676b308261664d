"""The 2d20 variant's state document and its changes, as pure functions.

The document (``TwoD20State``): the party's ``momentum``, the GM's
``chaos``, the scene's ``traits``, each registered character by actor id
(sheet, Stress, Armor, Mana, Determination, traits), the successful test
Momentum may be spent after (``after_test``), the actions each character
took in its last turn of a fight (``turns``; the turns themselves are the
table's combat's) and the scene's ``zones``. Each change takes the
document and returns ``(document after, changes)``, ``changes`` the pools'
``PoolChange`` lines, each naming its character when it has one; a rules
refusal is a ``RulesRefusal`` (``NotEnough`` for a pool that cannot pay).
"""

from __future__ import annotations

import copy
from typing import Any

from bridge.rules.refusal import RulesRefusal

from ...rules.two_d20.chaos import Chaos
from ...rules.two_d20.combat import Defence, Hit, Vitals, counter_attack, mana_maximum, stress_maximum
from ...rules.two_d20.determination import AT_SESSION_START, Determination, DeterminationUse
from ...rules.two_d20.momentum import Momentum, MomentumSpend, PoolChange, spend_cost
from ...rules.two_d20.rounds import Action, Turn, move
from ...rules.two_d20.skill_tests import Payer, SkillTest
from ...rules.two_d20.traits import Trait, TraitSubject
from ...schemas.encode import dump
from .schemas import (
    TwoD20Change,
    TwoD20Chaos,
    TwoD20Determination,
    TwoD20Momentum,
    TwoD20Trait,
    TwoD20Vitals,
)

#: Each pool's shape in the document, by its key.
_POOLS = {"momentum": TwoD20Momentum, "chaos": TwoD20Chaos}

#: The skill and the two styles Stress is made of (Combat).
SURVIVE, BOLDLY, FORCEFULLY = "Survive", "Boldly", "Forcefully"

Changes = list[dict[str, Any]]


class NoSession(RulesRefusal):
    """A request before the GM started a session."""


def not_started(state: dict | None) -> dict:
    """``state``, refused while no session has started."""
    if state is None:
        raise NoSession("no session has started: the GM sends 2d20.session.start first")
    return state


def copied(state: dict | None) -> dict:
    """A copy of the document to change, refused while no session has started."""
    return copy.deepcopy(not_started(state))


def character(state: dict, actor_id: str) -> dict:
    found = not_started(state)["characters"].get(actor_id)
    if found is None:
        raise RulesRefusal(f"{actor_id} is not a registered character (2d20.character)")
    return found


def start_session(state: dict | None, players: int) -> tuple[dict, Changes]:
    """Momentum empty for ``players``, 2 Chaos each, every character at one
    Determination with Stress, Armor and Mana restored."""
    momentum, chaos = Momentum(0, players), Chaos.at_start(players)
    after = {"momentum": dump(TwoD20Momentum, momentum), "chaos": dump(TwoD20Chaos, chaos), "traits": [], "characters": {}, "after_test": None,
             "turns": {}, "zones": {"links": {}, "positions": {}}}
    changes = [_line(PoolChange("momentum", _tokens(state, "momentum"), 0, "start of session")),
               _line(PoolChange("chaos", _tokens(state, "chaos"), chaos.tokens, f"start of session: 2 Chaos x {players} players"))]
    for actor_id, sheet in (state or {}).get("characters", {}).items():
        determination, change = Determination(sheet["determination"]["tokens"]).start_of_session()
        after["characters"][actor_id] = {**_restored(sheet), "determination": dump(TwoD20Determination, determination)}
        changes.append(_line(change, actor_id))
    return after, changes


def register(state: dict | None, actor_id: str, sheet: dict) -> tuple[dict, Changes]:
    """Add or replace a character's sheet: Stress = Survive + (Boldly or
    Forcefully), Armor, Mana 2 x the Determination maximum with powers. A new
    character starts with the session's one Determination; one registered
    again keeps its Determination and traits."""
    after = copied(state)
    missing = [f"{where} {name!r}" for where, name in (("skills", SURVIVE), ("styles", BOLDLY), ("styles", FORCEFULLY))
               if name not in sheet[where]]
    if missing:
        raise RulesRefusal(f"Stress needs {', '.join(missing)}")
    styles = sheet["styles"]
    stress = stress_maximum(sheet["skills"][SURVIVE], styles[BOLDLY], styles[FORCEFULLY])
    vitals = Vitals.fresh(stress, sheet["armor"], mana_maximum() if sheet["powers"] else 0)
    kept = after["characters"].get(actor_id, {})
    determination = kept.get("determination", dump(TwoD20Determination, Determination(AT_SESSION_START)))
    after["characters"][actor_id] = {**sheet, **dump(TwoD20Vitals, vitals), "determination": determination, "traits": kept.get("traits", []),
                                     "last_test": None}
    return after, []


def pay_for_dice_in(state: dict, actor_id: str, test: SkillTest) -> dict | None:
    """Pay for a test's bought dice, in place: a PC from Momentum or by
    giving the GM Chaos, an NPC from the GM's Chaos."""
    if not test.bought:
        return None
    if character(state, actor_id)["npc"]:
        if test.paid_by is not Payer.CHAOS:
            raise RulesRefusal("an NPC's bought d20s are paid from the GM's Chaos")
        return _spend(state, "chaos", MomentumSpend.EXTRA_DICE, test.bought)
    if test.paid_by is Payer.MOMENTUM:
        return _spend(state, "momentum", MomentumSpend.EXTRA_DICE, test.bought)
    chaos, change = Chaos(state["chaos"]["tokens"]).dice_bought(test.bought)
    state["chaos"] = dump(TwoD20Chaos, chaos)
    return _line(change)


def bank_momentum_in(state: dict, actor_id: str, momentum: int, reason: str = "extra successes") -> dict | None:
    """A PC's test banks its Momentum in the party's pool (above the cap it
    is lost); an NPC's is the GM's to use at once, not banked."""
    if not momentum or character(state, actor_id)["npc"]:
        return None
    pool, change = _momentum(state).gain(momentum, reason)
    state["momentum"] = dump(TwoD20Momentum, pool)
    return _line(change)


def remember_test_in(state: dict, actor_id: str, card_id: str, rerolled: str | None = None) -> None:
    """The character's last test (its card), the one Determination may re-roll; a
    re-roll must name the card that is still the last (two re-rolls of one card would bank twice)."""
    sheet = character(state, actor_id)
    if rerolled is not None and sheet["last_test"] != rerolled:
        raise RulesRefusal(f"{sheet['name']}'s last test is another one now")
    sheet["last_test"] = card_id


def after_test_in(state: dict, actor_id: str, card_id: str, passed: bool) -> None:
    """A test rolled, in place: a PC's successful test opens the moment Momentum
    may be spent in; any other test closes it (Momentum, docs/rules/two_d20.md)."""
    passed_pc = passed and not character(state, actor_id)["npc"]
    state["after_test"] = {"roll_id": card_id, "actor_id": actor_id} if passed_pc else None


def spend_pool(state: dict | None, pool: str, spend: MomentumSpend, amount: int) -> tuple[dict, Changes]:
    """The party spends Momentum (only immediately after a successful test), or the GM Chaos."""
    after = copied(state)
    check_moment(after, pool)
    return after, [_spend(after, pool, spend, amount)]


def check_moment(state: dict, pool: str) -> None:
    """Momentum is spent only while a PC's successful test is the last thing that happened."""
    if pool == "momentum" and not not_started(state).get("after_test"):
        raise RulesRefusal("Momentum may be spent only immediately after a successful skill test, and the last test failed "
                           "or something else happened since")


def gain_chaos(state: dict | None, prevented: int, tokens: int, reason: str) -> tuple[dict, Changes]:
    """Complications prevented (2 Chaos each), or Chaos the GM adds for the story."""
    after = copied(state)
    chaos = Chaos(after["chaos"]["tokens"])
    chaos, change = chaos.complications_prevented(prevented) if prevented else chaos.generated(tokens, reason)
    after["chaos"] = dump(TwoD20Chaos, chaos)
    return after, [_line(change)]


def spend_determination(state: dict | None, actor_id: str, use: DeterminationUse) -> tuple[dict, Changes]:
    after = copied(state)
    return after, [spend_determination_in(after, actor_id, use)]


def award_determination(state: dict | None, actor_id: str, reason: str) -> tuple[dict, Changes]:
    after = copied(state)
    sheet = character(after, actor_id)
    determination, change = Determination(sheet["determination"]["tokens"]).gain(reason)
    sheet["determination"] = dump(TwoD20Determination, determination)
    return after, [_line(change, actor_id)]


def spend_mana(state: dict | None, actor_id: str, mana: int) -> tuple[dict, Changes]:
    after = copied(state)
    sheet = character(after, actor_id)
    before = sheet["mana"]
    sheet.update(dump(TwoD20Vitals, _vitals(sheet).spend_mana(mana)))
    return after, [_line(PoolChange("mana", before, sheet["mana"], f"{mana} Mana spent on a power"), actor_id)]


def add_trait(state: dict, trait: Trait, actor_id: str | None) -> None:
    """Put ``trait`` on the scene (``actor_id`` None) or on a character, in place."""
    traits = character(state, actor_id)["traits"] if actor_id else not_started(state)["traits"]
    if any(each["name"] == trait.name for each in traits):
        raise RulesRefusal(f"there is already a trait {trait.name!r} there")
    traits.append(dump(TwoD20Trait, trait))


def remove_trait(state: dict, name: str, actor_id: str | None) -> None:
    traits = character(state, actor_id)["traits"] if actor_id else not_started(state)["traits"]
    kept = [each for each in traits if each["name"] != name]
    if len(kept) == len(traits):
        raise RulesRefusal(f"there is no trait {name!r} there")
    traits[:] = kept


def traits_bearing(state: dict, actor_id: str, names: list[str]) -> list[Trait]:
    """The scene's and the character's traits named, as the GM set them."""
    known = {each["name"]: each for each in [*not_started(state)["traits"], *character(state, actor_id)["traits"]]}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise RulesRefusal(f"no such trait on the scene or {actor_id}: {', '.join(unknown)}")
    return [Trait(name, TraitSubject(known[name]["about"]), known[name]["difficulty"]) for name in names]


def take_hit_in(state: dict, actor_id: str, damage: int, bonus: int, negative_trait: str | None) -> Hit:
    """A character takes a hit through its armor, in place; a negative trait taken goes on it."""
    sheet = character(state, actor_id)
    vitals, hit = _vitals(sheet).take_hit(damage, bonus, negative_trait)
    sheet.update(dump(TwoD20Vitals, vitals))
    if hit.negative_trait:
        add_trait(state, Trait(hit.negative_trait, TraitSubject.CHARACTER), actor_id)
    return hit


def pay_in(state: dict, actor_id: str, spend: MomentumSpend, amount: int = 1) -> dict:
    """A character's side pays, in place: a PC from Momentum, an NPC from Chaos."""
    return _spend(state, _side(state, actor_id), spend, amount)


def afford(state: dict, actor_id: str, spend: MomentumSpend, amount: int) -> int:
    """How much of ``amount`` the character's side can pay for now."""
    tokens = state[_side(state, actor_id)]["tokens"]
    return max((each for each in range(1, amount + 1) if spend_cost(spend, each) <= tokens), default=0)


def counter_attack_in(state: dict, defence: Defence, defender_id: str) -> dict:
    """The defender's side pays for a counter-attack, in place (a successful defence only)."""
    side = _side(state, defender_id)
    pool, change = counter_attack(defence, _pool(state, side))
    state[side] = dump(_POOLS[side], pool)
    return _line(change)


def turn_passed(state: dict | None, new_round: bool) -> tuple[dict, Changes]:
    """A turn of the fight ended: the moment Momentum may be spent in closes,
    and at the end of a round the party loses 1 Momentum."""
    after = copied(state)
    after["after_test"] = None
    if not new_round:
        return after, []
    momentum, change = _momentum(after).end_of_round()
    after["momentum"] = dump(TwoD20Momentum, momentum)
    return after, [_line(change)]


def _turn(state: dict, actor_id: str, now: dict) -> Turn:
    """The actions ``actor_id`` took in the fight's turn ``now`` (``{scene_id,
    round, seat}``): none yet when the ones kept are of an earlier turn."""
    kept = state.get("turns", {}).get(actor_id)
    if kept is None or any(kept[key] != now[key] for key in ("scene_id", "round", "seat")):
        return Turn(actor_id)
    return Turn(actor_id, tuple(Action(each) for each in kept["taken"]), kept["extra_actions"])


def _keep(state: dict, actor_id: str, now: dict, turn: Turn) -> None:
    state.setdefault("turns", {})[actor_id] = {**now, "taken": [each.value for each in turn.taken],
                                               "extra_actions": turn.extra_actions}


def check_action(state: dict, actor_id: str, action: Action, now: dict | None) -> None:
    """Refuse ``action`` when ``actor_id`` has taken it already in the fight's turn ``now`` (None: no fight, no limit)."""
    if now is not None:
        _turn(state, actor_id, now).take(action)


def take_action_in(state: dict, actor_id: str, action: Action, now: dict | None) -> None:
    """``actor_id`` takes a major or minor action of the fight's turn ``now``, in place (None: no fight, nothing kept)."""
    if now is not None:
        _keep(state, actor_id, now, _turn(state, actor_id, now).take(action))


def another_action_in(state: dict, actor_id: str, now: dict | None) -> None:
    """Determination's another action, in place: one more major action in the fight's turn ``now`` (None: no fight)."""
    if now is not None:
        _keep(state, actor_id, now, _turn(state, actor_id, now).another_action())


def set_zones(state: dict | None, links: dict[str, list[str]], positions: dict[str, str]) -> tuple[dict, Changes]:
    """The GM draws the scene's zones (each with its neighbours) and places characters in them."""
    after = copied(state)
    for actor_id, zone in positions.items():
        character(after, actor_id)
        if zone not in links:
            raise RulesRefusal(f"there is no zone {zone!r} on the map")
    after["zones"] = {"links": links, "positions": positions}
    return after, []


def move_in(state: dict, actor_id: str, zone: str) -> str:
    """``actor_id`` moves to a nearby zone, in place; the range it was at."""
    zones = state.get("zones") or {"links": {}, "positions": {}}
    start = zones["positions"].get(actor_id)
    if start is None:
        raise RulesRefusal(f"{actor_id} is in no zone: the GM places them (2d20.zones)")
    reached = move(zones["links"], start, zone)
    zones["positions"][actor_id] = zone
    state["zones"] = zones
    return reached.value


def end_scene(state: dict | None) -> tuple[dict, Changes]:
    """1 Momentum lost; Stress, Armor and Mana restored; the scene's traits, turns and zones go with it."""
    after = copied(state)
    momentum, change = _momentum(after).end_of_scene()
    after["momentum"], after["traits"], after["after_test"], after["turns"] = dump(TwoD20Momentum, momentum), [], None, {}
    after["zones"] = {"links": {}, "positions": {}}
    after["characters"] = {actor_id: _restored(sheet) for actor_id, sheet in after["characters"].items()}
    return after, [_line(change)]


def spend_determination_in(state: dict, actor_id: str, use: DeterminationUse) -> dict:
    sheet = character(state, actor_id)
    determination, change = Determination(sheet["determination"]["tokens"]).spend(use)
    sheet["determination"] = dump(TwoD20Determination, determination)
    return _line(change, actor_id)


def _spend(state: dict, pool: str, spend: MomentumSpend, amount: int) -> dict:
    after, change = _pool(state, pool).spend(spend, amount)
    state[pool] = dump(_POOLS[pool], after)
    return _line(change)


def _pool(state: dict, pool: str) -> Momentum | Chaos:
    return _momentum(state) if pool == "momentum" else Chaos(state["chaos"]["tokens"])


def _side(state: dict, actor_id: str) -> str:
    return "chaos" if character(state, actor_id)["npc"] else "momentum"


def _momentum(state: dict) -> Momentum:
    return Momentum(state["momentum"]["tokens"], state["momentum"]["players"])


def _vitals(sheet: dict) -> Vitals:
    return Vitals(sheet["stress_max"], sheet["armor_max"], sheet["mana_max"], sheet["stress"], sheet["armor"], sheet["mana"])


def _restored(sheet: dict) -> dict:
    return {**sheet, **dump(TwoD20Vitals, _vitals(sheet).new_scene())}


def _tokens(state: dict | None, pool: str) -> int:
    return state[pool]["tokens"] if state else 0


def _line(change: PoolChange, actor_id: str | None = None) -> dict:
    return {**dump(TwoD20Change, change), "actor_id": actor_id}
