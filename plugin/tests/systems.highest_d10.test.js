// The d10 highest-die system's module: its verdicts, its state drawn from a real state document
// (Leroy and Earl's bar, played through the bridge's own state functions) and its request builders
// checked against the request schemas a plugin must satisfy (docs/schemas), through the bridge's
// own Python (bridge-python.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as d10 from "../core/systems/highest_d10.js";
import { panelRequest } from "../core/roll-panel.js";
import { VERDICTS, systemFor } from "../core/systems.js";
import { cardHTML } from "../core/cards.js";
import { python, requestErrors, schema } from "./bridge-python.js";

/** Leroy and Earl: phase 1 resolved (Earl's fastdraw and targeting), phase 2 with Leroy declared, Earl aiming. */
const PLAY = `
import json
from bridge.rules.highest_d10.phases import ActionTime
from bridge.systems.highest_d10 import state
now, _ = state.register(None, "leroy", "Leroy <the kid>", {}, {})
now, _ = state.register(now, "earl", "Earl", {}, {})
now, _ = state.start_encounter(now, {"leroy": 16, "earl": 21})
now, _ = state.declare(now, "leroy", [{"action": "Draw Weapon", "note": "his sidearm"}])
now, _ = state.declare(now, "earl", [{"action": "Fastdraw"}, {"action": "Aiming", "note": "Leroy's head"}], True)
now, _ = state.end_phase(now, {"earl": 18, "leroy": 9})
now, _ = state.declare(now, "leroy", [{"action": "Holster Weapon", "time": ActionTime.PHASE}, {"action": "Speak", "note": "I surrender"}])
print(json.dumps(now))
`;

/** The text's 2, 8, 8 against TN 5 with a wound (a die removed), as the rules make its card. */
const CARD = `
import json
from bridge.rules.highest_d10 import Condition, read_roll, build_pool
from bridge.schemas.encode import dump
from bridge.systems.highest_d10.schemas import D10SkillRoll
roll = read_roll(build_pool(4, [Condition("wounded")]), [2, 8, 8], tn=5)
print(json.dumps({"roll_id": "c1", "user": "bob", "actor_id": "earl", "label": "", "rule": "d10.roll", "result": dump(D10SkillRoll, roll)}))
`;

test("the registry knows the system and every card's verdict has words", () => {
  assert.equal(systemFor("highest_d10"), systemFor(d10.name));
  assert.equal(systemFor("highest_d10").title, "d10 highest-die system");
  const labels = schema("result.d10.roll.json").$defs.D10Outcome.properties.label.enum;
  assert.deepEqual(Object.keys(d10.outcomes).sort(), [...labels].sort());
});

test("a d10.roll card names its verdict and marks the die read and the die matching it", () => {
  const html = cardHTML(python(CARD), { verdicts: VERDICTS });
  assert.match(html, /<span class="vb-outcome vb-solid_success">Solid success<\/span> 3 dice/);
  const dice = [...html.matchAll(/<li class="vb-die vb-([a-z]+)" data-face="(\d+)"/g)].map((m) => [Number(m[2]), m[1]]);
  assert.deepEqual(dice, [[2, "unread"], [8, "read"], [8, "match"]]);
  assert.ok(html.includes("<li>pool 4d10, -1 for wounded: 3d10</li>"));
});

test("the state shows the phase, the order lowest first, who declares next, the declarations and the aim", () => {
  const state = python(PLAY);
  const html = d10.poolsHTML(state);
  assert.match(html, /<h4>Phase 2 <span class="vb-d10-clock">round 1, turn 1, minute 1<\/span><\/h4>/);
  const order = [...html.matchAll(/<li class="vb-d10-turn( vb-d10-[a-z]+)?">([^<]+) <span class="vb-d10-initiative">(\d+)/g)]
    .map((m) => [m[2], m[3], (m[1] ?? "").trim()]);
  assert.deepEqual(order, [["Leroy &#60;the kid&#62;", "9", "vb-d10-declared"], ["Earl", "18", "vb-d10-next"]]);
  const holster = '<li class="vb-d10-action">Leroy &#60;the kid&#62;: Holster Weapon <span class="vb-d10-time">phase, resolves end of phase 2';
  assert.ok(html.includes(`<h5>Declared</h5><ul class="vb-d10-actions">${holster}`));
  assert.match(html, /Speak <span class="vb-d10-time">free, resolves end of phase 2<\/span> <span class="vb-d10-note">I surrender<\/span>/);
  assert.match(html, /<h5>Phase 1 resolved<\/h5>.*Earl: Fastdraw.*Leroy &#60;the kid&#62;: Draw Weapon.*Earl: Aiming/);
  assert.match(html, /<ul class="vb-d10-aiming"><li>Earl aiming 1 phase \(\+1\)<\/li><\/ul>/);
  assert.ok(!html.includes("<the kid>"));
});

test("no encounter, no order", () => {
  const html = d10.poolsHTML({ characters: {}, encounter: null });
  assert.match(html, /No encounter under way/);
  assert.ok(!html.includes("vb-d10-order"));
});

test("the roll panel builds a d10.roll from the form's values", () => {
  const values = Object.fromEntries(d10.rollPanel.fields.map((field) => [field.name, field.value]));
  assert.deepEqual(panelRequest(d10.rollPanel, values, { actorId: "a1" }), {
    event: "d10.roll",
    payload: { actor_id: "a1", label: "", dice: 2, conditions: [], modifiers: [], stressful: true, aimed: false },
  });
  const typed = { ...values, dice: "3", tn: "8", modifier: "-2", conditions: " wounded, dark ,", aimed: "on" };
  const built = panelRequest(d10.rollPanel, typed, { actorId: "a1" });
  assert.deepEqual(built.payload, {
    actor_id: "a1", label: "", dice: 3, tn: 8, conditions: ["wounded", "dark"], modifiers: [{ source: "modifier", value: -2 }],
    stressful: true, aimed: true,
  });
});

test("every builder sends what the request schemas accept", () => {
  const requests = [
    d10.rollPanel.build(Object.fromEntries(d10.rollPanel.fields.map((field) => [field.name, field.value])), { actorId: "a1" }),
    d10.roll({ actorId: "a1", dice: 0, tn: 6, secondary: { kind: "subtractive", skill: "Teaching", level: 3 } }),
    d10.cumulative({ actorId: "a1", dice: 3, goal: "successes", target: 3, rolls: 5, tn: 7, solidCountsDouble: true }),
    d10.odds({ dice: 4, tn: 8, conditions: ["dark"], modifiers: [{ source: "aiming", value: 1 }], stressful: false }),
    d10.declare({ actorId: "earl", actions: [{ action: "Fastdraw" }, { action: "Targeting", note: "Leroy's head" }], fastdraw: { dice: 2, tn: 6 } }),
    d10.declare({ actorId: "leroy", actions: [{ action: "Pick Lock", time: "round" }] }),
    d10.registerCharacter({ actorId: "earl", name: "Earl", attributes: { Reflexes: 4 }, skills: { Fastdraw: 2 } }),
    d10.startEncounter({ leroy: 16, earl: 21 }),
    d10.endPhase({ earl: 18, leroy: 9 }),
    d10.endPhase(),
    d10.endEncounter(),
  ];
  const errors = requestErrors(requests);
  assert.deepEqual(errors, requests.map(() => []), JSON.stringify(errors));
  const refused = requestErrors([d10.roll({ actorId: "a1", dice: "many" })]);
  assert.equal(refused[0].length, 1, "a payload the schema refuses is caught");
});
