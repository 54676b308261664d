"""The encounter simulation over real Socket.IO, a real worker and Redis:
progress and the result reach the GM, players are refused, cancel stops a
long run between chunks."""

from __future__ import annotations

from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.encounter import CHUNK, Side
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.simulation import simulate
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.simulation import EncounterReport

from ..rules.test_mot_encounter import combatant_of
from ..wire_schemas import assert_valid

AVERAGE = {"endurance": 2, "strength": 2, "agility": 2, "will": 2, "perception": 2, "education": 2}
SHOOTER = {"name": "shooter", "statistics": {**AVERAGE, "agility": 3, "perception": 3}, "skill_level": 1,
           "weapon": {"name": ".45 Auto Pistol"}, "armor": {"name": "Leather"}, "targeting": "weakest"}
THUG = {"name": "thug", "statistics": AVERAGE, "skill_level": 1, "weapon": {"name": "Club"}, "targeting": "random"}
# Plate (DR 5) against fists (2 or 3 dice on 5s and 6s): almost nobody ever goes down.
BRAWLER = {"name": "brawler", "statistics": AVERAGE, "skill_level": 0, "weapon": {"name": "Unarmed Attack"},
           "armor": {"name": "Plate"}, "hit_points": 40}


def encounter(first: list[dict], second: list[dict], **options) -> dict:
    return {"sides": [{"name": "first", "combatants": first}, {"name": "second", "combatants": second}], **options}


def mine_of(answer: dict):
    return lambda push: push["request_id"] == answer["request_id"]


def pure_sides(request: dict) -> tuple[Side, Side]:
    """The same stat blocks, read by the pure rules with the book's arsenal."""
    arsenal = Arsenal.book()
    return tuple(
        Side(side["name"], tuple(
            combatant_of({**entry, "weapon": entry["weapon"]["name"], "armor": (entry.get("armor") or {}).get("name")},
                         arsenal)
            for entry in side["combatants"]))
        for side in request["sides"]
    )


def test_the_gm_sees_progress_then_the_seeded_result(gm):
    request = encounter([SHOOTER, SHOOTER], [THUG, THUG, THUG], fights=2 * CHUNK + 500, seed=2024)
    answer = gm.request("simulate.encounter", **request)
    assert answer["ok"] and answer["result"]["state"] == "queued", answer
    assert_valid("result.simulate.encounter.json", answer["result"])
    mine = mine_of(answer)
    pushed = gm.wait_for("job.result", mine)
    assert_valid("push.job.result.json", pushed)
    progress = [push for push in gm.received("job.progress") if mine(push)]
    for push in progress:
        assert_valid("push.job.progress.json", push)
    assert [(push["state"], push["progress"]) for push in progress] == [
        ("started", 0.0), ("running", CHUNK / (2 * CHUNK + 500)), ("running", 2 * CHUNK / (2 * CHUNK + 500)),
    ]
    result = pushed["result"]
    assert pushed["kind"] == "simulate.encounter" and result["cancelled"] is False
    assert result["fights"] == result["fights_requested"] == 2 * CHUNK + 500
    expected = simulate(pure_sides(request), dials=Dials(), fights=2 * CHUNK + 500, seed=2024)
    assert result == dump(EncounterReport, expected)
    assert sum(result["rounds"]["histogram"]) + result["draws"] == result["fights"]


def test_a_lopsided_fight_is_won_nearly_always_and_its_seed_repeats_it(gm):
    veteran = {"name": "veteran", "statistics": {**AVERAGE, "agility": 4, "perception": 4, "endurance": 4},
               "skill_level": 3, "weapon": {"name": "AR-15 (5.56mm)"}, "armor": {"name": "Ballistic Vest"}}
    civilian = {"name": "civilian", "statistics": AVERAGE, "skill_level": None, "weapon": {"name": "Unarmed Attack"}}
    request = encounter([veteran] * 4, [civilian], fights=2_000, seed=5)
    results = []
    for _ in range(2):
        answer = gm.request("simulate.encounter", **request)
        results.append(gm.wait_for("job.result", mine_of(answer))["result"])
    assert results[0] == results[1]
    assert results[0]["sides"][0]["win_rate"] > 0.99 and results[0]["sides"][1]["wins"] < 20


def test_a_seedless_run_names_its_seed_and_repeats_with_it(gm):
    request = encounter([SHOOTER], [THUG], fights=300)
    first = gm.request("simulate.encounter", **request)
    result = gm.wait_for("job.result", lambda push: push["request_id"] == first["request_id"])["result"]
    again = gm.request("simulate.encounter", **request, seed=result["seed"])
    repeated = gm.wait_for("job.result", lambda push: push["request_id"] == again["request_id"])["result"]
    assert repeated == result


def test_players_may_neither_simulate_nor_cancel(player_for):
    player = player_for("pat", ["pat-actor"])
    refused = player.request("simulate.encounter", **encounter([SHOOTER], [THUG]))
    assert not refused["ok"] and refused["error"]["code"] == "forbidden", refused
    refused = player.request("simulate.cancel", job_id="vtt-" + "0" * 32)
    assert not refused["ok"] and refused["error"]["code"] == "forbidden", refused


def test_an_unknown_weapon_is_refused_where_it_is_named(gm):
    refused = gm.request("simulate.encounter", **encounter([SHOOTER], [{**THUG, "weapon": {"name": "Phaser"}}]))
    assert not refused["ok"] and refused["error"]["code"] == "against_the_rules", refused
    assert list(refused["error"]["fields"]) == ["sides.1.combatants.0.weapon"]


def test_cancelling_an_unknown_job_is_refused(gm):
    refused = gm.request("simulate.cancel", job_id="vtt-" + "0" * 32)
    assert not refused["ok"] and list(refused["error"]["fields"]) == ["job_id"], refused


def test_cancel_stops_a_long_run_between_chunks(gm):
    # 10 brawlers a side, 100,000 fights of up to 200 rounds: many seconds of work.
    request = encounter([BRAWLER] * 10, [BRAWLER] * 10, fights=100_000, round_cap=200, seed=1)
    answer = gm.request("simulate.encounter", **request)
    assert answer["ok"], answer
    mine = mine_of(answer)
    gm.wait_for("job.progress", lambda push: mine(push) and push["state"] == "running", timeout=60)
    cancelled = gm.request("simulate.cancel", job_id=answer["result"]["job_id"])
    assert cancelled["ok"] and cancelled["result"] == {"job_id": answer["result"]["job_id"], "state": "cancelling"}
    assert_valid("result.simulate.cancel.json", cancelled["result"])
    result = gm.wait_for("job.result", mine, timeout=60)["result"]
    assert result["cancelled"] is True and result["fights_requested"] == 100_000
    assert result["fights"] < 100_000 and result["fights"] % CHUNK == 0
    assert sum(result["rounds"]["histogram"]) + result["draws"] == result["fights"]
