// The world's rule system in the Foundry module, against the Foundry stand-in and a stand-in bridge client:
// the system panel (its state as the system draws it, the GM's switch by system.set), the table read again
// after a switch, and a system's roll panel as the roll dialog.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClient, IDS, answerDialog, installFoundry, fire } from "./foundry.stub.js";
import { panelFields } from "../core/roll-panel.js";
import { SYSTEMS } from "../core/systems.js";
import { TableState } from "../core/table-state.js";
import { panelDialog } from "../scripts/roll-dialog.js";
import { syncTable } from "../scripts/sync.js";
import { SYSTEM_PANEL, systemHTML } from "../scripts/widgets.js";

const settle = async () => { for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve)); };
const actors = [{ id: "actor1", name: "Dodger", owners: [IDS.player] }];
const tokens = [{ id: "tok1", name: "Dodger", actorId: "actor1", x: 0, y: 0 }];
const pools = { momentum: 4, chaos: 6 };

/** A roll panel as a system module exports it. */
const PANEL = {
  title: "Skill test",
  fields: [
    { name: "target", label: "Target number", type: "number", min: 2, max: 20, value: 9 },
    { name: "focus", label: "Focus", type: "checkbox" },
    { name: "difficulty", label: "Difficulty", type: "select", options: [[0, "Simple"], [1, "Average"]], value: 1 },
  ],
  build: (values, { actorId }) => ({ event: "2d20.test", payload: { actor_id: actorId, ...values } }),
};

function synced(options, answers) {
  const foundry = installFoundry({ actors, tokens, ...options });
  const client = new FakeClient(answers);
  client.session.role = options.isGM ? "gm" : "player";
  const table = new TableState();
  syncTable(client, table);
  return { ...foundry, client, table };
}

test("the system panel: the title, a select of the systems for the GM, the state as the system draws it, the requests' button", () => {
  const labels = { switchLabel: "Play", requestsLabel: "Requests <all>" };
  const button = '<button type="button" class="vb-system-requests" data-action="requests">Requests &#60;all&#62;</button>';
  const gm = systemHTML({ name: "two_d20", title: "2d20 variant", state: pools }, { isGM: true, ...labels });
  const options = [...gm.matchAll(/<option value="([^"]+)"( selected)?>/g)].map(([, value, selected]) => [value, Boolean(selected)]);
  assert.deepEqual(options, Object.keys(SYSTEMS).map((name) => [name, name === "two_d20"]));
  assert.ok(gm.startsWith('<h3 data-system="two_d20">2d20 variant</h3><label class="vb-system-switch">Play <select name="system">'));
  assert.ok(gm.endsWith(`<div class="vb-system-pools">${SYSTEMS.two_d20.poolsHTML(pools)}</div>${button}`));
  const player = systemHTML({ name: "two_d20", title: "2d20 variant", state: pools }, { isGM: false, ...labels });
  assert.equal(player, `<h3 data-system="two_d20">2d20 variant</h3><div class="vb-system-pools">${SYSTEMS.two_d20.poolsHTML(pools)}</div>${button}`);
  assert.equal(systemHTML({ name: "two_d20", title: "2d20 variant", state: null }, { isGM: false, ...labels }),
    `<h3 data-system="two_d20">2d20 variant</h3>${button}`, "a player sends the system's requests before it has a state");
  assert.equal(systemHTML({ name: "moment_of_truth", title: "Moment of Truth", state: null }, { isGM: false, ...labels }), "");
  assert.ok(!systemHTML({ name: "moment_of_truth", title: "Moment of Truth", state: null }, { isGM: true, ...labels }).includes("<button"),
    "Moment of Truth's requests have their own controls");
  const homebrew = systemHTML({ name: "homebrew", title: "Home <brew>", state: null }, { isGM: true, ...labels });
  assert.ok(homebrew.includes('<option value="homebrew" selected>Home &#60;brew&#62;</option></select>'));
  assert.ok(homebrew.endsWith(button));
});

test("a player's client shows the world's system when it catches up, and again at each system.changed", async () => {
  const { client, calls, panels } = synced({ isGM: false, dice3d: true }, {
    "system.get": { system: "two_d20", title: "2d20 variant", state: pools }, "roll.log": { rolls: [] },
    "table.snapshot": { tokens: [], views: {}, combats: [] },
  });
  client.emit("resync", { role: "player" });
  await settle();
  assert.deepEqual(client.sent, [["system.get", {}], ["table.snapshot", {}], ["roll.log", { limit: 50 }]]);
  const panel = panels[SYSTEM_PANEL];
  assert.equal(panel.hidden, false);
  assert.equal(panel.innerHTML, systemHTML({ name: "two_d20", title: "2d20 variant", state: pools },
    { isGM: false, requestsLabel: "VTTBRIDGE.System.Requests" }));
  client.push("system.changed", { system: "two_d20", state: { ...pools, momentum: 1 } });
  await settle();
  assert.ok(panel.innerHTML.includes(SYSTEMS.two_d20.poolsHTML({ ...pools, momentum: 1 })));
  assert.equal(client.sent.length, 3, "a new state of the same system is no reason to read the table again");
  // Dice So Nice rolls d6, Moment of Truth's dice: another system's card shows its faces in the chat alone.
  client.push("roll.result", { roll_id: "t1", rule: "2d20.test", user: IDS.other, result: { faces: [17, 3], explanation: [] } });
  await settle();
  assert.deepEqual(calls.filter(([name]) => name === "showForRoll"), []);
});

test("the GM switches the world's system from the panel; a refusal is told and the panel shows the system still played", async () => {
  const { client, calls, panels } = synced({ isGM: true }, {
    "system.get": { system: "moment_of_truth", title: "Moment of Truth", state: null },
    "table.snapshot": { tokens: [], combats: [], moments: { balances: {}, history: [] } },
    "roll.log": { rolls: [] },
    "actors.assign": (p) => p,
    "system.set": (p) => ({ system: p.system, title: SYSTEMS[p.system].title, state: null }),
  });
  client.emit("ready", { role: "gm" });
  client.emit("resync", { role: "gm" });
  await settle();
  const panel = panels[SYSTEM_PANEL];
  assert.match(panel.innerHTML, /<option value="moment_of_truth" selected>/);
  panel.dispatch("change", { target: { name: "system", value: "two_d20" } });
  await settle();
  assert.deepEqual(client.sent.at(-1), ["system.set", { system: "two_d20" }]);

  client.answers["system.set"] = () => { throw Object.assign(new Error("no such system"), { code: "invalid" }); };
  panel.innerHTML = "";
  panel.dispatch("change", { target: { name: "system", value: "highest_d10" } });
  await settle();
  assert.deepEqual(calls.at(-1), ["notify.error", 'VTTBRIDGE.Failed {"what":"VTTBRIDGE.System.Switch","message":"no such system"}']);
  assert.match(panel.innerHTML, /<option value="moment_of_truth" selected>/);
});

test("a switch pushed: the GM's client reads the table again for the new system, and registers no token whose actor is none of its characters", async () => {
  const { client, panels } = synced({ isGM: true }, {
    "system.get": { system: "moment_of_truth", title: "Moment of Truth", state: null },
    "table.snapshot": { tokens: [], combats: [], moments: { balances: {}, history: [] } },
    "roll.log": { rolls: [] },
    "token.register": (p) => ({ token_id: p.token_id, version: 1, changes: [], state: { token_id: p.token_id } }),
    "actors.assign": (p) => p,
  });
  client.emit("resync", { role: "gm" });
  await settle();
  client.sent.length = 0;
  client.answers["system.get"] = { system: "two_d20", title: "2d20 variant", state: pools };
  client.push("system.changed", { system: "two_d20", title: "2d20 variant", state: pools });
  await settle();
  assert.deepEqual(client.sent.map(([event]) => event), ["system.get", "table.snapshot", "roll.log", "actors.assign", "actors.assign"]);
  assert.match(panels[SYSTEM_PANEL].innerHTML, /<option value="two_d20" selected>/);
});

test("a system's roll panel as the roll dialog: its fields, then its request sent for the actor and the card kept", async () => {
  const { calls, dialogs } = installFoundry({ isGM: false, actors, tokens });
  const card = { roll_id: "t1", rule: "2d20.test", user: IDS.player, result: {} };
  const client = new FakeClient({ "2d20.test": card });
  const table = new TableState();
  const rolled = panelDialog({ client, table, actorId: "actor1", panel: PANEL });
  const { config } = await answerDialog(dialogs, "roll", { target: 11, focus: true, difficulty: "0" });
  assert.deepEqual(await rolled, card);
  assert.deepEqual(calls.find(([name]) => name === "renderTemplate")[2], { fields: panelFields(PANEL) });
  assert.equal(config.window.title, 'VTTBRIDGE.System.RollTitle {"roll":"Skill test","name":"Dodger"}');
  assert.deepEqual(client.sent, [["2d20.test", { actor_id: "actor1", target: 11, focus: true, difficulty: 0 }]]);
  assert.equal(table.cards.get("t1"), card);
});

test("a roll panel's value out of range is refused by its field before anything is sent", async () => {
  const { calls, dialogs } = installFoundry({ isGM: true, actors, tokens });
  const client = new FakeClient();
  const rolled = panelDialog({ client, table: new TableState(), actorId: "actor1", panel: PANEL });
  await answerDialog(dialogs, "roll", { target: 30, focus: false, difficulty: "1" });
  assert.equal(await rolled, undefined);
  assert.deepEqual(client.sent, []);
  assert.deepEqual(calls.at(-1), ["notify.error", 'VTTBRIDGE.Failed {"what":"Skill test","message":"the roll\'s fields are invalid; target: more than 20"}']);
});

test("the panel's control is named: a change of anything else in it switches nothing", async () => {
  const { client, panels } = synced({ isGM: true }, {});
  client.emit("ready", { role: "gm" });
  panels[SYSTEM_PANEL].dispatch("change", { target: { name: "other", value: "two_d20" } });
  await settle();
  assert.deepEqual(client.sent, []);
});

test("the roll buttons of the system the world plays: Moment of Truth's, a system's roll panel, none for a system without one", async () => {
  const { dialogs } = installFoundry({ isGM: true, actors, tokens });
  const main = await import("../scripts/main.js");
  await fire("init");
  const headerButtons = async () => {
    const buttons = [];
    await fire("getActorSheetHeaderButtons", { actor: { id: "actor1" } }, buttons);
    return buttons;
  };
  assert.deepEqual((await headerButtons()).map((b) => b.label),
    ["VTTBRIDGE.Roll.Stats", "VTTBRIDGE.Combat.Reserve", "VTTBRIDGE.Roll.Attack", "VTTBRIDGE.Roll.Statistic", "VTTBRIDGE.Roll.Skill"]);

  main.table.applySystem({ system: "highest_d10", state: null });
  const panel = SYSTEMS.highest_d10.rollPanel;
  const buttons = await headerButtons();
  assert.deepEqual(buttons.map((b) => [b.class, b.label]), [["vtt-bridge-stats", "VTTBRIDGE.Roll.Stats"], ["vtt-bridge-system-roll", panel.title]]);
  buttons[1].onclick(); // not connected: told so, no dialog
  assert.equal(dialogs.length, 0);

  main.table.applySystem({ system: "homebrew", state: null });
  assert.deepEqual((await headerButtons()).map((b) => b.label), ["VTTBRIDGE.Roll.Stats"]);
});
