"""The roll's options over real Socket.IO (ch. 1, 4, 5, 7): Moments of Truth
charged before rolling, raised stakes, talents per session, named helpers,
conditions and the dice reward, each card re-read from its faces."""

from __future__ import annotations

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import RollKind, count_faces, judge, resolve_roll
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.moments import Reward, dice_reward
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.rolls import Outcome

from ..wire_schemas import assert_valid

STAT = {"actor_id": "a1", "kind": "statistic", "statistic": {"name": "Will", "value": 3}}
SKILL = {"actor_id": "a1", "kind": "skill", "statistic": {"name": "Agility", "value": 3}, "skill": {"name": "Stealth", "level": 1}}


def rolled(client, **request) -> dict:
    """The roll card's result, checked against the schema and re-read from its faces."""
    answer = client.request("roll", **request)
    assert answer["ok"], answer
    assert_valid("result.roll.json", answer["result"])
    card = answer["result"]["result"]
    counting = count_faces(card["faces"], RollKind(card["kind"]))
    outcome = card["outcome"]
    assert len(card["faces"]) == card["pool"]["dice"]
    assert (card["successes"], card["ones"]) == (counting.successes, counting.ones)
    judged = judge(counting, card["pool"]["dice"], outcome["needed"], outcome["stakes_raised"], outcome["setbacks_judged"])
    assert outcome == dump(Outcome, judged)
    return answer["result"]


def refused(client, code: str, field: str, **request) -> None:
    answer = client.request("roll", **request)
    assert not answer["ok"] and answer["error"]["code"] == code and list(answer["error"]["fields"]) == [field], answer


def award(gm, player: str, moments: int) -> None:
    answer = gm.request("moments.award", award="role_playing", player=player, moments=moments, reason="setup")
    assert answer["ok"], answer


def balances(client) -> dict:
    return client.request("moments.get")["result"]["balances"]


def no_dice_rewards(gm) -> None:
    assert gm.request("settings.update", settings={"dice_triggered_rewards": False})["ok"]


def test_moments_spent_are_charged_and_add_dice(gm, player_for):
    no_dice_rewards(gm)
    alice, bob = player_for("alice", ["a1"]), player_for("bob", ["b1"])
    award(gm, "alice", 3)
    award(gm, "bob", 3)
    assert bob.request("moments.offer", to="alice", dice=1)["ok"]
    entry = rolled(alice, **STAT, moments={"own": 2, "contributions": [{"user": "bob", "dice": 1}]})
    card = entry["result"]
    assert card["pool"]["dice"] == 3 + 3
    assert [part["source"] for part in card["pool"]["parts"]].count("Moment of Truth") == 3
    spending = card["moments"]
    assert (spending["own_dice"], spending["dice"], spending["moments"]) == (2, 3, 4)
    assert spending["contributions"] == [{"player": "bob", "dice": 1, "moments": 2}]
    assert balances(alice) == {"alice": 1, "bob": 1}
    pushed = bob.wait_for("moments.changed", lambda change: any(e["roll_id"] == entry["roll_id"] for e in change["entries"]))
    assert_valid("push.moments.changed.json", pushed)
    assert pushed["balances"] == {"alice": 1, "bob": 1}


def test_a_refused_roll_charges_nobody(gm, player_for):
    alice = player_for("alice", ["a1"])
    award(gm, "alice", 3)
    award(gm, "bob", 1)
    refused(alice, "against_the_rules", "moments", **STAT, moments={"own": 4})
    refused(alice, "against_the_rules", "moments", **STAT, moments={"own": 1, "contributions": [{"user": "bob", "dice": 1}]})
    refused(alice, "impossible_roll", "difficulty", **STAT, difficulty=10, moments={"own": 3})
    refused(alice, "too_many_dice", "moments", **STAT, moments={"own": 298})
    refused(gm, "against_the_rules", "moments", **STAT, moments={"own": 1})
    assert balances(alice) == {"alice": 3, "bob": 1}
    assert gm.request("roll.log")["result"]["rolls"] == []


def test_raised_stakes_refuse_moments_and_earn_two(gm, player_for):
    no_dice_rewards(gm)
    alice = player_for("alice", ["a1"])
    award(gm, "alice", 2)
    refused(alice, "against_the_rules", "moments", **STAT, stakes_raised=True, moments={"own": 1})
    assert balances(alice) == {"alice": 2}
    for _ in range(8):
        entry = rolled(alice, **STAT, stakes_raised=True)
        card = entry["result"]
        assert card["outcome"]["stakes_raised"] and card["outcome"]["critical_failure"] == (not card["outcome"]["success"])
        assert [(r["kind"], r["gained"], r["roll_id"]) for r in card["rewards"]] == [("raise_the_stakes", 2, entry["roll_id"])]
    assert balances(alice) == {"alice": 2 + 8 * 2}


def test_the_dice_reward_is_credited_to_the_roller(gm, player_for):
    alice = player_for("alice", ["a1"])
    expected = 0
    for _ in range(12):
        card = rolled(alice, **STAT)["result"]
        replayed = resolve_roll(RollKind.STATISTIC, 3, None, 2, dice=FixedDice(card["faces"]))
        reward = dice_reward(replayed, moments_spent=False, dials=Dials())
        assert [r["kind"] for r in card.get("rewards", [])] == ([reward.value] if reward else [])
        expected += reward.moments if reward else 0
    assert balances(alice) == {"alice": expected}
    strong = {**STAT, "statistic": {"name": "Will", "value": 8}}  # 9d6: setbacks happen
    for _ in range(20):
        award(gm, "alice", 1)
        card = rolled(alice, **strong, moments={"own": 1})["result"]
        replayed = resolve_roll(RollKind.STATISTIC, 8, None, 2, moments_spent=1, dice=FixedDice(card["faces"]))
        reward = dice_reward(replayed, moments_spent=True, dials=Dials())
        assert reward in (None, Reward.SUCCESS_WITH_SETBACK), "spending bars the rewards for failing only"
        assert [r["kind"] for r in card.get("rewards", [])] == ([reward.value] if reward else [])
    for _ in range(3):
        assert "rewards" not in rolled(gm, **STAT)["result"], "the GM's rolls earn nothing"


def test_talent_uses_are_counted_per_session_and_cost_moments(gm, player_for):
    no_dice_rewards(gm)
    alice = player_for("alice", ["a1"])
    award(gm, "alice", 3)
    sneak = {"name": "Sneaky", "skills": ["Stealth"], "circumstances": "in the dark"}
    uses = [rolled(alice, **SKILL, talent=sneak)["result"] for _ in range(3)]
    assert [(card["talent"]["use"], card["talent"]["free"], card["talent"]["moments"]) for card in uses] == [
        (1, True, 0), (2, True, 0), (3, False, 1),
    ]
    assert all(card["pool"]["dice"] == 3 + 1 + 3 for card in uses)
    assert "moments" not in uses[0] and uses[2]["moments"]["talent_moments"] == 1
    assert balances(alice) == {"alice": 2}
    off = rolled(alice, **{**SKILL, "skill": {"name": "Climbing", "level": 1}}, talent={**sneak, "off_spirit": True})["result"]
    assert (off["talent"]["off_spirit"], off["talent"]["moments"]) == (True, 2)
    assert balances(alice) == {"alice": 0}
    refused(alice, "against_the_rules", "moments", **SKILL, talent=sneak)
    assert gm.request("moments.award", award="session_start", players=["alice"])["ok"]
    fresh = rolled(alice, **SKILL, talent=sneak)["result"]["talent"]
    assert (fresh["use"], fresh["free"], fresh["uses"]["session"]) == (1, True, 2)
    refused(alice, "against_the_rules", "talent", **STAT, talent=sneak)
    refused(alice, "against_the_rules", "talent", **SKILL, talent={"name": "Strong", "skills": ["Lifting"], "statistic": "strength"})


def test_named_helpers_lend_a_die_only_with_the_required_skill(gm):
    helpers = [{"name": "Bo", "has_skill": True}, {"name": "Cy", "has_skill": False}]
    card = rolled(gm, **STAT, helpers=helpers, required_skill="Stealth")["result"]
    parts = {part["source"]: part["applied"] for part in card["pool"]["parts"]}
    assert (parts["helper Bo"], parts["helper Cy"], card["pool"]["dice"]) == (True, False, 4)
    assert rolled(gm, **STAT, helpers=2)["result"]["pool"]["dice"] == 5
    refused(gm, "against_the_rules", "helpers", **STAT, helpers=2, required_skill="Stealth")
    refused(gm, "against_the_rules", "helpers", **STAT, helpers=[{"name": "Bo"}, {"name": "Bo"}])


def test_conditions_penalise_skill_rolls_by_their_statistic(gm):
    card = rolled(gm, **SKILL, conditions=["injured", "confused"])["result"]
    assert [(p["source"], p["dice"], p["applied"]) for p in card["pool"]["parts"][2:]] == [("injured", -1, True)]
    card = rolled(gm, **{**SKILL, "statistic": {"name": "Perception", "value": 5}}, conditions=["injured", "confused"])["result"]
    assert card["pool"]["dice"] == 5 + 1 - 1 - 3
    card = rolled(gm, **STAT, conditions=["stunned"])["result"]
    assert card["pool"]["dice"] == 3 and card["pool"]["parts"][-1]["applied"] is False
    refused(gm, "against_the_rules", "statistic", **{**SKILL, "statistic": {"name": "Luck", "value": 3}}, conditions=["injured"])


def test_a_world_without_setbacks_judges_none(gm):
    assert gm.request("settings.update", settings={"setbacks": False})["ok"]
    for _ in range(20):
        outcome = rolled(gm, **{**STAT, "statistic": {"name": "Will", "value": 8}})["result"]["outcome"]
        assert not outcome["setback"] and not outcome["setbacks_judged"]


def test_bad_roll_options_are_named(gm):
    for change, field in (
        ({"helpers": [{"name": ""}]}, "helpers"),
        ({"conditions": ["sleepy"]}, "conditions"),
        ({"moments": {"own": -1}}, "moments"),
        ({"talent": {"name": "Strong", "statistic": "luck"}}, "talent"),
        ({"stakes_raised": "maybe"}, "stakes_raised"),
    ):
        refused(gm, "invalid", field, **STAT, **change)
