"""The book's warehouse fight (ch. 7) played over real Socket.IO, beat by beat:
Ricardo (the GM) runs the thugs, Allison plays Nikita, Seamus plays Dodger
and Jackson plays Dwight, each player connected with a GM-minted token and
owning their character. Every roll is re-read from its faces with the pure
rules; where luck matters, turns are passed (a bounded number of times) or
the GM's hand sets the state. The last test restarts the bridge mid-fight."""

from __future__ import annotations

from bridge.rules.moment_of_truth.conditions import Condition, to_hit_changes
from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.initiative import Direction, turn_order

from ..services import Bridge
from ..table import TableClient
from ..wire_schemas import assert_valid
from .test_wire_combat import DODGERS_RIFLE, checked_health, checked_hit, checked_roll, tn_for
from .test_wire_tracker import SCENE, SEATING, ok, passed, refused, snapshot_combat, token_state, until


def stats(endurance: int = 3) -> dict:
    return {"endurance": endurance, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3}


VEST = {"name": "Ballistic Vest"}
# token: (actor, seat, statistics, skills, armor). Thug 1 is tough (26 HP), thug 2 is not (12 HP).
CAST = {
    "nikita": ("nikita", "allison", stats(), {"pistol": 2}, None),
    "dodger": ("dodger", "seamus", stats(), {"long arms": 3}, None),
    "dwight": ("dwight", "jackson", stats(), {"melee one-handed": 2}, None),
    "thug-1": ("thug", "ricardo", stats(endurance=10), {"melee one-handed": 2, "pistol": 2}, VEST),
    "thug-2": ("thug", "ricardo", stats(), {"pistol": 2}, VEST),
}
FORTY_FIVE = {"name": ".45 Auto Pistol"}
KNIFE = {"name": "Dagger"}
#: How many rounds a beat waits for the dice to do what it needs.
ROUNDS = 40


def warehouse(gm, player_for) -> dict:
    """The cast registered, the players joined owning their characters, the fight started and initiative rolled."""
    for token_id, (actor_id, _, statistics, skills, armor) in CAST.items():
        ok(gm, "token.register", token_id=token_id, actor_id=actor_id, scene_id=SCENE, name=token_id,
           statistics=statistics, skills=skills, armor=armor)
    players = {seat: player_for(seat, [actor]) for actor, seat, *_ in CAST.values() if seat != "ricardo"}
    combatants = [{"token_id": token_id, "seat": seat} for token_id, (_, seat, *_) in CAST.items()]
    ok(gm, "combat.start", scene_id=SCENE, seating=SEATING, gm_seat="ricardo", combatants=combatants)
    ok(gm, "combat.initiative", scene_id=SCENE, pick="lowest")
    return players


def attack(client, **request) -> dict:
    card = ok(client, "attack", **request)
    assert card["rule"] == "attack"
    return card["result"]



def stance(client, token_id: str) -> dict:
    return next(c["stance"] for c in snapshot_combat(client)["combatants"] if c["token_id"] == token_id)


def conditions(client, token_id: str) -> set:
    return {c["condition"] for c in token_state(client, token_id)["conditions"]}


def seen_health(client, card: dict, token_id: str, head: bool = False) -> None:
    """The target's stored health is what its hits make it, and ``client`` saw it change."""
    taken = checked_health(card, token_id, head=head)
    assert token_state(client, token_id)["health"] == taken["health_after"]
    if taken["health_after"] != taken["health_before"]:
        pushed = client.wait_for("token.changed", lambda c: c["token_id"] == token_id and c["version"] == taken["version"])
        assert_valid("push.token.changed.json", pushed)
        assert (pushed["state"]["health"], pushed["cause"]["rule"]) == (taken["health_after"], "attack")


def test_initiative_is_read_from_its_faces_and_play_goes_round_by_the_seating_rule(gm, player_for):
    players = warehouse(gm, player_for)
    card = snapshot_combat(players["allison"])["initiative"]
    assert [roll["seat"] for roll in card["rolls"]] == SEATING
    assert card["gm_combatants"] == ["thug-1", "thug-2"] and card["rolls"][1]["combatant"] in card["gm_combatants"]
    leaders = card["rolls"]
    for group in [card["rolls"], *card["rerolls"]]:
        assert {roll["seat"] for roll in group} == {roll["seat"] for roll in leaders}  # only the tied re-roll
        for roll in group:
            assert len(roll["faces"]) == roll["reaction_time"] == 3 and roll["total"] == sum(roll["faces"])
        leaders = [roll for roll in group if roll["total"] == max(each["total"] for each in group)]
    (first,) = leaders
    direction = Direction.COUNTERCLOCKWISE if first["total"] % 2 else Direction.CLOCKWISE  # odd: to the right
    order = list(turn_order(SEATING, first["seat"], direction))
    assert (card["first"], card["deciding_total"], card["direction"]) == (first["seat"], first["total"], direction.value)
    assert card["order"] == order and snapshot_combat(players["seamus"])["order"] == order
    for number, seat in enumerate(order + order[:1]):
        combat = snapshot_combat(players["jackson"])
        assert (combat["seat"], combat["round"]) == (seat, 1 + number // 4)
        passed(gm)


def test_a_thug_keeps_defense_dice_back_and_nikitas_45_needs_the_extra_success_until_its_next_turn(gm, player_for, store, world):
    players = warehouse(gm, player_for)
    until(gm, "ricardo")
    ok(gm, "combat.reserve", scene_id=SCENE, token_id="thug-1", defense_dice=2)
    assert players["allison"].wait_for("combat.changed", lambda c: c["cause"]["rule"] == "combat.reserve")
    until(gm, "allison")
    tn = tn_for(store, world, "thug-1") + 1  # two defense dice: one more success to hit
    card = attack(players["allison"], attacker="nikita", weapon=FORTY_FIVE, distance=5, targets=[{"token_id": "thug-1"}])
    assert (card["to_hit"]["value"], card["combat"]["pool"]["dice"]) == (tn, 5)
    assert [step["change"] for step in card["to_hit"]["steps"]][1:] == [1]
    checked_roll(card["roll"], tn)
    for hit in card["hits"]:
        assert hit["armor_note"] == "Ballistic Vest DR 6"
        checked_hit(hit, DamageDice(12, 3, 4), 6)
    seen_health(players["seamus"], card, "thug-1")
    assert stance(gm, "thug-1")["defense_dice"] == 2  # held through the other seats' turns
    until(gm, "ricardo")
    assert stance(gm, "thug-1")["defense_dice"] == 0  # released as its turn starts
    until(gm, "allison")
    tn, present = tn_for(store, world, "thug-1"), [Condition(c) for c in conditions(gm, "thug-1")]
    again = attack(players["allison"], attacker="nikita", weapon=FORTY_FIVE, distance=5, targets=[{"token_id": "thug-1"}])
    assert again["to_hit"]["value"] == tn  # no extra success needed any more
    assert [step["source"] for step in again["to_hit"]["steps"]] == [
        card["to_hit"]["steps"][0]["source"], *(condition for condition, _ in to_hit_changes(present, ranged=True))]


def test_nikitas_45_against_the_vest_is_stored_in_the_thugs_health_and_seen_by_the_table(gm, player_for, store, world):
    players = warehouse(gm, player_for)
    for _ in range(ROUNDS):
        until(gm, "allison")
        tn = tn_for(store, world, "thug-1")
        card = attack(players["allison"], attacker="nikita", weapon=FORTY_FIVE, distance=5, targets=[{"token_id": "thug-1"}])
        assert card["to_hit"]["value"] == tn
        checked_roll(card["roll"], tn)
        assert len(card["hits"]) == card["roll"]["outcome"]["success"]
        for hit in card["hits"]:
            checked_hit(hit, DamageDice(12, 3, 4), 6)  # the vest's DR 6 takes serious damage first
        seen_health(players["jackson"], card, "thug-1")
        if any(hit["damage"]["hit_points_lost"] for hit in card["hits"]):
            return
        passed(players["allison"])
    raise AssertionError(f"Nikita never got through the vest in {ROUNDS} rounds")


def test_dodgers_called_head_shot_spends_the_moments_the_gm_awarded(gm, player_for, store, world):
    players = warehouse(gm, player_for)
    for _ in range(ROUNDS):
        until(gm, "seamus")
        award = ok(gm, "moments.award", award="role_playing", player="seamus", moments=4, reason="the sniper's patience")
        assert award["balances"]["seamus"] == 4
        awarded = players["allison"].wait_for("moments.changed", lambda c, a=award: c == a)
        assert_valid("push.moments.changed.json", awarded)
        tn = tn_for(store, world, "thug-2") + 2
        card = ok(players["seamus"], "attack", attacker="dodger", weapon=DODGERS_RIFLE, distance=40, called_shot="head",
                  moments_spent=4, targets=[{"token_id": "thug-2", "armor": None}])  # the vest leaves the head bare
        spent = players["jackson"].wait_for("moments.changed", lambda c, r=card["roll_id"]: any(
            e["roll_id"] == r for e in c["entries"]))
        assert spent["balances"]["seamus"] == 0 == ok(players["seamus"], "moments.get")["balances"]["seamus"]
        assert card["result"]["combat"]["pool"]["dice"] == 3 + 3 + 4 and card["result"]["to_hit"]["value"] == tn
        shot = card["result"]
        assert shot["to_hit"]["steps"][-1]["source"] == "called shot: head"
        checked_roll(shot["roll"], tn)
        if shot["roll"]["outcome"]["success"]:
            break
        assert shot["hits"] == [] and checked_health(shot, "thug-2", head=True)["changes"] == []
        passed(players["seamus"])
    else:
        raise AssertionError(f"Dodger never hit in {ROUNDS} rounds")
    (hit,) = shot["hits"]
    checked_hit(hit, DamageDice(21, 2, 2), 0)
    seen_health(players["allison"], shot, "thug-2", head=True)
    after = token_state(gm, "thug-2")
    if hit["damage"]["serious"] >= 6:  # killed outright (ch. 7, Called Shots)
        assert after["health"]["dead"] and after["health"]["beyond_rescue"]
    elif hit["damage"]["hit_points_lost"]:
        stun = hit["called"]["endurance_roll"]
        checked_roll(stun, 2)
        stunned = not stun["outcome"]["success"] and not after["health"]["dead"]
        assert ("stunned" in conditions(gm, "thug-2")) is stunned


def test_dwights_four_defense_dice_cost_the_knife_two_successes_and_the_distant_pistol_one(gm, player_for, store, world):
    players = warehouse(gm, player_for)
    ok(gm, "token.condition.set", token_id="dwight", condition="engaged")  # in a knife fight
    until(gm, "jackson")
    ok(players["jackson"], "combat.reserve", scene_id=SCENE, token_id="dwight", defense_dice=4)
    until(gm, "ricardo")
    tn = tn_for(store, world, "dwight", ranged=False)
    knife = attack(gm, attacker="thug-1", weapon=KNIFE, distance=None, targets=[{"token_id": "dwight"}])
    assert knife["to_hit"]["value"] == tn + 2
    checked_roll(knife["roll"], tn + 2)
    seen_health(players["allison"], knife, "dwight")
    tn = tn_for(store, world, "dwight")
    # Two metres off, outside the knife's reach: the first set of defense dice does not count against him.
    pistol = attack(gm, attacker="thug-2", weapon=FORTY_FIVE, distance=2,
                    targets=[{"token_id": "dwight", "attacker_within_reach": False}])
    assert pistol["to_hit"]["value"] == tn + 1
    checked_roll(pistol["roll"], tn + 1)
    seen_health(players["allison"], pistol, "dwight")


def test_a_thug_taken_to_zero_hit_points_falls_unconscious(gm, player_for):
    players = warehouse(gm, player_for)
    remaining = token_state(gm, "thug-1")["health"]["remaining"]
    ok(gm, "token.damage", token_id="thug-1", minor=remaining - 1)
    assert "unconscious" not in conditions(players["seamus"], "thug-1")
    changed = ok(gm, "token.damage", token_id="thug-1", minor=1)
    assert changed["state"]["health"]["remaining"] == 0
    assert {"condition": "unconscious", "gained": True} in changed["changes"]
    pushed = players["seamus"].wait_for("token.changed", lambda c: c["version"] == changed["version"] and c["token_id"] == "thug-1")
    assert "unconscious" in {c["condition"] for c in pushed["state"]["conditions"]}
    until(gm, "ricardo")
    before = ok(gm, "table.snapshot", scene_id=SCENE)
    assert refused(gm, "combat.reserve", scene_id=SCENE, token_id="thug-1", defense_dice=2) == ("against_the_rules", ["token_id"])
    shot = {"attacker": "thug-1", "weapon": FORTY_FIVE, "distance": 5, "targets": [{"token_id": "nikita"}]}
    assert refused(gm, "attack", **shot) == ("against_the_rules", ["attacker"])  # it takes no actions
    assert ok(gm, "table.snapshot", scene_id=SCENE) == before


def test_a_bleeding_thug_rolls_endurance_at_the_end_of_each_of_its_turns(gm, player_for):
    ok(gm, "settings.update", settings={"bleeding": True})
    players = warehouse(gm, player_for)
    ok(gm, "token.damage", token_id="thug-2", serious=4)  # a third of its 12 HP
    assert "bleeding" in conditions(gm, "thug-2")
    serious = 4
    for _ in range(3):
        until(gm, "ricardo")
        ended = passed(gm, seat="ricardo")["ended"]
        cause = ended["cause"]
        assert players["seamus"].wait_for("turn.ended", lambda t, c=cause: t["cause"] == c) == ended
        bleeding = next(t for t in ended["tokens"] if t["token_id"] == "thug-2")["bleeding"]
        assert bleeding["roll"]["pool"]["dice"] == 3  # its Endurance
        checked_roll(bleeding["roll"], 2)
        assert bleeding["serious_lost"] == (0 if bleeding["roll"]["outcome"]["success"] else 1)
        serious += bleeding["serious_lost"]
        assert token_state(players["allison"], "thug-2")["health"]["serious"] == serious
    assert next(t for t in ended["tokens"] if t["token_id"] == "thug-1")["bleeding"] is None


def test_a_stunned_thug_rolls_at_the_end_of_its_turns_until_the_stun_ends(gm, player_for):
    warehouse(gm, player_for)
    ok(gm, "token.condition.set", token_id="thug-2", condition="stunned", source="head shot")
    for _ in range(ROUNDS):
        until(gm, "ricardo")
        ended = passed(gm, seat="ricardo")["ended"]
        (roll,) = next(t for t in ended["tokens"] if t["token_id"] == "thug-2")["condition_rolls"]
        assert (roll["condition"], roll["statistic"], roll["roll"]["pool"]["dice"]) == ("stunned", "endurance", 3)
        checked_roll(roll["roll"], 2)
        assert roll["ends"] is roll["roll"]["outcome"]["success"]
        assert ("stunned" in conditions(gm, "thug-2")) is not roll["ends"]
        if roll["ends"]:
            return
    raise AssertionError(f"the stun outlasted {ROUNDS} rounds")


def test_players_are_refused_for_tokens_they_do_not_control_and_nothing_changes(gm, player_for):
    players = warehouse(gm, player_for)
    allison, jackson = players["allison"], players["jackson"]
    before = ok(gm, "table.snapshot", scene_id=SCENE)
    for client, event, request, field in [
        (allison, "attack", {"attacker": "dodger", "weapon": DODGERS_RIFLE, "distance": 40,
                             "targets": [{"token_id": "thug-1"}]}, "attacker"),
        (jackson, "attack", {"attacker": "thug-1", "weapon": KNIFE, "distance": None,
                             "targets": [{"token_id": "dwight"}]}, "attacker"),
        (allison, "combat.reserve", {"scene_id": SCENE, "token_id": "thug-1", "defense_dice": 2}, "token_id"),
        (jackson, "combat.aim", {"scene_id": SCENE, "token_id": "nikita", "target_id": "thug-1"}, "token_id"),
        (jackson, "maneuver", {"kind": "take_down", "actor": "thug-2", "opponent": "dwight"}, "actor"),
    ]:
        assert refused(client, event, **request) == ("forbidden", [field]), event
    assert ok(gm, "table.snapshot", scene_id=SCENE) == before


def test_two_clients_see_the_same_fight_after_the_bridge_restarts(redis_server, world):
    clients: list[TableClient] = []
    web = Bridge(redis_server.url)
    try:
        gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
        clients.append(gm)
        players = warehouse(gm, lambda user, actors: _joined(gm, web.url, world, user, actors, clients))
        ok(gm, "token.damage", token_id="thug-1", serious=3)
        ok(gm, "token.condition.set", token_id="thug-2", condition="stunned", source="head shot")
        until(gm, "ricardo")
        ok(gm, "combat.reserve", scene_id=SCENE, token_id="thug-1", defense_dice=2)
        before = ok(gm, "table.snapshot", scene_id=SCENE)
        allisons = players["allison"].auth
        for client in clients:
            client.close()
        clients.clear()
        web.stop()
        web = Bridge(redis_server.url)
        gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
        allison = TableClient(web.url, allisons)
        clients += [gm, allison]
        seen = [ok(client, "table.snapshot", scene_id=SCENE) for client in (gm, allison)]
        for part in ("tokens", "combats"):
            assert seen[0][part] == seen[1][part] == before[part], part
        assert stance(allison, "thug-1")["defense_dice"] == 2 and "stunned" in conditions(allison, "thug-2")
        ended = passed(gm, seat="ricardo")["ended"]  # the fight goes on where it stood
        assert allison.wait_for("turn.ended", lambda t: t["cause"] == ended["cause"]) == ended
    finally:
        for client in clients:
            client.close()
        web.stop()


def _joined(gm, url: str, world, user: str, actors, clients: list) -> TableClient:
    """A player joined through ``gm``'s own bridge (the ``player_for`` fixture's bridge is the session's)."""
    token = ok(gm, "token.mint", user=user)["token"]
    ok(gm, "actors.assign", user=user, actor_ids=list(actors))
    client = TableClient(url, {"world": world.world_id, "token": token})
    client.auth = {"world": world.world_id, "token": token}
    clients.append(client)
    return client
