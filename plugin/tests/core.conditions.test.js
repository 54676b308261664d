import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { CONDITION_ICONS, SEVERITY_TINTS, conditionsOf, hpBar, iconFile, shownIcon } from "../core/conditions.js";

const plugin = new URL("../", import.meta.url);

test("every icon a system's view names is shipped, one SVG per name and no other; an unknown name shows as a circle", () => {
  // The icon names the bridge's views use: each `"icon": "<name>"` of the systems' tables, and the icons of
  // Moment of Truth's view module (its `_ICONS` table and the default it falls back to).
  const read = (file) => readFileSync(new URL(`../bridge/${file}`, plugin), "utf8");
  const tables = ["table/game.py", "systems/two_d20/table.py", "systems/moment_of_clarity/table.py", "systems/highest_d10/table.py"].map(read).join("\n");
  const truth = read("systems/moment_of_truth/view.py");
  const icons = truth.slice(truth.indexOf("_ICONS = {"), truth.indexOf("}", truth.indexOf("_ICONS = {")));
  const named = new Set([
    ...[...tables.matchAll(/"icon": "(\w+)"/g)].map((m) => m[1]),
    ...[...icons.matchAll(/: "(\w+)"/g)].map((m) => m[1]),
    ...[...truth.matchAll(/_ICONS\.get\(\w+, "(\w+)"\)/g)].map((m) => m[1]),
  ]);
  assert.deepEqual([...named].sort(), [...CONDITION_ICONS].sort(), "the plugin knows each icon the bridge names, and no other");
  const shipped = readdirSync(new URL("styles/icons/", plugin)).map((file) => file.replace(/\.svg$/, "")).sort();
  assert.deepEqual(shipped, [...CONDITION_ICONS].sort());
  for (const icon of CONDITION_ICONS) assert.equal(iconFile(icon), `styles/icons/${icon}.svg`);
  assert.equal(shownIcon("comet"), "circle");
  assert.equal(iconFile("comet"), "styles/icons/circle.svg");
});

test("each severity has its tint, the four of them distinct", () => {
  assert.deepEqual(Object.keys(SEVERITY_TINTS), ["info", "minor", "serious", "critical"]);
  assert.equal(new Set(Object.values(SEVERITY_TINTS)).size, 4);
});

test("conditionsOf lists each condition once, in the bridge's order", () => {
  const entry = (condition, source) => ({ condition, source, ending: "cleared", rounds: null, since_round: null });
  const state = { conditions: [entry("on_fire", "fire"), entry("prone", "GM"), entry("on_fire", "GM"), entry("wounded", "health")] };
  assert.deepEqual(conditionsOf(state), ["on_fire", "prone", "wounded"]);
  assert.deepEqual(conditionsOf({ conditions: [] }), []);
});

test("hpBar is the hit points remaining out of the hit points, below 0 when hurt past them", () => {
  assert.deepEqual(hpBar({ health: { hit_points: 12, remaining: 7 } }), { value: 7, max: 12 });
  assert.deepEqual(hpBar({ health: { hit_points: 6, remaining: -3 } }), { value: -3, max: 6 });
});
