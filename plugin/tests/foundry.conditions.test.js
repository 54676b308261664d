// A token's conditions and first bar on the Foundry token, in a world of each of the four systems: the world's
// system's own `Table.view` (bridge/systems/<name>/table.py, run by the project's Python) gives the view of a
// record, the bridge pushes it in `token.changed`, and the active GM's client shows it through the stand-in:
// an ActiveEffect per condition named by its label, with the shipped icon of its icon name tinted by its
// severity (drawn on the token: Actor#temporaryEffects), and the first bar in the token's bar1 attribute. A
// later change leaves the effects still held, deletes the gone ones, and never touches the GM's own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { FakeClient, IDS, installFoundry, settle } from "./foundry.stub.js";
import { python } from "./bridge-python.js";
import { TableState } from "../core/table-state.js";
import { SEVERITY_TINTS } from "../core/conditions.js";
import { syncTable } from "../scripts/sync.js";

const VIEW = `
import json, sys
from bridge.systems import installed
asked = json.load(sys.stdin)
print(json.dumps(installed()[asked["system"]].table.view(asked["record"])))
`;

const core = { token_id: "tok1", actor_id: "actor1", name: "Ann", scene_id: IDS.scene };
const held = (condition) => ({ condition, source: "GM", ending: "cleared", rounds: null, since_round: null });

/**
 * Each system's record of a hurt token, then of it later; what the token shows each time: its effects as
 * [label, icon, severity] and its first bar.
 */
const WORLDS = {
  moment_of_truth: {
    record: { ...core, health: { hit_points: 12, minor: 3, serious: 2, remaining: 7 }, conditions: [held("on_fire"), held("prone"), held("on_fire")] },
    shows: [[["on fire", "flame", "serious"], ["prone", "prone", "minor"]], { value: 7, max: 12 }],
    later: { ...core, health: { hit_points: 12, minor: 3, serious: 12, remaining: -3 }, conditions: [held("prone"), held("dead")] },
    showsLater: [[["prone", "prone", "minor"], ["dead", "skull", "critical"]], { value: 0, max: 12 }],
  },
  two_d20: {
    record: { ...core, stress: 0, stress_max: 11, armor: 1, armor_max: 2, mana: 0, mana_max: 0, traits: ["Gashed"] },
    shows: [[["no Stress left", "skull", "critical"], ["Gashed", "circle", "minor"]], { value: 0, max: 11 }],
    later: { ...core, stress: 5, stress_max: 11, armor: 1, armor_max: 2, mana: 0, mana_max: 0, traits: ["Gashed"] },
    showsLater: [[["Gashed", "circle", "minor"]], { value: 5, max: 11 }],
  },
  moment_of_clarity: {
    record: { ...core, speed: 3, pain_points: 4, dazed: true, tracks: { damage: 2, pain: 1, fatigue: 1 } },
    shows: [[["dazed", "sleep", "serious"], ["fatigue 1", "circle", "minor"]], { value: 4, max: 6 }],
    later: { ...core, speed: 3, pain_points: 4, dazed: false, tracks: { damage: 6, pain: 1, fatigue: 2 } },
    showsLater: [[["down", "skull", "critical"], ["fatigue 2", "circle", "minor"]], { value: 0, max: 6 }],
  },
  highest_d10: {
    record: { ...core, initiative_dice: 2, initiative_bonus: 0, aiming: 1, outcome: "botch" },
    shows: [[["botch", "circle", "critical"]], { value: 1, max: 3 }],
    later: { ...core, initiative_dice: 2, initiative_bonus: 0, aiming: 2, outcome: "partial_success" },
    showsLater: [[["partial success", "circle", "minor"]], { value: 2, max: 3 }],
  },
};

/** The effects the token draws, as [name, icon file, tint], and the module's status of each. */
function drawn(actor) {
  return actor.temporaryEffects.map((e) => [e.name, e.img, e.tint]);
}

/** What `shows` expects drawn: each label with its icon name's shipped file and its severity's tint. */
function expected([conditions]) {
  return conditions.map(([label, icon, severity]) => [label, `modules/vtt-bridge/styles/icons/${icon}.svg`, SEVERITY_TINTS[severity]]);
}

for (const [system, world] of Object.entries(WORLDS)) {
  test(`${system}: a token change from the bridge shows the view's conditions as effects named by their labels with their icons, and the first bar in bar1`, async () => {
    const blessed = { name: "Blessed", img: "icons/svg/angel.svg", statuses: ["bless"] };
    const { calls } = installFoundry({ isGM: true, actors: [{ id: "actor1", name: "Ann", effects: [blessed], system: { attributes: { hp: { value: 1, max: 1 } } } }],
      tokens: [{ id: "tok1", name: "Ann", actorId: "actor1", x: 0, y: 0 }] });
    const client = new FakeClient();
    const table = new TableState();
    syncTable(client, table);
    table.applySystem({ system, state: null });
    const actor = game.actors.get("actor1");
    for (const [version, record, shows] of [[1, world.record, world.shows], [2, world.later, world.showsLater]]) {
      const view = python(VIEW, JSON.stringify({ system, record }));
      client.push("token.changed", { token_id: "tok1", version, changes: [], state: { ...record, version }, view });
      await settle();
      await settle();
      assert.deepEqual(drawn(actor), [["Blessed", "icons/svg/angel.svg", "#ffffff"], ...expected(shows)], `change ${version}: the token's effect icons`);
      for (const [, img] of expected(shows)) assert.ok(existsSync(new URL(`../${img.slice("modules/vtt-bridge/".length)}`, import.meta.url)), img);
      const [, { value, max }] = shows;
      assert.deepEqual(calls.filter(([name]) => name === "actor.update").at(-1),
        ["actor.update", "actor1", { "system.attributes.hp.value": value, "system.attributes.hp.max": max }], `change ${version}: bar1`);
    }
    assert.ok(actor.statuses.has("bless"), "the GM's own effect stays");
    const [first, later] = [world.shows[0], world.showsLater[0]].map((list) => list.map(([label]) => label));
    const made = calls.filter(([name]) => name === "createEmbeddedDocuments").flatMap(([, , , data]) => data.map((e) => e.name));
    assert.deepEqual(made, [...first, ...later.filter((label) => !first.includes(label))], "an effect still held is not made again");
  });
}
