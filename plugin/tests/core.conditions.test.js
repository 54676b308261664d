import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { CONDITIONS, conditionsOf, hpBar } from "../core/conditions.js";

const plugin = new URL("../", import.meta.url);

test("every condition of the protocol has a label and a shipped icon", () => {
  // Moment of Truth's conditions, as its token.condition.set takes them
  const schema = JSON.parse(readFileSync(new URL("../docs/schemas/request.token.condition.set.json", plugin), "utf8"));
  const ids = schema.properties.condition.enum;
  assert.deepEqual(Object.keys(CONDITIONS).sort(), [...ids].sort());
  for (const [id, { label, icon }] of Object.entries(CONDITIONS)) {
    assert.ok(label.length > 0, id);
    assert.equal(icon, `styles/icons/${id}.svg`);
    assert.ok(existsSync(new URL(icon, plugin)), icon);
  }
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
