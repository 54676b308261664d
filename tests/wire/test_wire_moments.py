"""The Moments of Truth ledger (ch. 5) and connections over real Socket.IO:
counts pushed to the table, atomic spending, limits, refusals by field."""

from __future__ import annotations

import threading

from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.rules.moment_of_truth.connections import connection_event

from ..wire_schemas import assert_valid, ok


def refused(client, event: str, code: str, field: str | None, **request) -> dict:
    """Refused with ``code``, naming ``field`` (None: no field, as a GM-only refusal)."""
    answer = client.request(event, **request)
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    assert list(answer["error"]["fields"]) == ([field] if field else []), answer
    return answer


def award(gm, player: str, moments: int) -> dict:
    return ok(gm, "moments.award", award="role_playing", player=player, moments=moments, reason="dramatic role-playing")


def balances(client) -> dict:
    return ok(client, "moments.get")["balances"]


def test_a_session_start_grants_first_session_moments_and_the_table_sees_the_counts(gm, player_for):
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    granted = ok(gm, "moments.award", award="session_start", players=["alice", "bob"])
    assert granted["balances"] == {"alice": 1, "bob": 1}
    assert [(entry["player"], entry["kind"], entry["gained"]) for entry in granted["entries"]] == [
        ("alice", "first_session", 1),
        ("bob", "first_session", 1),
    ]
    for client in (alice, bob):
        pushed = client.wait_for("moments.changed", lambda change: change["balances"] == {"alice": 1, "bob": 1})
        assert_valid("push.moments.changed.json", pushed)
        assert pushed == granted
    again = ok(gm, "moments.award", award="session_start", players=["alice", "bob", "carol"])
    assert again["balances"] == {"alice": 1, "bob": 1, "carol": 1}, "later sessions grant only the newcomer's first"
    history = ok(bob, "moments.get", recent=2)["history"]
    assert [(entry["player"], entry["kind"]) for entry in history] == [("bob", "first_session"), ("carol", "first_session")]


def test_players_take_failures_and_critical_failures_for_themselves(gm, player_for):
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    assert gm.request("settings.update", settings={"dice_triggered_rewards": False})["ok"]

    def rolled(client, actor_id="a1") -> str:
        return ok(client, "roll", actor_id=actor_id, kind="statistic", statistic={"name": "Will", "value": 4})["roll_id"]

    taken = ok(alice, "moments.take", reward="take_failure", roll_id=rolled(alice))
    assert taken["balances"] == {"alice": 2} and taken["entries"][0]["kind"] == "take_failure"
    assert ok(alice, "moments.take", reward="take_critical_failure", roll_id=rolled(alice))["balances"] == {"alice": 5}
    assert ok(gm, "moments.take", reward="take_failure", player="bob", roll_id=rolled(bob, "b1"))["balances"] == {"alice": 5, "bob": 2}
    refused(alice, "moments.take", "against_the_rules", "attack_or_damage", reward="take_failure", roll_id=rolled(alice), attack_or_damage=True)
    refused(alice, "moments.take", "forbidden", "player", reward="take_failure", player="bob", roll_id=rolled(bob, "b1"))
    refused(gm, "moments.take", "invalid", "player", reward="take_failure", roll_id=rolled(alice))
    assert gm.request("settings.update", settings={"player_triggered_rewards": False})["ok"]
    refused(alice, "moments.take", "against_the_rules", "_schema", reward="take_critical_failure", roll_id=rolled(alice))
    assert balances(alice) == {"alice": 5, "bob": 2}


def _success_without_setback(client) -> dict:
    """Roll until the roll, re-read from its faces, is a success without a setback."""
    while True:
        answer = client.request("roll", actor_id="a1", kind="statistic", statistic={"name": "Will", "value": 4})
        roll = answer["result"]
        counting = count_faces(roll["result"]["faces"], RollKind.STATISTIC)
        outcome = judge(counting, 4, 2)
        if outcome.success and not outcome.setback:
            return roll


def test_a_setback_is_taken_once_on_a_logged_success_of_ones_own(gm, player_for):
    assert gm.request("settings.update", settings={"dice_triggered_rewards": False})["ok"]
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    roll = _success_without_setback(alice)
    refused(bob, "moments.take", "against_the_rules", "roll_id", reward="take_setback", roll_id=roll["roll_id"])
    taken = ok(alice, "moments.take", reward="take_setback", roll_id=roll["roll_id"])
    assert taken["balances"] == {"alice": 1} and taken["entries"][0]["roll_id"] == roll["roll_id"]
    refused(alice, "moments.take", "against_the_rules", "roll_id", reward="take_setback", roll_id=roll["roll_id"])
    refused(alice, "moments.take", "against_the_rules", "roll_id", reward="take_setback", roll_id="no-such-roll")
    while True:  # a failure takes no setback
        failed = alice.request("roll", actor_id="a1", kind="statistic", statistic={"name": "Will", "value": 2})["result"]
        if not judge(count_faces(failed["result"]["faces"], RollKind.STATISTIC), 2, 2).success:
            break
    refused(alice, "moments.take", "against_the_rules", "roll_id", reward="take_setback", roll_id=failed["roll_id"])
    assert balances(alice) == {"alice": 1}


def test_gains_beyond_the_limits_are_lost_and_the_entry_says_so(gm):
    assert gm.request("settings.update", settings={"moments_player_limit": 3, "moments_table_limit": 4})["ok"]
    entry = award(gm, "alice", 5)["entries"][0]
    assert (entry["asked"], entry["gained"], entry["lost"], entry["lost_to"], entry["balance"]) == (5, 3, 2, "player limit of 3", 3)
    entry = award(gm, "bob", 2)["entries"][0]
    assert (entry["gained"], entry["lost"], entry["lost_to"]) == (1, 1, "table limit of 4")
    assert balances(gm) == {"alice": 3, "bob": 1}


def test_the_limits_bind_every_way_of_gaining(gm, player_for):
    """A session start, a taken failure and raised stakes on a roll gain
    through the same limits as an award (ch. 5, Moments of Truth as Dials)."""
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    assert gm.request("settings.update", settings={"moments_table_limit": 3, "moments_at_first_session": 2})["ok"]
    assert ok(gm, "moments.award", award="session_start", players=["alice", "bob"])["balances"] == {"alice": 2, "bob": 1}
    roll_id = ok(gm, "roll", actor_id="a1", kind="statistic", statistic={"name": "Will", "value": 4})["roll_id"]  # earns nothing
    entry = ok(alice, "moments.take", reward="take_failure", roll_id=roll_id)["entries"][0]
    assert (entry["gained"], entry["lost"], entry["lost_to"]) == (0, 2, "table limit of 3")
    rolled = bob.request("roll", actor_id="b1", kind="statistic", statistic={"name": "Will", "value": 4}, stakes_raised=True)
    assert rolled["ok"], rolled
    reward = rolled["result"]["result"]["rewards"][0]
    assert (reward["kind"], reward["gained"], reward["lost_to"]) == ("raise_the_stakes", 0, "table limit of 3")
    assert balances(gm) == {"alice": 2, "bob": 1}


def test_concurrent_awards_lose_no_update(gm):
    threads = [threading.Thread(target=award, args=(gm, f"p{n % 3}", 1)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert balances(gm) == {"p0": 4, "p1": 4, "p2": 4}


def test_two_spends_at_once_never_overdraw(gm, player_for):
    tabs = [player_for("alice", ["a1"]), player_for("alice", ["a1"])]
    for _ in range(5):
        award(gm, "alice", 3)
        answers = [None, None]

        def spend(tab: int) -> None:
            answers[tab] = tabs[tab].request("moments.spend", spend="create_npc", npc=f"contact {tab}")

        threads = [threading.Thread(target=spend, args=(tab,)) for tab in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(answer["ok"] for answer in answers) == [False, True], answers
        loser = next(answer for answer in answers if not answer["ok"])
        assert loser["error"]["code"] == "against_the_rules" and list(loser["error"]["fields"]) == ["spend"]
        assert balances(gm) == {"alice": 0}


def test_details_and_npcs_cost_what_the_book_says(gm, player_for):
    alice = player_for("alice", ["a1"])
    award(gm, "alice", 8)
    assert ok(alice, "moments.spend", spend="add_detail", detail="a spare magazine")["balances"] == {"alice": 6}
    spent = ok(alice, "moments.spend", spend="add_detail", detail="a getaway car", surcharge=True)
    assert spent["entries"][0]["spent"] == 3 and spent["balances"] == {"alice": 3}
    assert ok(alice, "moments.spend", spend="create_npc", npc="Old Sal, the fence")["balances"] == {"alice": 0}
    refused(alice, "moments.spend", "against_the_rules", "spend", spend="add_detail", detail="a rope")
    refused(alice, "moments.spend", "forbidden", "player", spend="add_detail", detail="a rope", player="bob")


def test_the_gm_awards_and_a_heroic_death_pays_the_party(gm, player_for):
    alice = player_for("alice", ["a1"])
    refused(alice, "moments.award", "forbidden", None, award="role_playing", player="alice", moments=1, reason="me")
    ok(gm, "moments.award", award="session_start", players=["alice", "bob", "carol"])
    award(gm, "alice", 3)
    died = ok(gm, "moments.award", award="heroic_death", player="alice", hit_points=-2, gifts=[{"player": "bob", "moments": 2}])
    assert died["balances"] == {"alice": 2, "bob": 1 + 3 + 2, "carol": 1 + 3}
    assert [entry["kind"] for entry in died["entries"]] == ["heroic_death", "heroic_death", "gift", "gift_received"]
    refused(gm, "moments.award", "against_the_rules", "hit_points", award="heroic_death", player="alice", hit_points=0)
    refused(gm, "moments.award", "against_the_rules", "gifts", award="heroic_death", player="alice", hit_points=-1,
            gifts=[{"player": "bob", "moments": 9}])
    assert gm.request("settings.update", settings={"role_playing_rewards": False})["ok"]
    refused(gm, "moments.award", "against_the_rules", "_schema", award="role_playing", player="bob", moments=1, reason="x")


def test_bad_moments_fields_are_named(gm):
    for event, request, field in (
        ("moments.get", {"recent": -1}, "recent"),
        ("moments.take", {"reward": "take_setback"}, "roll_id"),
        ("moments.take", {"reward": "take_failure"}, "roll_id"),
        ("moments.award", {"award": "role_playing", "player": "p1", "moments": 101, "reason": "x"}, "moments"),
        ("moments.award", {"award": "session_start", "gifts": []}, "gifts"),
        ("moments.spend", {"spend": "create_npc", "npc": ""}, "npc"),
        ("moments.spend", {"spend": "create_npc", "npc": "Sal", "detail": "x"}, "detail"),
    ):
        refused(gm, event, "invalid", field, **request)


# --- connections ------------------------------------------------------------------


def test_a_connection_roll_reads_the_table_from_its_faces(gm, player_for):
    alice = player_for("alice", ["a1"])
    refused(alice, "connection.roll", "against_the_rules", "_schema", actor_id="a1")
    assert gm.request("settings.update", settings={"connections": True})["ok"]
    refused(alice, "connection.roll", "forbidden", "actor_id", actor_id="b1")
    for _ in range(10):
        card = ok(alice, "connection.roll", actor_id="a1", label="Nikita's past")
        column, row = card["result"]["faces"]
        assert (card["result"]["column"], card["result"]["row"]) == (column, row)
        assert card["result"]["event"] == connection_event(column, row)
    pushed = gm.wait_for("roll.result", lambda entry: entry["roll_id"] == card["roll_id"])
    assert pushed["rule"] == "connection.roll" and pushed["result"] == card["result"]


def test_a_connection_check_counts_pcs_and_distinct_npcs(gm):
    connections = [
        {"event": "A war story", "other": "Dodger", "other_is_pc": True},
        {"event": "A debt paid", "other": "Old Sal", "other_is_pc": False},
        {"event": "You were robbed", "other": "old sal", "other_is_pc": False},
    ]
    refused(gm, "connection.check", "against_the_rules", "connections", connections=connections)
    assert gm.request("settings.update", settings={"connections": True})["ok"]
    check = ok(gm, "connection.check", connections=connections)
    assert check == {"with_pcs": 1, "with_npcs": 1, "complete": False, "missing": ["1 more with PCs", "1 more with NPCs"]}
    refused(gm, "connection.check", "invalid", "connections", connections=[{"event": "x", "other": "y"}])
