import { test } from "node:test";
import assert from "node:assert/strict";
import { SYSTEMS } from "../core/systems.js";
import { TableState } from "../core/table-state.js";

const token = (id, version, conditions = []) => ({
  token_id: id, version, name: id, conditions: conditions.map((condition) => ({ condition, source: "GM", ending: "cleared", rounds: null, since_round: null })),
  health: { hit_points: 8, remaining: 8 },
});

function recorded(state) {
  const seen = [];
  for (const type of ["token", "combat", "moments", "card"]) state.addEventListener(type, (e) => seen.push([type, e.detail]));
  return seen;
}

test("token.changed applies only when its version is newer than the one held", () => {
  const state = new TableState();
  const seen = recorded(state);
  assert.equal(state.applyToken({ token_id: "t1", version: 2, changes: [{ condition: "prone", gained: true }], state: token("t1", 2, ["prone"]) }), true);
  assert.equal(state.applyToken({ token_id: "t1", version: 2, changes: [], state: token("t1", 2) }), false);
  assert.equal(state.applyToken({ token_id: "t1", version: 1, changes: [], state: token("t1", 1) }), false);
  assert.deepEqual(state.tokens.get("t1").conditions.map((c) => c.condition), ["prone"]);
  assert.deepEqual(seen, [["token", { token_id: "t1", state: token("t1", 2, ["prone"]), changes: [{ condition: "prone", gained: true }] }]]);
});

test("a snapshot replaces everything; tokens and combats no longer there are reported gone", () => {
  const state = new TableState();
  state.applyToken({ token_id: "old", version: 5, state: token("old", 5) });
  state.applyCombat({ scene_id: "s-old", version: 3, state: { scene_id: "s-old" } });
  const seen = recorded(state);
  state.applySnapshot({
    tokens: [token("t1", 4, ["stunned"])],
    combats: [{ scene_id: "s1", version: 2, round: 1 }],
    moments: { balances: { alice: 3 }, history: [{ player: "alice", kind: "role_playing" }] },
  });
  assert.deepEqual([...state.tokens.keys()], ["t1"]);
  assert.deepEqual(seen.map(([type, d]) => [type, d.token_id ?? d.scene_id ?? null, d.state === null]), [
    ["token", "t1", false], ["token", "old", true], ["combat", "s1", false], ["combat", "s-old", true], ["moments", null, false],
  ]);
  assert.equal(state.balance("alice"), 3);
  assert.equal(state.balance("bob"), 0);
  // After a snapshot a token's version counts from the snapshot's, even when lower than before.
  assert.equal(state.applyToken({ token_id: "old", version: 1, state: token("old", 1) }), true);
});

test("combat.changed by version; a null state is the combat ended", () => {
  const state = new TableState();
  assert.equal(state.applyCombat({ scene_id: "s1", version: 1, state: { round: 1 } }), true);
  assert.equal(state.applyCombat({ scene_id: "s1", version: 1, state: { round: 9 } }), false);
  assert.equal(state.applyCombat({ scene_id: "s1", version: 2, state: null }), true);
  assert.deepEqual(state.combats.get("s1"), { version: 2, state: null });
});

test("moments.changed replaces the balances and adds its entries; moments.get replaces the history", () => {
  const state = new TableState();
  state.applyPush("moments.changed", { entries: [{ kind: "failure" }], balances: { alice: 1 }, explanation: ["x"] });
  state.applyPush("moments.changed", { entries: [{ kind: "take_failure" }], balances: { alice: 3 }, explanation: ["y"] });
  assert.deepEqual(state.moments, { balances: { alice: 3 }, history: [{ kind: "failure" }, { kind: "take_failure" }] });
  state.applyMoments({ balances: { alice: 2, bob: 1 }, history: [{ kind: "own_roll" }] });
  assert.deepEqual(state.moments, { balances: { alice: 2, bob: 1 }, history: [{ kind: "own_roll" }] });
});

test("a card pushed twice is kept and announced once", () => {
  const state = new TableState();
  const seen = recorded(state);
  const card = { roll_id: "c1", rule: "roll", user: "alice" };
  state.applyPush("roll.result", card);
  state.applyPush("roll.result", { ...card });
  assert.equal(state.addCard({ roll_id: "c2", rule: "damage" }), true);
  assert.deepEqual(seen.map(([type, d]) => [type, d.roll_id]), [["card", "c1"], ["card", "c2"]]);
  assert.deepEqual([...state.cards.keys()], ["c1", "c2"]);
});

test("applyPush routes token and combat pushes and ignores the rest", () => {
  const state = new TableState();
  const seen = recorded(state);
  state.applyPush("token.changed", { token_id: "t1", version: 1, changes: [], state: token("t1", 1), cause: {} });
  state.applyPush("combat.changed", { scene_id: "s1", version: 1, state: { round: 1 }, cause: {} });
  state.applyPush("settings.changed", { settings: {} });
  state.applyPush("job.progress", { request_id: "r" });
  assert.deepEqual(seen.map(([type]) => type), ["token", "combat"]);
});

test("catching up after a (re)connection: the snapshot, then the logged cards, each marked as caught up", async () => {
  const state = new TableState();
  const sent = [];
  const answers = {
    "system.get": { system: "moment_of_truth", title: "Moment of Truth", state: null },
    "table.snapshot": { tokens: [token("t1", 3)], combats: [], moments: { balances: { ann: 2 }, history: [] } },
    "roll.log": { rolls: [{ roll_id: "r1" }, { roll_id: "r2" }] },
  };
  const client = { request: async (event, payload) => { sent.push([event, payload]); return answers[event]; } };
  const cards = [];
  state.addEventListener("card", (e) => cards.push([e.detail.roll_id, state.catchingUp]));
  await state.catchUp(client);
  assert.deepEqual(sent, [["system.get", {}], ["table.snapshot", {}], ["roll.log", { limit: 50 }]]);
  assert.deepEqual(state.system, { name: "moment_of_truth", title: "Moment of Truth", state: null });
  assert.deepEqual([...state.tokens.keys()], ["t1"]);
  assert.equal(state.balance("ann"), 2);
  assert.deepEqual(cards, [["r1", true], ["r2", true]]);
  assert.equal(state.catchingUp, false);
  state.addCard({ roll_id: "r3" });
  assert.deepEqual(cards.at(-1), ["r3", false]);
});

test("catching up in a world of another system reads its state and the table's snapshot, with how each token shows and no ledger", async () => {
  const state = new TableState();
  const sent = [];
  const pools = { momentum: 3, chaos: 4 };
  const view = { conditions: [{ label: "Gashed", icon: "circle", severity: "minor" }], bars: [{ label: "Stress", value: 9, max: 11 }] };
  const answers = {
    "system.get": { system: "two_d20", title: "2d20 variant", state: pools },
    "table.snapshot": { tokens: [token("t1", 2)], views: { t1: view }, combats: [] },
    "roll.log": { rolls: [{ roll_id: "r1" }] },
  };
  const client = { request: async (event, payload) => { sent.push(event); return answers[event]; } };
  const seen = [];
  state.addEventListener("system", (e) => seen.push(e.detail));
  await state.catchUp(client);
  assert.deepEqual(sent, ["system.get", "table.snapshot", "roll.log"]);
  assert.deepEqual(seen, [{ name: "two_d20", title: "2d20 variant", state: pools, switched: false }]);
  assert.deepEqual([...state.cards.keys()], ["r1"]);
  assert.deepEqual(state.views.get("t1"), view);
  assert.deepEqual(state.moments, { balances: {}, history: [] });
  const after = { ...view, bars: [{ label: "Stress", value: 7, max: 11 }] };
  assert.equal(state.applyToken({ token_id: "t1", version: 3, changes: [], state: token("t1", 3), view: after }), true);
  assert.deepEqual(state.views.get("t1"), after);
});

test("system.changed: a new state of the same system, then switches (the first system known is no switch); a push without a title keeps the one known", () => {
  const state = new TableState();
  const seen = [];
  state.addEventListener("system", (e) => seen.push(e.detail));
  state.applySystem({ system: "two_d20", title: "2d20 (house rules)", state: { momentum: 0 } });
  state.applyPush("system.changed", { system: "two_d20", state: { momentum: 2 } });
  state.applyPush("system.changed", { system: "highest_d10", state: null });
  state.applyPush("system.changed", { system: "homebrew", title: "Homebrew", state: { dice: [1, 2] } });
  assert.deepEqual(seen, [
    { name: "two_d20", title: "2d20 (house rules)", state: { momentum: 0 }, switched: false },
    { name: "two_d20", title: "2d20 (house rules)", state: { momentum: 2 }, switched: false },
    { name: "highest_d10", title: SYSTEMS.highest_d10.title, state: null, switched: true },
    { name: "homebrew", title: "Homebrew", state: { dice: [1, 2] }, switched: true },
  ]);
  assert.deepEqual(state.system, { name: "homebrew", title: "Homebrew", state: { dice: [1, 2] } });
});
