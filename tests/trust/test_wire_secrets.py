"""Hidden things stay hidden (issue 32 items 1-5), attacked as a hostile
player would over real Socket.IO: hidden rolls' rewards, takes on rolls one
cannot see, spending another's Moments of Truth, minting them from nothing,
and a user id that is the GM's."""

from __future__ import annotations

import json
import time

from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.table.auth import mint_player_token

from ..wire.test_bridge import refusal
from ..wire_schemas import assert_valid, ok

WILL = {"actor_id": "a1", "kind": "statistic", "statistic": {"name": "Will", "value": 2}}


def refused(client, event: str, code: str, field: str, **request) -> dict:
    answer = client.request(event, **request)
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    assert list(answer["error"]["fields"]) == [field], answer
    return answer["error"]


def succeeded(entry: dict) -> bool:
    return judge(count_faces(entry["result"]["faces"], RollKind.STATISTIC), 2, 2).success


def gm_view(gm, roll_id: str) -> dict:
    return gm.wait_for("roll.result", lambda entry: entry["roll_id"] == roll_id)


def settled(gm, watcher, player: str) -> None:
    """A public ledger change every watcher sees after what was sent before it
    (a request's pushes go out before its answer)."""
    ok(gm, "moments.award", award="role_playing", player=player, moments=1, reason="a marker")
    watcher.wait_for("moments.changed", lambda change: change["entries"][0]["reason"] == "a marker")


def roll_ids_in(changes: list) -> set:
    return {entry["roll_id"] for change in changes for entry in change["entries"]}


def test_hidden_rolls_earn_held_rewards_nobody_else_sees_until_the_gm_reveals_them(gm, player_for):
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    ok(gm, "moments.award", award="session_start", players=["alice", "bob"])
    failed = {}
    for visibility, rolls in (("blind", 12), ("whisper", 12)):
        for _ in range(rolls):
            mine = ok(alice, "roll", visibility=visibility, **WILL)
            whole = gm_view(gm, mine["roll_id"])
            assert "result" not in mine if visibility == "blind" else mine["result"] == whole["result"]
            if not succeeded(whole):
                failed[visibility] = whole
                break
    assert set(failed) == {"blind", "whisper"}, "24 rolls of 2 dice needing 2 successes without a failure"
    settled(gm, bob, "bob")
    hidden = {entry["roll_id"] for entry in failed.values()}
    assert not roll_ids_in(bob.received("moments.changed")) & hidden, "a watcher learns nothing of hidden rolls"
    assert not roll_ids_in(alice.received("moments.changed")) & hidden
    for viewer in (bob, alice, gm):
        ledger = ok(viewer, "moments.get", recent=200)
        assert ledger["balances"]["alice"] == 1, "held rewards are in nobody's balance"
        assert not {entry["roll_id"] for entry in ledger["history"]} & hidden
        assert ok(viewer, "table.snapshot")["moments"]["balances"]["alice"] == 1
    for visibility, whole in failed.items():  # who may see the roll sees what it holds
        kind = "critical_failure" if whole["result"]["outcome"]["critical_failure"] else "failure"
        assert whole["result"]["held"] == [{"player": "alice", "kind": kind, "moments": 2 if kind == "critical_failure" else 1}]
    seen = alice.request("roll.log")["result"]["rolls"]
    assert [card["result"]["held"] for card in seen if card["roll_id"] == failed["whisper"]["roll_id"]] == [failed["whisper"]["result"]["held"]]
    assert [card.get("result") for card in seen if card["roll_id"] == failed["blind"]["roll_id"]] == [None]

    before = 1
    for visibility, entry in failed.items():
        held = entry["result"]["held"][0]["moments"]
        shown = ok(gm, "roll.reveal", roll_id=entry["roll_id"])
        assert shown["rule"] == "roll.reveal" and shown["visibility"] == "public"
        assert shown["result"]["revealed"]["result"] == entry["result"]
        assert [(e["player"], e["gained"], e["roll_id"]) for e in shown["result"]["rewards"]] == [("alice", held, entry["roll_id"])]
        card = bob.wait_for("roll.result", lambda card: card["roll_id"] == shown["roll_id"])
        assert_valid("push.roll.result.json", card)
        change = bob.wait_for("moments.changed", lambda change: entry["roll_id"] in roll_ids_in([change]))
        assert change["balances"]["alice"] == before + held
        before += held
        refused(gm, "roll.reveal", "against_the_rules", "roll_id", roll_id=entry["roll_id"])
    assert ok(bob, "moments.get")["balances"]["alice"] == before
    assert any(card["rule"] == "roll.reveal" for card in ok(bob, "roll.log")["rolls"])
    assert alice.request("roll.reveal", roll_id=next(iter(hidden)))["error"]["code"] == "forbidden"


def test_a_take_on_a_roll_one_cannot_see_gets_one_answer_whatever_its_outcome(gm, player_for):
    assert gm.request("settings.update", settings={"dice_triggered_rewards": False})["ok"]
    alice = player_for("alice", ["a1"])
    answers = {}
    for _ in range(40):
        mine = ok(alice, "roll", visibility="blind", **WILL)
        outcome = succeeded(gm_view(gm, mine["roll_id"]))
        for reward in ("take_setback", "take_failure", "take_critical_failure"):
            error = refused(alice, "moments.take", "against_the_rules", "roll_id", reward=reward, roll_id=mine["roll_id"])
            answers.setdefault(outcome, set()).add(json.dumps(error, sort_keys=True))
        if len(answers) == 2:
            break
        time.sleep(0.4)  # four requests a turn, within a player's ten a second
    assert set(answers) == {True, False}, "40 blind rolls of one outcome"
    assert answers[True] == answers[False] and len(answers[True]) == 1
    nowhere = refused(alice, "moments.take", "against_the_rules", "roll_id", reward="take_failure", roll_id="no-such-roll")
    assert {json.dumps(nowhere, sort_keys=True)} == answers[True], "a hidden roll is answered as one that is not there"
    assert ok(alice, "moments.get")["balances"] == {}


def test_a_player_spends_only_their_own_moments_or_what_another_offered(gm, player_for):
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    ok(gm, "moments.award", award="role_playing", player="bob", moments=5, reason="generous")
    taken = {"moments": {"contributions": [{"user": "bob", "dice": 1}]}}
    refused(alice, "roll", "against_the_rules", "moments", **WILL, **taken)
    assert ok(bob, "moments.get")["balances"]["bob"] == 5, "nothing taken without bob's offer"
    assert ok(bob, "moments.offer", to="alice", dice=1) == {"player": "bob", "to": "alice", "dice": 1}
    refused(alice, "roll", "against_the_rules", "moments", **WILL, moments={"contributions": [{"user": "bob", "dice": 2}]})
    rolled = ok(alice, "roll", **WILL, **taken)
    assert rolled["result"]["moments"]["contributions"] == [{"player": "bob", "dice": 1, "moments": 2}]
    assert ok(bob, "moments.get")["balances"]["bob"] == 3
    refused(alice, "roll", "against_the_rules", "moments", **WILL, **taken)  # the offer is used up
    assert ok(bob, "moments.get")["balances"]["bob"] == 3
    refused(gm, "moments.offer", "against_the_rules", "to", to="alice", dice=1)


def test_moments_are_taken_only_once_on_a_real_roll_of_ones_own(gm, player_for):
    assert gm.request("settings.update", settings={"dice_triggered_rewards": False})["ok"]
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    refused(alice, "moments.take", "invalid", "roll_id", reward="take_critical_failure")
    refused(alice, "moments.take", "against_the_rules", "roll_id", reward="take_critical_failure", roll_id="made-up")
    mine = ok(alice, "roll", **WILL)
    refused(bob, "moments.take", "against_the_rules", "roll_id", reward="take_critical_failure", roll_id=mine["roll_id"])
    assert ok(alice, "moments.take", reward="take_critical_failure", roll_id=mine["roll_id"])["balances"] == {"alice": 3}
    for reward in ("take_critical_failure", "take_failure", "take_setback"):
        assert not alice.request("moments.take", reward=reward, roll_id=mine["roll_id"])["ok"]
    assert ok(alice, "moments.get")["balances"] == {"alice": 3}


def test_a_player_never_holds_the_gms_user_id(bridge, world, gm, connect, player_for):
    refused(gm, "token.mint", "invalid", "user", user="gm")
    refused(gm, "actors.assign", "invalid", "user", user="gm", actor_ids=["a1"])
    boss = connect(world=world.world_id, gm_key=world.gm_key, user="boss")
    assert boss.wait_for("session.ready")["user"] == "boss"
    refused(gm, "token.mint", "invalid", "user", user="boss")
    alice = player_for("alice", ["a1"])
    assert refusal(bridge, world=world.world_id, gm_key=world.gm_key, user="alice")["code"] == "unauthorized"
    assert ok(alice, "ping", echo="still here") == {"echo": "still here"}


def test_a_token_naming_the_gms_id_connects_no_one_and_a_gm_answer_stays_the_gms(bridge, world, gm, connect):
    """As a token minted for "gm" before the fix: refused, so the GM's job
    results and stored answers (keyed by user id) never reach it."""
    ok(gm, "roll", visibility="blind", **WILL)
    secret_log = gm.request("roll.log", request_id="gm-log-1")
    assert len(secret_log["result"]["rolls"]) == 1
    token, _ = mint_player_token(world.signing_secret, world.world_id, "gm", 0, 3600)
    assert refusal(bridge, world=world.world_id, token=token)["code"] == "unauthorized"
    bob_token = ok(gm, "token.mint", user="bob")["token"]
    bob = connect(world=world.world_id, token=bob_token)
    replay = bob.request("roll.log", request_id="gm-log-1")
    assert replay["ok"] and replay["result"]["rolls"] == [], "a replayed id is bob's own request"


def test_a_blind_contests_reward_is_held_too(gm, player_for):
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    weak = {"name": "Ann", "party": "pc", "kind": "statistic", "statistic": {"name": "Will", "value": 2}}
    strong = {"name": "guard", "party": "npc", "kind": "statistic", "statistic": {"name": "Perception", "value": 6}}
    for _ in range(20):
        notice = ok(alice, "contest", actor_id="a1", first=weak, second=strong, visibility="blind")
        whole = gm_view(gm, notice["roll_id"])
        if whole["result"].get("held"):
            break
    else:
        raise AssertionError("20 weak blind contests without a failure")
    settled(gm, bob, "bob")
    assert whole["roll_id"] not in roll_ids_in(bob.received("moments.changed"))
    assert ok(bob, "moments.get")["balances"].get("alice", 0) == 0
    shown = ok(gm, "roll.reveal", roll_id=whole["roll_id"])
    assert shown["result"]["revealed"] == whole
    assert ok(bob, "moments.get")["balances"]["alice"] == whole["result"]["held"][0]["moments"]


def test_a_take_stands_for_what_the_dice_earned_never_on_top_of_it(gm, player_for):
    alice = player_for("alice", ["a1"])
    while True:
        failed = ok(alice, "roll", **WILL)
        if failed["result"].get("rewards"):
            break
    for reward in ("take_failure", "take_critical_failure"):
        refused(alice, "moments.take", "against_the_rules", "roll_id", reward=reward, roll_id=failed["roll_id"])
    earned = failed["result"]["rewards"][0]["gained"]
    assert ok(alice, "moments.get")["balances"] == {"alice": earned}


def test_the_gm_takes_nothing_for_a_player_on_their_blind_roll(gm, player_for):
    assert gm.request("settings.update", settings={"dice_triggered_rewards": False})["ok"]
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    blind = ok(alice, "roll", visibility="blind", **WILL)
    for reward in ("take_setback", "take_failure", "take_critical_failure"):
        refused(gm, "moments.take", "against_the_rules", "roll_id", reward=reward, player="alice", roll_id=blind["roll_id"])
    whispered = ok(alice, "roll", visibility="whisper", whisper_to=["bob"], **WILL)
    refused(bob, "moments.take", "against_the_rules", "roll_id", reward="take_failure", roll_id=whispered["roll_id"])
    assert ok(gm, "moments.take", reward="take_critical_failure", player="alice", roll_id=whispered["roll_id"])["balances"] == {"alice": 3}
