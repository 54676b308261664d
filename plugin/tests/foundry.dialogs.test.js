// The roll, attack, hazard and stat block dialogs against the Foundry stand-in: the odds previewed before
// rolling, and the exact requests sent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClient, IDS, answerDialog, installFoundry } from "./foundry.stub.js";
import { TableState } from "../core/table-state.js";
import { registration, sheetFromForm, statBlock } from "../scripts/actors.js";
import { explosionTool, pickedTokensTool, tokensInBlast } from "../scripts/hazard-tools.js";
import { attackDialog, oddsRequest, rollDialog, rollRequest, takeReward, takeableRewards } from "../scripts/roll-dialog.js";
import { statsDialog } from "../scripts/stats-dialog.js";

const statistics = { endurance: 3, strength: 2, agility: 4, will: 3, perception: 3, education: 2 };
const sheet = { statistics, skills: { Stealth: 2 }, weapons: ["pistol"], armor: "", shield: "" };
const actors = [
  { id: "actor1", name: "Dodger", owners: [IDS.player], flags: { sheet } },
  { id: "actor2", name: "Thug", flags: { sheet } },
];
const tokens = [
  { id: "tok1", name: "Dodger", actorId: "actor1", x: 0, y: 0 },
  { id: "tok2", name: "Thug", actorId: "actor2", x: 300, y: 400 },
  { id: "tok3", name: "Far thug", actorId: "actor2", x: 2500, y: 0 },
];
const chance = (value) => ({ exact: "?", value });
const odds = { odds: { success: chance(0.5), critical_success: chance(0.125), critical_failure: chance(0.01) } };
const settle = async () => { for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve)); };

test("the stat block: the module's flags, else a system's statistics held as {value}; incomplete: none", () => {
  assert.deepEqual(statBlock({ flags: { sheet } }), { statistics, skills: { Stealth: 2 }, hit_points: null, armor: null, shield: null, weapons: ["pistol"] });
  const system = { statistics: Object.fromEntries(Object.entries(statistics).map(([k, v]) => [k, { value: v }])), skills: { Medic: { value: "1" } } };
  assert.deepEqual(statBlock({ flags: {}, system }).skills, { Medic: 1 });
  assert.equal(statBlock({ flags: {}, system: { statistics: { agility: 3 } } }), null);
  assert.deepEqual(registration({ id: "tok1", name: "Dodger", sceneId: null }, { id: "actor1", flags: { sheet: { ...sheet, hit_points: 14, armor: "Ballistic Vest" } } }),
    { token_id: "tok1", actor_id: "actor1", scene_id: null, name: "Dodger", statistics, skills: { Stealth: 2 }, hit_points: 14, armor: { name: "Ballistic Vest" }, shield: null });
});

test("the stat block editor's values: skills and weapons one a line", () => {
  assert.deepEqual(sheetFromForm({ ...statistics, skills: "Stealth: 2\nlong arms: 3\nbad line\n", weapons: "pistol\n\n rifle ", hit_points: null, armor: " ", shield: "Riot Shield" }),
    { statistics, skills: { Stealth: 2, "long arms": 3 }, weapons: ["pistol", "rifle"], hit_points: null, armor: "", shield: "Riot Shield" });
});

test("a roll's request from the dialog's values, and its odds: the same pool, the MoTs as the dice they add", () => {
  installFoundry();
  const context = { actorId: "actor1", block: statBlock({ flags: { sheet } }), defaultTn: 2, conditions: ["injured"] };
  const roll = rollRequest({ statistic: "agility", skill: "Stealth", tn: 3, moments: 2, stakes_raised: false, visibility: "blind" }, context);
  assert.deepEqual(roll, { event: "roll", payload: { actor_id: "actor1", kind: "skill", skill: { name: "Stealth", level: 2 },
    statistic: { name: "Agility", value: 4 }, stakes_raised: false, visibility: "blind", label: "Stealth", difficulty: 1,
    moments: { own: 2 }, conditions: ["injured"] } });
  assert.deepEqual(oddsRequest(roll.payload), { event: "odds", payload: { kind: "skill", statistic: { name: "Agility", value: 4 },
    stakes_raised: false, skill: { name: "Stealth", level: 2 }, difficulty: 1, modifiers: [{ source: "Moments of Truth", dice: 2 }] } });
  const raised = rollRequest({ statistic: "will", tn: 2, moments: 3, stakes_raised: true, visibility: "public" }, { ...context, conditions: [] });
  assert.deepEqual(raised.payload, { actor_id: "actor1", kind: "statistic", statistic: { name: "Will", value: 3 }, stakes_raised: true,
    visibility: "public", label: "Will", difficulty: 0 });
  const unskilled = rollRequest({ statistic: "agility", skill: "", tn: 2, moments: 0, stakes_raised: false, visibility: "public" }, context);
  assert.equal(unskilled.payload.kind, "unskilled");
});

test("the skill roll dialog: odds shown as the fields stand, then the roll sent and its card kept", async () => {
  const { dialogs } = installFoundry({ isGM: false, actors, tokens });
  const card = { roll_id: "r1", user: IDS.player, rule: "roll", result: {} };
  const client = new FakeClient({ odds, roll: card });
  const table = new TableState();
  const rolled = rollDialog({ client, table, actorId: "actor1", skill: true });
  const { config, odds: line } = await answerDialog(dialogs, "roll", { statistic: "agility", skill: "Stealth", tn: 2, moments: 1, stakes_raised: false, visibility: "public" });
  assert.deepEqual(config.buttons.map((b) => b.action), ["roll"]);
  assert.deepEqual(await rolled, card);
  await settle();
  assert.equal(line.textContent, 'VTTBRIDGE.Roll.OddsLine {"success":"50.0%","critical":"12.5%","fumble":"1.0%"}');
  assert.deepEqual(client.sent, [
    ["odds", { kind: "skill", statistic: { name: "Agility", value: 4 }, stakes_raised: false, skill: { name: "Stealth", level: 2 }, difficulty: 0,
      modifiers: [{ source: "Moments of Truth", dice: 1 }] }],
    ["roll", { actor_id: "actor1", kind: "skill", skill: { name: "Stealth", level: 2 }, statistic: { name: "Agility", value: 4 },
      stakes_raised: false, visibility: "public", label: "Stealth", difficulty: 0, moments: { own: 1 } }],
  ]);
  assert.equal(table.cards.get("r1"), card);
});

test("rewards taken on a roll of the player's own, each naming that roll; none on another's, a hidden one, one whose dice earned a reward, nor for the GM", async () => {
  installFoundry({ isGM: false, actors, tokens });
  const player = { id: IDS.player, isGM: false };
  const roll = (outcome, result = {}) => ({ roll_id: "r7", user: IDS.player, rule: "roll", result: { outcome, ...result } });
  const success = { success: true, setback: false };
  assert.deepEqual(takeableRewards(roll(success), player), ["take_failure", "take_critical_failure", "take_setback"]);
  assert.deepEqual(takeableRewards(roll({ success: true, setback: true }), player), ["take_failure", "take_critical_failure"]);
  assert.deepEqual(takeableRewards(roll({ success: true, setback: true }, { rewards: [{ kind: "success_with_setback" }] }), player), []);
  assert.deepEqual(takeableRewards(roll({ success: false }, { rewards: [{ kind: "failure" }] }), player), []);
  assert.deepEqual(takeableRewards(roll(success, { held: [{ player: "p", kind: "failure", moments: 1 }] }), player), []);
  assert.deepEqual(takeableRewards(roll(success, { rewards: [{ kind: "raise_the_stakes" }] }), player).length, 3);
  assert.deepEqual(takeableRewards({ ...roll(success), hidden: true }, player), []);
  assert.deepEqual(takeableRewards({ ...roll(success), user: IDS.other }, player), []);
  assert.deepEqual(takeableRewards(roll(success), { id: IDS.player, isGM: true }), []);
  assert.deepEqual(takeableRewards({ ...roll(success), rule: "attack" }, player), []);

  const client = new FakeClient({ "moments.take": { entries: [] } });
  await takeReward(client, "take_critical_failure", "r7");
  await takeReward(client, "take_setback", "r8");
  assert.deepEqual(client.sent, [["moments.take", { reward: "take_critical_failure", roll_id: "r7" }],
    ["moments.take", { reward: "take_setback", roll_id: "r8" }]]);

  const gm = installFoundry({ isGM: true, actors, tokens });
  const asked = rollDialog({ client: new FakeClient({ odds }), table: new TableState(), actorId: "actor2", skill: true });
  const { config } = await answerDialog(gm.dialogs, "none", {});
  await asked;
  assert.deepEqual(config.buttons.map((b) => b.action), ["roll"]);
});

test("an actor without a stat block gets a notice, no dialog", async () => {
  const { calls, dialogs } = installFoundry({ actors: [{ id: "actor9", name: "Crate" }] });
  await rollDialog({ client: new FakeClient(), table: new TableState(), actorId: "actor9", skill: true });
  assert.deepEqual(calls, [["notify.warn", "VTTBRIDGE.Roll.NoStats"]]);
  assert.equal(dialogs.length, 0);
});

test("the attack dialog: the targets, the distance measured on the grid, attack.odds previewed, then the attack", async () => {
  const { dialogs } = installFoundry({ isGM: false, actors, tokens });
  game.user.targets = new Set([{ document: canvas.scene.tokens.get("tok2") }]);
  const client = new FakeClient({ "attack.odds": { hit: chance(0.625), method: "exact" }, attack: { roll_id: "a1" } });
  const attacked = attackDialog({ client, table: new TableState(), tokenId: "tok1" });
  const { odds: line } = await answerDialog(dialogs, "attack", { weapon: "pistol", distance: 4, moments: 0, visibility: "public" });
  await attacked;
  await settle();
  const rendered = client.sent;
  assert.equal(line.textContent, "62.5% (exact)");
  const attack = { attacker: "tok1", weapon: { name: "pistol" }, targets: [{ token_id: "tok2" }], distance: 4, moments_spent: 0 };
  assert.deepEqual(rendered, [["attack.odds", attack], ["attack", { ...attack, visibility: "public", label: "Dodger → Thug" }]]);
});

test("the attack dialog measures the distance to the first target for its field; no weapon named, no preview", async () => {
  const { dialogs, calls } = installFoundry({ isGM: true, actors, tokens });
  game.user.targets = new Set([{ document: canvas.scene.tokens.get("tok2") }]);
  const client = new FakeClient({ "attack.odds": { hit: chance(1), method: "exact" } });
  const attacked = attackDialog({ client, table: new TableState(), tokenId: "tok1" });
  const { odds: line } = await answerDialog(dialogs, "none", { weapon: "", distance: 4 });
  await attacked;
  await settle();
  assert.deepEqual([client.sent, line.textContent], [[], ""]);
  const fields = calls.find(([name]) => name === "renderTemplate")[2].fields;
  assert.deepEqual(fields.find((f) => f.name === "distance").value, 4);
  assert.equal(fields.some((f) => f.name === "moments"), false);
});

test("no targets: a notice, no attack", async () => {
  const { calls } = installFoundry({ actors, tokens });
  await attackDialog({ client: new FakeClient(), table: new TableState(), tokenId: "tok1" });
  assert.deepEqual(calls, [["notify.warn", "VTTBRIDGE.Roll.NoTargets"]]);
});

/** A table tracking the given tokens. */
function tracking(...ids) {
  const table = new TableState();
  table.applySystem({ system: "moment_of_truth", state: null }); // as the bridge's system.get says
  for (const id of ids) table.applyToken({ token_id: id, version: 1, state: { token_id: id, actor_id: id === "tok1" ? "actor1" : "actor2", name: id } });
  return table;
}

test("the tokens a blast reaches: tracked ones, measured on the grid, nearest first", () => {
  installFoundry({ actors, tokens });
  const scene = [{ id: "tok3", name: "Far thug", center: { x: 2550, y: 50 } }, { id: "tok2", name: "Thug", center: { x: 350, y: 450 } },
    { id: "tok1", name: "Dodger", center: { x: 50, y: 50 } }, { id: "untracked", name: "Crate", center: { x: 50, y: 50 } }];
  assert.deepEqual(tokensInBlast({ x: 50, y: 50 }, 20, scene, tracking("tok1", "tok2", "tok3").tokens),
    [{ token_id: "tok1", name: "Dodger", distance: 0 }, { token_id: "tok2", name: "Thug", distance: 4 }]);
});

test("a blast's reach is judged on the distance sent, to the centimetre: 20.004 m is 20 m, in reach of 20 dice", () => {
  installFoundry({ actors, tokens });
  const scene = [{ id: "tok2", name: "Thug", center: { x: 2050.4, y: 50 } }, { id: "tok3", name: "Far thug", center: { x: 2051, y: 50 } }];
  assert.deepEqual(tokensInBlast({ x: 50, y: 50 }, 20, scene, tracking("tok2", "tok3").tokens),
    [{ token_id: "tok2", name: "Thug", distance: 20 }]);
});

test("the explosion tool: charge and dice, the center clicked, the template placed, each token's cover asked for, hazard.explosion queued with it", async () => {
  const { dialogs, calls, panels } = installFoundry({ actors, tokens });
  canvas.tokens.controlled = [{ document: canvas.scene.tokens.get("tok1") }];
  const client = new FakeClient({ "hazard.explosion": { roll_id: "boom" } });
  const done = explosionTool({ client, table: tracking("tok1", "tok2", "tok3") });
  const { config } = await answerDialog(dialogs, "go", { dice: 20, charge: "shrapnel", actor: "actor1" });
  assert.deepEqual(config.buttons.map((b) => b.action), ["go"]);
  await settle();
  canvas.stage.click({ x: 50, y: 50 });
  const cover = await answerDialog(dialogs, "go", { tok2: 3, tok1: 0 });
  assert.equal(cover.config.window.title, "VTTBRIDGE.Hazard.Cover");
  assert.deepEqual(calls.filter(([name]) => name === "renderTemplate").at(-1), ["renderTemplate", "modules/vtt-bridge/templates/cover.hbs", {
    rows: [{ token_id: "tok1", name: "Dodger", distance: 0 }, { token_id: "tok2", name: "Thug", distance: 4 }],
    columns: { token: "VTTBRIDGE.Hazard.CoverToken", distance: "VTTBRIDGE.Hazard.CoverDistance", cover: "VTTBRIDGE.Hazard.CoverDice" },
    hint: "VTTBRIDGE.Hazard.CoverHint",
  }]);
  assert.deepEqual(await done, { roll_id: "boom" });
  assert.deepEqual(client.sent, [["hazard.explosion", { actor_id: "actor1", charge: "shrapnel", dice: 20, label: "VTTBRIDGE.Hazard.Explosion",
    tokens: [{ token_id: "tok1", distance: 0, cover: 0 }, { token_id: "tok2", distance: 4, cover: 3 }] }]]);
  const template = calls.find(([name]) => name === "createEmbeddedDocuments");
  assert.deepEqual([template[1], template[2][0].t, template[2][0].distance], ["MeasuredTemplate", "circle", 20]);
  assert.equal(panels["vtt-bridge-progress"].hidden, true);
});

test("the cover dialog: distances in meters as measured on a grid in feet, a field left empty is no cover, dismissed nothing is sent", async () => {
  const { dialogs, calls } = installFoundry({ actors, tokens, units: "ft" });
  const client = new FakeClient({ "hazard.explosion": { roll_id: "boom" } });
  const table = tracking("tok1", "tok2", "tok3");
  const done = explosionTool({ client, table });
  await answerDialog(dialogs, "go", { dice: 20, charge: "no_shrapnel", actor: "actor2" });
  await settle();
  canvas.stage.click({ x: 50, y: 50 });
  await answerDialog(dialogs, "go", { tok1: null, tok2: 300, tok3: 12 });
  await done;
  const { rows } = calls.filter(([name]) => name === "renderTemplate").at(-1)[2];
  // 4 ft and 25 ft: 1.2192 m and 7.62 m, shown and sent to the centimetre.
  assert.deepEqual(rows.map((r) => [r.token_id, r.distance]), [["tok1", 0], ["tok2", 1.22], ["tok3", 7.62]]);
  // The template's radius in the scene's feet: 20 m.
  assert.equal(calls.find(([name]) => name === "createEmbeddedDocuments")[2][0].distance, 20 / 0.3048);
  assert.deepEqual(client.sent[0][1].tokens, [{ token_id: "tok1", distance: 0, cover: 0 }, { token_id: "tok2", distance: 1.22, cover: 300 },
    { token_id: "tok3", distance: 7.62, cover: 12 }]);

  const dismissed = explosionTool({ client, table });
  await answerDialog(dialogs, "go", { dice: 20, charge: "shrapnel", actor: "actor1" });
  await settle();
  canvas.stage.click({ x: 50, y: 50 });
  await answerDialog(dialogs, "close", {});
  assert.equal(await dismissed, null);
  assert.equal(client.sent.length, 1);
});

test("fire, fall and vacuum on the selected tracked tokens", async () => {
  const { dialogs } = installFoundry({ actors, tokens });
  canvas.tokens.controlled = ["tok1", "tok2", "tok3"].map((id) => ({ document: canvas.scene.tokens.get(id) }));
  const client = new FakeClient({ "hazard.fire.ignite": { roll_id: "f" }, "hazard.fall": { roll_id: "d" }, "hazard.vacuum.enter": { roll_id: "v" } });
  const table = tracking("tok1", "tok2");
  const answers = { fire: { starting_dice: 5, grease: true }, fall: { meters: 7.5, armor: false }, vacuum: { warned: true, ruptured_suit: false } };
  for (const [hazard, values] of Object.entries(answers)) {
    const done = pickedTokensTool(hazard, { client, table });
    await answerDialog(dialogs, "go", values);
    await done;
  }
  const picked = ["tok1", "tok2"];
  assert.deepEqual(client.sent, [
    ["hazard.fire.ignite", { token_ids: picked, starting_dice: 5, grease: true, label: "VTTBRIDGE.Hazard.Fire" }],
    ["hazard.fall", { token_ids: picked, meters: 7.5, armor: false, label: "VTTBRIDGE.Hazard.Fall" }],
    ["hazard.vacuum.enter", { token_ids: picked, warned: true, ruptured_suit: false, label: "VTTBRIDGE.Hazard.Vacuum" }],
  ]);
});

test("a hazard refused by the worker is shown as a notice", async () => {
  const { dialogs, calls } = installFoundry({ actors, tokens });
  canvas.tokens.controlled = [{ document: canvas.scene.tokens.get("tok1") }];
  const client = new FakeClient({ "hazard.fire.ignite": () => { throw new Error("tok1 is already on fire"); } });
  const done = pickedTokensTool("fire", { client, table: tracking("tok1") });
  await answerDialog(dialogs, "go", { starting_dice: 1, grease: false });
  assert.equal(await done, null);
  assert.deepEqual(calls.at(-1), ["notify.error", 'VTTBRIDGE.Failed {"what":"VTTBRIDGE.Hazard.Fire","message":"tok1 is already on fire"}']);
});

test("the stat block editor saves the actor's flags as typed: a skill removed or renamed is gone (setFlag merges, so each is deleted with -=key), and registers no more", async () => {
  const { dialogs, calls } = installFoundry({ actors, tokens });
  const saved = statsDialog("actor2");
  await answerDialog(dialogs, "save", { ...statistics, agility: 5, skills: "Brawl: 1", weapons: "knife", hit_points: 11, armor: "", shield: "" });
  await saved;
  const block = { statistics: { ...statistics, agility: 5 }, skills: { Brawl: 1 }, weapons: ["knife"], hit_points: 11, armor: "", shield: "" };
  assert.deepEqual(calls.at(-1), ["setFlag", "actor2", "vtt-bridge", "sheet", { ...block, skills: { Brawl: 1, "-=Stealth": null } }]);
  const actor = game.actors.get("actor2");
  assert.deepEqual(actor.flags["vtt-bridge"].sheet, block);
  assert.deepEqual(registration({ id: "tok2", name: "Thug", sceneId: IDS.scene }, { flags: actor.flags["vtt-bridge"], system: {} }).skills, { Brawl: 1 });

  // Saved again without skills at all: none stays.
  const again = statsDialog("actor2");
  await answerDialog(dialogs, "save", { ...statistics, skills: "", weapons: "", hit_points: 11, armor: "", shield: "" });
  await again;
  assert.deepEqual(actor.flags["vtt-bridge"].sheet.skills, {});
});

test("the explosion's template is removed once the blast is resolved, at once or after the world's templateSeconds", async (t) => {
  const { dialogs, calls, scene } = installFoundry({ actors, tokens });
  const client = new FakeClient({ "hazard.explosion": { roll_id: "boom" } });
  const blast = async () => {
    const done = explosionTool({ client, table: tracking("tok1", "tok2", "tok3") });
    await answerDialog(dialogs, "go", { dice: 20, charge: "shrapnel", actor: "actor1" });
    await settle();
    canvas.stage.click({ x: 50, y: 50 });
    await settle();
    assert.equal(scene.templates.length, 1, "the template shows while the GM gives the cover");
    await answerDialog(dialogs, "go", { tok1: 0 });
    return done;
  };
  assert.deepEqual(await blast(), { roll_id: "boom" });
  assert.deepEqual(calls.filter(([name]) => name === "deleteEmbeddedDocuments"), [["deleteEmbeddedDocuments", "MeasuredTemplate", ["MeasuredTemplate0"]]]);
  assert.equal(scene.templates.length, 0);

  // With a delay, the removal waits for its timer.
  game.settings.set("vtt-bridge", "templateSeconds", 30);
  const timers = [];
  t.mock.method(globalThis, "setTimeout", (fn, ms) => timers.push([fn, ms]));
  await blast();
  assert.equal(scene.templates.length, 1);
  assert.deepEqual(timers.map(([, ms]) => ms), [30000]);
  await timers[0][0]();
  assert.equal(scene.templates.length, 0);
});

test("in a world of another system the hazard tools send nothing and say so; before the bridge says, nothing either", async () => {
  const { dialogs, calls } = installFoundry({ actors, tokens });
  canvas.tokens.controlled = [{ document: canvas.scene.tokens.get("tok1") }];
  const client = new FakeClient({});
  const table = tracking("tok1", "tok2");
  table.applySystem({ system: "two_d20", state: null });
  await pickedTokensTool("fire", { client, table });
  await explosionTool({ client, table });
  table.system = null;
  await explosionTool({ client, table });
  assert.deepEqual(dialogs, []);
  assert.deepEqual(client.sent, []);
  assert.deepEqual(calls.filter(([name]) => name === "notify.warn").map(([, text]) => text.split(" ")[0]),
    ["VTTBRIDGE.System.NotHere", "VTTBRIDGE.System.NotHere", "VTTBRIDGE.System.NotHere"]);
});

test("the explosion's template stays when the GM closes the cover dialog: nothing is sent, nothing removed", async () => {
  const { dialogs, calls, scene } = installFoundry({ actors, tokens });
  const client = new FakeClient({ "hazard.explosion": { roll_id: "boom" } });
  const done = explosionTool({ client, table: tracking("tok1", "tok2", "tok3") });
  await answerDialog(dialogs, "go", { dice: 20, charge: "shrapnel", actor: "actor1" });
  await settle();
  canvas.stage.click({ x: 50, y: 50 });
  await settle();
  await answerDialog(dialogs, "close", {});
  assert.equal(await done, null);
  assert.deepEqual(client.sent, []);
  assert.equal(scene.templates.length, 1);
  assert.deepEqual(calls.filter(([name]) => name === "deleteEmbeddedDocuments"), []);
});

const WORLDBUILDING = JSON.stringify({
  statistics: Object.fromEntries(["endurance", "strength", "agility", "will", "perception", "education"].map((name) => [name, `attributes.${name}.value`])),
  skills: { Stealth: "attributes.stealth.value" },
});
const simpleSheet = (stealth) => ({ attributes: { endurance: { value: 3 }, strength: { value: 2 }, agility: { value: "4" }, will: { value: 3 },
  perception: { value: 3 }, education: { value: 2 }, ...(stealth === undefined ? {} : { stealth: { value: stealth } }) } });

test("stats from the sheet: the world's mapping reads each statistic and skill off the actor's system data, before the Bridge stats flags", () => {
  const actor = { id: "a1", flags: { sheet: { statistics: { endurance: 1, strength: 1, agility: 1, will: 1, perception: 1, education: 1 }, skills: { Climb: 1 } } },
    system: simpleSheet(2), mapping: WORLDBUILDING };
  const payload = registration({ id: "t1", name: "Dodger", sceneId: "s1" }, actor);
  assert.deepEqual(payload.statistics, { endurance: 3, strength: 2, agility: 4, will: 3, perception: 3, education: 2 });
  assert.deepEqual(payload.skills, { Climb: 1, Stealth: 2 });
  // Without a mapping, the dialog's numbers.
  assert.deepEqual(statBlock({ ...actor, mapping: "" }).statistics.agility, 1);
});

test("the sheet mapping refuses by name what it cannot read: a name that is no statistic, a skill whose path holds no number", () => {
  const actor = { id: "a1", flags: {}, system: simpleSheet(undefined), mapping: WORLDBUILDING };
  assert.throws(() => statBlock(actor), (error) => {
    assert.equal(error.code, "invalid");
    assert.deepEqual(error.fields, { "skills.Stealth": ["no number at system.attributes.stealth.value"] });
    return true;
  });
  assert.throws(() => statBlock({ ...actor, mapping: JSON.stringify({ statistics: { luck: "attributes.luck.value" } }) }),
    { fields: { "statistics.luck": ["not a statistic (endurance, strength, agility, will, perception, education)"] } });
  assert.throws(() => statBlock({ ...actor, mapping: "{not json" }), (error) => "sheetMapping" in error.fields);
});
