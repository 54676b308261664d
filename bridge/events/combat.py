"""An attack (ch. 7, Attacking and Defending; ch. 9; ch. 10): the combat
pool against the TN to hit, damage per hit through armor, called shots,
fire modes and jams. Stateless: the client sends both sides' numbers."""

from __future__ import annotations

from ..cards import check_owner, publish
from ..protocol import Request, against_the_rules
from ..refusals import refused_as
from ..requests import handles, store
from ..rules.dice import RandomDice
from ..rules.moment_of_truth import Modifier
from ..rules.moment_of_truth.attacks import Target, resolve_attack
from ..rules.moment_of_truth.combat_pool import combat_pool, split_pool
from ..rules.moment_of_truth.defense import to_hit
from ..rules.moment_of_truth.equipment import (
    AUTOMATIC,
    Armor,
    Arsenal,
    MeleeWeapon,
    RangedWeapon,
    Shield,
)
from ..rules.moment_of_truth.ranges import weapon_range
from ..rules.moment_of_truth.statistics import Statistic
from ..rules.moment_of_truth.weapon_handling import (
    AmmoRoll,
    FireMode,
    Magazine,
    ammo_roll,
    second_shot_allowed,
)
from ..world_rules import world_dials

_dice = RandomDice()


def statistics_of(numbers: dict) -> dict[Statistic, int]:
    return {Statistic(name): value for name, value in numbers.items()}


def arsenal_of(identity) -> Arsenal:
    """The book's equipment with the world's own (``equipment.define``)."""
    return Arsenal.book().with_custom(store().arsenal(identity.world_id))


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
            except ValueError:
                pass
        raise ValueError(f"no melee or ranged weapon named {choice['name']!r} (equipment.list names them)")


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


def attack(identity, attack_request: dict) -> dict:
    """Resolve one attack for an actor the user owns (the GM: any)."""
    check_owner(identity, attack_request["actor_id"])
    dials = world_dials(identity)
    arsenal = arsenal_of(identity)
    weapon = weapon_of(attack_request["weapon"], arsenal)
    requested = attack_request["targets"]
    shields = [shield_of(target.get("shield"), arsenal, f"targets.{n}.shield") for n, target in enumerate(requested)]
    armors = [armor_of(target.get("armor"), arsenal, f"targets.{n}.armor") for n, target in enumerate(requested)]
    ranged = isinstance(weapon, RangedWeapon)
    tns = [
        _to_hit(attack_request, target, shields[n], armors[n], ranged, n, dials) for n, target in enumerate(requested)
    ]
    combat = _combat_pool(attack_request, weapon, shields[0], dials)
    targets = [
        Target(target["name"], armors[n], target["endurance"], tns[n].value) for n, target in enumerate(requested)
    ]
    ammo = _ammo(attack_request, weapon, dials)
    fire, others = attack_request["fire"], targets[1:]
    if ammo and not ammo.allowed:
        fire, others = None, []  # too few rounds: an ordinary attack on the primary target (ch. 10)
    with refused_as(_attack_field(attack_request, weapon)):
        result = resolve_attack(
            combat, tns[0], targets[0], dials=dials, dice=_dice,
            fire=fire, others=others, shotgun=attack_request["shotgun"],
            charge=attack_request["charge"], damage_moments=attack_request["damage_moments_spent"],
            critical_lowers_damage=attack_request["critical_lowers_damage"],
            grappler=_grappler(attack_request["grappler"], arsenal),
        )
    card = result.to_dict() | {"ammo": ammo.to_dict() if ammo else None}
    return publish(identity, attack_request, Request.ATTACK, card)


def _ammo(attack_request: dict, weapon, dials) -> AmmoRoll | None:
    """The optional ammo roll before automatic or spraying fire (ch. 10)."""
    loaded = attack_request["magazine"]
    if loaded is None:
        return None
    with refused_as("magazine" if weapon.qualities & AUTOMATIC else "fire"):
        magazine = Magazine(loaded["rounds"], loaded["capacity"])
        return ammo_roll(weapon, attack_request["fire"], magazine, dials=dials, dice=_dice)


def _to_hit(attack_request: dict, target: dict, shield, armor, ranged: bool, n: int, dials):
    """The TN to hit target ``n``; the called shot aims at the primary only.
    The rules refuse only a desperate target in a world without the dial, and
    a called shot around armor the target does not wear."""
    called_shot = attack_request["called_shot"] if n == 0 else None
    with refused_as(f"targets.{n}.desperate" if target["desperate"] else "called_shot"):
        return to_hit(
            dials=dials, ranged=ranged, defense_dice=target["defense_dice"], target_conditions=target["conditions"],
            target_shield=shield, target_balanced_weapon=target["balanced_weapon"], target_armor=armor,
            within_target_reach=target["attacker_within_reach"], designated_opponent=target["designated_opponent"],
            target_charge=target["charge"], target_desperate=target["desperate"], called_shot=called_shot,
        )


def _combat_pool(attack_request: dict, weapon, target_shield, dials):
    attacker = attack_request["attacker"]
    reading = _range(attack_request, weapon)
    situation = [Modifier(m["source"], m["dice"], m["penalty"]) for m in attack_request["modifiers"]]
    with refused_as(_pool_field(attack_request, weapon)):
        combat = combat_pool(
            statistics_of(attacker["statistics"]), attacker["skill_level"], weapon, dials=dials,
            defense_dice=attack_request["defense_dice"], conditions=attacker["conditions"],
            target_shield=target_shield, range_reading=reading, aiming_turns=attack_request["aiming_turns"],
            aim_lost=attack_request["aim_lost"], laser_visible=attack_request["laser_visible"],
            second_shot=attack_request["second_shot"], desperate=attack_request["desperate"],
            into_suppressive_fire=attack_request["into_suppressive_fire"], situation=situation,
            moments=attack_request["moments_spent"],
        )
    if attack_request["split_dice"] is None:
        return combat
    with refused_as("split_dice"):
        return split_pool(combat, attack_request["split_dice"], dual_weapons=attack_request["dual_weapons"])[0]


def _range(attack_request: dict, weapon):
    distance = attack_request["distance"]
    if not isinstance(weapon, RangedWeapon):
        if distance is not None:
            raise against_the_rules(ValueError(f"{weapon.name} is a melee weapon: no range to read"), "distance")
        return None
    if distance is None:
        raise against_the_rules(ValueError(f"a ranged attack with {weapon.name} needs the distance"), "distance")
    with refused_as("distance"):
        return weapon_range(weapon, distance)


def _pool_field(attack_request: dict, weapon) -> str:
    """Which field ``combat_pool`` refuses, in the order it checks them."""
    if attack_request["aiming_turns"] and not isinstance(weapon, RangedWeapon):
        return "aiming_turns"
    if attack_request["second_shot"] and not second_shot_allowed(weapon, None):
        return "second_shot"
    if attack_request["desperate"]:
        return "desperate"
    return "modifiers"


def _attack_field(attack_request: dict, weapon) -> str:
    """Which field ``resolve_attack`` refuses, in the order it checks them."""
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


def _grappler(locked: dict | None, arsenal: Arsenal) -> Target | None:
    if locked is None:
        return None
    return Target(locked["name"], armor_of(locked.get("armor"), arsenal, "grappler.armor"), locked["endurance"])


def init_app(app) -> None:
    handles(app, Request.ATTACK)(attack)
