// The Foundry module's macro menu against the Foundry stand-in, with the macros of real scripts as the
// bridge lists them (macro-schemas.js): the menu, a macro's dialog built from its JSON Schema, the run
// on the tokens targeted (else selected), the GM's reload with what failed, refusals shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BridgeError } from "../core/bridge-client.js";
import { formFields } from "../core/macros.js";
import { TableState } from "../core/table-state.js";
import { dialogFields, macroMenu, macroTargets, reloadHTML } from "../scripts/macro-menu.js";
import { FakeClient, answerDialog, installFoundry } from "./foundry.stub.js";
import { bridge, listed, schemaOf } from "./macro-schemas.js";

const tokens = [
  { id: "tok1", name: "Ann", actorId: "actor1", x: 0, y: 0 },
  { id: "tok2", name: "Bob", actorId: "actor1", x: 100, y: 0 },
  { id: "tok3", name: "Crate", actorId: "actor1", x: 200, y: 0 },
];
/** The bridge tracks Ann and Bob, not the crate. */
function tracked() {
  const table = new TableState();
  for (const token_id of ["tok1", "tok2"]) table.applyToken({ token_id, version: 1, state: { token_id, name: token_id } });
  return table;
}
const rendered = (calls) => calls.filter(([name]) => name === "renderTemplate").map(([, path, data]) => [path.split("/").at(-1), data]);

test("a macro's fields as the dialog's: numbers with their range, a checkbox, choices, the tracked tokens, lists, JSON", () => {
  installFoundry();
  const names = [{ id: "tok1", name: "Ann" }, { id: "tok2", name: "Bob" }];
  assert.deepEqual(dialogFields(formFields(schemaOf("molotov")), names),
    [{ name: "starting_dice", label: "Starting dice", hint: "", number: true, value: 5, min: 1, max: 10, step: 1 }]);
  const shown = Object.fromEntries(dialogFields(formFields(schemaOf("ambush")), names).map((field) => [field.name, field]));
  assert.deepEqual(shown.dice, { name: "dice", label: "Dice *", hint: "dice each attacker rolls", number: true, value: "", min: 1, max: 10, step: 1 });
  assert.deepEqual(shown.share, { name: "share", label: "Share", hint: "", number: true, value: 0.5, min: 0, max: 1, step: "any" });
  assert.deepEqual(shown.shout, { name: "shout", label: "Battle cry", hint: "", value: "" });
  assert.deepEqual(shown.silent, { name: "silent", label: "Silent", hint: "", checkbox: true, value: false });
  assert.deepEqual(shown.statistic, { name: "statistic", label: "Statistic", hint: "",
    options: [{ value: "agility", label: "agility", selected: true }, { value: "perception", label: "perception", selected: false }] });
  assert.deepEqual(shown.leader.options, [{ value: "", label: "—" }, { value: "tok1", label: "Ann", selected: false }, { value: "tok2", label: "Bob", selected: false }]);
  assert.deepEqual(shown.hostages, { name: "hostages", label: "Hostages", hint: "", multiple: true,
    options: [{ value: "tok1", label: "Ann", selected: false }, { value: "tok2", label: "Bob", selected: false }] });
  assert.deepEqual(shown.rounds, { name: "rounds", label: "Rounds", hint: "VTTBRIDGE.Macro.CommaSeparated", value: "" });
  assert.deepEqual(shown.bonus, { name: "bonus", label: "Bonus", hint: "", number: true, value: "", min: undefined, max: undefined, step: 1 });
  assert.deepEqual(shown.cover, { name: "cover", label: "Cover", hint: "", textarea: true, value: "" });
});

test("the targets: the tracked tokens this user targets, else those selected", () => {
  installFoundry({ tokens });
  const table = tracked();
  canvas.tokens.controlled = [{ document: canvas.scene.tokens.get("tok2") }, { document: canvas.scene.tokens.get("tok3") }];
  assert.deepEqual(macroTargets(table.tokens).map((t) => t.id), ["tok2"]);
  game.user.targets = new Set([{ document: canvas.scene.tokens.get("tok3") }, { document: canvas.scene.tokens.get("tok1") }]);
  assert.deepEqual(macroTargets(table.tokens).map((t) => t.id), ["tok1"]);
});

test("a player's menu: the macros the bridge lists, no reload; the chosen one's dialog, then macro.run on the targets", async () => {
  const { dialogs, calls, panels } = installFoundry({ isGM: false, tokens });
  const client = new FakeClient({ "macro.list": listed(["owner", "table"]), "macro.run": { roll_id: "m1" } });
  const table = tracked();
  game.user.targets = new Set([{ document: canvas.scene.tokens.get("tok2") }, { document: canvas.scene.tokens.get("tok1") }]);
  const ran = macroMenu({ client, table });
  const menu = await answerDialog(dialogs, "choose", { macro: "ambush" });
  assert.deepEqual(menu.config.buttons.map((b) => b.action), ["choose"]);
  const run = await answerDialog(dialogs, "run", {
    dice: 4, share: null, shout: "Now!", silent: true, statistic: "perception", leader: "tok1", hostages: ["tok2"], rounds: "1, 2", bonus: null, cover: "",
  });
  assert.equal(run.config.window.title, 'VTTBRIDGE.Macro.RunTitle {"name":"ambush"}');
  assert.deepEqual(await ran, { roll_id: "m1" });

  const [[, listData], [, runData]] = rendered(calls);
  assert.deepEqual(listData, { hint: "", fields: [{ name: "macro", label: "VTTBRIDGE.Macro.Macro",
    options: [{ value: "ambush", label: "ambush: Attackers spring from hiding." }] }] });
  assert.equal(runData.hint, 'Attackers spring from hiding. VTTBRIDGE.Macro.Targets {"names":"Bob, Ann"}');
  assert.deepEqual(runData.fields.map((f) => f.name), ["dice", "share", "shout", "silent", "statistic", "leader", "hostages", "rounds", "bonus", "cover"]);
  const sent = { macro: "ambush", token_ids: ["tok2", "tok1"], visibility: "public", label: "ambush",
    arguments: { dice: 4, shout: "Now!", silent: true, statistic: "perception", leader: "tok1", hostages: ["tok2"], rounds: [1, 2] } };
  assert.deepEqual(client.sent, [["macro.list", {}], ["macro.run", sent]]);
  assert.deepEqual(bridge({ check: [{ payload: sent, schema: schemaOf("ambush") }] }), [[]]);
  assert.equal(panels["vtt-bridge-progress"].hidden, true); // shown while queued, gone once done
});

test("the GM's Molotov on the tokens selected; the GM's reload shows what loaded and each script that failed", async () => {
  const { dialogs, calls } = installFoundry({ isGM: true, tokens });
  const loaded = { folder: "/srv/scripts", macros: ["molotov", "sleeping_gas"], errors: [{ file: "broken.py", line: 1, message: "SyntaxError: invalid <syntax>" }] };
  const client = new FakeClient({ "macro.list": { ...listed(), errors: loaded.errors }, "macro.run": { roll_id: "m2" }, "macro.reload": loaded });
  canvas.tokens.controlled = [{ document: canvas.scene.tokens.get("tok1") }, { document: canvas.scene.tokens.get("tok3") }];
  const ran = macroMenu({ client, table: tracked() });
  const menu = await answerDialog(dialogs, "choose", { macro: "molotov" });
  assert.deepEqual(menu.config.buttons.map((b) => b.action), ["choose", "reload"]);
  await answerDialog(dialogs, "run", { starting_dice: 3 });
  assert.deepEqual(await ran, { roll_id: "m2" });
  assert.equal(rendered(calls)[0][1].hint, 'VTTBRIDGE.Macro.Failed {"count":1}');
  assert.deepEqual(client.sent.at(-1), ["macro.run", { macro: "molotov", token_ids: ["tok1"], arguments: { starting_dice: 3 }, visibility: "public", label: "molotov" }]);

  const reloaded = macroMenu({ client, table: tracked() });
  await answerDialog(dialogs, "reload", { macro: "molotov" });
  const report = await answerDialog(dialogs, "ok", {});
  assert.deepEqual(await reloaded, loaded);
  assert.deepEqual(client.sent.at(-1), ["macro.reload", {}]);
  assert.equal(report.config.content, reloadHTML(loaded));
  assert.equal(reloadHTML(loaded), '<p class="vb-scripts-loaded">VTTBRIDGE.Macro.Loaded {&#34;folder&#34;:&#34;/srv/scripts&#34;,&#34;macros&#34;:&#34;molotov, sleeping_gas&#34;}</p>'
    + '<ul class="vb-scripts-failed"><li data-file="broken.py" data-line="1"><code>broken.py</code> VTTBRIDGE.Macro.Line {&#34;line&#34;:1}: SyntaxError: invalid &#60;syntax&#62;</li></ul>');
});

test("a refusal is shown with its fields; a form that cannot be read is refused before anything is sent; no macro: a notice", async () => {
  const { dialogs, calls } = installFoundry({ isGM: true, tokens });
  const refuse = () => { throw new BridgeError({ code: "invalid", message: "the macro's arguments are invalid", fields: { "arguments.starting_dice": ["11 is greater than the maximum of 10"] } }); };
  const client = new FakeClient({ "macro.list": listed(), "macro.run": refuse });
  const refused = macroMenu({ client, table: tracked() });
  await answerDialog(dialogs, "choose", { macro: "molotov" });
  await answerDialog(dialogs, "run", { starting_dice: 11 });
  await refused;
  assert.deepEqual(calls.at(-1), ["notify.error",
    'VTTBRIDGE.Failed {"what":"molotov","message":"the macro\'s arguments are invalid; arguments.starting_dice: 11 is greater than the maximum of 10"}']);

  const unread = macroMenu({ client, table: tracked() });
  await answerDialog(dialogs, "choose", { macro: "molotov" });
  await answerDialog(dialogs, "run", { starting_dice: "three" });
  await unread;
  assert.deepEqual(calls.at(-1), ["notify.error", 'VTTBRIDGE.Failed {"what":"molotov","message":"the macro\'s arguments are invalid; arguments.starting_dice: not a number"}']);
  assert.equal(client.sent.filter(([event]) => event === "macro.run").length, 1);

  const player = installFoundry({ isGM: false, tokens });
  await macroMenu({ client: new FakeClient({ "macro.list": { macros: [], errors: [] } }), table: tracked() });
  assert.deepEqual(player.calls, [["notify.info", "VTTBRIDGE.Macro.None"]]);
  assert.equal(player.dialogs.length, 0);
});
