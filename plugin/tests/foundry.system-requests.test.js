// The requests of the world's rule system in the Foundry module, against the Foundry stand-in and a
// stand-in bridge client answering `system.requests` as the bridge's own handler does: the system
// panel's *Requests…* button, the menu grouped, a request's dialog from its schema (the selected
// token's actor filled in), sent as typed; a card kept, a queued request tracked, refusals told by field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClient, IDS, answerDialog, installFoundry } from "./foundry.stub.js";
import { systemRequests } from "./bridge-python.js";
import { BridgeError } from "../core/bridge-client.js";
import { requestFields, requestMenu } from "../core/system-requests.js";
import { TableState } from "../core/table-state.js";
import { dialogFields } from "../scripts/macro-menu.js";
import { syncTable } from "../scripts/sync.js";
import { requestChoice, requestDialog } from "../scripts/system-requests.js";
import { PROGRESS_PANEL, SYSTEM_PANEL } from "../scripts/widgets.js";

const settle = async () => { for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve)); };
const actors = [{ id: "actor1", name: "Dodger", owners: [IDS.player] }];
const tokens = [{ id: "tok1", name: "Dodger", actorId: "actor1", x: 0, y: 0 }];
const TWO_D20 = { system: "two_d20", title: "2d20 variant", state: null };
const asGM = systemRequests("two_d20", true);
const asPlayer = systemRequests("two_d20", false);
const requestOf = (event) => requestMenu(asGM).groups.flatMap((group) => group.requests).find((request) => request.event === event);

/** A client of a world playing the 2d20 variant, caught up, Dodger's token selected. */
async function table2d20({ isGM, answers }) {
  const foundry = installFoundry({ isGM, actors, tokens });
  canvas.tokens.controlled = [{ document: foundry.scene.tokens[0] }];
  const client = new FakeClient({ "system.get": TWO_D20, "roll.log": { rolls: [] }, "table.snapshot": { tokens: [], views: {}, combats: [] }, "actors.assign": (p) => p, ...answers });
  client.session.role = isGM ? "gm" : "player";
  const table = new TableState();
  syncTable(client, table);
  client.emit("resync", { role: client.session.role });
  await settle();
  return { ...foundry, client, table };
}

/** A click on the panel's element with `data-action`, as the browser gives it. */
function click(panel, action) {
  panel.dispatch("click", { target: { closest: (selector) => (selector === "[data-action]" ? { dataset: { action } } : null) } });
}

test("the menu's select: a group per menu group, GM-only requests marked", () => {
  installFoundry({ isGM: true });
  const menu = requestMenu(asGM);
  const choice = requestChoice(menu);
  assert.equal(choice.name, "request");
  assert.deepEqual(choice.groups.map((group) => group.label), menu.groups.map((group) => group.name || "2d20 variant"));
  const start = choice.groups.find((group) => group.label === "Session").options;
  assert.deepEqual(start, [{ value: "2d20.session.start", label: 'VTTBRIDGE.System.GMOnly {"label":"Session start"}' }]);
  assert.deepEqual(choice.groups.find((group) => group.label === "2d20 variant").options.find((o) => o.value === "2d20.test"),
    { value: "2d20.test", label: "Test" });
});

test("a player clicks Requests…: the player's menu, then the chosen request's dialog for the selected token's actor; the card kept", async () => {
  const card = { roll_id: "t1", rule: "2d20.test", user: IDS.player, actor_id: "actor1", result: { faces: [3, 17], explanation: [] } };
  const { client, table, dialogs, calls, panels } = await table2d20({ isGM: false, answers: { "system.requests": asPlayer, "2d20.test": card } });
  assert.match(panels[SYSTEM_PANEL].innerHTML, /data-action="requests">VTTBRIDGE.System.Requests<\/button>/);
  click(panels[SYSTEM_PANEL], "requests");
  const menu = await answerDialog(dialogs, "choose", { request: "2d20.test" });
  assert.equal(menu.config.window.title, 'VTTBRIDGE.System.RequestsTitle {"system":"2d20 variant"}');
  const rendered = calls.filter(([name]) => name === "renderTemplate").map(([, , data]) => data);
  assert.deepEqual(rendered[0], { fields: [requestChoice(requestMenu(asPlayer))] });
  assert.ok(!JSON.stringify(rendered[0]).includes("2d20.session.start"), "no GM-only request offered to a player");

  await answerDialog(dialogs, "send", { actor_id: "actor1", skill: "Fight", style: "Boldly", focus: "", difficulty: 1, traits: "Smoke, Dark",
    assistants: "", bought: null, paid_by: "", critical_die: false, label: "" });
  await settle();
  const test2d20 = requestOf("2d20.test");
  assert.deepEqual(calls.filter(([name]) => name === "renderTemplate")[1][2],
    { hint: `2d20.test: ${test2d20.description}`, fields: dialogFields(requestFields(test2d20, { actorId: "actor1" }), []) });
  const shown = dialogFields(requestFields(test2d20, { actorId: "actor1" }), []);
  assert.equal(shown.find((field) => field.name === "actor_id").value, "actor1");
  // paid_by is null unless bought: "—" chosen, so the payload leaves it out (the bridge refuses a payer of nothing bought).
  assert.deepEqual(shown.find((field) => field.name === "paid_by").options, [{ value: "", label: "—", selected: true },
    { value: "momentum", label: "momentum", selected: false }, { value: "chaos", label: "chaos", selected: false }]);
  assert.deepEqual(shown.find((field) => field.name === "visibility").options.map((option) => [option.value, option.selected]),
    [["public", true], ["blind", false], ["whisper", false]], "a default chosen, no blank");
  assert.deepEqual(client.sent.at(-1), ["2d20.test", { actor_id: "actor1", skill: "Fight", style: "Boldly", difficulty: 1,
    traits: ["Smoke", "Dark"], critical_die: false }]);
  assert.equal(table.cards.get("t1"), card);
});

test("the GM starts a session: a request without a card is told done", async () => {
  const { dialogs, calls } = installFoundry({ isGM: true, actors, tokens });
  const client = new FakeClient({ "2d20.session.start": { momentum: { tokens: 0, players: 2, cap: 6 } } });
  const sent = requestDialog({ client, table: new TableState(), system: "2d20 variant", request: requestOf("2d20.session.start") });
  const { config } = await answerDialog(dialogs, "send", { players: 2 });
  assert.deepEqual(await sent, { momentum: { tokens: 0, players: 2, cap: 6 } });
  assert.equal(config.window.title, 'VTTBRIDGE.System.RequestTitle {"system":"2d20 variant","request":"Session start"}');
  assert.deepEqual(client.sent, [["2d20.session.start", { players: 2 }]]);
  assert.deepEqual(calls.at(-1), ["notify.info", 'VTTBRIDGE.System.Done {"request":"Session start"}']);
});

test("a queued request goes to a worker with the progress bar up", async () => {
  const { dialogs, panels } = installFoundry({ isGM: false, actors, tokens });
  const odds = { passed: { value: 0.5 } };
  const client = new FakeClient({ "2d20.odds": odds });
  const sent = requestDialog({ client, table: new TableState(), system: "2d20 variant", request: requestOf("2d20.odds") });
  await answerDialog(dialogs, "send", { target: '{"skill": 8, "style": 9}', difficulty: 2, bought: null, assistants: "" });
  assert.deepEqual(await sent, odds);
  assert.deepEqual(client.sent, [["2d20.odds", { target: { skill: 8, style: 9 }, difficulty: 2 }]]);
  assert.ok(panels[PROGRESS_PANEL], "the progress bar was shown");
  assert.equal(panels[PROGRESS_PANEL].hidden, true, "and hidden once the job is done");
});

test("refusals are told by field: the bridge's nested faults, and a value the dialog cannot read (nothing sent)", async () => {
  const { dialogs, calls } = installFoundry({ isGM: true, actors, tokens });
  const client = new FakeClient({
    "2d20.character": () => { throw new BridgeError({ code: "invalid", message: "the request has invalid fields", fields: { skills: { Fight: { value: ["Too big."] } } } }); },
  });
  const character = requestOf("2d20.character");
  const sheet = { actor_id: "actor1", name: "Dodger", skills: '{"Survive": 2, "Fight": 25}', styles: '{"Boldly": 9, "Forcefully": 1}',
    focuses: "", armor: null, powers: false, npc: false };
  let sent = requestDialog({ client, table: new TableState(), system: "2d20 variant", request: character });
  await answerDialog(dialogs, "send", sheet);
  await sent;
  assert.deepEqual(client.sent, [["2d20.character", { actor_id: "actor1", name: "Dodger", skills: { Survive: 2, Fight: 25 },
    styles: { Boldly: 9, Forcefully: 1 }, powers: false, npc: false }]]);
  assert.deepEqual(calls.at(-1), ["notify.error",
    'VTTBRIDGE.Failed {"what":"Character","message":"the request has invalid fields; skills.Fight.value: Too big."}']);

  sent = requestDialog({ client, table: new TableState(), system: "2d20 variant", request: character });
  await answerDialog(dialogs, "send", { ...sheet, skills: "{Survive: 2" });
  await sent;
  assert.equal(client.sent.length, 1, "nothing sent");
  assert.deepEqual(calls.at(-1), ["notify.error", 'VTTBRIDGE.Failed {"what":"Character","message":"2d20.character: a field cannot be read; skills: not JSON"}']);
});

test("a click elsewhere in the system panel opens nothing", async () => {
  const { client, panels, dialogs } = await table2d20({ isGM: true, answers: { "system.requests": asGM } });
  click(panels[SYSTEM_PANEL], "other");
  panels[SYSTEM_PANEL].dispatch("click", { target: {} });
  await settle();
  assert.equal(dialogs.length, 0);
  assert.ok(!client.sent.some(([event]) => event === "system.requests"));
  click(panels[SYSTEM_PANEL], "requests");
  await answerDialog(dialogs, "dismissed", {});
  assert.deepEqual(client.sent.at(-1), ["system.requests", {}], "the button itself does");
});
