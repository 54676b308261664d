"""The ``attack`` request over real Socket.IO: the card's faces re-read with
the pure rules, the book's examples, ownership and refusals by field."""

from __future__ import annotations

from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage

from .wire_schemas import assert_valid

AVERAGE = {"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3}
# Nikita (ch. 7): ranged attack 3, pistol 2, a .45 at 5 m against a thug in a ballistic vest.
NIKITA = {
    "actor_id": "nikita",
    "attacker": {"statistics": AVERAGE, "skill_level": 2},
    "weapon": {"name": ".45 Auto Pistol"},
    "distance": 5,
    "targets": [{"name": "thug", "armor": {"name": "Ballistic Vest"}, "endurance": 3}],
}
# Dodger's rifle as the example prints it, sent as data: "skill + 14 (2,3)".
DODGERS_RIFLE = {
    "name": "Sniper rifle", "damage": "Skill + 14 (2, 3)", "skill": "long arms", "close": "C-2m",
    "optimal": "50m", "long": "100m (5)", "ammo": "5", "qualities": ["Bolt-action", "Scope"],
}
DODGER = {
    "actor_id": "dodger",
    "attacker": {"statistics": AVERAGE, "skill_level": 3},
    "weapon": DODGERS_RIFLE,
    "distance": 40,
    "called_shot": "head",
    "moments_spent": 4,
    "targets": [{"name": "thug", "endurance": 3}],
}


def checked_roll(roll: dict, tn: int) -> None:
    """The roll's verdict re-read from its faces with the pure rules."""
    counting = count_faces(roll["faces"], RollKind(roll["kind"]))
    assert len(roll["faces"]) == roll["pool"]["dice"]
    assert (roll["successes"], roll["ones"]) == (counting.successes, counting.ones)
    assert roll["outcome"] == judge(counting, roll["pool"]["dice"], tn).to_dict()


def checked_hit(hit: dict, damage: DamageDice, dr: int) -> None:
    assert hit["damage"] == read_damage(hit["damage"]["faces"], damage, dr).to_dict()


def attack(client, request: dict) -> dict:
    answer = client.request("attack", **request)
    assert answer["ok"], answer
    assert_valid("result.attack.json", answer["result"])
    return answer["result"]["result"]


def test_nikitas_45_against_the_vest_is_read_from_its_faces(gm):
    for _ in range(30):
        card = attack(gm, NIKITA)
        assert card["combat"]["pool"]["dice"] == 5 and card["to_hit"]["value"] == 2
        checked_roll(card["roll"], 2)
        if not card["roll"]["outcome"]["success"]:
            assert card["hits"] == []
            continue
        (hit,) = card["hits"]
        assert hit["target"] == "thug" and hit["armor_note"] == "Ballistic Vest DR 6"
        checked_hit(hit, DamageDice(12, 3, 4), 6)


def test_dodgers_called_head_shot_at_tn_4(gm):
    for _ in range(30):
        card = attack(gm, DODGER)
        assert card["combat"]["pool"]["dice"] == 10 and card["to_hit"]["value"] == 4
        assert [step["source"] for step in card["to_hit"]["steps"]] == ["campaign default TN", "called shot: head"]
        checked_roll(card["roll"], 4)
        if not card["roll"]["outcome"]["success"]:
            continue
        (hit,) = card["hits"]
        checked_hit(hit, DamageDice(21, 2, 2), 0)
        serious, lost = hit["damage"]["serious"], hit["damage"]["hit_points_lost"]
        stun = hit["called"]["endurance_roll"]
        if serious >= 6:
            assert card["conditions"] == [{"target": "thug", "condition": "dead"}] and stun is None
        elif lost:
            checked_roll(stun, 2)
            stunned = [{"target": "thug", "condition": "stunned"}]
            assert card["conditions"] == ([] if stun["outcome"]["success"] else stunned)


def test_a_world_weapon_is_found_by_name(gm):
    blaster = {"name": "Blaster", "damage": "Skill + 12 (3, 4)", "skill": "pistol", "close": "C", "optimal": "10m",
               "long": "20m (3)"}
    assert gm.request("equipment.define", ranged=[blaster])["ok"]
    for _ in range(10):
        card = attack(gm, {**NIKITA, "weapon": {"name": "blaster"}, "distance": 30})
        assert card["combat"]["weapon"] == "Blaster" and card["combat"]["range"]["band"] == "long"
        assert card["combat"]["pool"]["dice"] == 4  # 5 less 1d6 for the first long-range increment
        checked_roll(card["roll"], 2)
        for hit in card["hits"]:
            checked_hit(hit, DamageDice(14, 3, 4), 6)


def test_automatic_fire_hits_once_per_extra_success(gm):
    m16 = {**NIKITA, "weapon": {"name": "M-16 (5.56mm)"}, "fire": "automatic", "distance": 15,
           "targets": [{"name": "thug"}], "moments_spent": 3}
    for _ in range(20):
        card = attack(gm, m16)
        checked_roll(card["roll"], 2)
        successes = card["roll"]["successes"]
        assert len(card["hits"]) == (successes - 1 if successes >= 2 else 0)
        for hit in card["hits"]:
            checked_hit(hit, DamageDice(16, 3, 4), 0)
        assert {"target": "thug", "condition": "suppressed"} in card["conditions"]


def test_the_ammo_roll_comes_before_automatic_fire(gm):
    assert gm.request("settings.update", settings={"ammunition": True})["ok"]
    m16 = {**NIKITA, "weapon": {"name": "M-16 (5.56mm)"}, "fire": "automatic", "distance": 15,
           "targets": [{"name": "thug"}]}
    for rounds in (30, 1):
        for _ in range(10):
            card = attack(gm, {**m16, "magazine": {"rounds": rounds, "capacity": 30}})
            ammo = card["ammo"]
            assert len(ammo["faces"]) == 2 and ammo["rounds_rolled"] == sum(ammo["faces"])
            assert ammo["allowed"] is (2 * rounds >= ammo["rounds_rolled"])
            fired = min(ammo["rounds_rolled"], rounds) if ammo["allowed"] else 0
            assert (ammo["rounds_fired"], ammo["after"]["rounds"]) == (fired, rounds - fired)
            assert card["fire"] == ("automatic" if ammo["allowed"] else "single")
    assert attack(gm, m16)["ammo"] is None


def test_a_quick_weapon_splits_its_pool(gm):
    sword = {**NIKITA, "weapon": {"name": "Short Sword"}, "distance": None, "split_dice": 2}
    for _ in range(10):
        card = attack(gm, sword)
        assert card["combat"]["pool"]["dice"] == 2 and len(card["roll"]["faces"]) == 2
        assert card["combat"]["pool"]["parts"][-1] == {
            "source": "quick weapon: the other attack's share", "dice": -3, "applied": True, "note": ""
        }
        checked_roll(card["roll"], 2)
        for hit in card["hits"]:
            checked_hit(hit, DamageDice(3 + 2 + 4, 4, 5), 6)


def test_an_attack_card_reaches_the_table(gm, player_for):
    alice = player_for("alice", ["nikita"])
    answer = alice.request("attack", **NIKITA, label="Nikita fires")
    pushed = gm.wait_for("roll.result", lambda entry: entry["roll_id"] == answer["result"]["roll_id"])
    assert pushed["rule"] == "attack" and pushed["result"] == answer["result"]["result"]
    assert_valid("push.roll.result.json", pushed)


def test_players_attack_only_with_their_actors(player_for):
    alice = player_for("alice", ["nikita"])
    refused = alice.request("attack", **{**NIKITA, "actor_id": "dodger"})
    assert refused["error"]["code"] == "forbidden" and list(refused["error"]["fields"]) == ["actor_id"]


def test_bad_attack_fields_are_named(gm):
    thug = NIKITA["targets"][0]
    for change, field in (
        ({"targets": []}, "targets"),
        ({"targets": [thug, {"name": "other", "defense_dice": -1}]}, "targets"),
        ({"aiming_turns": 3}, "aiming_turns"),
        ({"called_shot": "head", "targets": [{"name": "thug"}]}, "targets"),
        ({"weapon": {"name": "Ray Gun", "reach": "Cls"}}, "weapon"),
        ({"magazine": {"rounds": 8, "capacity": 8}}, "magazine"),
        ({"dual_weapons": True}, "split_dice"),
    ):
        answer = gm.request("attack", **{**NIKITA, **change})
        assert answer["error"]["code"] == "invalid" and list(answer["error"]["fields"]) == [field], answer
    nested = gm.request("attack", **{**NIKITA, "targets": [thug, {"name": "other", "defense_dice": -1}]})
    assert list(nested["error"]["fields"]["targets"]["1"]) == ["defense_dice"]


def test_attacks_against_the_rules_name_the_field(gm):
    vest = NIKITA["targets"][0]
    for change, field in (
        ({"distance": 100}, "distance"),
        ({"distance": None}, "distance"),
        ({"weapon": {"name": "Ray Gun"}}, "weapon"),
        ({"targets": [{**vest, "armor": {"name": "Mithril"}}]}, "targets.0.armor"),
        ({"fire": "automatic"}, "fire"),
        ({"weapon": {"name": "M-40 Sniper (.308)"}, "second_shot": True}, "second_shot"),
        ({"desperate": True}, "desperate"),
        ({"targets": [vest, {"name": "bystander"}]}, "targets"),
        ({"weapon": {"name": "Dagger"}, "distance": None, "aiming_turns": 1}, "aiming_turns"),
        ({"charge": True}, "charge"),
        ({"targets": [{**vest, "desperate": True}]}, "targets.0.desperate"),
        ({"called_shot": "bypass_armor", "targets": [{"name": "thug"}]}, "called_shot"),
        ({"split_dice": 2}, "split_dice"),
        ({"split_dice": 9, "dual_weapons": True}, "split_dice"),
        ({"fire": "automatic", "magazine": {"rounds": 8, "capacity": 8}}, "fire"),
        ({"weapon": {"name": "M-16 (5.56mm)"}, "fire": "automatic", "magazine": {"rounds": 8, "capacity": 8}},
         "magazine"),
    ):
        answer = gm.request("attack", **{**NIKITA, **change})
        assert answer["error"]["code"] == "against_the_rules" and list(answer["error"]["fields"]) == [field], answer


def test_an_impossible_attack_names_the_moments_that_could_rescue_it(gm):
    answer = gm.request("attack", **{**NIKITA, "targets": [{"name": "thug", "defense_dice": 12}]})
    assert answer["error"]["code"] == "impossible_roll" and list(answer["error"]["fields"]) == ["moments_spent"]
