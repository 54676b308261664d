"""The combat tracker over real Socket.IO: the book's warehouse seated round
the table, initiative re-read from its faces by the seating rule, turns
passed with ``turn.ended``/``turn.started``, defense dice held until the
token's next turn, end-of-turn rolls re-read from their faces, and who may
send what."""

from __future__ import annotations

from bridge.rules.moment_of_truth.initiative import Direction, turn_order

from ..wire_schemas import assert_valid, ok
from .test_wire_combat import checked_roll

SCENE = "warehouse"
# The book's warehouse (ch. 7, Initiative Order): seated clockwise Allison,
# Ricardo (the GM), Seamus, Jackson.
SEATING = ["allison", "ricardo", "seamus", "jackson"]


def stats(agility: int, will: int, endurance: int = 3) -> dict:
    return {"endurance": endurance, "strength": 3, "agility": agility, "will": will, "perception": 3, "education": 2}


# token: (actor, seat, statistics); reaction time (agility + will) // 2.
TOKENS = {
    "nikita": ("nikita", "allison", stats(4, 3)),
    "thug-1": ("thug", "ricardo", stats(3, 4)),
    "thug-2": ("thug", "ricardo", stats(2, 2, endurance=5)),
    "dodger": ("dodger", "seamus", stats(3, 3)),
    "dwight": ("dwight", "jackson", stats(2, 3)),
}


def refused(client, event: str, **request) -> tuple[str, list]:
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    return answer["error"]["code"], list(answer["error"]["fields"])


def warehouse(gm, player_for) -> dict:
    """The tokens registered, the players seated with their characters, the fight started."""
    for token_id, (actor_id, _, statistics) in TOKENS.items():
        ok(gm, "token.register", token_id=token_id, actor_id=actor_id, scene_id=SCENE, name=token_id, statistics=statistics)
    players = {seat: player_for(seat, [actor]) for actor, seat, _ in TOKENS.values() if seat != "ricardo"}
    combatants = [{"token_id": token_id, "seat": seat} for token_id, (_, seat, _) in TOKENS.items()]
    combat = ok(gm, "combat.start", scene_id=SCENE, seating=SEATING, gm_seat="ricardo", combatants=combatants)
    assert (combat["turn"], combat["order"], combat["version"]) == (None, [], 1)
    return players


def rolled(gm) -> dict:
    """Initiative rolled, the GM rolling the lowest of the thugs' reaction times."""
    card = ok(gm, "combat.initiative", scene_id=SCENE, pick="lowest")
    assert card["rule"] == "combat.initiative"
    return card["result"]


def passed(client, **request) -> dict:
    return ok(client, "combat.next", scene_id=SCENE, **request)


def until(gm, seat: str) -> None:
    """Pass turns until ``seat``'s begins."""
    for _ in SEATING:
        if snapshot_combat(gm)["seat"] == seat:
            return
        passed(gm)
    raise AssertionError(f"{seat}'s turn never came")


def snapshot_combat(client) -> dict:
    (combat,) = ok(client, "table.snapshot", scene_id=SCENE)["combats"]
    return combat


def token_state(client, token_id: str) -> dict:
    return next(t for t in ok(client, "table.snapshot", scene_id=SCENE)["tokens"] if t["token_id"] == token_id)


def test_initiative_follows_the_seating_rule_and_starts_the_first_turn(gm, player_for):
    players = warehouse(gm, player_for)
    card = rolled(gm)
    assert [roll["seat"] for roll in card["rolls"]] == SEATING
    assert [roll["reaction_time"] for roll in card["rolls"]] == [3, 2, 3, 2]
    assert card["rolls"][1]["combatant"] == "thug-2" and card["gm_combatants"] == ["thug-1", "thug-2"]
    leaders = card["rolls"]
    for group in [card["rolls"], *card["rerolls"]]:
        assert {roll["seat"] for roll in group} == {roll["seat"] for roll in leaders}
        for roll in group:
            assert len(roll["faces"]) == roll["reaction_time"] and roll["total"] == sum(roll["faces"])
        leaders = [roll for roll in group if roll["total"] == max(each["total"] for each in group)]
    (winner,) = leaders
    direction = Direction.COUNTERCLOCKWISE if winner["total"] % 2 else Direction.CLOCKWISE
    order = list(turn_order(SEATING, winner["seat"], direction))
    assert (card["first"], card["direction"], card["order"]) == (winner["seat"], direction.value, order)
    combat = snapshot_combat(players["jackson"])
    assert (combat["order"], combat["seat"], combat["round"], combat["initiative"]) == (order, order[0], 1, card)
    started = players["jackson"].wait_for("turn.started", lambda turn: turn["seat"] == order[0])
    assert_valid("push.turn.started.json", started)
    first_tokens = [t for t, (_, seat, _) in TOKENS.items() if seat == order[0]]
    assert (started["round"], started["new_round"], [t["token_id"] for t in started["tokens"]]) == (1, True, first_tokens)
    assert refused(gm, "combat.initiative", scene_id=SCENE, pick="lowest") == ("against_the_rules", ["scene_id"])


def test_turns_go_round_the_order_and_a_new_round_begins(gm, player_for):
    players = warehouse(gm, player_for)
    order = rolled(gm)["order"]
    for number, seat in enumerate(order * 2):
        turns = passed(gm, seat=seat, request_id=f"next-{number}")
        after = (order * 3)[number + 1]
        assert (turns["ended"]["seat"], turns["started"]["seat"]) == (seat, after)
        assert turns["ended"]["round"] == number // 4 + 1 and turns["started"]["round"] == (number + 1) // 4 + 1
        assert turns["started"]["new_round"] is (after == order[0])
        pushed = players["allison"].wait_for("turn.ended", lambda turn, n=number: turn["cause"]["request_id"] == f"next-{n}")
        assert_valid("push.turn.ended.json", pushed)
        assert pushed == turns["ended"]
    assert refused(gm, "combat.next", scene_id=SCENE, seat=order[1]) == ("invalid", ["seat"])
    assert snapshot_combat(gm)["round"] == 3


def test_a_thug_reserving_defense_dice_keeps_them_until_its_next_turn(gm, player_for):
    players = warehouse(gm, player_for)
    rolled(gm)
    until(gm, "ricardo")
    held = ok(gm, "combat.reserve", scene_id=SCENE, token_id="thug-1", defense_dice=4)
    stance = next(c["stance"] for c in held["combatants"] if c["token_id"] == "thug-1")
    assert stance["defense_dice"] == 4
    changed = players["seamus"].wait_for("combat.changed", lambda push: push["cause"]["rule"] == "combat.reserve")
    assert_valid("push.combat.changed.json", changed)
    assert refused(gm, "combat.reserve", scene_id=SCENE, token_id="thug-1", defense_dice=2) == ("against_the_rules", ["token_id"])
    assert refused(players["seamus"], "combat.reserve", scene_id=SCENE, token_id="thug-2", defense_dice=2) == (
        "forbidden", ["token_id"]
    )
    for _ in range(3):
        passed(gm)
        assert next(c["stance"] for c in snapshot_combat(gm)["combatants"] if c["token_id"] == "thug-1")["defense_dice"] == 4
    turns = passed(gm)
    assert turns["started"]["seat"] == "ricardo"
    assert next(c["stance"] for c in snapshot_combat(gm)["combatants"] if c["token_id"] == "thug-1")["defense_dice"] == 0


def test_a_player_aims_on_their_turn_only(gm, player_for):
    players = warehouse(gm, player_for)
    rolled(gm)
    until(gm, "seamus")
    aimed = ok(players["seamus"], "combat.aim", scene_id=SCENE, token_id="dodger", target_id="thug-1")
    stance = next(c["stance"] for c in aimed["combatants"] if c["token_id"] == "dodger")
    assert (stance["aiming_turns"], stance["aim_target"]) == (1, "thug-1")
    assert refused(players["allison"], "combat.aim", scene_id=SCENE, token_id="nikita", target_id="thug-1") == (
        "out_of_turn", ["token_id"]
    )
    assert refused(gm, "combat.aim", scene_id=SCENE, token_id="dodger", target_id="nobody") == ("not_tracked", ["target_id"])


def test_a_stunned_tokens_end_of_turn_roll_is_read_from_its_faces(gm, player_for):
    warehouse(gm, player_for)
    rolled(gm)
    until(gm, "ricardo")
    for _ in range(12):
        ok(gm, "token.condition.set", token_id="thug-2", condition="stunned", source="flash-bang")
        until(gm, "ricardo")
        ended = passed(gm, seat="ricardo")["ended"]
        thug = next(t for t in ended["tokens"] if t["token_id"] == "thug-2")
        (roll,) = thug["condition_rolls"]
        assert (roll["condition"], roll["statistic"], roll["roll"]["pool"]["dice"]) == ("stunned", "endurance", 5)
        checked_roll(roll["roll"], 2)
        assert roll["ends"] is roll["roll"]["outcome"]["success"]
        still = any(c["condition"] == "stunned" for c in token_state(gm, "thug-2")["conditions"])
        assert still is not roll["ends"]


def test_a_bleeding_token_bleeds_at_the_end_of_each_of_its_turns(gm, player_for):
    ok(gm, "settings.update", settings={"bleeding": True})
    warehouse(gm, player_for)
    ok(gm, "token.damage", token_id="thug-1", serious=6)  # 12 HP: bleeding from 4 serious
    rolled(gm)
    serious = 6
    for _ in range(4):
        until(gm, "ricardo")
        ended = passed(gm, seat="ricardo")["ended"]
        bleeding = next(t for t in ended["tokens"] if t["token_id"] == "thug-1")["bleeding"]
        checked_roll(bleeding["roll"], 2)
        assert bleeding["serious_lost"] == (0 if bleeding["roll"]["outcome"]["success"] else 1)
        assert bleeding["change"]["before"]["serious"] == serious
        serious += bleeding["serious_lost"]
        assert token_state(gm, "thug-1")["health"]["serious"] == serious
    assert next(t for t in ended["tokens"] if t["token_id"] == "thug-2")["bleeding"] is None


def test_players_pass_only_their_own_turn_and_the_gms_requests_are_the_gms(gm, player_for):
    players = warehouse(gm, player_for)
    first = rolled(gm)["first"]
    others = [seat for seat in players if seat != first]
    assert refused(players[others[0]], "combat.next", scene_id=SCENE) == ("forbidden", ["scene_id"])
    if first in players:
        assert passed(players[first])["ended"]["seat"] == first
    for event, request in [
        ("combat.start", {"seating": SEATING, "gm_seat": "ricardo"}),
        ("combat.initiative", {}),
        ("combat.join", {"token_id": "nikita", "seat": "allison"}),
        ("combat.leave", {"token_id": "nikita"}),
        ("combat.end", {}),
    ]:
        assert refused(players["allison"], event, scene_id=SCENE, **request)[0] == "forbidden", event


def test_one_combat_per_scene_until_it_ends(gm, player_for):
    warehouse(gm, player_for)
    assert refused(gm, "combat.start", scene_id=SCENE, seating=SEATING, gm_seat="ricardo") == ("invalid", ["scene_id"])
    assert refused(gm, "combat.start", scene_id="dock", seating=SEATING, gm_seat="boss") == ("against_the_rules", ["gm_seat"])
    bad_seat = [{"token_id": "nikita", "seat": "jackson"}]
    assert refused(gm, "combat.start", scene_id="dock", seating=SEATING, gm_seat="ricardo", combatants=bad_seat) == (
        "invalid", ["combatants.0.seat"]
    )
    assert refused(gm, "combat.next", scene_id=SCENE) == ("invalid", ["scene_id"])  # no initiative yet
    left = ok(gm, "combat.leave", scene_id=SCENE, token_id="dwight")
    assert [c["token_id"] for c in left["combatants"]] == ["nikita", "thug-1", "thug-2", "dodger"]
    assert ok(gm, "combat.join", scene_id=SCENE, token_id="dwight", seat="jackson")["version"] == 3
    assert ok(gm, "combat.end", scene_id=SCENE)["ended"]["version"] == 3
    assert ok(gm, "table.snapshot", scene_id=SCENE)["combats"] == []
    assert refused(gm, "combat.end", scene_id=SCENE) == ("invalid", ["scene_id"])


def test_a_condition_set_for_a_round_mid_fight_ends_at_the_tokens_next_turn(gm, player_for):
    warehouse(gm, player_for)
    rolled(gm)
    until(gm, "ricardo")
    round_number = snapshot_combat(gm)["round"]
    set_ = ok(gm, "token.condition.set", token_id="thug-1", condition="suppressed", ending="rounds", rounds=1)
    assert set_["state"]["conditions"][0]["since_round"] == round_number
    passed(gm)
    for _ in range(2):
        started = passed(gm)["started"]
        assert started["seat"] != "ricardo"
    started = passed(gm)["started"]
    assert (started["seat"], started["round"]) == ("ricardo", round_number + 1)
    thug = next(t for t in started["tokens"] if t["token_id"] == "thug-1")
    assert thug["ended"] == [{"condition": "suppressed", "source": "GM", "rounds": 1}]
    assert token_state(gm, "thug-1")["conditions"] == []


def test_an_unconscious_token_keeps_back_nothing(gm, player_for):
    warehouse(gm, player_for)
    rolled(gm)
    until(gm, "ricardo")
    ok(gm, "token.damage", token_id="thug-2", serious=16)
    assert refused(gm, "combat.reserve", scene_id=SCENE, token_id="thug-2", defense_dice=2) == ("against_the_rules", ["token_id"])
    ended = passed(gm, seat="ricardo")["ended"]
    assert next(t for t in ended["tokens"] if t["token_id"] == "thug-2")["out_of_action"] is True
