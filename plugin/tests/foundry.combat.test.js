// Foundry's Combat Tracker driving the bridge's combat (scripts/combat-tracker.js) through the adapter's hooks
// (combatStart, combatTurn, combatRound, deleteCombat, as the types declare them) against the stand-in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClient, FakeElement, IDS, answerDialog, installFoundry, makeCombat, fire } from "./foundry.stub.js";
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

/** The tracker's hooks wired to the module's functions for this client, as main.js wires them. */
function wire(client, table) {
  vtt.onCombat({
    start: (combat) => startCombat(client, table, combat),
    advance: (combat, turn) => advanceCombat(client, table, combat, turn),
    end: (combat) => endCombat(client, table, combat),
  });
}
const settle = async () => { for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve)); };

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
    const table = new TableState();
    for (const token_id of ["tok1", "tok2", "tok3", "tok4"]) table.applyToken({ token_id, version: 1, state: { token_id } });
    wire(client, table);
    const combat = makeCombat([...combatants, { id: "cbt5", tokenId: "crate", actorId: "actor9" }], calls);
    await fire("combatStart", combat, { round: 1, turn: 0 });
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
  });
}

test("Next Turn and Next Round pass the bridge's turn when the seat changes, naming the seat whose turn ends; rewinding sends nothing; deleting the encounter ends it", async () => {
  installFoundry({ isGM: true, actors });
  const client = new FakeClient({ "combat.next": {}, "combat.end": {} });
  const table = new TableState();
  const state = (seat, round, version) => ({ scene_id: IDS.scene, version, state: { scene_id: IDS.scene, seat, round, version,
    combatants: [{ token_id: "tok4", seat: IDS.other }, { token_id: "tok2", seat: IDS.gm }, { token_id: "tok3", seat: IDS.gm },
      { token_id: "tok1", seat: IDS.player }] } });
  table.applyPush("combat.changed", state(IDS.other, 1, 1));
  wire(client, table);
  const combat = makeCombat([combatants[3], combatants[1], combatants[2], combatants[0]]);
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

test("the bridge's turn at the top of the Combat Tracker as it renders, by Foundry's names and escaped; none without a combat", async () => {
  for (const generation of [12, 13]) {
    installFoundry({ generation });
    let state = { round: 2, seat: IDS.other };
    vtt.onCombatTracker(() => turnLine(state));
    const tracker = new FakeElement("section");
    await fire("renderCombatTracker", {}, generation >= 13 ? tracker : { jquery: "3", 0: tracker });
    assert.deepEqual(tracker.children.map((c) => [c.className, c.innerHTML]), [["vtt-bridge-combat-turn",
      '<span class="vb-combat-turn">VTTBRIDGE.Combat.Turn {&#34;round&#34;:2,&#34;seat&#34;:&#34;Seamus&#34;}</span>']]);
    state = null;
    const empty = new FakeElement("section");
    await fire("renderCombatTracker", {}, generation >= 13 ? empty : { jquery: "3", 0: empty });
    assert.deepEqual(empty.children, []);
  }
  assert.equal(turnLine({ round: 2, seat: IDS.player }),
    '<span class="vb-combat-turn">VTTBRIDGE.Combat.Turn {&#34;round&#34;:2,&#34;seat&#34;:&#34;Allison&#34;}</span>');
  assert.equal(turnLine(null), "");
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
