"""The plugin's JavaScript tests (node's test runner over plugin/tests/), and the core's request
builders checked against the request schemas a plugin must satisfy (docs/schemas)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_DIR = ROOT / "docs" / "schemas"

#: Builders of plugin/core/rolls.js, and the Foundry module's own (plugin/scripts: a roll and its odds
#: from the roll dialog's values, a token's registration from its actor), called with the UI's choices;
#: each prints {event, payload}.
BUILDERS = """
import * as rolls from "./plugin/core/rolls.js";
import { oddsRequest, rollRequest } from "./plugin/scripts/roll-dialog.js";
import { registration, statBlock } from "./plugin/scripts/actors.js";
const agility = { name: "Agility", value: 3 };
const built = [
  rolls.skillRoll({ actorId: "pc-1", statistic: agility, skill: { name: "Stealth", level: 2 }, tn: 3, defaultTn: 2,
                    moments: 2, visibility: "blind", conditions: ["injured", "prone"], label: "Sneak" }),
  rolls.skillRoll({ actorId: "pc-1", statistic: agility, skill: null, tn: 1, defaultTn: 2, stakesRaised: true }),
  rolls.statisticRoll({ actorId: "pc-1", statistic: agility, visibility: "whisper", whisperTo: ["gm"] }),
  rolls.attack({ attacker: "t1", weapon: ".45 Auto Pistol", targets: ["t2", "t3"], distance: 7.5, moments: 1 }),
  rolls.attack({ attacker: "t1", weapon: "Knife", targets: ["t2"] }),
  rolls.explosion({ actorId: "gm", charge: "shrapnel", dice: 20,
                    tokens: [{ token_id: "a", distance: 1.41421 }, { token_id: "b", distance: 2.5, cover: 3 }] }),
  rolls.fall({ tokenIds: ["a", "b"], meters: 30.333 }),
  rolls.fireIgnite({ tokenIds: ["a"], startingDice: 5, grease: true }),
  rolls.vacuumEnter({ tokenIds: ["a"], warned: true, rupturedSuit: true }),
];
const sheet = { statistics: { endurance: 3, strength: 2, agility: 4, will: 3, perception: 3, education: 2 },
                skills: { Stealth: 2 }, weapons: ["pistol"], hit_points: 14, armor: "Ballistic Vest", shield: "" };
const context = { actorId: "actor1", block: statBlock({ flags: { sheet } }), defaultTn: 2, conditions: ["injured"] };
const skill = rollRequest({ statistic: "agility", skill: "Stealth", tn: 3, moments: 2, stakes_raised: false,
                           visibility: "blind" }, context);
const raised = rollRequest({ statistic: "will", tn: 1, moments: 3, stakes_raised: true, visibility: "public" }, context);
built.push(skill, raised, oddsRequest(skill.payload), oddsRequest(raised.payload),
           { event: "token.register", payload: registration({ id: "tok1", name: "Dodger", sceneId: "scene1" },
                                                            { id: "actor1", flags: { sheet } }) });
console.log(JSON.stringify(built));
"""


#: Each rule system's roll panel (plugin/core/systems/<name>.js `rollPanel`) with its form's values as
#: drawn (core/roll-panel.js) and the words a player types where the form starts empty (TYPED), built for
#: an actor; prints [{system, event, payload}].
PANELS = """
import { SYSTEMS } from "./plugin/core/systems.js";
import { panelFields, panelRequest } from "./plugin/core/roll-panel.js";
const typed = JSON.parse(process.argv[1]);
const shown = (field) => field.options ? field.options.find((option) => option.selected).value : field.value;
const built = Object.values(SYSTEMS).filter((system) => system.rollPanel).map(({ name, rollPanel }) => ({
  system: name,
  ...panelRequest(rollPanel, { ...Object.fromEntries(panelFields(rollPanel).map((field) => [field.name, shown(field)])), ...typed[name] },
                  { actorId: "pc-1" }),
}));
console.log(JSON.stringify(built));
"""
#: What a player types in a roll panel's fields that start empty and that its request requires.
TYPED = {"two_d20": {"skill": "Survive", "style": "Boldly"}}


def node() -> str:
    found = shutil.which("node")
    assert found, "node is not installed: the plugin's tests need Node.js 20+"
    return found


def test_plugin_node_tests_pass():
    # The system modules' tests run the bridge's Python (plugin/tests/bridge-python.js): this one.
    env = {**os.environ, "VTT_BRIDGE_PYTHON": sys.executable}
    run = subprocess.run([node(), "--test", "plugin/tests/"], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    if run.returncode != 0:
        pytest.fail(f"node --test plugin/tests/ failed ({run.returncode}):\n{run.stdout}\n{run.stderr}", pytrace=False)


def test_core_request_builders_send_what_the_schemas_accept():
    run = subprocess.run([node(), "--input-type=module", "-e", BUILDERS], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, check=True)
    built = json.loads(run.stdout)
    assert [each["event"] for each in built] == ["roll", "roll", "roll", "attack", "attack", "hazard.explosion",
                                                 "hazard.fall", "hazard.fire.ignite", "hazard.vacuum.enter",
                                                 "roll", "roll", "odds", "odds", "token.register"]
    for each in built:
        schema = json.loads((SCHEMA_DIR / f"request.{each['event']}.json").read_text(encoding="utf-8"))
        errors = [error.message for error in Draft202012Validator(schema).iter_errors({**each["payload"], "request_id": "r1"})]
        assert errors == [], (each, errors)


def test_each_systems_roll_panel_sends_what_its_request_schema_accepts():
    run = subprocess.run([node(), "--input-type=module", "-e", PANELS, json.dumps(TYPED)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    built = json.loads(run.stdout)
    assert [each["system"] for each in built] == ["two_d20", "moment_of_clarity", "highest_d10"]
    for each in built:
        schema = json.loads((SCHEMA_DIR / f"request.{each['event']}.json").read_text(encoding="utf-8"))
        errors = [error.message for error in Draft202012Validator(schema).iter_errors({**each["payload"], "request_id": "r1"})]
        assert errors == [], (each, errors)
