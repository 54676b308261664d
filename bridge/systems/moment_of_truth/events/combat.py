"""An attack (ch. 7, Attacking and Defending; ch. 9; ch. 10) by one tracked
token on others: the combat pool against the TN to hit, damage per hit
through armor, called shots, fire modes, the magazine and jams.

Both sides' numbers come from the bridge's state: statistics, skills,
armor, shield and conditions from each ``TokenState``; reserved defense
dice, charges, desperate attacks and aiming from the stances of the
scene's running combat. The hits go into the targets' health, the
conditions they cause onto the targets, and the shot into the attacker's
stance and weapon. ``attack.odds`` reads the same numbers (``read_attack``)
and queues their odds to a worker, changing nothing."""

from __future__ import annotations

import secrets
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from ....protocol import against_the_rules
from ....rules.dice import RandomDice
from ....rules.moment_of_truth import Modifier
from ....rules.moment_of_truth.attacks import Attack, AttackResult, Target
from ....rules.moment_of_truth.called_shots import CalledShot
from ....rules.moment_of_truth.combat_pool import combat_pool, split_pool
from ....rules.moment_of_truth.conditions import Condition
from ....rules.moment_of_truth.defense import ToHit, to_hit
from ....rules.moment_of_truth.equipment import (
    AUTOMATIC,
    Armor,
    Arsenal,
    MeleeWeapon,
    RangedWeapon,
    Shield,
    WeaponSkill,
)
from ....rules.moment_of_truth.health import ConditionChange, Health, take_hits
from ....rules.moment_of_truth.ranges import weapon_range
from ....rules.moment_of_truth.statistics import Statistic
from ....rules.moment_of_truth.tokens import (
    ConditionEntry,
    Ending,
    TokenState,
    changed,
    default_ending,
    same_but_version,
    with_condition,
    with_health,
)
from ....rules.moment_of_truth.tracker import (
    Combat,
    Combatant,
    check_can_act,
    defense_kept,
    stance_of,
)
from ....rules.moment_of_truth.weapon_handling import FireMode, second_shot_allowed
from ....rules.moment_of_truth.weapon_state import (
    WeaponState,
    after_attack,
    check_usable,
    shown,
    weapon_state,
    with_weapon,
)
from ....rules.refusal import RulesRefusal
from ....schemas.encode import dump
from ....table.publish import new_card_id, publish
from ....transport.events.jobs import queue_job
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ..combat_changes import Fight, change_fight, read_fight
from ..ledger import arsenal
from ..names import Event
from ..schemas import combat as shapes
from ..schemas.simulation import SEED_MAX
from ..settings import MomentOfTruthSettings
from ..token_changes import check_token_owner
from ..world_rules import world_dials
from .area import attack_distance
from .moments import charge_moments

_dice = RandomDice()

#: Where each condition an attack causes comes from (``ConditionEntry.source``).
CAUSES = {
    Condition.STUNNED: "head shot",
    Condition.PRONE: "called shot to the legs",
    Condition.DISARMED: "called shot to the weapon arm",
    Condition.SUPPRESSED: "suppressive fire",
}
#: Suppressed lasts until the start of the target's next turn (the book gives no length).
SUPPRESSED_ROUNDS = 1


def statistics_of(numbers: dict) -> dict[Statistic, int]:
    return {Statistic(name): value for name, value in numbers.items()}


def arsenal_of(work) -> Arsenal:
    """The book's equipment with the world's own (``equipment.define``)."""
    return Arsenal.book().with_custom(arsenal(work.store, work.world_id))


def weapon_of(choice: dict, arsenal: Arsenal) -> MeleeWeapon | RangedWeapon:
    """A weapon described in the book's notation, or by name (melee first)."""
    with refused_as("weapon"):
        if "reach" in choice:
            return MeleeWeapon.from_dict(choice)
        if "close" in choice:
            return RangedWeapon.from_dict(choice)
        for lookup in (arsenal.melee_weapon, arsenal.ranged_weapon):
            try:
                return lookup(choice["name"])
            except RulesRefusal:
                pass
        raise RulesRefusal(f"no melee or ranged weapon named {choice['name']!r} (equipment.list names them)")


def armor_of(worn: dict | None, arsenal: Arsenal, field: str) -> Armor | None:
    if worn is None:
        return None
    with refused_as(field):
        return Armor.from_dict(worn) if "coverage" in worn else arsenal.armor_named(worn["name"])


def shield_of(held: dict | None, arsenal: Arsenal, field: str) -> Shield | None:
    if held is None:
        return None
    with refused_as(field):
        return Shield.from_dict(held) if "attacker_penalty" in held else arsenal.shield(held["name"])


def skill_level(state: TokenState, weapon) -> int | None:
    """The token's level in the weapon's skill, named as ``equipment.list``
    names it or as the book writes it ("Long Arms"); None: unskilled."""
    for name, level in state.skills.items():
        if _weapon_skill(name) is weapon.skill:
            return level
    return None


@lru_cache(maxsize=1024)
def _weapon_skill(name: str) -> WeaponSkill | None:
    """The weapon skill a skill's name names; None: not a weapon skill."""
    try:
        return WeaponSkill.parse(name)
    except RulesRefusal:
        return None


# A NamedTuple: built on every attack (bridge.rules.moment_of_truth says why).
class AttackRead(NamedTuple):
    """An attack read from the fight: the attacker, its weapon as kept, the
    targets' states, and the numbers it is resolved with."""

    attacker: TokenState
    weapon: MeleeWeapon | RangedWeapon
    held: WeaponState
    aimed: list[TokenState]
    numbers: Attack


def read_attack(work, attack_request: dict, read: Fight, dials) -> AttackRead:
    """The attack's numbers as ``attack`` and ``attack.odds`` read them from
    the fight: an attacker the user owns (the GM: any) that can act, a usable
    weapon, each target's TN, the pool with every modifier named; refused by
    field as the rules refuse it."""
    states, fight = read.states, read.combat
    attacker = states[attack_request["attacker"]]
    check_token_owner(work, attacker, "attacker")
    with refused_as("attacker"):
        check_can_act(attacker)  # dead or unconscious: no actions (ch. 7, Condition Summary)
    arsenal = Arsenal.book().with_custom(read.arsenal)
    weapon = weapon_of(attack_request["weapon"], arsenal)
    held = weapon_state(attacker, weapon, dials)
    with refused_as("weapon"):
        check_usable(held, weapon)
    ranged = isinstance(weapon, RangedWeapon)
    aimed = [states[target["token_id"]] for target in attack_request["targets"]]
    tns, targets, shield = _sights(attack_request, aimed, fight, arsenal, ranged, dials)
    fire = attack_request["fire"]
    distance = attack_request["distance"]
    if ranged:  # the map's squares, when both have one (a melee weapon reads no range)
        distance = attack_distance(work, attacker.token_id, aimed[0].token_id, distance)
    numbers = Attack(
        _combat_pool(attack_request, attacker, fight, weapon, shield, dials, distance),
        tns[0], targets[0], tuple(targets[1:]),
        fire, attack_request["shotgun"], attack_request["charge"] is not None, attack_request["damage_moments_spent"],
        attack_request["critical_lowers_damage"], _grappler(attack_request["grappler"], states, arsenal),
        magazine=held.magazine if fire and dials.ammunition else None,  # the ammo roll (ch. 10)
    )
    try:
        numbers.check()
    except RulesRefusal:
        with refused_as(_attack_field(attack_request, weapon)):  # which field: worked out for a refusal only
            raise
    return AttackRead(attacker, weapon, held, aimed, numbers)


def attack(work, attack_request: dict) -> dict:
    """Resolve one attack by a token the user owns (the GM: any)."""
    read = read_fight(work, _token_fields(attack_request))
    dials = world_dials(work)
    plan = read_attack(work, attack_request, read, dials)
    attacker, weapon = plan.attacker, plan.weapon
    card_id = new_card_id()
    charge_moments(
        work, attack_request["moments_spent"] + attack_request["damage_moments_spent"], card_id, "moments_spent"
    )
    ammo, result = plan.numbers.resolve(dials, _dice)
    rounds = ammo.rounds_fired if ammo and ammo.allowed else 1
    kept = after_attack(plan.held, weapon, rounds=rounds, jammed=result.jammed, one_handed=attack_request["one_handed"])

    def leave_behind(fresh: dict, combat: Combat | None) -> tuple[list, Combat | None, dict]:
        round_number = combat.round if combat else None
        made, taken = _taken(fresh, result, attacker.token_id, weapon, kept, dials, round_number)
        return made, _stances_after(combat, attack_request, attacker.token_id, result.combat.ranged, result), taken

    tokens = change_fight(work, Event.ATTACK, attack_request, read, leave_behind)
    card = dump(shapes.AttackResult, result)
    card["ammo"] = dump(shapes.AmmoRoll, ammo) if ammo else None
    card["weapon_state"] = dump(shapes.WeaponState, shown(kept, weapon))
    card["tokens"] = [tokens[state.token_id] for state in plan.aimed] + _grappler_hit(attack_request, result, tokens)
    return publish(work, attack_request, Event.ATTACK, card, card_id=card_id, actor_id=attacker.actor_id)


def attack_odds(work, odds_request: dict) -> dict:
    """An attack's odds before it is made, its numbers read as ``attack``
    reads them, computed by a worker (exact or simulated); nothing changes,
    nothing is charged."""
    dials = world_dials(work)
    plan = read_attack(work, odds_request, read_fight(work, _token_fields(odds_request)), dials)
    seed = odds_request["seed"] if odds_request["seed"] is not None else secrets.randbelow(SEED_MAX + 1)
    return queue_job(
        work, odds_request["request_id"], "workers.moment_of_truth.jobs.attack_odds_preview",
        attack=plan.numbers, dials=dump(MomentOfTruthSettings, dials), trials=odds_request["trials"], seed=seed,
    )


def _fight_tokens(attack_request: dict) -> list[str]:
    """The tokens an attack (or its odds) reads, read with the request id's claim."""
    return list(_token_fields(attack_request))


def _token_fields(attack_request: dict) -> dict[str, str]:
    """``{token_id: field naming it}``: the attacker, the targets, the grappler; each once."""
    named = [(attack_request["attacker"], "attacker")]
    named += [(target["token_id"], f"targets.{n}.token_id") for n, target in enumerate(attack_request["targets"])]
    if attack_request["grappler"]:
        named.append((attack_request["grappler"]["token_id"], "grappler.token_id"))
    fields: dict[str, str] = {}
    for token_id, field in named:
        if token_id in fields:
            raise against_the_rules(RulesRefusal(f"token {token_id!r} is named twice in one attack"), field)
        fields[token_id] = field
    return fields


def _sights(
    attack_request: dict, aimed: list[TokenState], fight: Combat | None, arsenal: Arsenal, ranged: bool, dials
) -> tuple[list[ToHit], list[Target], Shield | None]:
    """Each target's TN to hit and what the damage needs of it (armor,
    Endurance), and the primary's shield, which also costs the attacker dice."""
    requested = attack_request["targets"]
    shields = [shield_of(state.shield, arsenal, f"targets.{n}.token_id") for n, state in enumerate(aimed)]
    armors = [_armor(target, state, arsenal, f"targets.{n}") for n, (target, state) in enumerate(zip(requested, aimed))]
    tns = [
        _to_hit(attack_request, target, aimed[n], fight, shields[n], armors[n], ranged, n, dials)
        for n, target in enumerate(requested)
    ]
    targets = [
        Target(state.token_id, armors[n], state.statistics[Statistic.ENDURANCE], tns[n].value)
        for n, state in enumerate(aimed)
    ]
    return tns, targets, shields[0]


def _armor(target: dict, state: TokenState, arsenal: Arsenal, field: str) -> Armor | None:
    """The armor over the part struck: the request's (the GM's call; null:
    none), else the token's registered armor."""
    if "armor" in target:
        return armor_of(target["armor"], arsenal, f"{field}.armor")
    return armor_of(state.armor, arsenal, f"{field}.token_id")


def _to_hit(
    attack_request: dict, target: dict, state: TokenState, fight: Combat | None, shield, armor, ranged: bool, n: int, dials
):
    """The TN to hit target ``n`` from its state and its stance; the called
    shot aims at the primary only. The rules refuse only a desperate target
    in a world without the dial, and a called shot around armor the target
    does not wear."""
    called_shot = attack_request["called_shot"] if n == 0 else None
    stance = stance_of(fight, target["token_id"])
    with refused_as(f"targets.{n}.token_id" if stance.desperate else "called_shot"):
        return to_hit(
            dials=dials, ranged=ranged, defense_dice=stance.defense_dice,
            target_conditions=state.present, target_shield=shield,
            target_balanced_weapon=target["balanced_weapon"], target_armor=armor,
            within_target_reach=target["attacker_within_reach"], designated_opponent=target["designated_opponent"],
            target_charge=stance.charge, target_desperate=stance.desperate, called_shot=called_shot,
        )


def _combat_pool(
    attack_request: dict, attacker: TokenState, fight: Combat | None, weapon, target_shield, dials, distance
):
    """The attacker's pool: aiming from its stance when aimed at this primary
    target, a second shot when it fired already this turn, the range at ``distance``."""
    stance = stance_of(fight, attacker.token_id)
    primary = attack_request["targets"][0]["token_id"]
    ranged = isinstance(weapon, RangedWeapon)
    aiming = stance.aiming_turns if ranged and stance.aim_target == primary else 0
    second_shot = ranged and stance.shots >= 1
    if second_shot and (stance.shots >= 2 or not second_shot_allowed(weapon, None)):
        raise against_the_rules(RulesRefusal(f"{weapon.name} fired its rounds for this turn already"), "weapon")
    reading = _range(distance, weapon)
    situation = [Modifier(m["source"], m["dice"], m["penalty"]) for m in attack_request["modifiers"]]
    with refused_as("defense_dice"):
        kept = defense_kept(stance, attack_request["defense_dice"])
    with refused_as("desperate" if attack_request["desperate"] else "modifiers"):
        combat = combat_pool(
            attacker.statistics, skill_level(attacker, weapon), weapon, dials=dials,
            defense_dice=kept, conditions=attacker.present,
            target_shield=target_shield, range_reading=reading, aiming_turns=aiming,
            aim_lost=stance.aim_lost, laser_visible=attack_request["laser_visible"],
            second_shot=second_shot, desperate=attack_request["desperate"],
            into_suppressive_fire=attack_request["into_suppressive_fire"], situation=situation,
            moments=attack_request["moments_spent"],
        )
    if attack_request["split_dice"] is None:
        return combat
    with refused_as("split_dice"):
        return split_pool(combat, attack_request["split_dice"], dual_weapons=attack_request["dual_weapons"])[0]


def _range(distance: float | None, weapon):
    """The range reading at ``distance`` metres: the map's (melee: none) or the request's."""
    if not isinstance(weapon, RangedWeapon):
        if distance is not None:
            raise against_the_rules(RulesRefusal(f"{weapon.name} is a melee weapon: no range to read"), "distance")
        return None
    if distance is None:
        raise against_the_rules(RulesRefusal(f"a ranged attack with {weapon.name} needs the distance"), "distance")
    with refused_as("distance"):
        return weapon_range(weapon, distance)


def _attack_field(attack_request: dict, weapon) -> str:
    """Which field ``check_attack`` refuses, in the order it checks them."""
    others = len(attack_request["targets"]) > 1
    if attack_request["charge"] and isinstance(weapon, RangedWeapon):
        return "charge"
    if attack_request["fire"] and not weapon.qualities & AUTOMATIC:
        return "fire"
    if attack_request["fire"] is FireMode.AUTOMATIC and others:
        return "targets"
    if attack_request["shotgun"]:
        return "shotgun"
    return "targets" if others else "damage_moments_spent"


def _grappler(locked: dict | None, states: dict[str, TokenState], arsenal: Arsenal) -> Target | None:
    if locked is None:
        return None
    state = states[locked["token_id"]]
    return Target(state.token_id, _armor(locked, state, arsenal, "grappler"), state.statistics[Statistic.ENDURANCE])


def _grappler_hit(attack_request: dict, result: AttackResult, tokens: dict) -> list[dict]:
    return [tokens[attack_request["grappler"]["token_id"]]] if result.hit_grappler else []


# --- what the attack leaves behind -------------------------------------------------


class Taken(NamedTuple):
    """What the attack did to one tracked token, as its card shows it (``TokenTaken``)."""

    token_id: str
    name: str
    version: int
    health_before: Health
    health_after: Health
    changes: tuple[ConditionChange, ...]


def _taken(
    fresh: dict[str, TokenState], result: AttackResult, attacker_id: str, weapon, kept, dials, round_number
) -> tuple[list, dict]:
    """Each hit into its target's health (``take_hits``: head and neck
    deaths beyond rescue, outright kills), then the conditions the attack
    caused; the attacker's weapon as the attack left it. One change per
    token, and per token attacked what it took."""
    made, taken = [], {}
    struck = {hit.target for hit in result.hits} | {target for target, _ in result.conditions}
    for token_id, before in fresh.items():
        after = with_weapon(before, weapon, kept) if token_id == attacker_id else before
        if token_id in struck:  # a miss strikes no one: nothing to take
            after = _struck(after, token_id, result, weapon, dials, round_number)
        if same_but_version(before, after):  # untouched: no new version
            now, changes = before, ()
        else:
            change = changed(before, after)
            made.append(change)
            now, changes = change.after, change.changes
        if token_id != attacker_id:  # the card shows the tokens attacked
            took = Taken(token_id, before.name, now.version, before.health, now.health, changes)
            taken[token_id] = dump(shapes.TokenTaken, took)
    return made, taken


def _struck(state: TokenState, token_id: str, result: AttackResult, weapon, dials, round_number) -> TokenState:
    """``state`` after the hits on the token and the conditions they caused."""
    health = state.health
    for hit in (hit for hit in result.hits if hit.target == token_id):
        called = hit.called
        health = take_hits(
            health, hit.damage.minor, hit.damage.serious, dials,
            head_or_neck_shot=called is not None and result.to_hit.called_shot in (CalledShot.HEAD, CalledShot.NECK),
            outright_kill=called is not None and Condition.DEAD in called.conditions,
        )
    if health != state.health:
        state = with_health(state, health, dials, round_number=round_number).after
    for condition in (c for target, c in result.conditions if target == token_id and c is not Condition.DEAD):
        if Condition.DEAD not in state.present:
            state = with_condition(state, _caused(condition, weapon, round_number)).after
    return state


def _caused(condition: Condition, weapon, round_number: int | None) -> ConditionEntry:
    source = CAUSES.get(condition, "attack")
    if condition is Condition.SUPPRESSED:
        return ConditionEntry(condition, f"{source} ({weapon.name})", Ending.ROUNDS, SUPPRESSED_ROUNDS, round_number)
    return ConditionEntry(condition, source, default_ending(condition), since_round=round_number)


def _stances_after(
    combat: Combat | None, attack_request: dict, attacker_id: str, ranged: bool, result: AttackResult
) -> Combat | None:
    """The attacker's stance: the defense dice kept back, the charge, the
    desperate attack, the shot fired (aiming spent). A target that lost hit
    points loses its aim. No combat, or the attacker not in it: as it was."""
    if combat is None or combat.combatant(attacker_id) is None:
        return combat
    hurt = {hit.target for hit in result.hits if hit.damage.hit_points_lost}
    combatants = tuple(
        _attacker_after(c, attack_request, ranged) if c.token_id == attacker_id else _aim_after(c, hurt)
        for c in combat.combatants
    )
    if combatants == combat.combatants:
        return combat  # nothing kept changed: no new version, nothing to push
    return replace(combat, combatants=combatants, version=combat.version + 1)


def _attacker_after(attacker: Combatant, attack_request: dict, ranged: bool) -> Combatant:
    """The attacker's stance after its attack (itself when that kept nothing
    new: compared before a Stance is built, as most attacks keep nothing new)."""
    stance = attacker.stance
    kept = {
        "defense_dice": defense_kept(stance, attack_request["defense_dice"]), "aiming_turns": 0, "aim_target": None,
        "aim_lost": False, "charge": attack_request["charge"] or stance.charge,
        "desperate": attack_request["desperate"] or stance.desperate, "shots": stance.shots + ranged,
    }
    if all(getattr(stance, name) == value for name, value in kept.items()):
        return attacker
    return Combatant(attacker.token_id, attacker.seat, replace(stance, **kept))


def _aim_after(combatant: Combatant, hurt: set[str]) -> Combatant:
    """An aiming combatant the attack hurt loses its aim."""
    stance = combatant.stance
    if combatant.token_id in hurt and stance.aiming_turns and not stance.aim_lost:
        return Combatant(combatant.token_id, combatant.seat, replace(stance, aim_lost=True))
    return combatant


def init_app(app) -> None:
    handles(app, Event.ATTACK, fight=_fight_tokens)(attack)
    handles(app, Event.ATTACK_ODDS, fight=_fight_tokens)(attack_odds)
