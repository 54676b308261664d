"""``weapon.ready``, ``weapon.reload``, ``weapon.clear_jam`` and jams over
real Socket.IO: faces re-read with the pure rules, refusals by field."""

from __future__ import annotations

from bridge.rules.moment_of_truth import RollKind, count_faces

from .test_wire_combat import NIKITA, attack, checked_roll
from .test_wire_combat_turns import card_of, refused

READY = {"actor_id": "ann", "check": "ready_after_attack", "weapon": {"name": "Club"}, "strength": 3, "skill_level": 2}
OLD_AK = {
    "name": "Old AK", "damage": "Skill + 16 (3, 4)", "skill": "long arms", "close": "C-1m", "optimal": "20m",
    "long": "35m (4)", "ammo": "30", "qualities": ["Hi ROF", "Unreliable"],
}


def test_readying_an_unwieldy_club(gm):
    for _ in range(10):
        card = card_of(gm, "weapon.ready", READY)
        assert card["roll"]["kind"] == "skill" and card["roll"]["pool"]["dice"] == 5
        checked_roll(card["roll"], 2)
        assert card["passed"] is card["roll"]["outcome"]["success"]


def test_gripping_a_great_axe_in_one_hand(gm):
    for _ in range(10):
        card = card_of(gm, "weapon.ready", {"actor_id": "ann", "check": "one_handed_grip",
                                            "weapon": {"name": "Great Axe"}, "strength": 4})
        assert card["roll"]["kind"] == "statistic" and card["roll"]["pool"]["dice"] == 4
        checked_roll(card["roll"], 2)


def test_reloading_and_clearing_a_jam_count_successes(gm):
    for event, weapon, base, least in (("weapon.reload", {"name": "Flintlock Pistol"}, 6, 1),
                                       ("weapon.clear_jam", OLD_AK, 4, 1)):
        for _ in range(10):
            card = card_of(gm, event, {"actor_id": "ann", "weapon": weapon, "agility": 3, "skill_level": 1})
            counting = count_faces(card["faces"], RollKind(card["kind"]))
            assert card["pool"]["dice"] == len(card["faces"]) == 4 and card["successes"] == counting.successes
            assert card["rounds"] == max(least, base - counting.successes)


def test_an_unreliable_weapon_jams_when_ones_match_successes(gm):
    for _ in range(20):
        card = attack(gm, {**NIKITA, "weapon": OLD_AK, "distance": 10, "targets": [{"name": "thug"}]})
        checked_roll(card["roll"], 2)
        assert card["jammed"] is (card["roll"]["ones"] >= card["roll"]["successes"])


def test_weapon_refusals_name_the_field(gm, player_for):
    ready = READY
    reload = {"actor_id": "ann", "weapon": {"name": "Flintlock Pistol"}, "agility": 3, "skill_level": 1}
    alice = player_for("alice", ["ann"])
    refused(alice, "weapon.ready", {**ready, "actor_id": "bo"}, "forbidden", "actor_id")
    refused(gm, "weapon.ready", {**ready, "check": "one_handed_grip"}, "invalid", "skill_level")
    refused(gm, "weapon.reload", {**reload, "agility": 21}, "invalid", "agility")
    refused(gm, "weapon.ready", {**ready, "weapon": {"name": "Dagger"}}, "against_the_rules", "weapon")
    refused(gm, "weapon.reload", {**reload, "weapon": {"name": ".45 Auto Pistol"}}, "against_the_rules", "weapon")
    refused(gm, "weapon.clear_jam", reload, "against_the_rules", "weapon")
    refused(gm, "weapon.ready", {**ready, "strength": 0, "skill_level": 1}, "impossible_roll", "moments_spent")
