"""Scripting without the wire: loading scripts, their failures and house
rules, a macro's effects made by the rules, the rate limit and the CLI
against a real Redis, and docs/scripting.md showing the shipped examples."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import Health
from bridge.rules.moment_of_truth.house_rules import BOOK, HouseRules
from bridge.rules.moment_of_truth.initiative import roll_initiative
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.tokens import ConditionEntry, TokenState, registered
from bridge.scripting import shelf
from bridge.scripting.api import DICE_MAX, EFFECTS_MAX, MacroError
from bridge.scripting.loader import Blame, summary
from bridge.service.cli import main
from bridge.systems.moment_of_truth.scripting import MomentOfTruthTable as Table
from bridge.systems.moment_of_truth.scripting import apply_effects
from workers.scripting import sandbox

from ..wire_schemas import definition

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "scripts"
STATISTICS = {statistic: 3 for statistic in Statistic}


def token(token_id: str = "t1") -> TokenState:
    return TokenState(token_id, f"actor-{token_id}", token_id.title(), STATISTICS, Health(12))


def test_the_docs_show_each_shipped_example_whole():
    doc = (ROOT / "docs" / "scripting.md").read_text()
    for script in sorted(EXAMPLES.rglob("*.py")):
        assert script.read_text().rstrip() in doc, script.name


def test_each_systems_examples_load_into_its_macros():
    for system, names in {"two_d20": ["ambush"], "highest_d10": ["spot_check"], "moment_of_clarity": ["keen_eyes"]}.items():
        loaded = summary(EXAMPLES / system)
        assert (sorted(loaded["macros"]), loaded["errors"]) == (names, []), system


def test_the_examples_load_into_macros_and_a_hit_point_table():
    loaded = summary(EXAMPLES)
    assert sorted(loaded["macros"]) == ["molotov", "sleeping_gas"]
    assert loaded["macros"]["molotov"]["file"] == "molotov.py"
    assert loaded["errors"] == []
    assert [loaded["house_rules"]["hit_points"][str(e)] for e in (0, 4, 20)] == [10, 22, 70]


def test_a_failing_script_is_blamed_on_its_line_and_the_others_load(tmp_path):
    (tmp_path / "a.py").write_text("from bridge.scripting.api import macro\n\n@macro('twice', 'x')\ndef a(table):\n    pass\n")
    (tmp_path / "b.py").write_text("from bridge.scripting.api import macro\n\n@macro('twice', 'x')\ndef b(table):\n    pass\n")
    (tmp_path / "c.py").write_text("x = 1\nraise KeyError('missing')\n")
    (tmp_path / "d.py").write_text(
        "from bridge.scripting.api import Hook, house_rule\n\n@house_rule(Hook.HIT_POINTS)\ndef hp(endurance):\n    return 0\n"
    )
    loaded = summary(tmp_path)
    assert sorted(loaded["macros"]) == ["twice"] and loaded["macros"]["twice"]["file"] == "a.py"
    assert loaded["errors"] == [
        {"file": "b.py", "line": None, "message": "macro 'twice' is already declared"},
        {"file": "c.py", "line": 2, "message": "KeyError: 'missing'"},
        {"file": "d.py", "line": None,
         "message": "MacroError: hp(0) gave 0: a whole number 1-2100 is needed"},
    ]
    assert loaded["house_rules"] == {"hit_points": None, "reaction_time": None}


def test_the_hit_point_house_rule_decides_registration_and_the_book_without_one():
    def register(house_rules):
        return registered(None, token_id="t", actor_id="a", name="T", statistics={**STATISTICS, Statistic.ENDURANCE: 4},
                          dials=Dials(), house_rules=house_rules).after.health.hit_points

    tough = HouseRules.from_dict({"hit_points": {str(e): 10 + 3 * e for e in range(21)}})
    assert (register(BOOK), register(tough)) == (6 + 2 * 4, 10 + 3 * 4)


def test_the_reaction_time_house_rule_sets_the_dice_initiative_rolls(tmp_path):
    (tmp_path / "quick.py").write_text(
        "from bridge.scripting.api import Hook, house_rule\n\n"
        "@house_rule(Hook.REACTION_TIME)\ndef reaction_time(agility, will, perception):\n    return agility + 1\n"
    )
    quick = HouseRules.from_dict(summary(tmp_path)["house_rules"])
    fighters = {"ann": {**STATISTICS, Statistic.AGILITY: 4}, "bob": {**STATISTICS, Statistic.AGILITY: 1}}
    book = roll_initiative(["ann", "bob"], fighters, None, Dials(), dice=FixedDice([6] * 3 + [1] * 2))
    ruled = roll_initiative(["ann", "bob"], fighters, None, Dials(), dice=FixedDice([6] * 5 + [1] * 2), house_rules=quick)
    assert [roll.reaction_time for roll in book.rolls] == [3, 2]  # (Agility + Will) / 2, fractions dropped (ch. 2)
    assert [(roll.reaction_time, roll.faces) for roll in ruled.rolls] == [(5, (6,) * 5), (2, (1, 1))]


def test_effects_on_one_token_are_one_change_and_in_order():
    before = token()
    effects = [
        {"effect": "hurt", "token_id": "t1", "minor": 2, "serious": 1},
        {"effect": "set_condition", "token_id": "t1", "condition": "unconscious", "source": "gas", "rounds": None},
        {"effect": "heal", "token_id": "t1", "minor": 1, "serious": 0},
    ]
    changes, shown = apply_effects({"t1": before}, effects, Dials(), None, FixedDice([]))
    assert len(changes) == 1
    after = changes[0].after
    assert (after.version, after.health.minor, after.health.serious) == (before.version + 1, 1, 1)
    assert [(c.condition.value, c.gained) for c in changes[0].changes] == [("unconscious", True)]
    assert [(effect["effect"], len(effect["changes"])) for effect in shown] == [("hurt", 0), ("set_condition", 1), ("heal", 0)]


def test_an_ignite_on_the_card_matches_the_published_schema():
    effects = [{"effect": "ignite", "token_id": "t1", "starting_dice": 2, "grease": False}]
    _, shown = apply_effects({"t1": token()}, effects, Dials(), None, FixedDice([3, 3]))
    assert (shown[0]["fire"]["state"]["dice"], shown[0]["fire"]["health"]["after"]["serious"]) == (2, 2)
    definition("push.roll.result.json", "MacroEffect").validate(shown[0])


def test_a_targets_conditions_take_dice_off_its_skill_rolls_never_its_statistic_rolls():
    wounded = TokenState("t1", "actor-t1", "T1", STATISTICS, Health(12), skills={"stealth": 2},
                         conditions=(ConditionEntry(Condition.WOUNDED, "health"),))
    table = Table({}, (wounded,), Dials(), "gm", FixedDice([6] * 6))
    skilled = table.skill_roll(wounded, "agility", "stealth")
    statistic = table.skill_roll(wounded, "endurance")
    assert [(p.source, p.dice, p.applied) for p in skilled.pool.parts] == [
        ("statistic", 3, True), ("skill", 2, True), ("wounded", -2, True)]  # -2d6 to skill rolls (ch. 7)
    assert [(p.source, p.dice, p.applied) for p in statistic.pool.parts] == [("statistic", 3, True), ("wounded", -2, False)]
    assert (skilled.pool.dice, statistic.pool.dice, table.record()["dice_rolled"]) == (3, 3, 6)


def test_a_macro_may_roll_at_most_its_dice():
    table = Table({}, (token(),), Dials(), "gm", FixedDice([1] * (DICE_MAX + 1)))
    rolled = [len(table.roll(count)) for count in (300, 300, 300, 100)]
    assert sum(rolled) == DICE_MAX
    with pytest.raises(MacroError, match=f"a macro rolls at most {DICE_MAX} dice"):
        table.roll(1)


def test_effects_and_awards_count_together_towards_a_macros_limit():
    target = token()
    for record in (lambda table: table.hurt(target, minor=1), lambda table: table.award("pat", 1, "wit")):
        table = Table({}, (target,), Dials(), "gm", FixedDice([]))
        for _ in range(EFFECTS_MAX // 2):
            table.heal(target)
        for _ in range(EFFECTS_MAX // 2 - 1):
            table.award("sam", 1, "grit")
        record(table)
        with pytest.raises(MacroError, match=f"a macro records at most {EFFECTS_MAX} effects"):
            record(table)
        assert len(table.effects) + len(table.awards) == EFFECTS_MAX


def test_a_user_may_start_so_many_runs_per_window(store, world):
    allowed = [shelf.allow_run(store.redis, world.world_id, "pat") for _ in range(shelf.RUNS_PER_WINDOW + 1)]
    assert allowed == [True] * shelf.RUNS_PER_WINDOW + [False]
    assert shelf.allow_run(store.redis, world.world_id, "sam")


def test_the_cli_shows_sets_and_loads_a_worlds_scripts_folder(redis_server, store, world, tmp_path, monkeypatch):
    monkeypatch.setenv("VTT_BRIDGE_DATA", str(tmp_path / "data"))
    runner = CliRunner()
    env = {"REDIS_URL": redis_server.url}
    shown = runner.invoke(main, ["world", "scripts", world.world_id], env=env)
    assert shown.output.strip() == str(tmp_path / "data" / "worlds" / world.world_id / "scripts")
    moved = runner.invoke(main, ["world", "scripts", world.world_id, "--set", str(EXAMPLES), "--reload"], env=env)
    assert moved.exit_code == 0, moved.output
    folder, loaded = moved.output.split("\n", 1)
    assert folder == str(EXAMPLES)
    assert json.loads(loaded) == {"folder": str(EXAMPLES), "macros": ["molotov", "sleeping_gas"], "errors": []}
    assert HouseRules.from_dict(shelf.house_rules(store.redis, world.world_id)).hit_points_for(4, Dials()) == 22


def test_code_that_will_not_stop_at_its_time_limit_is_killed(tmp_path):
    (tmp_path / "stubborn.py").write_text(
        "def run():\n    while True:\n        try:\n            while True:\n                pass\n"
        "        except BaseException:\n            pass\n"
    )
    stubborn = load_module(tmp_path / "stubborn.py")
    outcome = sandbox.call(stubborn.run, tmp_path, 0.2, "stubborn.py")
    assert (outcome.value, outcome.failure) == (None, Blame("stubborn.py", None, "killed after 0.2 s"))


def test_code_interrupted_at_its_time_limit_is_blamed_on_its_line_with_what_it_printed(tmp_path):
    (tmp_path / "slow.py").write_text("import time\n\ndef run():\n    print('thinking')\n    time.sleep(10)\n")
    outcome = sandbox.call(load_module(tmp_path / "slow.py").run, tmp_path, 0.2, "slow.py")
    assert outcome.failure == Blame("slow.py", 5, "OutOfTime: ran past its 0.2 s")
    assert outcome.printed == "thinking\n"


def load_module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
