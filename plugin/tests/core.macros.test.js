// The macro menu against the JSON Schemas the bridge makes of real scripts: the shipped examples
// (examples/scripts) and a macro with each kind of field (plugin/tests/scripts/every_field.py), loaded
// by the bridge's own loader; the requests built are checked as the bridge checks them (the
// request's schema, then the macro's arguments against its JSON Schema).
import { test } from "node:test";
import assert from "node:assert/strict";
import { BridgeError } from "../core/bridge-client.js";
import { formFields, macroMenu, readForm, runMacro } from "../core/macros.js";
import { bridge, listed, loaded, schemaOf } from "./macro-schemas.js";

test("the shipped examples and the test script load without errors", () => {
  assert.deepEqual(loaded.errors, []);
  assert.deepEqual(Object.keys(loaded.macros).sort(), ["ambush", "molotov", "sleeping_gas"]);
});

test("the menu: each macro with its form's fields; the errors as listed", () => {
  const errors = [{ file: "broken.py", line: 1, message: "SyntaxError: invalid syntax" }];
  const menu = macroMenu({ ...listed(), errors });
  assert.deepEqual(menu.macros.map(({ name, who }) => [name, who]), [["ambush", "table"], ["molotov", "gm"], ["sleeping_gas", "gm"]]);
  assert.equal(menu.macros[1].description, "Set the targeted tokens on fire (5d6 to start).");
  assert.deepEqual(menu.macros[1].fields, formFields(schemaOf("molotov")));
  assert.deepEqual(menu.errors, errors);
});

test("the Molotov's and the sleeping gas's forms: one whole number each, its range and default", () => {
  assert.deepEqual(formFields(schemaOf("molotov")), [
    { name: "starting_dice", label: "Starting dice", description: "", required: false, default: 5, nullable: false, type: "integer", min: 1, max: 10 },
  ]);
  assert.deepEqual(formFields(schemaOf("sleeping_gas")), [
    { name: "difficulty", label: "Difficulty", description: "", required: false, default: 0, nullable: false, type: "integer", min: 0, max: 5 },
  ]);
});

test("every kind of field: numbers, text, a checkbox, choices, tokens, lists, and JSON for the rest", () => {
  const fields = Object.fromEntries(formFields(schemaOf("ambush")).map((field) => [field.name, field]));
  const base = { description: "", required: false, default: undefined, nullable: false };
  assert.deepEqual(Object.keys(fields), ["dice", "share", "shout", "silent", "statistic", "leader", "hostages", "rounds", "bonus", "cover"]);
  assert.deepEqual(fields.dice, { ...base, name: "dice", label: "Dice", description: "dice each attacker rolls", required: true, type: "integer", min: 1, max: 10 });
  assert.deepEqual(fields.share, { ...base, name: "share", label: "Share", default: 0.5, type: "number", min: 0, max: 1 });
  assert.deepEqual(fields.shout, { ...base, name: "shout", label: "Battle cry", type: "string", maxLength: 20 });
  assert.deepEqual(fields.silent, { ...base, name: "silent", label: "Silent", default: false, type: "boolean" });
  assert.deepEqual(fields.statistic, { ...base, name: "statistic", label: "Statistic", default: "agility", type: "enum", options: ["agility", "perception"] });
  assert.deepEqual(fields.leader, { ...base, name: "leader", label: "Leader", type: "token" });
  assert.deepEqual(fields.hostages, { ...base, name: "hostages", label: "Hostages", type: "tokens", max: 3 });
  assert.deepEqual(fields.rounds, { ...base, name: "rounds", label: "Rounds", type: "list", item: { type: "integer" } });
  assert.deepEqual(fields.bonus, { ...base, name: "bonus", label: "Bonus", default: null, nullable: true, type: "integer" });
  assert.deepEqual(fields.cover, { ...base, name: "cover", label: "Cover", type: "json" });
});

test("a form read back: numbers parsed, empty fields left out, lists split; the bridge accepts what is sent", () => {
  const fields = formFields(schemaOf("ambush"));
  const full = readForm(fields, {
    dice: "4", share: "0.25", shout: " Now! ", silent: "on", statistic: "perception", leader: "tok-1",
    hostages: ["tok-2", "tok-3"], rounds: "1, 2,3", bonus: "", cover: '{"dice": 2}',
  });
  assert.deepEqual(full, { dice: 4, share: 0.25, shout: "Now!", silent: true, statistic: "perception", leader: "tok-1",
    hostages: ["tok-2", "tok-3"], rounds: [1, 2, 3], cover: { dice: 2 } });
  // As Foundry's form gives them: numbers already numbers, an empty number field null, a checkbox a boolean.
  const sparse = readForm(fields, { dice: 2, share: null, shout: "", silent: false, statistic: "", leader: "", hostages: [], rounds: "", bonus: null, cover: "" });
  assert.deepEqual(sparse, { dice: 2, silent: false });
  const molotov = readForm(formFields(schemaOf("molotov")), { starting_dice: "" });
  assert.deepEqual(molotov, {});

  const requests = [
    [runMacro({ name: "ambush", targets: ["tok-1", "tok-2", "tok-1"], arguments: full }), "ambush"],
    [runMacro({ name: "ambush", arguments: sparse, visibility: "blind", label: "From the bushes" }), "ambush"],
    [runMacro({ name: "molotov", targets: ["ann", "bob"], arguments: molotov }), "molotov"],
  ];
  assert.deepEqual(requests[0][0], { event: "macro.run", payload: { macro: "ambush", token_ids: ["tok-1", "tok-2"], arguments: full, visibility: "public", label: "ambush" } });
  assert.deepEqual(requests[1][0].payload, { macro: "ambush", token_ids: [], arguments: sparse, visibility: "blind", label: "From the bushes" });
  const faults = bridge({ check: requests.map(([{ payload }, name]) => ({ payload, schema: schemaOf(name) })) });
  assert.deepEqual(faults, [[], [], []]);
});

test("what the bridge refuses comes back from it under arguments.<field>; what cannot be read is refused here the same way", () => {
  const fields = formFields(schemaOf("ambush"));
  const sent = runMacro({ name: "ambush", arguments: readForm(fields, { dice: "11", shout: "x".repeat(21) }) });
  const [faults] = bridge({ check: [{ payload: sent.payload, schema: schemaOf("ambush") }] });
  assert.deepEqual(faults, ["arguments.dice: 11 is greater than the maximum of 10", `arguments.shout: '${"x".repeat(21)}' is too long`]);
  const [missing] = bridge({ check: [{ payload: runMacro({ name: "ambush" }).payload, schema: schemaOf("ambush") }] });
  assert.deepEqual(missing, ["arguments: 'dice' is a required property"]);

  assert.throws(() => readForm(fields, { dice: "4.5", share: "half", rounds: "1, two", statistic: "will", cover: "{" }), (error) => {
    assert.ok(error instanceof BridgeError);
    assert.equal(error.code, "invalid");
    assert.deepEqual(error.fields, {
      "arguments.dice": ["not a whole number"], "arguments.share": ["not a number"], "arguments.statistic": ["not one of agility, perception"],
      "arguments.rounds": ["not a number"], "arguments.cover": ["not JSON"],
    });
    return true;
  });
});
