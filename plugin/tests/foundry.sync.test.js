// main's logic against the Foundry stand-in and a stand-in bridge client: connection credentials and the token
// handoff, the table mirrored in Foundry (condition effects and the first bar by the active GM only, chat cards once, Dice So
// Nice, MoT counts), and the GM's resync (snapshot, log, token.register, actors.assign).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeClient, IDS, installFoundry } from "./foundry.stub.js";
import { TableState } from "../core/table-state.js";
import { credentials, handOutTokens } from "../scripts/connection.js";
import { registerScene, syncTable } from "../scripts/sync.js";

const fixture = JSON.parse(readFileSync(new URL("./core.cards.fixture.json", import.meta.url)));
const statistics = { endurance: 3, strength: 2, agility: 4, will: 3, perception: 3, education: 2 };
const actors = [
  { id: "actor1", name: "Dodger", owners: [IDS.player], flags: { sheet: { statistics, skills: { Stealth: 2 }, armor: "Ballistic Vest" } } },
  { id: "actor2", name: "Crate" },
];
const tokens = [
  { id: "tok1", name: "Dodger", actorId: "actor1", x: 0, y: 0 },
  { id: "tok2", name: "Crate", actorId: "actor2", x: 100, y: 0 },
];

/** A TokenState as token.changed carries it. */
function tokenState(tokenId, version, conditions, remaining = 10) {
  return {
    token_id: tokenId, actor_id: "actor1", name: "Dodger", scene_id: IDS.scene, version,
    health: { hit_points: 12, remaining },
    conditions: conditions.map((condition) => ({ condition, source: "explosion", ending: "cleared", rounds: null, since_round: null })),
  };
}

/** A synced table on a stand-in client; returns what the test needs. */
function synced(options, answers = {}) {
  const foundry = installFoundry({ actors, tokens, dice3d: true, ...options });
  const client = new FakeClient(answers);
  const table = new TableState();
  syncTable(client, table);
  return { ...foundry, client, table };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("token.changed: the active GM's client shows the token's view as effects and its first bar, by version; a player's client writes nothing", async () => {
  const view = (label, icon, severity, value) => ({ conditions: [{ label, icon, severity }], bars: [{ label: "hit points", value, max: 12 }] });
  const gm = synced({ isGM: true });
  gm.client.push("token.changed", { token_id: "tok1", version: 3, changes: [], state: tokenState("tok1", 3, ["prone"]), view: view("prone", "prone", "minor", 10) });
  gm.client.push("token.changed", { token_id: "tok1", version: 2, changes: [], state: tokenState("tok1", 2, ["dead"]), view: view("dead", "skull", "critical", 0) });
  await settle();
  assert.deepEqual(gm.calls.filter(([name]) => name !== "token.setFlag"), [
    ["createEmbeddedDocuments", "actor1", "ActiveEffect", [{ name: "prone", img: "modules/vtt-bridge/styles/icons/prone.svg", tint: "#f2c14e",
      statuses: ["vtt-bridge-prone"], flags: { "vtt-bridge": { severity: "minor" } } }]],
    ["actor.update", "actor1", { "system.attributes.hp.value": 10, "system.attributes.hp.max": 12 }],
  ]);
  const player = synced({ isGM: false });
  player.client.push("token.changed", { token_id: "tok1", version: 3, changes: [], state: tokenState("tok1", 3, ["prone"]), view: view("prone", "prone", "minor", 10) });
  await settle();
  assert.deepEqual(player.calls, []);
  assert.equal(player.table.tokens.get("tok1").version, 3);
});

test("a card pushed twice: one chat message by the active GM's client, dice shown on every client that sees it", async () => {
  const gm = synced({ isGM: true });
  gm.client.push("roll.result", fixture.roll);
  gm.client.push("roll.result", fixture.roll);
  await settle();
  const posted = gm.calls.filter(([name]) => name === "ChatMessage.create");
  assert.equal(posted.length, 1);
  assert.deepEqual(posted[0][1].flags, { "vtt-bridge": { roll_id: fixture.roll.roll_id } });
  assert.deepEqual([posted[0][1].whisper, posted[0][1].blind, posted[0][1].speaker], [[], false, { alias: "thug-1" }]);
  assert.match(posted[0][1].content, /data-roll-id="59108ff47b124054b2e4ca16273abf31"/);
  assert.match(posted[0][1].content, /Sneak &#60;past&#62;/);
  const shown = gm.calls.filter(([name]) => name === "showForRoll");
  assert.deepEqual(shown.map(([, roll]) => roll.fromData.terms[0].results.map((r) => r.result)), [[2, 3, 5, 6, 6, 3]]);

  const player = synced({ isGM: false });
  player.client.push("roll.result", fixture.roll);
  await settle();
  assert.deepEqual(player.calls.map(([name]) => name), ["showForRoll"]);
});

test("a dice.roll card (the faces behind a Foundry roll, Bridge dice) is neither posted nor rolled again: that roll is the chat message, its results the bridge's faces", async () => {
  const gm = synced({ isGM: true, dice3d: true });
  gm.client.push("roll.result", { ...fixture.roll, roll_id: "d1", rule: "dice.roll", visibility: "whisper", whisper_to: [],
    result: { faces: 6, number: 2, dice: [4, 1], total: 5, explanation: ["2d6 rolled by the bridge: 4, 1 (total 5)"] } });
  await settle();
  assert.equal(gm.table.cards.has("d1"), true);
  assert.deepEqual(gm.calls.filter(([name]) => name === "ChatMessage.create" || name === "showForRoll"), []);
});

test("with no GM connected, a player's own card is posted by the player's client, others' are not", async () => {
  const player = synced({ isGM: false, activeGM: false });
  player.table.addCard({ ...fixture.roll, user: IDS.player, actor_id: "actor1", visibility: "whisper", whisper_to: [] });
  player.table.addCard({ ...fixture.roll, roll_id: "other", user: IDS.other });
  await settle();
  const posted = player.calls.filter(([name]) => name === "ChatMessage.create").map(([, data]) => data);
  assert.deepEqual(posted.map((data) => [data.flags["vtt-bridge"].roll_id, data.whisper]), [[fixture.roll.roll_id, [IDS.gm, IDS.player]]]);
  // Shown by Foundry's names, the actor speaking.
  assert.ok(posted[0].content.includes('<span class="vb-card-who">Allison <span class="vb-card-actor">VTTBRIDGE.Card.ForActor {&#34;name&#34;:&#34;Dodger&#34;}</span></span>'));
  assert.deepEqual(posted[0].speaker, { alias: "Dodger" });
});

test("a card in Foundry's idiom: the verdict as .dice-total, the dice and working in the collapsed .dice-tooltip (opened by v12's ChatLog on .dice-roll, by v13's only on [data-action=\"expandRoll\"], as its roll template marks it), words from lang", async () => {
  const gm = synced({ isGM: true });
  gm.table.addCard({ ...fixture.attack, user: IDS.player });
  await settle();
  const [[, { content }]] = gm.calls.filter(([name]) => name === "ChatMessage.create");
  const total = content.indexOf('<h4 class="dice-total vb-tone-hit">VTTBRIDGE.Card.Hit</h4>');
  const tooltip = content.indexOf('<div class="dice-tooltip">');
  assert.ok(content.includes('<div class="dice-roll" data-action="expandRoll"><div class="dice-result"><div class="dice-formula">VTTBRIDGE.Card.Working</div><div class="dice-tooltip">'));
  assert.ok(tooltip > 0 && total > tooltip, "the working sits in the tooltip, the verdict after it as Foundry's total");
  assert.ok(content.slice(tooltip, total).includes('class="vb-dice-group"'), "every face is in the tooltip");
  assert.ok(content.slice(total).includes("<ul class=\"vb-taken\"><li>VTTBRIDGE.Card.Lost {&#34;name&#34;:&#34;Thug-2&#34;,&#34;count&#34;:16}</li></ul>"));
  assert.ok(content.includes('<span class="vb-card-who">Allison'), "the user by name");
});

test("a player's own blind roll: the player's client shows it as Foundry shows a blind roll (??? and ?), to them alone; the GM's the whole card", async () => {
  const notice = { roll_id: "b1", request_id: "r", at: 1, user: IDS.player, actor_id: "actor1", label: "Search", visibility: "blind", rule: "roll", hidden: true };
  const player = synced({ isGM: false });
  player.table.addCard(notice);
  player.table.addCard({ ...notice, roll_id: "b2", user: IDS.other });
  await settle();
  const posted = player.calls.filter(([name]) => name === "ChatMessage.create").map(([, data]) => data);
  assert.equal(posted.length, 1);
  assert.deepEqual([posted[0].whisper, posted[0].blind, posted[0].flags], [[IDS.player], false, { "vtt-bridge": { notice_of: "b1" } }]);
  assert.ok(posted[0].content.includes('<div class="dice-roll" data-action="expandRoll"><div class="dice-result"><div class="dice-formula">???</div><h4 class="dice-total">?</h4></div></div>'));
  assert.ok(!posted[0].content.includes("dice-tooltip"));
  const gm = synced({ isGM: true });
  gm.table.addCard({ ...fixture.roll, roll_id: "b1", user: IDS.player, visibility: "blind" });
  await settle();
  const [[, card]] = gm.calls.filter(([name]) => name === "ChatMessage.create");
  assert.deepEqual([card.whisper, card.blind, card.flags], [[IDS.gm], true, { "vtt-bridge": { roll_id: "b1" } }]);
});

test("the MoT counts shown to the table, by Foundry user name", async () => {
  const { client, panels } = synced({ isGM: false });
  client.push("moments.changed", { entries: [], balances: { [IDS.player]: 3, [IDS.other]: 1 }, explanation: [] });
  assert.equal(panels["vtt-bridge-moments"].innerHTML,
    "<h3>VTTBRIDGE.Moments.Title</h3><ul><li><span class=\"vb-moments-player\">Allison</span><span class=\"vb-moments-count\">3</span></li>"
    + "<li><span class=\"vb-moments-player\">Seamus</span><span class=\"vb-moments-count\">1</span></li></ul>");
});

test("the GM's resync: snapshot, the log caught up without dice, untracked tokens registered, ownership sent, players told", async () => {
  const tracked = tokenState("tok9", 4, []);
  const { client, calls, table, writeFlag } = synced({ isGM: true }, {
    "system.get": { system: "moment_of_truth", title: "Moment of Truth", state: null },
    "table.snapshot": { tokens: [tracked], combats: [], moments: { balances: {}, history: [] } },
    "roll.log": { rolls: [fixture.roll] },
    "token.register": (p) => ({ token_id: p.token_id, version: 1, changes: [], state: { ...tokenState(p.token_id, 1, []), actor_id: p.actor_id } }),
    "actors.assign": (p) => p,
  });
  client.emit("ready", { role: "gm" });
  client.emit("resync", { role: "gm" });
  for (let i = 0; i < 20; i++) await settle();
  assert.deepEqual(client.sent, [
    ["system.get", {}],
    ["table.snapshot", {}],
    ["roll.log", { limit: 50 }],
    ["token.register", { token_id: "tok1", actor_id: "actor1", scene_id: IDS.scene, name: "Dodger", statistics,
      skills: { Stealth: 2 }, hit_points: null, armor: { name: "Ballistic Vest" }, shield: null }],
    ["actors.assign", { user: IDS.player, actor_ids: ["actor1"] }],
    ["actors.assign", { user: IDS.other, actor_ids: [] }],
  ]);
  assert.deepEqual([...table.tokens.keys()], ["tok9", "tok1"]);
  assert.equal(calls.filter(([name]) => name === "showForRoll").length, 0);
  assert.equal(calls.filter(([name]) => name === "ChatMessage.create").length, 1);
  assert.deepEqual(calls.filter(([name]) => name === "socket.emit"), [["socket.emit", "module.vtt-bridge", { type: "gm.ready" }]]);
  // The GM's client offers a token for the digest a player shows in its User flags (the handoff).
  client.answers["token.offer"] = (p) => ({ user: p.user, expires_at: 1234 });
  await game.users.get(IDS.gm).setFlag("vtt-bridge", "unrelated", 1);
  const digest = "d".repeat(64);
  await writeFlag(IDS.player, IDS.player, "vtt-bridge", "digest", digest);
  for (let i = 0; i < 5; i++) await settle();
  assert.deepEqual(client.sent.at(-1), ["token.offer", { user: IDS.player, digest }]);
});

test("credentials: the GM's key from its client setting; none typed, no connection", async () => {
  installFoundry({ isGM: true, settings: { gmKey: "k3y", worldId: "cap" } });
  assert.deepEqual(await credentials(), { world: "cap", gm_key: "k3y", user: IDS.gm });
  installFoundry({ isGM: true });
  assert.equal(await credentials(), null);
});

test("credentials: a player's stored token while it lasts; without a GM there, none", async () => {
  installFoundry({ isGM: false, settings: { worldId: "cap", playerToken: { token: "old", expires_at: 2000, world: "cap" } } });
  assert.deepEqual(await credentials({ now: () => 1000 }), { world: "cap", token: "old" });
  installFoundry({ isGM: false, activeGM: false, settings: { worldId: "cap", playerToken: { token: "old", expires_at: 1030, world: "cap" } } });
  assert.equal(await credentials({ now: () => 1000 }), null);
});

test("registering the scene: a token whose sheet the mapping cannot read is not registered, and the GM is told which skill", async () => {
  const mapping = JSON.stringify({ skills: { Stealth: "attributes.stealth.value" } });
  const { client, calls, table } = synced({ isGM: true, settings: { sheetMapping: mapping } }, {
    "token.register": (p) => ({ token_id: p.token_id, version: 1, changes: [], state: tokenState(p.token_id, 1, []) }),
    "actors.assign": (p) => p,
  });
  await registerScene(client, table);
  assert.equal(client.sent.filter(([event]) => event === "token.register").length, 0);
  const [[, told]] = calls.filter(([name]) => name === "notify.error");
  assert.match(told, /^VTTBRIDGE\.Failed .*Dodger.*skills\.Stealth: no number at system\.attributes\.stealth\.value/);
});
