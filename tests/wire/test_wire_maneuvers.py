"""``maneuver`` between tracked tokens over real Socket.IO: numbers read from
the tokens, faces re-read with the pure rules, conditions and damage written
back (one ``token.changed`` per token changed), Moments of Truth charged,
refusals by field."""

from __future__ import annotations

from types import SimpleNamespace

from bridge.rules.moment_of_truth import RollKind, count_faces, judge
from bridge.rules.moment_of_truth.contests import decide
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.moments import dice_reward
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.damage import DamageResult
from bridge.systems.moment_of_truth.schemas.rolls import Outcome

from ..wire_schemas import assert_valid, ok

STATISTICS = {"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3}
ANN = {"token_id": "ann-1", "actor_id": "ann", "scene_id": "dock", "name": "Ann", "statistics": STATISTICS,
       "skills": {"Brawling": 2}}
BO = {"token_id": "bo-1", "actor_id": "bo", "scene_id": "dock", "name": "Bo",
      "statistics": {**STATISTICS, "strength": 4}, "skills": {"brawling": 1}, "armor": {"name": "Ballistic Vest"}}
TAKE_DOWN = {"kind": "take_down", "actor": "ann-1", "opponent": "bo-1"}
#: Tries at a maneuver whose outcome the dice decide, before a test gives up.
TRIES = 60


def card_of(client, request: dict) -> dict:
    return ok(client, "maneuver", **request)["result"]


def refused(client, request: dict, code: str, field: str) -> None:
    answer = client.request("maneuver", **request)
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    assert list(answer["error"]["fields"]) == [field], answer


def register(gm, *tokens: dict) -> None:
    for token in tokens:
        ok(gm, "token.register", **token)


def grappled_by_ann(gm, *extra: str) -> None:
    for condition in ("grappled", "restrained", *extra):
        source = "strangle by Ann" if condition == "suffocating" else "grapple by Ann"
        ok(gm, "token.condition.set", token_id="bo-1", condition=condition, source=source)


def state(client, token_id: str) -> dict:
    (token,) = [t for t in ok(client, "table.snapshot")["tokens"] if t["token_id"] == token_id]
    return token


def conditions(token: dict) -> dict[str, str]:
    return {entry["condition"]: entry["source"] for entry in token["conditions"]}


def checked_roll(roll: dict, tn: int) -> SimpleNamespace:
    """The roll's verdict re-read from its faces with the pure rules."""
    counting = count_faces(roll["faces"], RollKind(roll["kind"]))
    outcome = judge(counting, roll["pool"]["dice"], tn)
    assert len(roll["faces"]) == roll["pool"]["dice"] and roll["outcome"] == dump(Outcome, outcome)
    return SimpleNamespace(counting=counting, outcome=outcome)


def checked_contest(card: dict) -> None:
    for round_ in card["contest"]["rounds"]:
        first, second = (checked_roll(round_[side], 2) for side in ("first", "second"))
        winner, decision = decide(first, second)
        assert (round_["winner"], round_["decision"]) == (winner.value, decision.value)


def test_a_grapple_reads_the_tokens_and_a_hit_grapples_the_opponent(gm, player_for):
    alice = player_for("alice", ["ann"])
    register(gm, ANN, BO)
    for _ in range(TRIES):
        card = card_of(alice, {"kind": "grapple", "actor": "ann-1", "opponent": "bo-1"})
        # melee attack 3 (strength and agility 3) + brawling 2, against TN 2
        assert (card["roll"]["pool"]["dice"], card["to_hit"]["value"], card["skill"]) == (5, 2, "brawling")
        judged = checked_roll(card["roll"], 2)
        assert card["grappled"] is judged.outcome.success
        earned = dice_reward(judged, moments_spent=False, dials=Dials())
        assert [r["kind"] for r in card.get("rewards", [])] == ([earned.value] if earned else []), "a player's roll earns"
        if card["grappled"]:
            break
        assert card["changes"] == [] and conditions(state(alice, "bo-1")) == {}
    assert card["changes"] == [{"who": "Bo", "condition": c, "gained": True} for c in ("grappled", "restrained")]
    pushed = alice.wait_for("token.changed", lambda change: change["token_id"] == "bo-1" and change["version"] == 2)
    assert_valid("push.token.changed.json", pushed)
    assert pushed["cause"]["rule"] == "maneuver"
    assert pushed["changes"] == [{"condition": "grappled", "gained": True}, {"condition": "restrained", "gained": True}]
    assert conditions(pushed["state"]) == {"grappled": "grapple by Ann", "restrained": "grapple by Ann"}


def test_breaking_free_ends_grappled_and_restrained(gm):
    register(gm, ANN, BO)
    grappled_by_ann(gm)
    for _ in range(TRIES):
        card = card_of(gm, {"kind": "break_free", "actor": "bo-1", "opponent": "ann-1", "statistic": "melee_attack"})
        checked_contest(card)
        assert "rewards" not in card, "the GM's maneuvers earn nothing"
        if card["winner"] == "Bo":
            break
        assert card["changes"] == [] and set(conditions(state(gm, "bo-1"))) == {"grappled", "restrained"}
    assert card["changes"] == [{"who": "Bo", "condition": c, "gained": False} for c in ("grappled", "restrained")]
    assert conditions(state(gm, "bo-1")) == {}


def test_a_take_down_leaves_the_loser_or_both_prone(gm):
    register(gm, ANN, BO)
    grappled_by_ann(gm)
    card = card_of(gm, TAKE_DOWN)
    checked_contest(card)
    prone = {change["who"] for change in card["changes"] if change == {**change, "condition": "prone", "gained": True}}
    if card["contest"]["decision"] in ("equal_successes", "both_failed"):
        assert card["winner"] is None and prone == {"Ann", "Bo"}
    else:
        assert prone == ({"Bo"} if card["winner"] == "Ann" else set())
    for name, token_id in (("Ann", "ann-1"), ("Bo", "bo-1")):
        lying = conditions(state(gm, token_id)).get("prone")
        assert lying == ("take down by Ann" if name in prone else None)


def test_a_strangle_won_suffocates_and_a_crush_stores_its_damage(gm):
    register(gm, ANN, BO)
    grappled_by_ann(gm)
    for _ in range(TRIES):
        card = card_of(gm, {"kind": "strangle", "actor": "ann-1", "opponent": "bo-1", "statistic": "agility"})
        checked_contest(card)
        if card["winner"] == "Ann":
            break
    # Bo's air runs out: the suffocation hazard's breath, Endurance 3d6 pips in seconds (ch. 7, Suffocating)
    pips = card["suffocation"]["pips"]
    before = state(gm, "bo-1")
    assert len(pips) == 3 and before["breath"]["seconds"] == sum(pips) == card["suffocation"]["state"]["seconds"]
    suffocating = {e["source"] for e in before["conditions"] if e["condition"] == "suffocating"}
    assert suffocating == {"strangle by Ann", "suffocation"}
    card = card_of(gm, {"kind": "crush", "actor": "ann-1", "opponent": "bo-1", "held_since_earlier_turn": True})
    vest = Arsenal.book().armor_named("Ballistic Vest").damage_reduction
    damage = read_damage(card["damage"]["faces"], DamageDice(3, 5, 6), vest)
    assert card["damage"] == dump(DamageResult, damage) and card["opponent_token"] == "bo-1"
    health = state(gm, "bo-1")["health"]
    assert (health["minor"], health["serious"]) == (damage.minor, damage.serious)
    assert state(gm, "bo-1")["version"] == before["version"] + (1 if damage.hit_points_lost else 0)
    for _ in range(TRIES):
        card = card_of(gm, {"kind": "break_strangle", "actor": "bo-1", "opponent": "ann-1"})
        checked_contest(card)
        if card["winner"] == "Bo":
            break
    assert set(conditions(state(gm, "bo-1"))) == {"grappled", "restrained"}, "the grapple holds; the air is back"


def test_moments_spent_on_a_maneuver_are_charged_and_the_gm_holds_none(gm, player_for):
    alice = player_for("alice", ["ann"])
    register(gm, ANN, BO)
    grappled_by_ann(gm)
    ok(gm, "moments.award", award="role_playing", player="alice", moments=3, reason="a fine threat")
    card = card_of(alice, {**TAKE_DOWN, "moments": 2})
    assert card["contest"]["first"]["pool"]["dice"] == 3 + 2 + 2  # strength 3 + brawling 2 + 2 MoTs
    assert "rewards" not in card, "no dice reward when a Moment of Truth was spent"
    assert ok(alice, "moments.get")["balances"] == {"alice": 1}
    refused(alice, {**TAKE_DOWN, "moments": 2}, "against_the_rules", "moments")
    refused(gm, {**TAKE_DOWN, "moments": 1}, "against_the_rules", "moments")
    assert ok(alice, "moments.get")["balances"] == {"alice": 1}


def test_a_player_maneuvers_only_with_their_own_tokens(gm, player_for):
    alice = player_for("alice", ["ann"])
    register(gm, ANN, BO)
    grappled_by_ann(gm)
    refused(alice, {"kind": "break_free", "actor": "bo-1", "opponent": "ann-1"}, "forbidden", "actor")


def test_maneuver_refusals_name_the_field(gm):
    register(gm, ANN, BO)
    refused(gm, {**TAKE_DOWN, "opponent": "nobody"}, "not_tracked", "opponent")
    refused(gm, {**TAKE_DOWN, "opponent": "ann-1"}, "against_the_rules", "opponent")
    for change, field in (
        ({"kind": "hug"}, "kind"),
        ({"statistic": "strength"}, "statistic"),
        ({"kind": "strangle", "statistic": "melee_attack"}, "statistic"),
        ({"moments": -1}, "moments"),
    ):
        refused(gm, {**TAKE_DOWN, **change}, "invalid", field)
    for change, field in (
        ({}, "opponent"),
        ({"kind": "break_free"}, "actor"),
        ({"kind": "grapple", "free_hand": False}, "free_hand"),
        ({"kind": "crush"}, "opponent"),
        ({"kind": "grapple", "uses": "martial_arts"}, "uses"),
    ):
        refused(gm, {**TAKE_DOWN, **change}, "against_the_rules", field)
    grappled_by_ann(gm, "suffocating")
    refused(gm, {**TAKE_DOWN, "kind": "crush"}, "against_the_rules", "held_since_earlier_turn")
    ok(gm, "token.damage", token_id="ann-1", serious=20)
    refused(gm, TAKE_DOWN, "against_the_rules", "actor")
