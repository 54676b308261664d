// The GM's character forms of the 2d20 variant and the d10 system (each module's `characterPanel`):
// the sheet as the GM types it ("Survive 2, Fight 10") read into the registration request, checked
// against the request schemas the bridge exports (docs/schemas, through the project's Python); a
// line the form cannot read refused at its field before anything is sent; and the readers they share
// with Moment of Clarity's form (core/sheet-text.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as twoD20 from "../core/systems/two_d20.js";
import * as d10 from "../core/systems/highest_d10.js";
import { panelRequest } from "../core/roll-panel.js";
import { actorIdOf, readRatings } from "../core/sheet-text.js";
import { requestErrors } from "./bridge-python.js";

/** A character form's values as typed: its defaults, and `typed`. */
function typedIn(panel, typed) {
  return { ...Object.fromEntries(panel.fields.map((field) => [field.name, field.value])), ...typed };
}

/** The refused fields of a form's values, sorted ("" when the form builds its request). */
function refusedFields(panel, typed) {
  try {
    panelRequest(panel, typedIn(panel, typed), { actorId: "" });
    return "";
  } catch (error) {
    assert.equal(error.code, "invalid");
    return Object.keys(error.fields).sort().join();
  }
}

test("a list of ratings is read entry by entry, names of several words kept, each level in its range", () => {
  assert.deepEqual(readRatings(" Survive 2,Close Combat 10 , ", "a skill"), { Survive: 2, "Close Combat": 10 });
  assert.deepEqual(readRatings("", "a skill"), {});
  assert.throws(() => readRatings("Fight ten", "a skill and its rating, as \"Fight 10\""), { message: "\"Fight ten\" is not a skill and its rating, as \"Fight 10\"" });
  assert.throws(() => readRatings("Fight 2, Fight 3", "a skill"), { message: "Fight is listed twice" });
  assert.throws(() => readRatings("Swords 0", "a focus", { low: 1, high: 20 }), { message: "Swords: 0 is not from 1 to 20" });
  assert.throws(() => readRatings("Fight 21", "a skill", { high: 20 }), { message: "Fight: 21 is not from 0 to 20" });
  assert.equal(actorIdOf("Ann the Bold!"), "ann-the-bold");
});

test("the 2d20 character form builds 2d20.character from the sheet as typed", () => {
  const built = panelRequest(twoD20.characterPanel, typedIn(twoD20.characterPanel, {
    name: "Ann", skills: "Survive 2, Fight 10", styles: "Boldly 9, Forcefully 1", focuses: "Swords 2", armor: "2", powers: true,
  }), { actorId: "" });
  assert.deepEqual(built, { event: "2d20.character", payload: {
    actor_id: "ann", name: "Ann", skills: { Survive: 2, Fight: 10 }, styles: { Boldly: 9, Forcefully: 1 }, focuses: { Swords: 2 },
    armor: 2, powers: true, npc: false,
  } });
  const thug = panelRequest(twoD20.characterPanel, typedIn(twoD20.characterPanel, {
    name: "Thug", actor_id: "thug-1", skills: "Survive 1", styles: "Boldly 9, Forcefully 3", npc: true,
  }), { actorId: "" });
  assert.deepEqual([thug.payload.actor_id, thug.payload.focuses, thug.payload.npc], ["thug-1", {}, true]);
});

test("the 2d20 character form refuses each line it cannot read at its field, before sending", () => {
  assert.equal(refusedFields(twoD20.characterPanel, { name: "", skills: "Survive two", styles: "Boldly", focuses: "Swords 0" }),
    "focuses,name,skills,styles");
  assert.equal(refusedFields(twoD20.characterPanel, { name: "Ann", armor: "x" }), "armor");
  assert.equal(refusedFields(twoD20.characterPanel, { name: "Ann", skills: "Survive 2", styles: "Boldly 1, Forcefully 1" }), "");
});

test("the d10 character form builds d10.character.register from the sheet as typed", () => {
  const built = panelRequest(d10.characterPanel, typedIn(d10.characterPanel, {
    name: "Leroy Brown", attributes: "Reflexes 3, Strength 2", skills: "Pistol 3, Fast-Talk 1",
  }), { actorId: "" });
  assert.deepEqual(built, { event: "d10.character.register", payload: {
    actor_id: "leroy-brown", name: "Leroy Brown", attributes: { Reflexes: 3, Strength: 2 }, skills: { Pistol: 3, "Fast-Talk": 1 },
  } });
  assert.equal(refusedFields(d10.characterPanel, { name: "", attributes: "Reflexes", skills: "Pistol 3, Pistol 2" }), "attributes,name,skills");
});

test("both character forms send what the request schemas accept", () => {
  const requests = [
    twoD20.characterPanel.build(typedIn(twoD20.characterPanel, {
      name: "Ann", skills: "Survive 2, Fight 10", styles: "Boldly 9, Forcefully 1", focuses: "Swords 2", armor: 2, powers: true,
    })),
    twoD20.characterPanel.build(typedIn(twoD20.characterPanel, { name: "Thug", skills: "Survive 1", styles: "Boldly 9, Forcefully 3", npc: true })),
    d10.characterPanel.build(typedIn(d10.characterPanel, { name: "Leroy", attributes: "Reflexes 3", skills: "Pistol 3" })),
    d10.characterPanel.build(typedIn(d10.characterPanel, { name: "Goon" })),
  ];
  const errors = requestErrors(requests);
  assert.deepEqual(errors, requests.map(() => []), JSON.stringify(errors));
});
