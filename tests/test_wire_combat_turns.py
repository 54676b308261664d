"""``initiative``, ``maneuver``, ``turn.end`` and ``turn.allowance`` over
real Socket.IO: faces re-read with the pure rules, refusals by field."""

from __future__ import annotations

from types import SimpleNamespace

from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.rules.moment_of_truth.contests import decide
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.rules.moment_of_truth.initiative import Direction, turn_order

from .test_wire_combat import AVERAGE, checked_roll
from .wire_schemas import assert_valid


def card_of(client, event: str, request: dict) -> dict:
    answer = client.request(event, **request)
    assert answer["ok"], answer
    assert_valid(f"result.{event}.json", answer["result"])
    return answer["result"]["result"]


def refused(client, event: str, request: dict, code: str, field: str) -> None:
    answer = client.request(event, **request)
    assert answer["error"]["code"] == code and list(answer["error"]["fields"]) == [field], answer


# --- initiative ------------------------------------------------------------------

def statistics(agility: int, will: int) -> dict:
    return {**AVERAGE, "agility": agility, "will": will}


# The book's warehouse (ch. 7): Ricardo, the GM, rolls the lowest of his six
# thugs' reaction times (thug 5's 2); seated clockwise Allison, Ricardo,
# Seamus, Jackson. Jackson's reaction time is sent as it is.
WAREHOUSE = {
    "actor_id": "scene",
    "seating": ["Allison", "Ricardo", "Seamus", "Jackson"],
    "players": [
        {"seat": "Allison", "statistics": statistics(3, 3)},
        {"seat": "Seamus", "statistics": statistics(2, 2)},
        {"seat": "Jackson", "reaction_time": 1},
    ],
    "gm": {
        "seat": "Ricardo",
        "pick": "lowest",
        "combatants": [
            {"name": f"thug {n}", "statistics": statistics(agility, will)}
            for n, (agility, will) in enumerate([(3, 3), (3, 4), (4, 4), (3, 3), (2, 2), (5, 3)], 1)
        ],
    },
}


def test_initiative_is_read_from_every_seats_faces(gm):
    for _ in range(20):
        card = card_of(gm, "initiative", WAREHOUSE)
        assert [roll["seat"] for roll in card["rolls"]] == WAREHOUSE["seating"]
        assert [roll["reaction_time"] for roll in card["rolls"]] == [3, 2, 2, 1]
        assert card["rolls"][1]["combatant"] == "thug 5" and len(card["gm_combatants"]) == 6
        leaders = card["rolls"]
        for group in [card["rolls"], *card["rerolls"]]:
            assert {roll["seat"] for roll in group} == {roll["seat"] for roll in leaders}
            for roll in group:
                assert len(roll["faces"]) == roll["reaction_time"] and roll["total"] == sum(roll["faces"])
            leaders = [roll for roll in group if roll["total"] == max(each["total"] for each in group)]
        (winner,) = leaders
        assert (card["first"], card["deciding_total"]) == (winner["seat"], winner["total"])
        direction = Direction.COUNTERCLOCKWISE if winner["total"] % 2 else Direction.CLOCKWISE
        assert card["direction"] == direction.value
        assert card["order"] == list(turn_order(WAREHOUSE["seating"], winner["seat"], direction))


def test_initiative_is_the_gms(player_for):
    alice = player_for("alice", ["scene"])
    answer = alice.request("initiative", **WAREHOUSE)
    assert answer["error"]["code"] == "forbidden"


def test_initiative_refusals_name_the_field(gm):
    refused(gm, "initiative", {**WAREHOUSE, "seating": []}, "invalid", "seating")
    refused(gm, "initiative", {**WAREHOUSE, "gm": {**WAREHOUSE["gm"], "pick": "random"}}, "invalid", "gm")
    refused(gm, "initiative", {**WAREHOUSE, "seating": ["Allison", "Ricardo"]}, "against_the_rules", "seating")
    both = {"seat": "Jackson", "reaction_time": 1, "statistics": AVERAGE}
    refused(gm, "initiative", {**WAREHOUSE, "players": [both]}, "invalid", "players")
    nobody = {**WAREHOUSE["gm"], "pick": "named", "named": "nobody"}
    refused(gm, "initiative", {**WAREHOUSE, "gm": nobody}, "against_the_rules", "gm.named")


# --- maneuver ----------------------------------------------------------------------

ANN = {"name": "Ann", "strength": 3, "agility": 3, "brawling": 2}
BO = {"name": "Bo", "strength": 3, "agility": 3, "brawling": 1, "party": "npc"}
GRAPPLED_BO = {**BO, "conditions": ["grappled", "restrained"]}
TAKE_DOWN = {"actor_id": "ann", "kind": "take_down", "actor": ANN, "opponent": GRAPPLED_BO}


def judged(roll: dict) -> SimpleNamespace:
    """A roll on the card as the pure rules read its faces."""
    counting = count_faces(roll["faces"], RollKind(roll["kind"]))
    return SimpleNamespace(counting=counting, outcome=judge(counting, roll["pool"]["dice"], roll["target"]["value"]))


def test_a_grapple_is_read_from_its_faces(gm):
    for _ in range(20):
        card = card_of(gm, "maneuver", {"actor_id": "ann", "kind": "grapple", "actor": ANN, "opponent": BO})
        assert card["maneuver"] == "grapple" and card["roll"]["pool"]["dice"] == 5 and card["to_hit"]["value"] == 2
        checked_roll(card["roll"], 2)
        grabbed = [{"who": "Bo", "condition": condition, "gained": True} for condition in ("grappled", "restrained")]
        assert card["grappled"] is card["roll"]["outcome"]["success"]
        assert card["changes"] == (grabbed if card["grappled"] else [])


def test_a_take_down_is_decided_by_its_faces(gm):
    for _ in range(20):
        card = card_of(gm, "maneuver", TAKE_DOWN)
        contest = card["contest"]
        for round_ in contest["rounds"]:
            for roll in (round_["first"], round_["second"]):
                checked_roll(roll, 2)
            winner, decision = decide(judged(round_["first"]), judged(round_["second"]))
            assert (round_["winner"], round_["decision"]) == (winner.value, decision.value)
        prone = {change["who"] for change in card["changes"] if change["condition"] == "prone" and change["gained"]}
        if contest["decision"] in ("equal_successes", "both_failed"):
            assert card["winner"] is None and prone == {"Ann", "Bo"}
        else:
            assert prone == ({"Bo"} if card["winner"] == "Ann" else set())


def test_a_crush_is_strength_five_six(gm):
    strangled = {**BO, "conditions": ["grappled", "restrained", "suffocating"]}
    request = {"actor_id": "ann", "kind": "crush", "actor": {**ANN, "strength": 4}, "opponent": strangled,
               "held_since_earlier_turn": True, "damage_reduction": 1}
    card = card_of(gm, "maneuver", request)
    assert card["maneuver"] == "crush"
    assert card["damage"] == read_damage(card["damage"]["faces"], DamageDice(4, 5, 6), 1).to_dict()


def test_players_maneuver_only_with_their_actors(player_for):
    alice = player_for("alice", ["ann"])
    refused(alice, "maneuver", {**TAKE_DOWN, "actor_id": "bo"}, "forbidden", "actor_id")


def test_maneuver_refusals_name_the_field(gm):
    strangled = {**GRAPPLED_BO, "conditions": ["grappled", "suffocating"]}
    for change, field in (
        ({"kind": "hug"}, "kind"),
        ({"statistic": "strength"}, "statistic"),
        ({"kind": "strangle", "statistic": "melee_attack"}, "statistic"),
    ):
        refused(gm, "maneuver", {**TAKE_DOWN, **change}, "invalid", field)
    for change, field in (
        ({"opponent": BO}, "opponent.conditions"),
        ({"kind": "break_free"}, "actor.conditions"),
        ({"kind": "grapple", "free_hand": False}, "free_hand"),
        ({"kind": "crush"}, "opponent.conditions"),
        ({"kind": "crush", "opponent": strangled}, "held_since_earlier_turn"),
        ({"actor": {**ANN, "uses": "martial_arts"}}, "actor.uses"),
        ({"actor": {**ANN, "conditions": ["unconscious"]}}, "actor.conditions"),
    ):
        refused(gm, "maneuver", {**TAKE_DOWN, **change}, "against_the_rules", field)


# --- turn.end, turn.allowance ---------------------------------------------------------


def test_the_end_of_turn_rolls_are_read_from_their_faces(gm):
    request = {"actor_id": "ann", "statistics": AVERAGE, "conditions": ["prone", "stunned", "confused"]}
    for _ in range(20):
        card = card_of(gm, "turn.end", request)
        assert [(roll["condition"], roll["statistic"]) for roll in card["rolls"]] == [
            ("confused", "will"), ("stunned", "endurance")
        ]
        for roll in card["rolls"]:
            checked_roll(roll["roll"], 2)
            assert roll["ends"] is roll["roll"]["outcome"]["success"]
        ended = {roll["condition"] for roll in card["rolls"] if roll["ends"]}
        assert card["conditions"] == sorted({"prone", "stunned", "confused"} - ended)


def test_end_of_turn_refusals(gm, player_for):
    alice = player_for("alice", ["ann"])
    request = {"actor_id": "ann", "statistics": AVERAGE, "conditions": ["stunned"]}
    refused(alice, "turn.end", {**request, "actor_id": "bo"}, "forbidden", "actor_id")
    refused(gm, "turn.end", {**request, "conditions": ["sleepy"]}, "invalid", "conditions")
    refused(gm, "turn.end", {**request, "statistics": {**AVERAGE, "endurance": 1}}, "impossible_roll", "statistics")


def test_a_turns_allowance(player_for):
    alice = player_for("alice")
    answer = alice.request("turn.allowance", move=7, conditions=["prone"])
    assert answer["ok"], answer
    assert_valid("result.turn.allowance.json", answer["result"])
    assert (answer["result"]["actions"], answer["result"]["moves"], answer["result"]["meters_per_move"]) == (1, 2, 3)
    refused(alice, "turn.allowance", {"move": -1}, "invalid", "move")
