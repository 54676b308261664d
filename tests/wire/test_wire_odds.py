"""Exact odds over real Socket.IO: ``odds`` (raised stakes), ``odds.damage``
and ``odds.attack``, queued to a worker and pushed as ``job.result``."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from bridge.rules.moment_of_truth import RollKind, roll_odds
from bridge.rules.moment_of_truth.damage import DamageDice, read_damage
from bridge.rules.moment_of_truth.damage_odds import attack_odds, damage_odds
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import odds, rolls
from bridge.systems.moment_of_truth.schemas.rolls import Odds

from ..wire_schemas import assert_valid

PISTOL = {"dice": 12, "minor_at": 3, "serious_at": 4}
# Nikita: Agility 3, Pistol 2 (ch. 7's example).
NIKITA = {"kind": "skill", "statistic": {"name": "Agility", "value": 3}, "skill": {"name": "Pistol", "level": 2}}


def queued(client, event: str, **request) -> dict:
    """Send a queued request; its ``job.result`` push, checked against the schemas."""
    answer = client.request(event, **request)
    assert answer["ok"] and answer["result"]["state"] == "queued", answer
    assert_valid(f"result.{event}.json", answer["result"])
    pushed = client.wait_for("job.result", lambda push: push["request_id"] == answer["request_id"])
    assert pushed["kind"] == event and pushed["job_id"] == answer["result"]["job_id"]
    assert_valid("push.job.result.json", pushed)
    return pushed["result"]


def chance(wire: dict) -> Fraction:
    assert wire["value"] == float(Fraction(wire["exact"]))
    return Fraction(wire["exact"])


def test_raised_stakes_make_every_failure_critical(gm):
    report = queued(gm, "odds", **NIKITA, stakes_raised=True)
    assert report["stakes_raised"] is True and report["pool"]["dice"] == 5 and report["target"]["value"] == 2
    assert report["odds"] == dump(rolls.Odds, roll_odds(5, 2, RollKind.SKILL, stakes_raised=True))
    assert chance(report["odds"]["critical_failure"]) == chance(report["odds"]["failure"]) == Fraction(112, 243)
    calm = queued(gm, "odds", **NIKITA)
    assert calm["stakes_raised"] is False and calm["odds"] == dump(rolls.Odds, roll_odds(5, 2, RollKind.SKILL))
    assert chance(calm["odds"]["critical_failure"]) < chance(calm["odds"]["failure"])


def test_damage_odds_of_nikitas_pistol_against_a_vest(gm):
    for request, counted, dr in (
        ({**PISTOL, "damage_reduction": 6}, DamageDice(12, 3, 4), 6),
        ({**PISTOL, "damage_reduction": 6, "armor_piercing": True}, DamageDice(12, 3, 4), 3),
        ({**PISTOL, "damage_reduction": 6, "lowered_by": 1}, DamageDice(12, 2, 3), 6),
        ({"dice": 20, "minor_at": 5, "serious_at": None}, DamageDice(20, 5, None), 0),
    ):
        result = queued(gm, "odds.damage", **request)
        assert result == dump(odds.DamageOdds, damage_odds(counted, dr))
        assert result["damage"]["notation"] == counted.notation and result["damage_reduction"] == dr
        assert sum(map(chance, result["hit_points_lost"])) == 1


def test_damage_odds_agree_with_every_face_tuple(gm):
    """3d6 (3,4) against DR 2, read die by die by the damage rules."""
    damage, dr = DamageDice(3, 3, 4), 2
    result = queued(gm, "odds.damage", dice=3, minor_at=3, serious_at=4, damage_reduction=dr)
    read = [read_damage(list(faces), damage, dr) for faces in product(range(1, 7), repeat=3)]
    for curve, amount in (("hit_points_lost", "hit_points_lost"), ("serious", "serious"), ("minor", "minor")):
        ways = Counter(getattr(reading, amount) for reading in read)
        assert [chance(wire) for wire in result[curve]] == [Fraction(ways[k], 216) for k in range(max(ways) + 1)]
    assert chance(result["mean"]) == Fraction(sum(reading.hit_points_lost for reading in read), 216)


def test_attack_odds_hit_and_harm(gm):
    report = queued(gm, "odds.attack", **NIKITA, **PISTOL, damage_reduction=6, difficulty=1)
    assert report["pool"]["dice"] == 5 and report["target"]["value"] == 3
    assert report["odds"] == dump(odds.AttackOdds, attack_odds(5, 3, RollKind.SKILL, DamageDice(12, 3, 4), 6))
    hit = chance(report["odds"]["hit"])
    assert hit == roll_odds(5, 3, RollKind.SKILL).success
    lost = [chance(wire) for wire in report["odds"]["damage"]["hit_points_lost"]]
    assert [chance(wire) for wire in report["odds"]["at_least"]] == [hit * sum(lost[k:]) for k in range(len(lost))]


def test_a_players_odds_reach_only_that_player(gm, player_for):
    alice = player_for("alice", ["hero"])
    result = queued(alice, "odds.damage", **PISTOL)
    assert result == dump(odds.DamageOdds, damage_odds(DamageDice(12, 3, 4)))
    assert not any(push["kind"] == "odds.damage" for push in gm.received("job.result"))


def test_bad_odds_fields_are_named(gm):
    attack = {**NIKITA, **PISTOL}
    for event, request, field in (
        ("odds", {**NIKITA, "stakes_raised": "maybe"}, "stakes_raised"),
        ("odds.damage", {**PISTOL, "serious_at": 7}, "serious_at"),
        ("odds.damage", {**PISTOL, "dice": 301}, "dice"),
        ("odds.damage", {**PISTOL, "damage_reduction": -1}, "damage_reduction"),
        ("odds.damage", {"dice": 12, "minor_at": 3}, "serious_at"),
        ("odds.attack", {**attack, "lowered_by": 5}, "lowered_by"),
        ("odds.attack", {**attack, "kind": "statistic"}, "skill"),
    ):
        answer = gm.request(event, **request)
        assert answer["error"]["code"] == "invalid" and list(answer["error"]["fields"]) == [field], answer
    too_many = gm.request("odds.attack", **attack, modifiers=[{"source": "horde", "dice": 300}])
    assert too_many["error"]["code"] == "too_many_dice" and list(too_many["error"]["fields"]) == ["modifiers"]


def test_odds_of_a_hurt_actor_are_those_of_its_roll(gm):
    """The roll buttons of an injured token send its conditions, as its roll does:
    the odds take the same penalties off the same pool (ch. 7), and MoTs add 1d6 each (ch. 5)."""
    hurt = {**NIKITA, "statistic": {"name": "Agility", "value": 5}, "conditions": ["injured"]}
    rolled = gm.request("roll", actor_id="nikita", **hurt)
    assert rolled["ok"], rolled
    pool = rolled["result"]["result"]["pool"]["dice"]
    assert pool < 7, "the conditions cost dice"
    report = queued(gm, "odds", **hurt)
    assert report["pool"]["dice"] == pool
    assert report["odds"] == dump(Odds, roll_odds(pool, 2, RollKind.SKILL))
    spent = queued(gm, "odds", **hurt, moments={"own": 2})
    assert spent["pool"]["dice"] == pool + 2
    assert spent["odds"] == dump(Odds, roll_odds(pool + 2, 2, RollKind.SKILL))
    negative = gm.request("odds", **hurt, moments={"own": -2})
    assert negative["error"]["code"] == "invalid" and list(negative["error"]["fields"]) == ["moments"], negative
