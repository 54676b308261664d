// The bridge as Foundry's dice (scripts/bridge-dice.js): the fulfillment method added to CONFIG.Dice.fulfillment and
// made the default, each die of a term given a face the bridge rolled, a term's dice asked for together.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClient, FakeDie, installFoundry } from "./foundry.stub.js";
import { BRIDGE_DICE, bridgeDice } from "../scripts/bridge-dice.js";
import { addDiceMethod } from "../scripts/adapter.js";

/** A client whose `dice.roll` answers as the bridge's card does, with these faces in turn. */
function bridgeRolling(faces) {
  return new FakeClient({ "dice.roll": ({ number, faces: sides }) => {
    const dice = faces.splice(0, number);
    return { rule: "dice.roll", result: { faces: sides, number, dice, total: dice.reduce((a, b) => a + b, 0), explanation: [] } };
  } });
}

for (const generation of [12, 13]) {
  test(`v${generation}: a 1d6 and a 4d6 take the bridge's faces, each term's dice asked for at once`, async () => {
    installFoundry({ generation });
    const client = bridgeRolling([3, 6, 1, 1, 5]);
    addDiceMethod(BRIDGE_DICE, { label: "Bridge dice", icon: "fa-solid fa-tower-broadcast", handler: bridgeDice(() => client) });
    assert.equal(CONFIG.Dice.fulfillment.defaultMethod, BRIDGE_DICE);
    assert.equal(CONFIG.Dice.fulfillment.methods[BRIDGE_DICE].interactive, false);

    const one = await new FakeDie({ number: 1, faces: 6 }).evaluate();
    const four = await new FakeDie({ number: 4, faces: 6 }).evaluate();
    assert.deepEqual(one.results.map((r) => r.result), [3]);
    assert.deepEqual(four.results.map((r) => r.result), [6, 1, 1, 5]);
    assert.deepEqual(client.sent, [["dice.roll", { faces: 6, number: 1, label: "1d6" }], ["dice.roll", { faces: 6, number: 4, label: "4d6" }]]);

    // A die added after the term's own (a reroll, an explosion) is asked for on its own.
    four.number = 5;
    client.answers["dice.roll"] = bridgeRolling([2]).answers["dice.roll"];
    await four.evaluate();
    assert.deepEqual(four.results.map((r) => r.result), [6, 1, 1, 5, 2]);
    assert.deepEqual(client.sent.at(-1), ["dice.roll", { faces: 6, number: 1, label: "1d6" }]);
  });
}

test("not connected, or refused: Foundry rolls the die itself, the user is told once a term and the indicator counts it", async () => {
  const { calls, panels } = installFoundry();
  const { showFallback, STATUS_PANEL } = await import("../scripts/widgets.js");
  let client = null;
  addDiceMethod(BRIDGE_DICE, { label: "Bridge dice", icon: "", handler: bridgeDice(() => client, { onFallback: showFallback }) });
  const offline = await new FakeDie({ number: 2, faces: 6 }).evaluate();
  assert.deepEqual(offline.results.map((r) => r.result), [3, 3]); // the stand-in's randomUniform 0.5 on a d6
  assert.deepEqual(calls.filter(([name]) => name.startsWith("notify")), [["notify.warn", "VTTBRIDGE.Dice.Offline"]]);
  assert.ok(panels[STATUS_PANEL].innerHTML.includes('<span class="vb-status-fallback">VTTBRIDGE.Status.Fallback {&#34;count&#34;:1}</span>'));
  client = new FakeClient({ "dice.roll": () => { throw Object.assign(new Error("number: too many"), { code: "invalid" }); } });
  const refused = await new FakeDie({ number: 1, faces: 6 }).evaluate();
  assert.deepEqual(refused.results.map((r) => r.result), [3]);
  assert.deepEqual(calls.at(-1), ["notify.warn", 'VTTBRIDGE.Dice.Refused {"message":"number: too many"}']);
  assert.ok(panels[STATUS_PANEL].innerHTML.includes("VTTBRIDGE.Status.Fallback {&#34;count&#34;:2}"));
});

test("a minimized or maximized evaluation never asks the bridge (Foundry evaluates it deterministically), so no roll is logged whose faces are thrown away", async () => {
  installFoundry();
  const client = bridgeRolling([4, 4]);
  addDiceMethod(BRIDGE_DICE, { label: "Bridge dice", icon: "", handler: bridgeDice(() => client) });
  assert.deepEqual((await new FakeDie({ number: 2, faces: 6 }).evaluate({ minimize: true })).results.map((r) => r.result), [1, 1]);
  assert.deepEqual((await new FakeDie({ number: 2, faces: 6 }).evaluate({ maximize: true })).results.map((r) => r.result), [6, 6]);
  assert.deepEqual(client.sent, []);
});

test("a die the bridge does not roll (a d1001, a Fate die) is left to Foundry, nothing asked", async () => {
  installFoundry();
  const client = bridgeRolling([4]);
  const handler = bridgeDice(() => client);
  assert.equal(await handler({ denomination: "d1001", faces: 1001, number: 1, results: [] }), undefined);
  assert.equal(await handler({ denomination: "f", faces: 3, number: 1, results: [] }), undefined);
  assert.deepEqual(client.sent, []);
});
