// The adapter against the Foundry stand-in, in its v12 and v13 flavours: the calls it makes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeElement, IDS, fakeForm, installFoundry, fire } from "./foundry.stub.js";
import * as vtt from "../scripts/adapter.js";

test("settings: the bridge URL and world are world settings; the GM key is a client setting, shown to the GM only", () => {
  installFoundry({ isGM: true, setup: false });
  assert.throws(() => vtt.setting("worldId"), /"vtt-bridge.worldId" is not a registered game setting/);
  vtt.registerSettings();
  const { registered } = game.settings;
  assert.deepEqual(Object.fromEntries(Object.entries(registered).map(([k, c]) => [k, [c.scope, c.config, c.default]])), {
    "core.diceConfiguration": ["client", false, {}],
    "vtt-bridge.bridgeUrl": ["world", true, ""],
    "vtt-bridge.worldId": ["world", true, "my-world"],
    "vtt-bridge.hpAttribute": ["world", true, ""],
    "vtt-bridge.templateSeconds": ["world", true, 0],
    "vtt-bridge.sheetMapping": ["world", true, ""],
    "vtt-bridge.bridgeDice": ["world", true, false],
    "vtt-bridge.gmKey": ["client", true, ""],
    "vtt-bridge.playerToken": ["client", false, {}],
    "vtt-bridge.revokedUsers": ["world", false, []],
  });
  installFoundry({ isGM: false });
  assert.equal(game.settings.registered["vtt-bridge.gmKey"].config, false);
  assert.equal(game.settings.registered["vtt-bridge.gmKey"].scope, "client");
});

test("the Bridge URL's default: the bridge the module was installed from (its manifest's URL, behind a path or not), so that every player's browser reaches that bridge and not its own machine", () => {
  for (const [manifest, url] of [["http://bridge.lan:8765/plugin/module.json", "http://bridge.lan:8765"],
    ["https://table.example/bridge/plugin/module.json", "https://table.example/bridge"],
    ["https://github.com/someone/vtt-bridge/releases/latest/module.json", ""], ["", ""]]) {
    installFoundry({ manifest });
    assert.equal(vtt.setting("bridgeUrl"), url, manifest);
  }
  installFoundry({ manifest: "http://bridge.lan:8765/plugin/module.json", settings: { bridgeUrl: "https://bridge.example" } });
  assert.equal(vtt.setting("bridgeUrl"), "https://bridge.example", "a URL the GM set wins");
});

test("v13 scene controls: GM buttons added to the token tools object, onChange runs the tool", async () => {
  installFoundry({ generation: 13 });
  const clicked = [];
  vtt.onSceneControls([{ name: "vtt-bridge-fire", title: "Fire", icon: "fa-solid fa-fire", onClick: () => clicked.push("fire") }]);
  const controls = { tokens: { name: "tokens", tools: { select: { name: "select" } } } };
  await fire("getSceneControlButtons", controls);
  const tool = controls.tokens.tools["vtt-bridge-fire"];
  assert.deepEqual({ ...tool, onChange: typeof tool.onChange },
    { name: "vtt-bridge-fire", title: "Fire", icon: "fa-solid fa-fire", button: true, visible: true, order: 1, onChange: "function" });
  tool.onChange(new Event("click"), true);
  assert.deepEqual(clicked, ["fire"]);
});

test("v12 scene controls: buttons pushed onto the token control's tools array, the GM's hidden from a player, everyone's shown", async () => {
  installFoundry({ generation: 12, isGM: false });
  const onClick = () => {};
  vtt.onSceneControls([{ name: "vtt-bridge-fall", title: "Fall", icon: "fa-solid fa-person-falling", onClick },
    { name: "vtt-bridge-macros", title: "Macros", icon: "fa-solid fa-scroll", everyone: true, onClick }]);
  const controls = [{ name: "measure", tools: [] }, { name: "token", tools: [{ name: "select" }] }];
  await fire("getSceneControlButtons", controls);
  assert.deepEqual(controls[1].tools.slice(1), [
    { name: "vtt-bridge-fall", title: "Fall", icon: "fa-solid fa-person-falling", button: true, visible: false, onClick },
    { name: "vtt-bridge-macros", title: "Macros", icon: "fa-solid fa-scroll", button: true, visible: true, onClick },
  ]);
  assert.deepEqual(controls[0].tools, []);
});

test("chat cards: renderChatMessageHTML in v13 (HTMLElement), renderChatMessage in v12 (jQuery); only the bridge's cards", async () => {
  for (const generation of [12, 13]) {
    installFoundry({ generation });
    const seen = [];
    vtt.onChatCard((message, element, rollId) => seen.push([element.id, rollId]));
    const element = Object.assign(new FakeElement(), { id: "li" });
    const html = generation === 13 ? element : { jquery: "3.7", 0: element };
    const card = { getFlag: (module, key) => (module === "vtt-bridge" && key === "roll_id" ? "r-1" : undefined) };
    const other = { getFlag: () => undefined };
    const hook = generation === 13 ? "renderChatMessageHTML" : "renderChatMessage";
    await fire(hook, card, html);
    await fire(hook, other, html);
    assert.deepEqual(Object.keys(Hooks.hooks), [hook]);
    assert.deepEqual(seen, [["li", "r-1"]]);
  }
});

test("actor sheet header: v1 sheets get header buttons with onclick, v2 sheets header controls with onClick", async () => {
  installFoundry();
  const onClick = () => {};
  vtt.onActorSheetHeader((actor) => [{ action: "skill", label: `Roll ${actor.id}`, icon: "fa-solid fa-dice", onClick }]);
  const buttons = [{ label: "Close" }];
  await fire("getActorSheetHeaderButtons", { actor: { id: "a1" } }, buttons);
  assert.deepEqual(buttons, [{ class: "vtt-bridge-skill", label: "Roll a1", icon: "fa-solid fa-dice", onclick: onClick }, { label: "Close" }]);
  const controls = [];
  await fire("getHeaderControlsActorSheetV2", { document: { id: "a2" } }, controls);
  assert.deepEqual(controls, [{ action: "vtt-bridge-skill", label: "Roll a2", icon: "fa-solid fa-dice", onClick }]);
});

test("token HUD: a button per roll in the right column, which runs it on click", async () => {
  for (const generation of [12, 13]) {
    installFoundry({ generation });
    const clicked = [];
    vtt.onTokenHUD((doc) => [{ action: "attack", title: "Attack", icon: "fa-solid fa-crosshairs", onClick: () => clicked.push(doc.id) }]);
    const column = new FakeElement();
    const element = new FakeElement();
    element.found = { ".col.right": column };
    await fire("renderTokenHUD", { object: { document: { id: "t1" } } }, generation === 13 ? element : { jquery: "3.7", 0: element });
    assert.equal(column.children.length, 1);
    assert.equal(column.children[0].className, "control-icon vtt-bridge-attack");
    assert.equal(column.children[0].innerHTML, '<i class="fa-solid fa-crosshairs"></i>');
    column.children[0].dispatch("click");
    assert.deepEqual(clicked, ["t1"]);
  }
});

test("notifications show their text as text in v12 (which renders HTML) and v13 (which only cleans it), escaped once", () => {
  const text = `Bad <img src=x onerror=alert(1)> & <b>"bold"</b> 'quoted' &lt;`;
  for (const generation of [12, 13]) {
    const { calls } = installFoundry({ generation });
    vtt.notify("warn", text);
    assert.deepEqual(calls, [["notify.warn", text]], `v${generation}`);
  }
});

const actors = [{ id: "actor1", name: "Dodger", owners: [IDS.player] }];
const tokens = [{ id: "tok1", name: "Dodger", actorId: "actor1", x: 0, y: 0 }];

test("HP clamping: the bar's value kept within the field's min (else 0) and max; the bridge's figure in the token's flags", async () => {
  const { calls } = installFoundry({ actors: [{ ...actors[0], system: { attributes: { hp: { value: 5, min: -10, max: 10 } } } }], tokens });
  await vtt.setBar("tok1", { value: -13, max: 10 }, { remaining: -13, hit_points: 10 });
  await vtt.setBar("tok1", { value: -4, max: 10 });
  await vtt.setBar("tok1", { value: 14, max: 10 });
  game.settings.set("vtt-bridge", "hpAttribute", "health");
  await vtt.setBar("tok1", { value: -2, max: 10 });
  assert.deepEqual(calls.filter(([name]) => name !== "settings.set"), [
    ["token.setFlag", "tok1", "vtt-bridge", "health", { remaining: -13, hit_points: 10 }],
    ["actor.update", "actor1", { "system.attributes.hp.value": -10, "system.attributes.hp.max": 10 }],
    ["actor.update", "actor1", { "system.attributes.hp.value": -4, "system.attributes.hp.max": 10 }],
    ["actor.update", "actor1", { "system.attributes.hp.value": 10, "system.attributes.hp.max": 10 }],
    ["actor.update", "actor1", { "system.health.value": 0, "system.health.max": 10 }],
  ]);
});

test("condition effects through the actor's embedded ActiveEffects: the module's missing made, its stale deleted, the rest kept; the HP bar through the first bar's attribute or the setting's", async () => {
  const own = { name: "Blessed", img: "icons/svg/angel.svg", statuses: ["bless"] };
  const mine = (name) => ({ name, img: `modules/vtt-bridge/styles/icons/circle.svg`, tint: "#f2c14e", statuses: ["vtt-bridge-circle"],
    flags: { "vtt-bridge": { severity: "minor" } } });
  const { calls } = installFoundry({ actors: [{ ...actors[0], effects: [own, mine("Gashed"), mine("Winded")] }], tokens });
  await vtt.showEffects("tok1", [mine("Winded"), mine("Shaken")]);
  await vtt.showEffects("tok1", [mine("Winded"), mine("Shaken")]);
  await vtt.setBar("tok1", { value: 3, max: 10 });
  game.settings.set("vtt-bridge", "hpAttribute", "health");
  await vtt.setBar("tok1", { value: 2, max: 10 });
  assert.deepEqual(calls, [
    ["deleteEmbeddedDocuments", "actor1", "ActiveEffect", ["effect2"]],
    ["createEmbeddedDocuments", "actor1", "ActiveEffect", [mine("Shaken")]],
    ["actor.update", "actor1", { "system.attributes.hp.value": 3, "system.attributes.hp.max": 10 }],
    ["settings.set", "hpAttribute", "health"],
    ["actor.update", "actor1", { "system.health.value": 2, "system.health.max": 10 }],
  ], "shown again, nothing changes");
  assert.deepEqual(game.actors.get("actor1").effects.map((e) => e.name), ["Blessed", "Winded", "Shaken"], "the GM's own effect left alone");
  await vtt.showEffects("nobody", [mine("Shaken")]);
  assert.equal(calls.length, 5, "a token not on the scene: nothing made");
});

test("ownership: each player's owned actors", () => {
  installFoundry({ actors: [...actors, { id: "actor2", name: "Guard" }] });
  assert.deepEqual(vtt.ownedActors(), { [IDS.player]: ["actor1"], [IDS.other]: [] });
});

test("distances measured on the scene's grid, in meters (feet converted)", () => {
  installFoundry({ units: "m" });
  assert.equal(vtt.meters({ x: 0, y: 0 }, { x: 300, y: 400 }), 4);
  installFoundry({ units: "ft" });
  assert.equal(vtt.meters({ x: 0, y: 0 }, { x: 1000, y: 0 }), 10 * 0.3048);
});

test("the explosion's center is the next click; its circle template is placed in scene units", async () => {
  const { calls } = installFoundry({ units: "ft" });
  const picked = vtt.pickPoint();
  canvas.stage.click({ x: 250, y: 350 });
  const center = await picked;
  assert.deepEqual(center, { x: 250, y: 350 });
  await vtt.placeCircle(center, 3.048);
  assert.equal(calls[0][1], "MeasuredTemplate");
  assert.deepEqual({ ...calls[0][2][0], distance: Math.round(calls[0][2][0].distance * 1000) / 1000 },
    { t: "circle", x: 250, y: 350, distance: 10, fillColor: "#ff6400", flags: { "vtt-bridge": { hazard: "explosion" } } });
});

test("chat cards respect visibility: public to all, blind to the GMs (blind), whisper to the GMs and those named", async () => {
  const { calls } = installFoundry();
  await vtt.postCard({ content: "<p>a</p>", rollId: "r1", alias: "Dodger" });
  await vtt.postCard({ content: "<p>b</p>", rollId: "r2", alias: "Dodger", visibility: "blind", to: [IDS.player] });
  await vtt.postCard({ content: "<p>c</p>", rollId: "r3", alias: "Dodger", visibility: "whisper", to: [IDS.player, "stranger"] });
  assert.deepEqual(calls.map(([, data]) => [data.whisper, data.blind, data.flags["vtt-bridge"].roll_id, data.speaker.alias]), [
    [[], false, "r1", "Dodger"],
    [[IDS.gm], true, "r2", "Dodger"],
    [[IDS.gm, IDS.player], false, "r3", "Dodger"],
  ]);
  assert.equal(vtt.hasCard("r2"), true);
  assert.equal(vtt.hasCard("r4"), false);
});

test("Dice So Nice shows the bridge's faces as a d6 roll on this client; without it nothing is shown", async () => {
  const { calls } = installFoundry({ dice3d: true });
  await vtt.showDice([6, 1, 4]);
  assert.equal(calls.length, 1);
  const [name, roll, user, synchronize] = calls[0];
  assert.deepEqual([name, user.id, synchronize], ["showForRoll", IDS.gm, false]);
  assert.equal(roll.fromData.formula, "3d6");
  assert.equal(roll.fromData.total, 11);
  assert.deepEqual(roll.fromData.terms[0].results, [{ result: 6, active: true }, { result: 1, active: true }, { result: 4, active: true }]);
  installFoundry({ dice3d: false });
  assert.equal(vtt.showDice([6]), null);
});

test("dialogs: DialogV2 whose buttons answer the action and the form's values; the render callback gets the element", async () => {
  for (const generation of [12, 13]) {
    const { dialogs } = installFoundry({ generation });
    const rendered = [];
    const answer = vtt.dialog({ title: "T", content: "<p>x</p>", buttons: [{ action: "go", label: "Go", default: true }], onRender: (el) => rendered.push(el) });
    const { config, resolve } = dialogs[0];
    assert.deepEqual(config.window, { title: "T" });
    const element = new FakeElement();
    config.render(new Event("render"), generation >= 13 ? { element } : element);
    assert.deepEqual(rendered, [element]);
    resolve(config.buttons[0].callback(new Event("click"), { form: fakeForm({ tn: 3, stakes_raised: true, skill: "Stealth" }) }));
    assert.deepEqual(await answer, { action: "go", values: { tn: 3, stakes_raised: true, skill: "Stealth" } });
  }
});

test("templates: foundry.applications.handlebars.renderTemplate in v13, the global in v12", async () => {
  for (const generation of [12, 13]) {
    const { calls } = installFoundry({ generation });
    await vtt.renderTemplate("form", { fields: [] });
    assert.deepEqual(calls, [["renderTemplate", "modules/vtt-bridge/templates/form.hbs", { fields: [] }]]);
  }
});

test("panels: created once in the page, hidden when empty", () => {
  const { panels } = installFoundry();
  vtt.showPanel("vtt-bridge-moments", "<ul></ul>");
  vtt.showPanel("vtt-bridge-moments", "");
  assert.deepEqual(Object.keys(panels), ["vtt-bridge-moments"]);
  assert.equal(panels["vtt-bridge-moments"].hidden, true);
});
