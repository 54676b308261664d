// The rule systems' registry (core/systems.js), their verdicts on cards, and a system's roll panel as
// a form (core/roll-panel.js): its fields as drawn, the values read back, the request built.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BridgeError } from "../core/bridge-client.js";
import { OUTCOMES, cardHTML } from "../core/cards.js";
import { panelFields, panelRequest, panelValues } from "../core/roll-panel.js";
import { DEFAULT_SYSTEM, SYSTEMS, VERDICTS, systemFor } from "../core/systems.js";

/** A roll panel of the shape a system module exports (docs: plugin/core/README.md). */
const PANEL = {
  title: "Skill test",
  fields: [
    { name: "target", label: "Target number", type: "number", min: 2, max: 20, value: 9 },
    { name: "dice", label: "d20s", type: "number", min: 2, max: 5 },
    { name: "focus", label: "Focus", type: "checkbox" },
    { name: "difficulty", label: "Difficulty", type: "select", options: [[0, "Simple"], [1, "Average"], [2, "Challenging"]], value: 1 },
    { name: "note", label: "Note", type: "text" },
  ],
  build: (values, { actorId }) => ({ event: "2d20.test", payload: { actor_id: actorId, ...values } }),
};

test("every system the plugin knows is registered by its wire name, the flagship first", () => {
  assert.equal(DEFAULT_SYSTEM, "moment_of_truth");
  assert.deepEqual(Object.keys(SYSTEMS), ["moment_of_truth", "two_d20", "moment_of_clarity", "highest_d10"]);
  for (const [name, system] of Object.entries(SYSTEMS)) {
    assert.equal(system.name, name);
    assert.equal(typeof system.title, "string");
    assert.equal(typeof system.poolsHTML, "function");
    assert.equal(systemFor(name), system);
  }
  assert.equal(SYSTEMS.moment_of_truth.rollPanel, null, "the flagship keeps its own roll controls");
});

test("a system the plugin does not know: its name as its title, its state drawn by shape, no roll panel", () => {
  const system = systemFor("homebrew");
  assert.deepEqual([system.name, system.title, system.rollPanel], ["homebrew", "homebrew", null]);
  const html = system.poolsHTML({ luck_pool: 3, cards: ["<ace>"] });
  assert.equal(html, '<dl class="vb-state"><dt>Luck pool</dt><dd>3</dd><dt>Cards</dt><dd><ul class="vb-state-list"><li>&#60;ace&#62;</li></ul></dd></dl>');
});

test("a card's verdict: the flagship's words first, then any system's, else the label as it comes", () => {
  assert.equal(VERDICTS.critical_success, OUTCOMES.critical_success);
  const card = (label) => ({ roll_id: label, rule: "x.roll", user: "gm", result: { faces: [7, 3], outcome: { label }, explanation: [] } });
  const verdict = (html) => html.match(/<span class="vb-outcome [^"]+">([^<]*)<\/span>/)[1];
  const verdicts = { ...VERDICTS, solid: "A solid success", success: "not the flagship's" };
  assert.equal(verdict(cardHTML(card("success"), { verdicts })), "Success");
  assert.equal(verdict(cardHTML(card("solid"), { verdicts })), "A solid success");
  assert.equal(verdict(cardHTML(card("solid"))), "solid");
  assert.equal(verdict(cardHTML(card("odd<label>"), { verdicts })), "odd&#60;label&#62;");
  for (const [label, text] of Object.entries(VERDICTS)) {
    assert.equal(verdict(cardHTML(card(label), { verdicts: VERDICTS })), OUTCOMES[label] ?? text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
  }
});

test("a card without counted successes names its verdict and its dice only", () => {
  const html = cardHTML({ roll_id: "d", rule: "d10.roll", user: "gm", result: { faces: [2, 8, 8], outcome: { label: "success" }, explanation: [] } });
  assert.match(html, /Success<\/span> 3 dice/);
});

test("a roll panel's fields as a form draws them: numbers with their range, a checkbox, a select's choice, text", () => {
  assert.deepEqual(panelFields(PANEL), [
    { name: "target", label: "Target number", number: true, value: 9, min: 2, max: 20, step: 1 },
    { name: "dice", label: "d20s", number: true, value: 2, min: 2, max: 5, step: 1 },
    { name: "focus", label: "Focus", checkbox: true, value: false },
    { name: "difficulty", label: "Difficulty", options: [
      { value: "0", label: "Simple", selected: false }, { value: "1", label: "Average", selected: true },
      { value: "2", label: "Challenging", selected: false }] },
    { name: "note", label: "Note", value: "" },
  ]);
  const unchosen = panelFields({ fields: [{ name: "kind", label: "Kind", type: "select", options: [["a", "A"], ["b", "B"]] }] });
  assert.deepEqual(unchosen[0].options.map((o) => o.selected), [true, false]);
});

test("the form's values read back as the panel typed them, then built into its request for the actor", () => {
  const typed = { target: "11", dice: 3, focus: "on", difficulty: "2", note: "  behind the crates " };
  assert.deepEqual(panelValues(PANEL, typed), { target: 11, dice: 3, focus: true, difficulty: 2, note: "behind the crates" });
  assert.deepEqual(panelValues(PANEL, { ...typed, focus: false }).focus, false);
  assert.deepEqual(panelRequest(PANEL, typed, { actorId: "pc-1" }),
    { event: "2d20.test", payload: { actor_id: "pc-1", target: 11, dice: 3, focus: true, difficulty: 2, note: "behind the crates" } });
});

test("values a form cannot give are refused by field, as the bridge names them, and nothing is built", () => {
  let built = 0;
  const panel = { ...PANEL, build: () => { built += 1; } };
  const bad = { target: "1", dice: "2.5", focus: false, difficulty: "7", note: "" };
  assert.throws(() => panelRequest(panel, bad, { actorId: "pc-1" }), (error) => {
    assert.ok(error instanceof BridgeError);
    assert.equal(error.code, "invalid");
    assert.deepEqual(error.fields, { target: ["less than 2"], dice: ["not a whole number"], difficulty: ["not one of 0, 1, 2"] });
    return true;
  });
  assert.throws(() => panelValues(PANEL, { ...bad, target: "21", dice: "", difficulty: "0" }),
    { fields: { target: ["more than 20"], dice: ["not a whole number"] } });
  assert.equal(built, 0);
});
