// Foundry's Combat Tracker driving the bridge's combat (scripts/combat-tracker.js) through the adapter's hooks
// (combatStart, combatTurn, combatRound, deleteCombat, as the types declare them) against the stand-in, whose
// Combat starts, turns and sorts as Foundry's does; the whole fight against the bridge's own tracker rules.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClient, FakeElement, IDS, answerDialog, installFoundry, makeCombat, fire, settle } from "./foundry.stub.js";
import { BridgeCombat } from "./bridge-combat.js";
import { TableState } from "../core/table-state.js";
import * as vtt from "../scripts/adapter.js";
import { advanceCombat, endCombat, reserveDialog, seating, startCombat, turnLine } from "../scripts/combat-tracker.js";

const actors = [
  { id: "actor1", name: "Dodger", owners: [IDS.player] },
  { id: "actor2", name: "Thug" },
  { id: "actor3", name: "Nikita", owners: [IDS.other] },
];
const combatants = [
  { id: "cbt1", tokenId: "tok1", actorId: "actor1" },
  { id: "cbt2", tokenId: "tok2", actorId: "actor2" },
  { id: "cbt3", tokenId: "tok3", actorId: "actor2" },
  { id: "cbt4", tokenId: "tok4", actorId: "actor3" },
];

/** A table whose world plays Moment of Truth, as the bridge's system.get says. */
function moment() {
  const table = new TableState();
  table.applySystem({ system: "moment_of_truth", state: null });
  return table;
}

/** The tracker's hooks wired to the module's functions for this client, as main.js wires them. */
function wire(client, table) {
  vtt.onCombat({
    start: (combat) => startCombat(client, table, combat),
    advance: (combat, turn) => advanceCombat(client, table, combat, turn),
    end: (combat) => endCombat(client, table, combat),
  });
}

test("the seats: each player owning a combatant in Foundry's user order, the GM's seat last with every token no player owns", () => {
  assert.deepEqual(seating(combatants, { gm: IDS.gm, owners: { [IDS.player]: ["actor1"], [IDS.other]: ["actor3"], nobody: [] } }), {
    seating: [IDS.player, IDS.other, IDS.gm], gm_seat: IDS.gm,
    combatants: [{ token_id: "tok1", seat: IDS.player }, { token_id: "tok2", seat: IDS.gm }, { token_id: "tok3", seat: IDS.gm },
      { token_id: "tok4", seat: IDS.other }],
  });
});

for (const generation of [12, 13]) {
  test(`v${generation}: Begin Combat starts the bridge's combat with its tracked tokens and writes its initiative to the Combatants, Foundry's order the bridge's`, async () => {
    const { calls } = installFoundry({ generation, isGM: true, actors });
    const order = [IDS.other, IDS.gm, IDS.player];
    const client = new FakeClient({ "combat.start": {}, "combat.initiative": { rule: "combat.initiative", result: { order } } });
    const table = moment();
    for (const token_id of ["tok1", "tok2", "tok3", "tok4"]) table.applyToken({ token_id, version: 1, state: { token_id } });
    wire(client, table);
    const combat = makeCombat([...combatants, { id: "cbt5", tokenId: "crate", actorId: "actor9" }], calls);
    await combat.startCombat();
    await settle();
    assert.deepEqual(client.sent, [
      ["combat.start", { scene_id: IDS.scene, seating: [IDS.player, IDS.other, IDS.gm], gm_seat: IDS.gm, combatants: [
        { token_id: "tok1", seat: IDS.player }, { token_id: "tok2", seat: IDS.gm }, { token_id: "tok3", seat: IDS.gm },
        { token_id: "tok4", seat: IDS.other }] }],
      ["combat.initiative", { scene_id: IDS.scene, label: "VTTBRIDGE.Combat.Initiative" }],
    ]);
    assert.deepEqual(calls.filter(([name]) => name === "setInitiative"),
      [["setInitiative", "cbt1", 1], ["setInitiative", "cbt2", 2], ["setInitiative", "cbt3", 2], ["setInitiative", "cbt4", 3]]);
    assert.deepEqual(combat.turns.map((c) => c.tokenId), ["tok4", "tok2", "tok3", "tok1", "crate"]); // untracked: no initiative
    // Foundry's update to turn 0 landed before the initiative was written, on Dodger (first by id): the turn is moved to
    // the first seat's combatant, Nikita's.
    assert.equal(combat.combatant.tokenId, "tok4");
    assert.deepEqual(calls.filter(([name]) => name === "combat.update"), [["combat.update", { round: 1, turn: 0 }], ["combat.update", { turn: 0 }]]);
  });
}

/** Each combatant's seat at the table (the bridge's), by token. */
const SEATS = { tok1: IDS.player, tok2: IDS.gm, tok3: IDS.gm, tok4: IDS.other };

for (const generation of [12, 13]) {
  test(`v${generation}: Begin Combat, Next Turn three times, End: Foundry's turn and the bridge's on the same seat at every step, whoever wins initiative (the bridge's tracker rules)`, async () => {
    const firsts = new Set();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      installFoundry({ generation, isGM: true, actors });
      const table = moment();
      for (const token_id of ["tok1", "tok2", "tok3", "tok4"]) table.applyToken({ token_id, version: 1, state: { token_id } });
      const bridge = new BridgeCombat(table, seed);
      wire(bridge, table);
      const combat = makeCombat(combatants);
      const step = (what) => assert.equal(SEATS[combat.combatant.tokenId], bridge.seat, `seed ${seed}, ${what}: Foundry's turn is ${combat.combatant.tokenId}'s`);

      await combat.startCombat();
      await settle();
      assert.ok(bridge.seat, "the bridge's first turn began");
      firsts.add(bridge.seat);
      step("Begin Combat");
      for (const n of [1, 2, 3]) {
        await combat.nextTurn();
        await settle();
        step(`Next Turn ${n}`);
      }
      assert.equal(table.combats.get(IDS.scene).state.seat, bridge.seat, "the table heard the bridge's turn");
      await combat.delete();
      await settle();
      assert.equal(bridge.combat, null, "End: the bridge's combat ended");
    }
    assert.ok(firsts.size > 1, `the seeds give more than one first seat: ${[...firsts]}`);
  });
}

test("Next Turn and Next Round pass the bridge's turn when the seat changes, naming the seat whose turn ends; rewinding sends nothing; deleting the encounter ends it", async () => {
  installFoundry({ isGM: true, actors });
  const client = new FakeClient({ "combat.next": {}, "combat.end": {} });
  const table = moment();
  const state = (seat, round, version) => ({ scene_id: IDS.scene, version, state: { scene_id: IDS.scene, seat, round, version,
    combatants: [{ token_id: "tok4", seat: IDS.other }, { token_id: "tok2", seat: IDS.gm }, { token_id: "tok3", seat: IDS.gm },
      { token_id: "tok1", seat: IDS.player }] } });
  table.applyPush("combat.changed", state(IDS.other, 1, 1));
  wire(client, table);
  const combat = makeCombat(combatants);
  for (const [id, initiative] of [["cbt4", 3], ["cbt2", 2], ["cbt3", 2], ["cbt1", 1]]) await combat.setInitiative(id, initiative);
  assert.deepEqual(combat.turns.map((c) => c.tokenId), ["tok4", "tok2", "tok3", "tok1"]);
  const forward = { advanceTime: 0, direction: 1 };

  await fire("combatTurn", combat, { round: 1, turn: 1 }, forward); // Nikita's seat to the GM's thugs
  table.applyPush("combat.changed", state(IDS.gm, 1, 2));
  await fire("combatTurn", combat, { round: 1, turn: 2 }, forward); // the second thug: the GM's seat still
  await fire("combatTurn", combat, { round: 1, turn: 1 }, { advanceTime: 0, direction: -1 }); // back: nothing
  await fire("combatTurn", combat, { round: 1, turn: 3 }, forward); // to Dodger's player
  table.applyPush("combat.changed", state(IDS.player, 1, 3));
  await fire("combatRound", combat, { round: 2, turn: 0 }, forward); // round 2 begins with Nikita's seat
  await fire("deleteCombat", combat, {}, IDS.gm);
  assert.deepEqual(client.sent, [
    ["combat.next", { scene_id: IDS.scene, seat: IDS.other }],
    ["combat.next", { scene_id: IDS.scene, seat: IDS.gm }],
    ["combat.next", { scene_id: IDS.scene, seat: IDS.player }],
    ["combat.end", { scene_id: IDS.scene }],
  ]);
});

test("the bridge's turn at the top of the Combat Tracker as it renders, by Foundry's names and escaped; one line however often it renders (v13 renders its parts inside the same root); none without a combat", async () => {
  for (const generation of [12, 13]) {
    installFoundry({ generation });
    let state = { round: 2, seat: IDS.other };
    vtt.onCombatTracker(() => turnLine(state));
    const lines = () => ui.combat.element.querySelectorAll(".vtt-bridge-combat-turn").map((line) => line.innerHTML);
    for (let render = 0; render < 3; render++) ui.combat.render();
    assert.deepEqual(lines(), ['<span class="vb-combat-turn">VTTBRIDGE.Combat.Turn {&#34;round&#34;:2,&#34;seat&#34;:&#34;Seamus&#34;}</span>'], `v${generation}`);
    assert.equal(ui.combat.element.children[0].className, "vtt-bridge-combat-turn", "at the top");
    state = { round: 3, seat: IDS.player };
    ui.combat.render();
    assert.deepEqual(lines(), ['<span class="vb-combat-turn">VTTBRIDGE.Combat.Turn {&#34;round&#34;:3,&#34;seat&#34;:&#34;Allison&#34;}</span>']);
    state = null; // the encounter deleted: the line goes
    ui.combat.render();
    assert.deepEqual(lines(), [], `v${generation}`);
    assert.equal(ui.combat.element.children.length, 3, "the tracker's own parts stay");
  }
  assert.equal(turnLine({ round: 2, seat: IDS.player }),
    '<span class="vb-combat-turn">VTTBRIDGE.Combat.Turn {&#34;round&#34;:2,&#34;seat&#34;:&#34;Allison&#34;}</span>');
  assert.equal(turnLine(null), "");
});

test("before the bridge says which system the world plays the tracker sends nothing: Begin Combat, Next Turn and the end leave the bridge alone", async () => {
  const { calls } = installFoundry({ isGM: true, actors });
  const client = new FakeClient({ "combat.start": {}, "combat.initiative": { result: { order: [IDS.gm] } }, "combat.next": {}, "combat.end": {} });
  const table = new TableState();
  for (const token_id of ["tok1", "tok2", "tok3", "tok4"]) table.applyToken({ token_id, version: 1, state: { token_id } });
  table.applyPush("combat.changed", { scene_id: IDS.scene, version: 1, state: { scene_id: IDS.scene, seat: IDS.gm, round: 1, version: 1,
    combatants: [{ token_id: "tok2", seat: IDS.gm }, { token_id: "tok1", seat: IDS.player }] } });
  wire(client, table);
  const combat = makeCombat(combatants);
  await combat.startCombat();
  await settle();
  for (let n = 0; n < 3; n++) { await combat.nextTurn(); await settle(); }
  await combat.delete();
  await settle();
  assert.deepEqual(client.sent, []);
  assert.deepEqual(calls.filter(([name]) => name === "setInitiative"), []);
});

test("the defense choice on the defender's own client: a player keeps defense dice back for their token (combat.reserve); a token not in the combat is told so", async () => {
  const { dialogs, calls } = installFoundry({ isGM: false, actors });
  const client = new FakeClient({ "combat.reserve": { scene_id: IDS.scene } });
  const table = new TableState();
  table.applyPush("combat.changed", { scene_id: IDS.scene, version: 1, state: { scene_id: IDS.scene, seat: IDS.player, round: 1, version: 1,
    combatants: [{ token_id: "tok1", seat: IDS.player }] } });
  const kept = reserveDialog({ client, table, tokenId: "tok1" });
  await answerDialog(dialogs, "reserve", { defense_dice: 2 });
  assert.deepEqual(await kept, { scene_id: IDS.scene });
  assert.deepEqual(client.sent, [["combat.reserve", { scene_id: IDS.scene, token_id: "tok1", defense_dice: 2 }]]);

  await reserveDialog({ client, table, tokenId: "tok9" });
  assert.deepEqual(calls.at(-1), ["notify.warn", "VTTBRIDGE.Combat.NotIn"]);
  assert.equal(client.sent.length, 1);
});
