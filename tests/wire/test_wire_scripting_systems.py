"""A macro in a world of each rule system, over real Socket.IO, a real
worker and Redis: the shipped examples (examples/scripts) roll with each
system's rules from the targets' sheets; the 2d20 ambush's Stress is made
in the state document; targets are checked by the world's system."""

from __future__ import annotations

import shutil

from bridge.rules.highest_d10 import build_pool, read_roll
from bridge.rules.moment_of_clarity.effect import DieKind, RolledDie
from bridge.rules.moment_of_clarity.rolls import judge_dice
from bridge.rules.two_d20 import read_test
from bridge.schemas.encode import dump
from bridge.scripting import shelf
from bridge.systems.highest_d10.schemas import D10SkillRoll
from bridge.systems.two_d20.schemas import TwoD20SkillTest

from ..scripting.test_wire_scripting import EXAMPLES, reload, run
from ..systems.test_wire_2d20 import state_of
from ..wire_schemas import assert_valid, ok

SHEET_2D20 = {"skills": {"Survive": 3}, "styles": {"Boldly": 2, "Forcefully": 1}}


def system_examples(system: str, store, world, tmp_path) -> None:
    """The world's scripts folder: the system's shipped examples."""
    folder = tmp_path / "scripts"
    shutil.copytree(EXAMPLES / system, folder)
    shelf.set_scripts_folder(store.redis, world.world_id, folder)


def refused(client, code: str, fields: list[str], **request) -> None:
    answer = client.request("macro.run", **request)
    assert not answer["ok"], answer
    assert (answer["error"]["code"], sorted(answer["error"]["fields"])) == (code, fields), answer


def test_an_ambush_in_a_2d20_world_tests_each_target_and_deals_stress_to_who_fails(gm, store, world, tmp_path):
    system_examples("two_d20", store, world, tmp_path)
    ok(gm, "system.set", system="two_d20")
    assert reload(gm)["macros"] == ["ambush"]
    assert "ambush" in [macro["name"] for macro in ok(gm, "macro.list")["macros"]]
    ok(gm, "2d20.session.start", players=2)
    for actor_id, name in (("ann", "Ann"), ("bo", "Bo")):
        ok(gm, "2d20.character", actor_id=actor_id, name=name, armor=1, **SHEET_2D20)
    refused(gm, "invalid", ["token_ids.1"], macro="ambush", token_ids=["ann", "ghost"])
    before = state_of(gm)["characters"]

    card = run(gm, "ambush", token_ids=["ann", "bo"], arguments={"difficulty": 2, "damage": 4})["result"]
    assert (card["system"], card["error"], len(card["rolls"])) == ("two_d20", None, 2)
    after = state_of(gm)["characters"]
    failed = set()
    for shown, actor_id in zip(card["rolls"], ("ann", "bo")):
        test = shown["roll"]
        again = dump(TwoD20SkillTest, read_test(test))  # the test worked out again from its faces
        assert {key: test[key] for key in again if key != "explanation"} == {k: v for k, v in again.items() if k != "explanation"}
        assert (shown["token_id"], test["target"]["value"], test["difficulty"]) == (actor_id, 5, 2)
        if not test["passed"]:
            failed.add(actor_id)
    assert {effect["token_id"] for effect in card["effects"]} == failed
    for actor_id in ("ann", "bo"):
        hit = 4 - 1 if actor_id in failed else 0  # armor 1 absorbs 1 of 4, then ablates
        assert after[actor_id]["stress"] == before[actor_id]["stress"] - hit
        assert after[actor_id]["armor"] == before[actor_id]["armor"] - (actor_id in failed)
    assert len(card["said"]) == 2


def test_a_spot_check_in_a_d10_world_rolls_each_sheets_perception(gm, store, world, tmp_path):
    system_examples("highest_d10", store, world, tmp_path)
    ok(gm, "system.set", system="highest_d10")
    reload(gm)
    ok(gm, "d10.character.register", actor_id="leroy", name="Leroy", attributes={"Perception": 3})
    ok(gm, "d10.character.register", actor_id="earl", name="Earl", attributes={"Perception": 2}, skills={"Perception": 5})
    card = run(gm, "spot_check", token_ids=["leroy", "earl"], arguments={"tn": 7})["result"]
    assert (card["system"], card["error"]) == ("highest_d10", None)
    for shown, dice in zip(card["rolls"], (3, 5)):  # Earl's skill before his attribute
        roll = shown["roll"]
        again = dump(D10SkillRoll, read_roll(build_pool(dice), roll["faces"], (), False, 7))
        assert {key: roll[key] for key in again} == again
    assert [line.split()[1] for line in card["said"]] == [
        "spots" if shown["roll"]["verdict"]["succeeded"] else "misses" for shown in card["rolls"]]


def test_keen_eyes_in_a_moment_of_clarity_world_is_an_owners_macro(gm, player_for, store, world, tmp_path):
    system_examples("moment_of_clarity", store, world, tmp_path)
    ok(gm, "system.set", system="moment_of_clarity")
    reload(gm)
    sheet = {"archetype": "hero", "primary_dice": 3, "body": 3, "toughness": 3, "l_score": 3,
             "skills": [{"name": "Notice", "element": "action", "dice": 4}]}
    ok(gm, "moc.character", actor_id="tess", name="Tess", **sheet)
    ok(gm, "moc.character", actor_id="vic", name="Vic", **sheet)
    alice = player_for("alice", ["tess"])
    assert [macro["name"] for macro in ok(alice, "macro.list")["macros"]] == ["keen_eyes"]
    refused(alice, "forbidden", ["token_ids.0"], macro="keen_eyes", token_ids=["vic"])
    card = run(alice, "keen_eyes", token_ids=["tess"])
    assert_valid("push.roll.result.json", card)
    result = card["result"]
    assert (result["system"], result["error"], card["actor_id"]) == ("moment_of_clarity", None, "tess")
    roll = result["rolls"][0]["roll"]
    assert len([die for die in roll["dice"] if die["kind"] == "skill"]) == 4
    dice = [RolledDie(die["face"], die["sides"], DieKind(die["kind"])) for die in roll["dice"]]
    assert roll["level"] == judge_dice(dice, roll["sides"], roll["tn"]).level.value  # read again from its faces
