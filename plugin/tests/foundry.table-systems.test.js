// Foundry's Combat Tracker driving the table's combat in worlds of the 2d20 variant, Moment of Clarity and
// the d10 system (scripts/combat-tracker.js) through the adapter's hooks against the stand-in: Begin
// Combat seats the tracked tokens (no Moment of Truth seating), the world's system sets the order
// (bridge-table.js: its own Table.order, after its schema loaded what the plugin sent), Foundry's order
// follows it, Next Turn passes the bridge's turn for two rounds (the d10 system's new order at its new
// phase followed too), the end ends it. Tokens of those systems are registered from their characters.
import { test } from "node:test";
import assert from "node:assert/strict";
import { IDS, answerDialog, installFoundry, makeCombat, settle } from "./foundry.stub.js";
import { BridgeTable } from "./bridge-table.js";
import { requestErrors } from "./bridge-python.js";
import { TableState } from "../core/table-state.js";
import * as vtt from "../scripts/adapter.js";
import { advanceCombat, endCombat, startCombat, turnLine } from "../scripts/combat-tracker.js";
import { characterToken } from "../scripts/sync.js";

const actors = [
  { id: "actor1", name: "Ann", owners: [IDS.player] },
  { id: "actor2", name: "Thug" },
  { id: "actor3", name: "Bo", owners: [IDS.other] },
];
const combatants = [
  { id: "cbt1", tokenId: "tok1", actorId: "actor1" },
  { id: "cbt2", tokenId: "tok2", actorId: "actor2" },
  { id: "cbt4", tokenId: "tok4", actorId: "actor3" },
];
const SEATS = { tok1: IDS.player, tok2: IDS.gm, tok4: IDS.other };
const NAMES = { tok1: "Ann", tok2: "Thug", tok4: "Bo" };

/** Each token's record as each system's table registers it (the fields its order reads). */
const RECORDS = {
  two_d20: { tok1: { npc: false }, tok2: { npc: true }, tok4: { npc: false } },
  moment_of_clarity: { tok1: { speed: 3 }, tok2: { speed: 2 }, tok4: { speed: 4 } },
  highest_d10: { tok1: { initiative_dice: 2, initiative_bonus: 0 }, tok2: { initiative_dice: 1, initiative_bonus: 0 },
    tok4: { initiative_dice: 3, initiative_bonus: 1 } },
};

function records(system) {
  return Object.fromEntries(Object.entries(RECORDS[system]).map(([tokenId, fields]) => [tokenId,
    { token_id: tokenId, actor_id: combatants.find((c) => c.tokenId === tokenId).actorId, name: NAMES[tokenId], scene_id: IDS.scene, version: 1, ...fields }]));
}

for (const system of Object.keys(RECORDS)) {
  test(`${system}: Begin Combat, Next Turn for two rounds, End: Foundry's turn and the bridge's on the same seat at every step, the order the system's`, async () => {
    const { dialogs } = installFoundry({ isGM: true, actors });
    const table = new TableState();
    table.applySystem({ system, state: null });
    for (const [token_id, state] of Object.entries(records(system))) table.applyToken({ token_id, version: 1, state });
    const bridge = new BridgeTable(table, system, records(system), 7);
    vtt.onCombat({
      start: (combat) => startCombat(bridge, table, combat),
      advance: (combat, turn) => advanceCombat(bridge, table, combat, turn),
      end: (combat) => endCombat(bridge, table, combat),
    });
    const combat = makeCombat(combatants);
    const step = (what) => assert.equal(SEATS[combat.combatant.tokenId], bridge.seat, `${what}: Foundry's turn is ${combat.combatant.tokenId}'s`);

    const starting = combat.startCombat();
    if (system === "two_d20") await answerDialog(dialogs, "initiative", { first: "" });  // who has the initiative: the rules' default
    await starting;
    await settle();
    const [start, initiative] = bridge.sent;
    assert.deepEqual(start, ["combat.start", { scene_id: IDS.scene, combatants: combatants.map((c) => ({ token_id: c.tokenId, seat: SEATS[c.tokenId] })) }]);
    assert.deepEqual(requestErrors(bridge.sent.map(([event, payload]) => ({ event, payload }))), [[], []]);
    assert.equal(initiative[0], "combat.initiative");
    if (system === "two_d20") assert.deepEqual(bridge.combat.order, [IDS.player, IDS.gm, IDS.other], "the sides alternate from the first player character");
    step("Begin Combat");
    for (let n = 1; n <= 6; n++) {
      await combat.nextTurn();
      await settle();
      step(`Next Turn ${n}`);
    }
    assert.equal(bridge.combat.round, 3, "two rounds passed");
    assert.equal(table.combats.get(IDS.scene).state.seat, bridge.seat, "the table heard the bridge's turn");
    if (system === "highest_d10") {
      const phases = bridge.cards.map((card) => card.initiative.map((entry) => entry.total));
      assert.equal(phases.length, 3, "an order for each phase");
      for (const totals of phases) assert.deepEqual(totals, [...totals].sort((a, b) => a - b), "the lowest declares first");
    }
    await combat.delete();
    await settle();
    assert.equal(bridge.combat, null, "End: the bridge's combat ended");
  });
}

test("two_d20: Begin Combat asks the GM who has the initiative; Bo picked, the bridge's order and Foundry's start with him, the sides alternating", async () => {
  const { calls, dialogs } = installFoundry({ isGM: true, actors });
  const table = new TableState();
  table.applySystem({ system: "two_d20", state: null });
  for (const [token_id, state] of Object.entries(records("two_d20"))) table.applyToken({ token_id, version: 1, state });
  const bridge = new BridgeTable(table, "two_d20", records("two_d20"), 7);
  vtt.onCombat({
    start: (combat) => startCombat(bridge, table, combat),
    advance: (combat, turn) => advanceCombat(bridge, table, combat, turn),
    end: (combat) => endCombat(bridge, table, combat),
  });
  const combat = makeCombat(combatants);
  const starting = combat.startCombat();
  await answerDialog(dialogs, "initiative", { first: "tok4" });
  await starting;
  await settle();
  const [, , form] = calls.find(([name]) => name === "renderTemplate");
  assert.deepEqual(form.fields[0].options.map((option) => option.label), ["the first player character seated", "Ann", "Thug", "Bo"]);
  const [, initiative] = bridge.sent;
  assert.deepEqual(initiative, ["combat.initiative", { scene_id: IDS.scene, label: "VTTBRIDGE.Combat.Initiative", first: "tok4" }]);
  assert.deepEqual(requestErrors(bridge.sent.map(([event, payload]) => ({ event, payload }))), [[], []]);
  assert.deepEqual(bridge.combat.order, [IDS.other, IDS.gm, IDS.player], "Bo first, then the NPCs' and the PCs' turns alternate");
  assert.deepEqual(combat.turns.map((c) => c.tokenId), ["tok4", "tok2", "tok1"], "Foundry's order is the bridge's");
  assert.equal(combat.combatant.tokenId, "tok4");
  assert.equal(table.combats.get(IDS.scene).state.seat, IDS.other);
  assert.equal(turnLine(table.combats.get(IDS.scene).state),
    '<span class="vb-combat-turn">VTTBRIDGE.Combat.Turn {&#34;round&#34;:1,&#34;seat&#34;:&#34;Seamus&#34;}</span>', "the tracker names Bo's player");
});

test("a token of another system's character is registered with its system's fields, from the actor's flags or their defaults; an actor that is no character is not", () => {
  installFoundry({ isGM: true, actors });
  const table = new TableState();
  table.applySystem({ system: "highest_d10", state: { characters: { actor1: { name: "Ann" } }, encounter: null } });
  const token = { id: "tok1", name: "Ann", sceneId: IDS.scene };
  const registered = characterToken(table, token, { id: "actor1", flags: { "vtt-bridge": { initiative_dice: 4 } } });
  assert.deepEqual(registered, { token_id: "tok1", actor_id: "actor1", scene_id: IDS.scene, name: "Ann", initiative_dice: 4, initiative_bonus: 0 });
  assert.deepEqual(requestErrors([{ event: "token.register", payload: registered }]), [[]]);
  assert.equal(characterToken(table, { ...token, id: "tok2" }, { id: "actor2" }), null);
});
