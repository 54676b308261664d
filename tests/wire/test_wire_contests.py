"""``contest`` over real Socket.IO (ch. 1, Contested Skill Rolls): every
round re-read from its faces with the pure ``contests.decide``; the
sender's Moments of Truth charged on the first side and what a player's
side earns (ch. 5)."""

from __future__ import annotations

from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.rules.moment_of_truth.contests import decide
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.moments import dice_reward
from bridge.rules.moment_of_truth.rolls import Pool, PoolPart, RollResult, TargetNumber
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.rolls import Outcome

from ..wire_schemas import assert_valid

DODGER = {"name": "Dodger", "party": "pc", "kind": "skill", "statistic": {"name": "Agility", "value": 3}, "skill": {"name": "Stealth", "level": 2}}
GUARD = {"name": "guard", "party": "npc", "kind": "unskilled", "statistic": {"name": "Perception", "value": 3}}
CONTEST = {"actor_id": "a1", "first": DODGER, "second": GUARD}


def replayed(roll: dict) -> RollResult:
    """A side's roll judged again from its faces."""
    kind, outcome = RollKind(roll["kind"]), roll["outcome"]
    counting = count_faces(roll["faces"], kind)
    pool = Pool(tuple(PoolPart(**part) for part in roll["pool"]["parts"]), roll["pool"]["dice"])
    judged = judge(counting, pool.dice, outcome["needed"], outcome["stakes_raised"], outcome["setbacks_judged"])
    assert outcome == dump(Outcome, judged)
    return RollResult(kind, pool, TargetNumber(**roll["target"]), counting, judged)


def contested(client, **request) -> dict:
    answer = client.request("contest", **request)
    assert answer["ok"], answer
    assert_valid("result.contest.json", answer["result"])
    result = answer["result"]["result"]
    for round_ in result["rounds"]:
        winner, decision = decide(replayed(round_["first"]), replayed(round_["second"]))
        assert (round_["winner"], round_["decision"]) == (winner.value, decision.value)
    assert result["decision"] == result["rounds"][-1]["decision"]
    return result


def refused(client, code: str, field: str, **request) -> None:
    answer = client.request("contest", **request)
    assert not answer["ok"] and answer["error"]["code"] == code and list(answer["error"]["fields"]) == [field], answer


def test_every_round_is_decided_as_its_faces_say(gm, player_for):
    alice = player_for("alice", ["a1"])
    for _ in range(15):
        result = contested(alice, **CONTEST)
        assert result["first"]["pool"]["dice"] == 5 and result["second"]["pool"]["dice"] == 3
        if result["rounds"][0]["winner"] == "deadlock":
            assert (result["ruling"], result["winner"], result["target_noticed"]) == ("to_pc", "first", False)
    pushed = gm.wait_for("roll.result", lambda entry: entry["rule"] == "contest")
    assert_valid("push.roll.result.json", pushed)


def test_a_deadlock_goes_as_the_world_and_the_sides_say(gm):
    hopeless = {**GUARD, "statistic": {"name": "Perception", "value": 2}}
    seen = set()
    for _ in range(40):
        result = contested(gm, actor_id="a1", first={**hopeless, "name": "Ann", "party": "pc"}, second=hopeless)
        if result["rounds"][0]["winner"] == "deadlock":
            seen.add(result["ruling"])
            assert result["ruling"] == "to_pc" and result["winner_name"] == "Ann"
    cautious = contested(gm, actor_id="a1", first=hopeless, second={**hopeless, "name": "mark", "cautious": True})
    if cautious["rounds"][0]["winner"] == "deadlock":
        assert (cautious["ruling"], cautious["winner_name"], cautious["target_noticed"]) == ("cautious_target", "mark", True)
    assert gm.request("settings.update", settings={"deadlock_to_pc": False})["ok"]
    for _ in range(40):
        result = contested(gm, actor_id="a1", first={**hopeless, "name": "Ann", "party": "pc"}, second=hopeless)
        if result["rounds"][0]["winner"] == "deadlock":
            seen.add(result["ruling"])
            assert (result["ruling"], result["winner"]) == ("gm_calls", "deadlock")
    assert seen == {"to_pc", "gm_calls"}, "two hopeless 2d6 pools at TN 2 deadlock most of the time"


def test_two_pcs_re_roll_a_deadlock(gm):
    pcs = {"actor_id": "a1", "first": {**DODGER, "kind": "statistic", "statistic": {"name": "Agility", "value": 1}},
           "second": {**GUARD, "name": "Bo", "party": "pc", "statistic": {"name": "Agility", "value": 1}}}
    del pcs["first"]["skill"]
    for _ in range(10):
        result = contested(gm, **pcs)
        if len(result["rounds"]) > 1:
            assert result["ruling"] in ("re_rolled", "gm_calls")
            assert all(round_["winner"] == "deadlock" for round_ in result["rounds"][:-1])


def test_players_contest_only_for_their_actors(player_for):
    alice = player_for("alice", ["a1"])
    refused(alice, "forbidden", "actor_id", **{**CONTEST, "actor_id": "b1"})


def test_contest_refusals_name_the_field(gm):
    refused(gm, "against_the_rules", "second", **{**CONTEST, "first": {**DODGER, "resisting": True}, "second": {**GUARD, "resisting": True}})
    refused(gm, "against_the_rules", "first", **{**CONTEST, "first": {**GUARD, "statistic": {"name": "Will", "value": 0}}})
    refused(gm, "invalid", "first", **{**CONTEST, "first": {**DODGER, "party": "god"}})
    refused(gm, "invalid", "second", **{**CONTEST, "second": {**GUARD, "skill": {"name": "Search", "level": 1}}})


def balances(client) -> dict:
    answer = client.request("moments.get")
    assert answer["ok"], answer
    return answer["result"]["balances"]


def test_moments_spent_on_the_first_side_are_charged_before_rolling(gm, player_for):
    alice = player_for("alice", ["a1"])
    assert gm.request("moments.award", award="role_playing", player="alice", moments=3, reason="a fine lie")["ok"]
    result = contested(alice, **CONTEST, moments=2)
    assert result["first"]["pool"]["dice"] == 5 + 2 and result["moments"]["own_dice"] == 2
    assert "rewards" not in result, "no dice reward when a Moment of Truth was spent"
    assert balances(alice) == {"alice": 1}
    refused(alice, "against_the_rules", "moments", **CONTEST, moments=2)
    refused(alice, "against_the_rules", "moments", **{**CONTEST, "first": {**DODGER, "stakes_raised": True}}, moments=1)
    refused(gm, "against_the_rules", "moments", **CONTEST, moments=1)
    assert balances(alice) == {"alice": 1}
    assert [entry["rule"] for entry in gm.request("roll.log")["result"]["rolls"]] == ["contest"]


def test_a_players_side_earns_its_dice_reward_and_raised_stakes(gm, player_for):
    alice = player_for("alice", ["a1"])
    hopeless = {**DODGER, "kind": "statistic", "statistic": {"name": "Agility", "value": 2}}
    del hopeless["skill"]
    held = 0
    for _ in range(15):
        result = contested(alice, **{**CONTEST, "first": hopeless})
        earned = dice_reward(replayed(result["rounds"][-1]["first"]), moments_spent=False, dials=Dials())
        assert [r["kind"] for r in result.get("rewards", [])] == ([earned.value] if earned else [])
        held += sum(r["gained"] for r in result.get("rewards", []))
    assert balances(alice) == ({"alice": held} if held else {})
    raised = contested(alice, **{**CONTEST, "first": {**hopeless, "stakes_raised": True}})
    assert raised["rewards"][0]["kind"] == "raise_the_stakes" and raised["rewards"][0]["gained"] == 2
    assert "rewards" not in contested(gm, **{**CONTEST, "first": hopeless}), "the GM's contests earn nothing"


def test_the_player_limit_binds_a_contests_rewards(gm, player_for):
    alice = player_for("alice", ["a1"])
    assert gm.request("settings.update", settings={"moments_player_limit": 1})["ok"]
    raised = contested(alice, **{**CONTEST, "first": {**DODGER, "stakes_raised": True}})
    entry = raised["rewards"][0]
    assert (entry["kind"], entry["asked"], entry["gained"], entry["lost_to"]) == ("raise_the_stakes", 2, 1, "player limit of 1")
    assert balances(alice) == {"alice": 1}
