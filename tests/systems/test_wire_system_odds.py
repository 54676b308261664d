"""A rule system's exact odds through the seam (``RuleSystem.odds``): queued
to a real worker, pushed as ``job.result``, and equal to the pure rules' own."""

from __future__ import annotations

from fractions import Fraction

from bridge.rules.two_d20.odds import skill_test_odds
from bridge.rules.two_d20.skill_tests import Target

from ..wire.test_wire_odds import chance, queued
from ..wire_schemas import ok

# Ann: Fight 3 + Boldly 8, a focus of 2 in Melee; one assistant of 2 + 7.
ANN_TEST = {"target": {"skill": 3, "style": 8, "focus": 2}, "difficulty": 2, "bought": 1,
            "assistants": [{"skill": 2, "style": 7}]}


def test_a_2d20_tests_odds_come_from_a_worker_exactly(gm):
    ok(gm, "system.set", system="two_d20")
    odds = queued(gm, "2d20.odds", **ANN_TEST)
    expected = skill_test_odds(Target(3, 8, 2), 2, 1, [Target(2, 7)])
    assert chance(odds["passed"]) == expected.passed
    assert [chance(each) for each in odds["successes"]] == list(expected.successes)
    assert [chance(each) for each in odds["complications"]] == list(expected.complications)
    assert odds["dice"] == 4 and sum(chance(each) for each in odds["successes"]) == Fraction(1)


def test_odds_of_a_system_the_world_does_not_play_and_bad_fields_are_refused(gm):
    answer = gm.request("2d20.odds", **ANN_TEST)
    assert answer["error"]["code"] == "wrong_system"
    ok(gm, "system.set", system="two_d20")
    answer = gm.request("2d20.odds", **{**ANN_TEST, "difficulty": 6})
    assert (answer["error"]["code"], list(answer["error"]["fields"])) == ("invalid", ["difficulty"])
