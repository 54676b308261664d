"""A tracked token's weapon over real Socket.IO: ``weapon.ready``,
``weapon.reload`` and ``weapon.clear_jam`` keep its state, and the attack
reads it (jams, an empty magazine, an unwieldy weapon to ready) and writes
it back; faces re-read with the pure rules, refusals by field."""

from __future__ import annotations

from bridge.rules.moment_of_truth import RollKind, count_faces

from .test_wire_combat import NIKITA, NIKITA_TOKEN, THUG_TOKEN, attack, checked_roll, register, stored
from .test_wire_combat_turns import card_of, refused

OLD_AK = {
    "name": "Old AK", "damage": "Skill + 16 (3, 4)", "skill": "long arms", "close": "C-1m", "optimal": "20m",
    "long": "35m (4)", "ammo": "30", "qualities": ["Hi ROF", "Unreliable"],
}
BRUISER = {**NIKITA_TOKEN, "skills": {"melee_one_handed": 2, "pistol": 1}}
CLUB = {**NIKITA, "weapon": {"name": "Club"}, "distance": None}
READY = {"token_id": "nikita-1", "check": "ready_after_attack", "weapon": {"name": "Club"}}


def weapon(store, world, name: str) -> dict:
    return stored(store, world, "nikita-1")["weapons"][name]


def refused_weapon(client, request: dict) -> str:
    answer = client.request("attack", **request)
    assert answer["error"]["code"] == "against_the_rules" and list(answer["error"]["fields"]) == ["weapon"], answer
    return answer["error"]["message"]


def test_an_unwieldy_club_must_be_readied_after_each_attack(gm, store, world):
    register(gm, BRUISER, THUG_TOKEN)
    refused(gm, "weapon.ready", READY, "against_the_rules", "weapon")  # ready: nothing to roll
    for _ in range(10):
        card = attack(gm, CLUB)
        assert card["weapon_state"]["ready"] is False and card["weapon_state"]["notes"]
        assert "must be readied" in refused_weapon(gm, CLUB)
        ready = card_of(gm, "weapon.ready", READY)
        assert ready["roll"]["kind"] == "skill" and ready["roll"]["pool"]["dice"] == 5  # Strength 3 + skill 2
        checked_roll(ready["roll"], 2)
        assert ready["passed"] is ready["roll"]["outcome"]["success"]
        assert weapon(store, world, "Club")["ready"] is ready["passed"]
        if not ready["passed"]:
            assert "spent readying" in refused_weapon(gm, CLUB)
            spent = card_of(gm, "weapon.ready", {**READY, "turn_spent": True})
            assert spent["roll"] is None and spent["weapon_state"]["ready"]
        assert weapon(store, world, "Club") == {"ready": True, "readying": False, "jammed": False, "magazine": None}


def test_gripping_a_great_axe_in_one_hand(gm):
    register(gm, BRUISER)
    for _ in range(5):
        card = card_of(gm, "weapon.ready", {**READY, "check": "one_handed_grip", "weapon": {"name": "Great Axe"}})
        assert card["roll"]["kind"] == "statistic" and card["roll"]["pool"]["dice"] == 3
        checked_roll(card["roll"], 2)
        assert card["weapon_state"]["ready"]


def test_an_unreliable_weapon_jams_and_is_cleared(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    ak = {**NIKITA, "weapon": OLD_AK, "distance": 10}
    jams = 0
    for _ in range(40):
        card = attack(gm, ak)
        checked_roll(card["roll"], card["to_hit"]["value"])
        assert card["jammed"] is (card["roll"]["ones"] >= card["roll"]["successes"])
        assert weapon(store, world, "Old AK")["jammed"] is card["jammed"] is card["weapon_state"]["jammed"]
        if not card["jammed"]:
            continue
        jams += 1
        assert "jammed" in refused_weapon(gm, ak)
        cleared = card_of(gm, "weapon.clear_jam", {"token_id": "nikita-1", "weapon": OLD_AK})
        counting = count_faces(cleared["faces"], RollKind(cleared["kind"]))
        assert cleared["pool"]["dice"] == len(cleared["faces"]) == 5 and cleared["successes"] == counting.successes
        assert cleared["rounds"] == max(1, 4 - counting.successes)
        assert weapon(store, world, "Old AK")["jammed"] is False
    assert jams  # a jam in 40 shots: P(none) is below 1e-4
    refused(gm, "weapon.clear_jam", {"token_id": "nikita-1", "weapon": OLD_AK}, "against_the_rules", "weapon")


def test_a_muzzle_loader_is_empty_after_one_shot_and_reloads(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    flintlock = {**NIKITA, "weapon": {"name": "Flintlock Pistol"}, "distance": 3}
    reload = {"token_id": "nikita-1", "weapon": {"name": "Flintlock Pistol"}}
    refused(gm, "weapon.reload", reload, "against_the_rules", "weapon")  # loaded already
    for _ in range(5):
        card = attack(gm, flintlock)
        assert card["weapon_state"]["magazine"] == {"rounds": 0, "capacity": 1}
        assert "empty" in refused_weapon(gm, flintlock)
        loaded = card_of(gm, "weapon.reload", reload)
        task = loaded["task"]
        counting = count_faces(task["faces"], RollKind(task["kind"]))
        assert task["pool"]["dice"] == 5 and loaded["rounds"] == task["rounds"] == max(1, 6 - counting.successes)
        assert weapon(store, world, "Flintlock Pistol")["magazine"] == {"rounds": 1, "capacity": 1}


def test_the_ammo_roll_reads_the_magazine_and_writes_back_the_rounds(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    m16 = {**NIKITA, "weapon": {"name": "M-16 (5.56mm)"}, "fire": "automatic", "distance": 15}
    reload = {"token_id": "nikita-1", "weapon": {"name": "M-16 (5.56mm)"}, "capacity": 10}
    assert attack(gm, m16)["ammo"] is None  # the ammunition rules are off: rounds are not counted
    refused(gm, "weapon.reload", reload, "against_the_rules", "weapon")
    assert gm.request("settings.update", settings={"ammunition": True})["ok"]
    changed = card_of(gm, "weapon.reload", reload)
    assert changed["task"] is None and changed["rounds"] == 1
    rounds = 10
    while rounds:
        card = attack(gm, m16)
        ammo = card["ammo"]
        assert len(ammo["faces"]) == 2 and ammo["rounds_rolled"] == sum(ammo["faces"])
        assert ammo["before"]["rounds"] == rounds and ammo["allowed"] is (2 * rounds >= ammo["rounds_rolled"])
        fired = min(ammo["rounds_rolled"], rounds) if ammo["allowed"] else 1
        assert card["fire"] == ("automatic" if ammo["allowed"] else "single")
        rounds -= fired
        assert card["weapon_state"]["magazine"] == weapon(store, world, "M-16 (5.56mm)")["magazine"] == {
            "rounds": rounds, "capacity": 10,
        }
    assert "empty" in refused_weapon(gm, m16)


def test_weapon_refusals_name_the_field(gm, player_for):
    alice = player_for("alice", ["someone"])
    register(gm, BRUISER)
    task = {"token_id": "nikita-1", "weapon": {"name": "Flintlock Pistol"}}
    refused(alice, "weapon.ready", READY, "forbidden", "token_id")
    refused(gm, "weapon.ready", {**READY, "token_id": "nobody"}, "not_tracked", "token_id")
    refused(gm, "weapon.ready", {**READY, "check": "one_handed_grip", "one_handed": True}, "invalid", "one_handed")
    refused(gm, "weapon.ready", {**READY, "turn_spent": True, "moments_spent": 1}, "invalid", "moments_spent")
    refused(gm, "weapon.reload", {**task, "agility": 3}, "invalid", "agility")
    refused(gm, "weapon.ready", {**READY, "weapon": {"name": "Dagger"}}, "against_the_rules", "weapon")
    refused(gm, "weapon.ready", {**READY, "turn_spent": True}, "against_the_rules", "weapon")
    refused(gm, "weapon.clear_jam", task, "against_the_rules", "weapon")
    grip = {**READY, "check": "one_handed_grip", "weapon": {"name": "Great Axe"}, "moments_spent": 1}
    refused(gm, "weapon.ready", grip, "against_the_rules", "moments_spent")  # the GM holds no MoTs


def test_a_players_reload_spends_her_moments_and_a_short_one_sees_no_roll(gm, player_for, store, world):
    alice = player_for("alice", ["nikita"])
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    assert gm.request("moments.award", award="role_playing", player="alice", moments=1, reason="cool")["ok"]
    attack(alice, {**NIKITA, "weapon": {"name": "Flintlock Pistol"}, "distance": 3})
    reload = {"token_id": "nikita-1", "weapon": {"name": "Flintlock Pistol"}}
    refused(alice, "weapon.reload", {**reload, "moments_spent": 2}, "against_the_rules", "moments_spent")
    assert weapon(store, world, "Flintlock Pistol")["magazine"]["rounds"] == 0
    loaded = card_of(alice, "weapon.reload", {**reload, "moments_spent": 1})
    assert loaded["task"]["pool"]["dice"] == len(loaded["task"]["faces"]) == 6
    assert alice.request("moments.get")["result"]["balances"]["alice"] == 0
    assert weapon(store, world, "Flintlock Pistol")["magazine"]["rounds"] == 1


def test_an_unconscious_token_handles_no_weapon(gm, store, world):
    register(gm, BRUISER, THUG_TOKEN)
    attack(gm, CLUB)  # the club must now be readied
    assert gm.request("token.damage", token_id="nikita-1", minor=20)["ok"]  # out cold: its HP gone
    before = stored(store, world, "nikita-1")
    flintlock = {"token_id": "nikita-1", "weapon": {"name": "Flintlock Pistol"}}
    for event, request in (("weapon.ready", READY), ("weapon.reload", flintlock), ("weapon.clear_jam", flintlock)):
        answer = gm.request(event, **request)
        assert answer["error"]["code"] == "against_the_rules" and list(answer["error"]["fields"]) == ["token_id"]
        assert "unconscious" in answer["error"]["fields"]["token_id"][0], event
    assert stored(store, world, "nikita-1") == before
