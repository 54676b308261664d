"""Experience (ch. 11) over real Socket.IO: the GM's award, a raise of a
token's skill and of its Endurance (its hit points follow) paid at the
tables' costs, Moments of Truth bought back from the ledger, and every
refusal naming its field with nothing stored changed."""

from __future__ import annotations

from ..scripting.test_wire_scripting import register
from ..wire_schemas import assert_valid, ok


def refused(client, event: str, code: str, fields: list[str], **request) -> None:
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    assert (answer["error"]["code"], sorted(answer["error"]["fields"])) == (code, fields), answer


def account(client, actor_id: str) -> dict:
    state = ok(client, "system.get")["state"] or {"experience": {}}
    return state["experience"].get(actor_id, {"balance": 0, "history": []})


def test_experience_awarded_spent_on_raises_and_bought_back(gm, player_for, store, world):
    alice, bob = player_for("alice", ["actor-ann"]), player_for("bob", ["actor-bo"])
    register(gm, "ann", endurance=3)
    assert store.tokens(world.world_id, ["ann"])["ann"]["health"]["hit_points"] == 12  # 6 + 2 x 3

    refused(alice, "experience.award", "forbidden", [], actor_id="actor-ann", experience=5, reason="session 1")
    refused(gm, "experience.award", "invalid", ["experience"], actor_id="actor-ann", experience=0, reason="session 1")
    awarded = ok(gm, "experience.award", actor_id="actor-ann", experience=12, reason="session 1")
    assert_valid("result.experience.award.json", awarded)
    assert (awarded["account"]["balance"], awarded["entry"]) == (12, {"kind": "award", "change": 12, "balance": 12,
                                                                     "reason": "session 1"})

    # A raise reads the level from the token: Stealth from none to 1 costs 5 + 10 = 15, more than 12.
    refused(bob, "experience.spend", "forbidden", ["token_id"], token_id="ann", skill={"name": "stealth", "desired": 0})
    refused(alice, "experience.spend", "against_the_rules", ["skill.desired"], token_id="ann", skill={"name": "stealth", "desired": 1})
    refused(alice, "experience.spend", "against_the_rules", ["statistic.desired"], token_id="ann",
            statistic={"name": "endurance", "desired": 2})
    refused(alice, "experience.spend", "invalid", ["skill"], token_id="ann")
    assert account(alice, "actor-ann")["balance"] == 12
    raised = ok(alice, "experience.spend", token_id="ann", skill={"name": "stealth", "desired": 0})
    assert (raised["account"]["balance"], raised["cost"]["experience"], raised["token"]["state"]["skills"]) == (7, 5, {"stealth": 0})
    told = gm.wait_for("token.changed", lambda push: push["cause"]["rule"] == "experience.spend")
    assert told["state"]["skills"] == {"stealth": 0}

    # Endurance 3 -> 4 costs 30: awarded, paid, and the token's hit points follow (6 + 2 x 4).
    refused(alice, "experience.spend", "against_the_rules", ["statistic.desired"], token_id="ann",
            statistic={"name": "endurance", "desired": 4})
    ok(gm, "experience.award", actor_id="actor-ann", experience=25, reason="session 2")
    tougher = ok(alice, "experience.spend", token_id="ann", statistic={"name": "endurance", "desired": 4})
    assert (tougher["account"]["balance"], tougher["token"]["state"]["health"]["hit_points"]) == (2, 14)
    assert tougher["token"]["state"]["statistics"]["endurance"] == 4

    # Buyback: Alice's unspent Moments of Truth leave the ledger and become Ann's experience.
    ok(gm, "moments.award", award="session_start", players=["alice"])
    held = ok(alice, "moments.get")["balances"]["alice"]
    assert held >= 1
    refused(bob, "experience.buyback", "forbidden", ["actor_id"], actor_id="actor-ann", moments=1)
    refused(alice, "experience.buyback", "against_the_rules", ["moments"], actor_id="actor-ann", moments=held + 1)
    assert (ok(alice, "moments.get")["balances"]["alice"], account(alice, "actor-ann")["balance"]) == (held, 2)
    bought = ok(alice, "experience.buyback", actor_id="actor-ann", moments=held)
    assert (bought["account"]["balance"], bought["moments"]["balances"]["alice"]) == (2 + held, 0)
    assert bought["moments"]["entries"][0]["kind"] == "buyback"
    assert ok(alice, "moments.get")["balances"]["alice"] == 0
    assert [entry["kind"] for entry in account(bob, "actor-ann")["history"]] == ["award", "raise", "award", "raise", "buyback"]
    assert_valid("state.moment_of_truth.json", ok(gm, "system.get")["state"])
