"""The ``attack`` request between tracked tokens over real Socket.IO: the
card's faces re-read with the pure rules, the targets' health and
conditions written back and pushed, stances read from and kept in the
scene's combat, MoTs charged, ownership and refusals by field."""

from __future__ import annotations

import json

from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.rules.moment_of_truth.conditions import Condition, to_hit_changes
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import Health, take_hits
from bridge.rules.moment_of_truth.rolls import MOMENT_OF_TRUTH
from bridge.rules.moment_of_truth.tracker import Combat, Combatant, Stance
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.damage import DamageResult as DamageResultShape
from bridge.systems.moment_of_truth.schemas.health import Health as HealthShape
from bridge.systems.moment_of_truth.schemas.rolls import Outcome
from bridge.systems.moment_of_truth.schemas.tracker import Combat as CombatShape

from ..wire_schemas import assert_valid

AVERAGE = {"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3}
SCENE = "warehouse"
# Nikita (ch. 7): ranged attack 3, pistol 2, a .45 at 5 m against a thug in a ballistic vest.
NIKITA_TOKEN = {"token_id": "nikita-1", "actor_id": "nikita", "scene_id": SCENE, "name": "Nikita",
                "statistics": AVERAGE, "skills": {"pistol": 2, "long_arms": 2}}
DODGER_TOKEN = {"token_id": "dodger-1", "actor_id": "dodger", "scene_id": SCENE, "name": "Dodger",
                "statistics": AVERAGE, "skills": {"Long Arms": 3}}  # as the book writes it
THUG_TOKEN = {"token_id": "thug-1", "actor_id": "thug", "scene_id": SCENE, "name": "Thug",
              "statistics": AVERAGE, "armor": {"name": "Ballistic Vest"}}
NIKITA = {"attacker": "nikita-1", "weapon": {"name": ".45 Auto Pistol"}, "distance": 5,
          "targets": [{"token_id": "thug-1"}]}
# Dodger's rifle as the example prints it, sent as data: "skill + 14 (2,3)".
DODGERS_RIFLE = {
    "name": "Sniper rifle", "damage": "Skill + 14 (2, 3)", "skill": "long arms", "close": "C-2m",
    "optimal": "50m", "long": "100m (5)", "ammo": "5", "qualities": ["Bolt-action", "Scope"],
}
# A ballistic vest does not cover the head: the GM's call, armor null.
DODGER = {"attacker": "dodger-1", "weapon": DODGERS_RIFLE, "distance": 40, "called_shot": "head",
          "targets": [{"token_id": "thug-1", "armor": None}]}
_HEALTH = ("hit_points", "minor", "serious", "treated", "bandaged", "dead", "beyond_rescue")


def checked_roll(roll: dict, tn: int) -> None:
    """The roll's verdict re-read from its faces with the pure rules."""
    counting = count_faces(roll["faces"], RollKind(roll["kind"]))
    assert len(roll["faces"]) == roll["pool"]["dice"]
    assert (roll["successes"], roll["ones"]) == (counting.successes, counting.ones)
    assert roll["outcome"] == dump(Outcome, judge(counting, roll["pool"]["dice"], tn))


def checked_hit(hit: dict, damage: DamageDice, dr: int) -> None:
    assert hit["damage"] == dump(DamageResultShape, read_damage(hit["damage"]["faces"], damage, dr))


def health(stored: dict) -> Health:
    return Health(**{name: stored[name] for name in _HEALTH})


def checked_health(card: dict, token_id: str, *, head: bool = False) -> dict:
    """The target's health after the attack re-read from its hits with ``take_hits``."""
    (taken,) = [t for t in card["tokens"] if t["token_id"] == token_id]
    expected = health(taken["health_before"])
    for hit in (hit for hit in card["hits"] if hit["target"] == token_id):
        killed = bool(hit["called"]) and "dead" in hit["called"]["conditions"]
        damage = hit["damage"]
        expected = take_hits(expected, damage["minor"], damage["serious"], Dials(),
                             head_or_neck_shot=head and bool(hit["called"]), outright_kill=killed)
    assert taken["health_after"] == dump(HealthShape, expected)
    return taken


def register(gm, *tokens: dict) -> None:
    for token in tokens:
        answer = gm.request("token.register", **token)
        assert answer["ok"], answer


def thug(n: int, **changes) -> dict:
    return {**THUG_TOKEN, "token_id": f"thug-{n}", "name": f"Thug {n}", **changes}


def attack(client, request: dict) -> dict:
    answer = client.request("attack", **request)
    assert answer["ok"], answer
    assert_valid("result.attack.json", answer["result"])
    return answer["result"]["result"]


def stored(store, world, token_id: str) -> dict:
    return store.tokens(world.world_id, [token_id])[token_id]


def tn_for(store, world, token_id: str, ranged: bool = True) -> int:
    """The TN to hit a tracked token with nothing reserved: 2 and what its conditions change (an unconscious one: 1)."""
    present = [Condition(c["condition"]) for c in stored(store, world, token_id)["conditions"]]
    return max(1, 2 + sum(change for _, change in to_hit_changes(present, ranged)))


def start_fight(store, world, *stances: tuple[str, str, Stance]) -> None:
    """A running combat in the scene with these (token, seat, stance)s, written to the store."""
    combatants = tuple(Combatant(token_id, seat, stance) for token_id, seat, stance in stances)
    fight = Combat(SCENE, ("alice", "gm"), "gm", combatants)
    store.redis.hset(f"vtt:world:{world.world_id}:combats", SCENE, json.dumps(dump(CombatShape, fight)))


def stance(store, world, token_id: str) -> dict:
    fight = store.combat(world.world_id, SCENE)
    return next(c["stance"] for c in fight["combatants"] if c["token_id"] == token_id)


def test_nikitas_45_against_the_vest_goes_into_the_thugs_health(gm, player_for, store, world):
    watcher = player_for("bob")
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    version = 1
    for _ in range(20):
        tn = tn_for(store, world, "thug-1")
        card = attack(gm, NIKITA)
        assert card["combat"]["pool"]["dice"] == 5 and card["to_hit"]["value"] == tn
        checked_roll(card["roll"], tn)
        for hit in card["hits"]:
            assert hit["target"] == "thug-1" and hit["armor_note"] == "Ballistic Vest DR 6"
            checked_hit(hit, DamageDice(12, 3, 4), 6)
        assert len(card["hits"]) == card["roll"]["outcome"]["success"]
        taken = checked_health(card, "thug-1")
        assert stored(store, world, "thug-1")["health"] == taken["health_after"]
        if taken["health_after"] != taken["health_before"]:
            version += 1
            pushed = watcher.wait_for("token.changed", lambda c, v=version: c["token_id"] == "thug-1" and c["version"] == v)
            assert pushed["state"]["health"] == taken["health_after"] and pushed["cause"]["rule"] == "attack"
        assert taken["version"] == version


def test_dodgers_called_head_shot_stuns_or_kills_beyond_rescue(gm, store, world):
    register(gm, DODGER_TOKEN)
    for n in range(20):
        register(gm, thug(n))
        card = attack(gm, {**DODGER, "targets": [{"token_id": f"thug-{n}", "armor": None}]})
        assert card["combat"]["pool"]["dice"] == 6 and card["to_hit"]["value"] == 4
        assert [step["source"] for step in card["to_hit"]["steps"]] == ["campaign default TN", "called shot: head"]
        checked_roll(card["roll"], 4)
        taken = checked_health(card, f"thug-{n}", head=True)
        if not card["roll"]["outcome"]["success"]:
            assert card["hits"] == [] and taken["changes"] == []
            continue
        (hit,) = card["hits"]
        checked_hit(hit, DamageDice(21, 2, 2), 0)
        serious, lost, stun = hit["damage"]["serious"], hit["damage"]["hit_points_lost"], hit["called"]["endurance_roll"]
        after = stored(store, world, f"thug-{n}")
        conditions = {(c["condition"], c["source"]) for c in after["conditions"]}
        if serious >= 6:
            assert card["conditions"] == [{"target": f"thug-{n}", "condition": "dead"}] and stun is None
            assert after["health"]["dead"] and after["health"]["beyond_rescue"]
            assert conditions == {("dead", "health")}
        elif lost:
            checked_roll(stun, 2)
            stunned = not stun["outcome"]["success"]
            assert (("stunned", "head shot") in conditions) is (stunned and not after["health"]["dead"])
            assert after["health"]["beyond_rescue"] is after["health"]["dead"]


def test_reserved_defense_dice_in_the_running_combat_raise_the_tn_and_the_shot_is_kept(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN, thug(2))
    thugs_aim = Stance(defense_dice=2, aiming_turns=1, aim_target="nikita-1")
    start_fight(store, world, ("nikita-1", "alice", Stance()), ("thug-1", "gm", thugs_aim),
                ("thug-2", "gm", Stance(defense_dice=2)))
    card = attack(gm, {**NIKITA, "defense_dice": 1})
    assert card["to_hit"]["value"] == 3 and card["to_hit"]["steps"][1]["change"] == 1
    assert card["combat"]["pool"]["dice"] == 4  # 5 less the die Nikita keeps back
    checked_roll(card["roll"], 3)
    hurt = any(hit["damage"]["hit_points_lost"] for hit in card["hits"])
    assert stance(store, world, "thug-1")["aim_lost"] is hurt  # a target that takes damage loses its aim
    assert stance(store, world, "nikita-1") | {} == {
        "defense_dice": 1, "aiming_turns": 0, "aim_target": None, "aim_lost": False, "charge": None,
        "desperate": False, "shots": 1,
    }
    changed = gm.request("attack", **{**NIKITA, "defense_dice": 2})
    assert changed["error"]["code"] == "against_the_rules" and list(changed["error"]["fields"]) == ["defense_dice"]
    # No defense_dice asked: the die kept back stays kept back, so the second
    # round (-2d6) leaves 2d6 against TN 3. It goes at the untouched thug 2:
    # the first shot may have knocked thug 1 out, and the unconscious are hit
    # at TN 1 (their defense dice ignored, one success fewer).
    second = gm.request("attack", **{**NIKITA, "targets": [{"token_id": "thug-2"}]})
    assert second["error"]["code"] == "impossible_roll" and second["error"]["message"].startswith("2d6 ")
    start_fight(store, world, ("nikita-1", "alice", Stance(shots=1)), ("thug-1", "gm", Stance()))
    tn = tn_for(store, world, "thug-1")  # 1 if the first shot knocked the thug out
    second = attack(gm, NIKITA)
    sources = [part["source"] for part in second["combat"]["pool"]["parts"]]
    assert "semi-auto second round" in sources and second["combat"]["pool"]["dice"] == 3
    checked_roll(second["roll"], tn)
    third = gm.request("attack", **NIKITA)
    assert third["error"]["code"] == "against_the_rules" and list(third["error"]["fields"]) == ["weapon"]


def test_a_thug_knocked_out_keeps_no_defense(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    start_fight(store, world, ("nikita-1", "alice", Stance()), ("thug-1", "gm", Stance(defense_dice=2)))
    assert gm.request("token.damage", token_id="thug-1", minor=12)["ok"]  # out cold: its 12 HP gone
    assert {c["condition"] for c in stored(store, world, "thug-1")["conditions"]} == {"unconscious"}
    card = attack(gm, NIKITA)
    assert [(step["source"], step["change"], step["note"]) for step in card["to_hit"]["steps"]] == [
        ("campaign default TN", 2, ""), ("defense dice 2 (1 set)", 0, "ignored: the target is unconscious"),
        ("unconscious", -1, ""),
    ]
    assert card["to_hit"]["value"] == 1 and stance(store, world, "thug-1")["defense_dice"] == 2
    checked_roll(card["roll"], 1)


def test_aiming_comes_from_the_stance_and_is_spent_by_the_shot(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN, thug(2))
    aimed = Stance(aiming_turns=2, aim_target="thug-1")
    start_fight(store, world, ("nikita-1", "alice", aimed), ("thug-1", "gm", Stance()))
    other = attack(gm, {**NIKITA, "targets": [{"token_id": "thug-2"}]})
    assert other["combat"]["pool"]["dice"] == 5  # aimed at another target
    start_fight(store, world, ("nikita-1", "alice", aimed), ("thug-1", "gm", Stance()))
    card = attack(gm, NIKITA)
    assert {"source": "aiming 2 turns", "dice": 4, "applied": True, "note": ""} in card["combat"]["pool"]["parts"]
    assert card["combat"]["pool"]["dice"] == 9
    assert (stance(store, world, "nikita-1")["aiming_turns"], stance(store, world, "nikita-1")["shots"]) == (0, 1)


def test_spraying_fire_resolves_every_target(gm, store, world):
    register(gm, NIKITA_TOKEN, *(thug(n, armor=None) for n in (1, 2, 3)))
    spray = {**NIKITA, "weapon": {"name": "M-16 (5.56mm)"}, "fire": "spraying", "distance": 15,
             "targets": [{"token_id": f"thug-{n}"} for n in (1, 2, 3)]}
    for _ in range(10):
        tn = tn_for(store, world, "thug-1")
        card = attack(gm, spray)
        checked_roll(card["roll"], tn)
        excess = card["roll"]["successes"] - tn
        hit = [hit["target"] for hit in card["hits"]]
        expected = ["thug-1", *(f"thug-{n}" for n in (2, 3) if excess >= n - 1)] if excess >= 0 else []
        assert hit == expected
        for hit in card["hits"]:
            checked_hit(hit, DamageDice(16, 3, 4), 0)
        assert [t["token_id"] for t in card["tokens"]] == ["thug-1", "thug-2", "thug-3"]
        for n in (1, 2, 3):
            taken = checked_health(card, f"thug-{n}")
            after = stored(store, world, f"thug-{n}")
            assert after["health"] == taken["health_after"]
            assert ("suppressed", "suppressive fire (M-16 (5.56mm))", "rounds", 1) in {
                (c["condition"], c["source"], c["ending"], c["rounds"]) for c in after["conditions"]
            } or after["health"]["dead"]


def test_automatic_fire_hits_once_per_extra_success(gm, store, world):
    register(gm, NIKITA_TOKEN, thug(1, armor=None))
    m16 = {**NIKITA, "weapon": {"name": "M-16 (5.56mm)"}, "fire": "automatic", "distance": 15,
           "targets": [{"token_id": "thug-1"}]}
    for _ in range(10):
        tn = tn_for(store, world, "thug-1")
        card = attack(gm, m16)
        checked_roll(card["roll"], tn)
        successes = card["roll"]["successes"]
        assert len(card["hits"]) == (successes - tn + 1 if successes >= tn else 0)
        for hit in card["hits"]:
            checked_hit(hit, DamageDice(16, 3, 4), 0)
        checked_health(card, "thug-1")
        assert {"target": "thug-1", "condition": "suppressed"} in card["conditions"]
        assert card["ammo"] is None and card["weapon_state"]["magazine"] is None  # rounds not counted


def test_a_world_weapon_is_found_by_name(gm):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    blaster = {"name": "Blaster", "damage": "Skill + 12 (3, 4)", "skill": "pistol", "close": "C", "optimal": "10m",
               "long": "20m (3)"}
    assert gm.request("equipment.define", ranged=[blaster])["ok"]
    card = attack(gm, {**NIKITA, "weapon": {"name": "blaster"}, "distance": 30})
    assert card["combat"]["weapon"] == "Blaster" and card["combat"]["range"]["band"] == "long"
    assert card["combat"]["pool"]["dice"] == 4  # 5 less 1d6 for the first long-range increment
    for hit in card["hits"]:
        checked_hit(hit, DamageDice(14, 3, 4), 6)


def test_a_melee_attack_after_two_shots_is_no_third_shot(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    start_fight(store, world, ("nikita-1", "alice", Stance(shots=2)))
    card = attack(gm, {**NIKITA, "weapon": {"name": "Dagger"}, "distance": None})
    assert card["combat"]["ranged"] is False and stance(store, world, "nikita-1")["shots"] == 2


def test_a_critical_failure_hits_the_grappler_instead(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN, thug(2, armor=None))
    shaky = {**NIKITA, "grappler": {"token_id": "thug-2"}, "modifiers": [{"source": "a wrestling pair", "dice": -3}]}
    # 2 dice: a critical failure 7 rolls in 36, so 100 all without one about 1 run in 2.5e9
    for _ in range(100):
        tn = tn_for(store, world, "thug-1")
        card = attack(gm, shaky)
        checked_roll(card["roll"], tn)
        assert card["hit_grappler"] is card["roll"]["outcome"]["critical_failure"]
        if card["hit_grappler"]:
            break
        assert [t["token_id"] for t in card["tokens"]] == ["thug-1"]
    else:
        raise AssertionError("no critical failure in 100 rolls")
    (hit,) = card["hits"]
    assert hit["target"] == "thug-2" and hit["armor_note"] == ""
    checked_hit(hit, DamageDice(12, 3, 4), 0)
    assert [t["token_id"] for t in card["tokens"]] == ["thug-1", "thug-2"]
    assert stored(store, world, "thug-2")["health"] == checked_health(card, "thug-2")["health_after"]


def test_a_player_spends_moments_from_the_ledger_and_is_refused_when_short(gm, player_for, store, world):
    alice = player_for("alice", ["nikita"])
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    award = gm.request("moments.award", award="role_playing", player="alice", moments=3, reason="the plan")
    assert award["ok"], award
    card = attack(alice, {**NIKITA, "moments_spent": 2, "damage_moments_spent": 1})
    bought = [part for part in card["combat"]["pool"]["parts"] if part["source"] == MOMENT_OF_TRUTH]
    assert card["combat"]["pool"]["dice"] == 7 and len(bought) == 2
    checked_roll(card["roll"], 2)
    for hit in card["hits"]:
        checked_hit(hit, DamageDice(13, 3, 4), 6)
    assert alice.request("moments.get")["result"]["balances"]["alice"] == 0
    short = alice.request("attack", **{**NIKITA, "moments_spent": 1})
    assert short["error"]["code"] == "against_the_rules" and list(short["error"]["fields"]) == ["moments_spent"]
    held = gm.request("attack", **{**NIKITA, "moments_spent": 1})
    assert list(held["error"]["fields"]) == ["moments_spent"]


def test_players_attack_only_with_tokens_they_own(gm, player_for):
    alice = player_for("alice", ["nikita"])
    register(gm, NIKITA_TOKEN, DODGER_TOKEN, THUG_TOKEN)
    refused = alice.request("attack", **{**NIKITA, "attacker": "dodger-1"})
    assert refused["error"]["code"] == "forbidden" and list(refused["error"]["fields"]) == ["attacker"]
    answer = alice.request("attack", **NIKITA, label="Nikita fires")
    pushed = gm.wait_for("roll.result", lambda entry: entry["roll_id"] == answer["result"]["roll_id"])
    assert pushed["rule"] == "attack" and pushed["actor_id"] == "nikita"
    assert_valid("push.roll.result.json", pushed)


def test_a_quick_weapon_splits_its_pool_and_the_registered_armor_counts(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    sword = {**NIKITA, "weapon": {"name": "Short Sword"}, "distance": None, "split_dice": 2}
    for _ in range(5):
        tn = tn_for(store, world, "thug-1")
        card = attack(gm, sword)
        assert card["combat"]["pool"]["dice"] == 2 and card["combat"]["kind"] == "unskilled"
        checked_roll(card["roll"], tn)
        for hit in card["hits"]:
            checked_hit(hit, DamageDice(3 + 0 + 4, 4, 5), 6)


def test_bad_attack_fields_are_named(gm):
    for change, field in (
        ({"targets": []}, "targets"),
        ({"targets": [{"token_id": "thug-1", "defense_dice": 1}]}, "targets"),
        ({"attacker": "has space"}, "attacker"),
        ({"aiming_turns": 1}, "aiming_turns"),
        ({"weapon": {"name": "Ray Gun", "reach": "Cls"}}, "weapon"),
        ({"dual_weapons": True}, "split_dice"),
        ({"charge": True}, "charge"),
    ):
        answer = gm.request("attack", **{**NIKITA, **change})
        assert answer["error"]["code"] == "invalid" and list(answer["error"]["fields"]) == [field], answer


def test_attacks_against_the_rules_name_the_field(gm):
    register(gm, NIKITA_TOKEN, THUG_TOKEN, thug(2))
    both = [{"token_id": "thug-1"}, {"token_id": "thug-2"}]
    for change, field in (
        ({"distance": 100}, "distance"),
        ({"distance": None}, "distance"),
        ({"weapon": {"name": "Ray Gun"}}, "weapon"),
        ({"targets": [{"token_id": "thug-1", "armor": {"name": "Mithril"}}]}, "targets.0.armor"),
        ({"fire": "automatic"}, "fire"),
        ({"desperate": True}, "desperate"),
        ({"targets": both}, "targets"),
        ({"targets": [{"token_id": "thug-1"}, {"token_id": "thug-1"}]}, "targets.1.token_id"),
        ({"charge": "charged"}, "charge"),
        ({"called_shot": "bypass_armor", "targets": [{"token_id": "thug-1", "armor": None}]}, "called_shot"),
        ({"split_dice": 9}, "split_dice"),
    ):
        answer = gm.request("attack", **{**NIKITA, **change})
        assert answer["error"]["code"] == "against_the_rules" and list(answer["error"]["fields"]) == [field], answer
    untracked = gm.request("attack", **{**NIKITA, "targets": [{"token_id": "nobody"}]})
    assert untracked["error"]["code"] == "not_tracked" and list(untracked["error"]["fields"]) == ["targets.0.token_id"]


def test_an_impossible_attack_names_the_moments_that_could_rescue_it(gm, store, world):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    start_fight(store, world, ("thug-1", "gm", Stance(defense_dice=12)))
    answer = gm.request("attack", **NIKITA)
    assert answer["error"]["code"] == "impossible_roll" and list(answer["error"]["fields"]) == ["moments_spent"]
