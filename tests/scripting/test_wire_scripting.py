"""Macros and house rules over real Socket.IO, real workers and Redis: the
shipped examples (examples/scripts) change tokens at a client; limits,
refusals and failures leave the table untouched."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridge.scripting import shelf
from bridge.systems.moment_of_truth import ledger

from ..wire.test_wire_tracker import rolled, warehouse
from ..wire_schemas import assert_valid, ok

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scripts"

#: Scripts of the other cases, beside the examples.
EXTRA = {
    "forever.py": '''
from bridge.scripting.api import Who, macro


@macro("forever", "Never ends.", who=Who.GM)
def forever(table):
    while True:
        pass
''',
    "half_done.py": '''
from bridge.scripting.api import Who, macro


@macro("half_done", "Records an effect, then raises.", who=Who.GM)
def half_done(table):
    table.set_condition(table.targets[0], "unconscious", source="half done")
    raise RuntimeError("something went wrong")
''',
    "anyone.py": '''
from marshmallow import Schema, fields

from bridge.scripting.api import Who, macro


class Shout(Schema):
    words = fields.String(required=True)


@macro("shout", "Anyone says something.", arguments=Shout, who=Who.TABLE)
def shout(table):
    table.say(table.arguments["words"])
''',
    "patch_up.py": '''
from bridge.scripting.api import Who, macro


@macro("patch_up", "Heal a minor damage of your own tokens.", who=Who.OWNER)
def patch_up(table):
    for target in table.targets:
        table.heal(target, minor=1)
''',
    "greedy.py": '''
from bridge.scripting.api import Who, macro


@macro("greedy", "Rolls far too many dice.", who=Who.GM)
def greedy(table):
    table.hurt(table.targets[0], minor=1)
    for _ in range(10):
        table.roll(300)
''',
    "inspire.py": '''
from marshmallow import Schema, fields
from bridge.scripting.api import Who, macro

class Inspired(Schema):
    player = fields.String(required=True)

@macro("inspire", "A scratch on the target, and Moments of Truth for a player.", arguments=Inspired, who=Who.TABLE)
def inspire(table):
    table.hurt(table.targets[0], minor=1)
    table.award(table.arguments["player"], 2, "a rousing speech")
''',
    "broken.py": "def oops(:\n    pass\n",
}


def examples_and(extra: dict[str, str], store, world, folder: Path) -> Path:
    """``folder`` made the world's scripts folder: the examples and the ``extra`` scripts (name -> text)."""
    shutil.copytree(EXAMPLES, folder)
    for name, text in extra.items():
        (folder / name).write_text(text)
    shelf.set_scripts_folder(store.redis, world.world_id, folder)
    return folder


@pytest.fixture
def scripts(store, world, tmp_path):
    """The world's scripts folder: the examples and the failure cases."""
    return examples_and(EXTRA, store, world, tmp_path / "scripts")


def job_result(client, event: str, **request) -> dict:
    queued = ok(client, event, **request)
    done = client.wait_for("job.result", lambda push: push["job_id"] == queued["job_id"])
    assert_valid("push.job.result.json", done)
    return done["result"]


def reload(gm) -> dict:
    return job_result(gm, "macro.reload")


def run(client, macro: str, **request) -> dict:
    """The macro's card, as its runner sees it."""
    roll_id = job_result(client, "macro.run", macro=macro, **request)["roll_id"]
    entry = client.wait_for("roll.result", lambda push: push["roll_id"] == roll_id)
    assert_valid("push.roll.result.json", entry)
    return entry


def register(gm, token_id: str, endurance: int = 3, actor_id: str | None = None) -> dict:
    statistics = {"endurance": endurance, "strength": 3, "agility": 3, "will": 2, "perception": 3, "education": 2}
    answer = gm.request("token.register", token_id=token_id, actor_id=actor_id or f"actor-{token_id}",
                        name=token_id.title(), statistics=statistics)
    assert answer["ok"], answer
    return answer["result"]["state"]


def conditions(state: dict) -> set[tuple[str, str]]:
    return {(entry["condition"], entry["source"]) for entry in state["conditions"]}


def test_reload_lists_the_macros_and_the_broken_script_with_its_line(gm, scripts):
    loaded = reload(gm)
    assert loaded["macros"] == ["forever", "greedy", "half_done", "inspire", "molotov", "patch_up", "shout", "sleeping_gas"]
    assert loaded["errors"] == [{"file": "broken.py", "line": 1, "message": loaded["errors"][0]["message"]}]
    assert loaded["errors"][0]["message"].startswith("SyntaxError")
    listed = ok(gm, "macro.list")
    assert [macro["name"] for macro in listed["macros"]] == loaded["macros"]
    molotov = next(macro for macro in listed["macros"] if macro["name"] == "molotov")
    assert molotov["who"] == "gm"
    assert molotov["arguments"]["properties"]["starting_dice"] == {"type": "integer", "default": 5, "minimum": 1, "maximum": 10}


def test_molotov_sets_every_target_on_fire_and_undo_reverts_one(gm, connect, world, scripts, store):
    reload(gm)
    for token_id in ("ann", "bob"):
        register(gm, token_id)
    watcher = connect(world=world.world_id, gm_key=world.gm_key)
    card = run(gm, "molotov", token_ids=["ann", "bob"])
    result = card["result"]
    assert result["error"] is None
    assert [effect["effect"] for effect in result["effects"]] == ["ignite", "ignite"]
    for effect in result["effects"]:
        faces = effect["fire"]["damage"][0]["faces"]
        assert len(faces) == 5
        assert effect["fire"]["state"]["dice"] == 5 + sum(face >= 5 for face in faces)  # it grows (ch. 8)
    for token_id in ("ann", "bob"):
        told = watcher.wait_for("token.changed", lambda push, t=token_id: push["token_id"] == t and push["version"] == 2)
        assert_valid("push.token.changed.json", told)
        assert ("on_fire", "fire") in conditions(told["state"])
        assert told["state"] == store.tokens(world.world_id, [token_id])[token_id]
    undone = ok(gm, "token.undo", token_id="ann")
    assert "on_fire" not in {entry["condition"] for entry in undone["change"]["state"]["conditions"]}
    assert store.tokens(world.world_id, ["ann"])["ann"]["fire"] is None
    assert store.tokens(world.world_id, ["bob"])["bob"]["fire"] is not None


def test_sleeping_gas_puts_to_sleep_exactly_those_who_fail_their_endurance_roll(gm, connect, world, scripts, store):
    reload(gm)
    targets = ["c1", "c2", "c3", "c4"]
    for token_id in targets:
        register(gm, token_id, endurance=2)
    watcher = connect(world=world.world_id, gm_key=world.gm_key)
    result = run(gm, "sleeping_gas", token_ids=targets)["result"]
    rolls = {roll["token_id"]: roll["roll"] for roll in result["rolls"]}
    assert sorted(rolls) == targets
    asleep = {token_id for token_id, roll in rolls.items() if not roll["outcome"]["success"]}
    assert {effect["token_id"] for effect in result["effects"]} == asleep
    for token_id in targets:
        state = store.tokens(world.world_id, [token_id])[token_id]
        assert (("unconscious", "sleeping gas") in conditions(state)) == (token_id in asleep)
        assert len(rolls[token_id]["faces"]) == 2
    for token_id in sorted(asleep):
        told = watcher.wait_for("token.changed", lambda push, t=token_id: push["token_id"] == t and push["version"] == 2)
        assert ("unconscious", "sleeping gas") in conditions(told["state"])


def test_the_house_rule_makes_hit_points_ten_plus_three_endurance(gm, world, scripts):
    assert register(gm, "before", endurance=4)["health"]["hit_points"] == 6 + 2 * 4
    reload(gm)
    assert register(gm, "after", endurance=4)["health"]["hit_points"] == 10 + 3 * 4


def test_a_player_is_refused_a_gm_only_macro_and_may_run_the_tables(gm, player_for, scripts):
    reload(gm)
    player = player_for("pat")
    assert [macro["name"] for macro in ok(player, "macro.list")["macros"]] == ["inspire", "patch_up", "shout"]
    refused = player.request("macro.run", macro="molotov")
    assert refused["error"]["code"] == "forbidden" and refused["error"]["fields"] == {"macro": ["GM only"]}
    card = run(player, "shout", arguments={"words": "hello"})
    assert card["result"]["said"] == ["hello"]


def test_a_macro_that_loops_forever_is_stopped_at_its_line_and_the_gm_is_told(gm, scripts, world, store):
    reload(gm)
    register(gm, "dan")
    card = run(gm, "forever", token_ids=["dan"])
    assert card["visibility"] == "blind"
    error = card["result"]["error"]
    assert error["file"] == "forever.py" and error["line"] in (7, 8)  # the loop's two lines
    assert error["message"].startswith("OutOfTime")
    assert store.tokens(world.world_id, ["dan"])["dan"]["version"] == 1


def test_a_macro_that_raises_after_recording_an_effect_applies_nothing(gm, scripts, world, store):
    reload(gm)
    register(gm, "eve")
    error = run(gm, "half_done", token_ids=["eve"])["result"]["error"]
    assert (error["file"], error["line"], error["message"]) == ("half_done.py", 8, "RuntimeError: something went wrong")
    state = store.tokens(world.world_id, ["eve"])["eve"]
    assert (state["version"], state["conditions"]) == (1, [])


def test_a_gms_macro_awards_moments_with_its_effects_and_a_players_applies_neither(gm, player_for, scripts, world, store):
    reload(gm)
    register(gm, "fay")
    player = player_for("pat")
    card = run(gm, "inspire", token_ids=["fay"], arguments={"player": "pat"})["result"]
    assert card["awards"] == [{"player": "pat", "moments": 2, "reason": "a rousing speech"}]
    assert card["moments"]["balances"]["pat"] == 2 and card["error"] is None
    assert player.wait_for("moments.changed", lambda push: push["balances"].get("pat") == 2)
    assert store.tokens(world.world_id, ["fay"])["fay"]["health"]["minor"] == 1
    refused = job_result(player, "macro.run", macro="inspire", token_ids=["fay"], arguments={"player": "pat"})
    error = gm.wait_for("roll.result", lambda push: push["roll_id"] == refused["roll_id"])["result"]["error"]
    assert (error["file"], error["message"]) == ("inspire.py", "only the GM awards Moments of Truth (ch. 5)")
    state, balances = store.tokens(world.world_id, ["fay"])["fay"], ledger.balances(store, world.world_id)
    assert (state["version"], state["health"]["minor"], balances["pat"]) == (2, 1, 2)


@pytest.mark.parametrize("request_fields, field", [
    ({"macro": "../molotov.py"}, "macro"),
    ({"macro": "/etc/passwd"}, "macro"),
    ({"macro": "molotov", "arguments": {"path": "/tmp/evil.py"}}, "arguments"),
    ({"macro": "molotov", "arguments": {"starting_dice": "__import__('os').system('true')"}}, "arguments.starting_dice"),
    ({"macro": "no_such_macro"}, "macro"),
    ({"macro": "molotov", "code": "print(1)"}, "code"),
])
def test_a_payload_naming_a_path_or_carrying_code_is_refused(gm, scripts, request_fields, field):
    reload(gm)
    refused = gm.request("macro.run", **request_fields)
    assert refused["ok"] is False and refused["error"]["code"] == "invalid"
    assert field in refused["error"]["fields"]


def test_an_owners_macro_runs_on_the_players_own_tokens_only(gm, player_for, scripts, world, store):
    reload(gm)
    register(gm, "mine", actor_id="hero")
    register(gm, "theirs", actor_id="villain")
    assert ok(gm, "token.damage", token_id="mine", minor=2)["state"]["health"]["minor"] == 2
    player = player_for("pat", ["hero"])
    refused = player.request("macro.run", macro="patch_up", token_ids=["mine", "theirs"])
    assert (refused["error"]["code"], refused["error"]["fields"]) == ("forbidden", {"token_ids.1": ["not yours"]})
    card = run(player, "patch_up", token_ids=["mine"])
    assert [change["state"]["health"]["minor"] for change in card["result"]["tokens"]] == [1]
    assert store.tokens(world.world_id, ["mine"])["mine"]["health"]["minor"] == 1


def test_a_macro_past_its_dice_is_stopped_and_applies_nothing(gm, scripts, world, store):
    reload(gm)
    register(gm, "fay")
    error = run(gm, "greedy", token_ids=["fay"])["result"]["error"]
    assert (error["file"], error["line"]) == ("greedy.py", 9)
    assert error["message"] == "MacroError: a macro rolls at most 1000 dice"
    assert store.tokens(world.world_id, ["fay"])["fay"]["version"] == 1


def test_a_reaction_time_house_rule_sets_the_dice_each_seat_rolls_for_initiative(gm, player_for, store, world, tmp_path):
    (tmp_path / "quick.py").write_text(
        "from bridge.scripting.api import Hook, house_rule\n\n"
        "@house_rule(Hook.REACTION_TIME)\ndef reaction_time(agility, will, perception):\n    return agility + 1\n"
    )
    shelf.set_scripts_folder(store.redis, world.world_id, tmp_path)
    assert reload(gm) == {"folder": str(tmp_path), "macros": [], "errors": []}
    warehouse(gm, player_for)
    card = rolled(gm)
    # Agility + 1: Nikita 4, the thugs 3 and 2 (the GM rolls the lowest), Dodger 3, Dwight 2; the book's would be [3, 2, 3, 2].
    assert [(roll["reaction_time"], len(roll["faces"])) for roll in card["rolls"]] == [(5, 5), (3, 3), (4, 4), (3, 3)]


def test_scripts_set_the_worlds_dials_and_a_bad_dial_is_blamed_on_its_script(gm, store, world, tmp_path):
    (tmp_path / "gritty.py").write_text("from bridge.scripting.api import dials\n\ndials(bleeding=True, default_tn=1)\n")
    (tmp_path / "wrong.py").write_text("from bridge.scripting.api import dials\n\ndials(bleeding='sometimes')\n")
    shelf.set_scripts_folder(store.redis, world.world_id, tmp_path)
    loaded = reload(gm)
    assert loaded["errors"] == [{"file": "wrong.py", "line": None,
                                 "message": "ValidationError: {'bleeding': ['Not a valid boolean.']}"}]
    told = gm.wait_for("settings.changed")
    assert (told["settings"]["bleeding"], told["settings"]["default_tn"]) == (True, 1)
    assert ok(gm, "settings.get")["settings"] == told["settings"]
