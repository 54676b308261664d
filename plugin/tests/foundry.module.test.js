// module.json valid for Foundry v12 and v13 (required fields, compatibility, the files it names exist), the
// strings the module uses present in lang/en.json, only the adapter touching Foundry's globals, and main.js's
// hooks against the Foundry stand-in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { FakeElement, IDS, installFoundry, fire } from "./foundry.stub.js";

const root = new URL("../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
const manifest = JSON.parse(read("module.json"));
const strings = JSON.parse(read("lang/en.json"));
const scripts = readdirSync(new URL("scripts/", root)).filter((name) => name.endsWith(".js"));

test("module.json: the fields Foundry v12 and v13 require, with a compatibility of 12 to 13", () => {
  assert.equal(manifest.id, "vtt-bridge");
  assert.match(manifest.id, /^[a-z0-9-]+$/);
  for (const field of ["title", "description", "version"]) assert.equal(typeof manifest[field], "string", field);
  assert.match(manifest.version, /^\d+\.\d+\.\d+$/);
  assert.deepEqual(manifest.compatibility, { minimum: "12", verified: "13" });
  assert.equal(manifest.socket, true);
  assert.ok(manifest.authors.every((a) => typeof a.name === "string" && a.name));
  // v12 dropped the v9-era keys for these: a manifest still using them is refused or warned about.
  for (const old of ["name", "minimumCoreVersion", "compatibleCoreVersion", "scripts", "author", "dependencies"]) {
    assert.equal(manifest[old], undefined, old);
  }
  for (const relation of manifest.relationships?.recommends ?? []) assert.deepEqual(Object.keys(relation).sort(), ["id", "reason", "type"]);
});

test("module.json: its esmodules, styles and languages exist, as do the README and CHANGELOG the served manifest names, and the language file parses", () => {
  assert.deepEqual(manifest.esmodules, ["scripts/main.js"]);
  assert.deepEqual(manifest.styles, ["styles/vtt-bridge.css"]);
  assert.deepEqual(manifest.languages, [{ lang: "en", name: "English", path: "lang/en.json" }]);
  for (const path of [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path), "README.md", "CHANGELOG.md"]) {
    assert.ok(existsSync(new URL(path, root)), path);
  }
  assert.equal(typeof strings.VTTBRIDGE, "object");
});

test("every string the module asks for is in lang/en.json", () => {
  const lookup = (key) => key.split(".").reduce((node, part) => node?.[part], strings.VTTBRIDGE);
  const keys = new Set();
  for (const name of scripts) {
    for (const [, key] of read(`scripts/${name}`).matchAll(/vtt\.t\("([^"]+)"/g)) keys.add(key);
    for (const [, key] of read(`scripts/${name}`).matchAll(/label: "(Hazard\.[A-Za-z]+)"/g)) keys.add(key);
  }
  for (const setting of ["bridgeUrl", "worldId", "hpAttribute", "gmKey", "playerToken"]) keys.add(`Settings.${setting}.Name`).add(`Settings.${setting}.Hint`);
  for (const state of ["queued", "started", "running", "retrying"]) keys.add(`Progress.${state}`);
  for (const hazard of ["Fire", "Fall", "Vacuum", "Explosion"]) keys.add(`Hazard.${hazard}`);
  assert.ok(keys.size > 40);
  assert.deepEqual([...keys].filter((key) => typeof lookup(key) !== "string"), []);
});

test("every template the module renders is in templates/", () => {
  const names = new Set(scripts.flatMap((name) => [...read(`scripts/${name}`).matchAll(/vtt\.renderTemplate\("([^"]+)"/g)].map(([, t]) => t)));
  assert.deepEqual([...names].sort(), ["cover", "form"]);
  for (const name of names) assert.ok(existsSync(new URL(`templates/${name}.hbs`, root)), name);
});

test("only scripts/adapter.js touches Foundry's globals", () => {
  const globals = /(?<![\w.$])(game|Hooks|ui|canvas|CONFIG|ChatMessage|Roll|foundry|document|renderTemplate|Dialog|DialogV2|TokenDocument)\s*[.(]/;
  for (const name of scripts.filter((n) => n !== "adapter.js")) {
    const code = read(`scripts/${name}`).replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "")
      .replace(/"(?:[^"\\\n]|\\.)*"/g, '""'); // comments and strings ("Roll.Skill") are not code
    assert.equal(code.match(globals)?.[0] ?? null, null, name);
  }
});

test("main.js: hooks wired at init, settings, status effects and the Bridge dice at setup; without a GM key it says so and stays offline", async () => {
  const { calls, hooks } = installFoundry({ generation: 13, isGM: true, settings: { bridgeDice: true },
    manifest: "http://bridge.lan:8765/plugin/module.json" });
  const main = await import("../scripts/main.js");
  assert.deepEqual(Object.keys(hooks), ["init", "setup", "ready"]);
  await fire("init");
  assert.deepEqual(Object.keys(hooks).slice(3).sort(), ["combatRound", "combatStart", "combatTurn", "deleteCombat",
    "getActorSheetHeaderButtons", "getHeaderControlsActorSheetV2", "getSceneControlButtons", "renderChatMessageHTML", "renderCombatTracker",
    "renderTokenHUD"]);
  await fire("setup");
  assert.equal(game.settings.registered["vtt-bridge.gmKey"].scope, "client");
  assert.equal(game.settings.registered["vtt-bridge.bridgeDice"].scope, "world");
  assert.equal(CONFIG.Dice.fulfillment.defaultMethod, "vtt-bridge");
  assert.equal(CONFIG.Dice.fulfillment.methods["vtt-bridge"].label, "VTTBRIDGE.Dice.Method");
  await fire("ready");
  assert.deepEqual(calls, [["notify.info", "VTTBRIDGE.NoGMKey"]]);
  assert.equal(main.client, null);
  // The viewed scene's bridge combat changing renders the Combat Tracker again (its line of the bridge's turn).
  main.table.applyPush("combat.changed", { scene_id: IDS.scene, version: 1, state: { scene_id: IDS.scene, seat: IDS.gm, round: 1, combatants: [] } });
  assert.deepEqual(calls.splice(1), [["ui.combat.render"]]);
  assert.deepEqual(Object.keys(hooks).slice(13).sort(), ["canvasReady", "createToken", "updateActor"]);

  // The GM's hazard tools in the token controls; offline, a click says the bridge is not connected.
  const controls = { tokens: { tools: {} } };
  await fire("getSceneControlButtons", controls);
  assert.deepEqual(Object.keys(controls.tokens.tools),
    ["vtt-bridge-explosion", "vtt-bridge-fire", "vtt-bridge-fall", "vtt-bridge-vacuum", "vtt-bridge-players", "vtt-bridge-macros"]);
  // Moment of Truth's hazard tools show once the bridge says the world plays it, and hide in a world of another system.
  const shown = async () => {
    const drawn = { tokens: { tools: {} } };
    await fire("getSceneControlButtons", drawn);
    return Object.entries(drawn.tokens.tools).filter(([, tool]) => tool.visible).map(([name]) => name);
  };
  assert.deepEqual(await shown(), ["vtt-bridge-players", "vtt-bridge-macros"], "before the bridge says");
  main.table.applySystem({ system: "moment_of_truth", state: null });
  assert.deepEqual(await shown(), ["vtt-bridge-explosion", "vtt-bridge-fire", "vtt-bridge-fall", "vtt-bridge-vacuum", "vtt-bridge-players", "vtt-bridge-macros"]);
  main.table.applySystem({ system: "two_d20", state: null });
  assert.deepEqual(await shown(), ["vtt-bridge-players", "vtt-bridge-macros"]);
  main.table.applySystem({ system: "moment_of_truth", state: null });
  calls.splice(0);
  controls.tokens.tools["vtt-bridge-fire"].onChange();
  assert.deepEqual(calls.at(-1), ["notify.warn", "VTTBRIDGE.NoGMKey"]);

  // A player sees the macro menu alone.
  game.user = game.users.get(IDS.player);
  const seen = { tokens: { tools: {} } };
  await fire("getSceneControlButtons", seen);
  assert.deepEqual(Object.entries(seen.tokens.tools).filter(([, tool]) => tool.visible).map(([name]) => name), ["vtt-bridge-macros"]);

  // A player's own successful roll without a setback gets the three rewards; with a setback, the failures; others' rolls none.
  const success = { label: "success", success: true, setback: false };
  main.table.addCard({ roll_id: "mine", user: IDS.player, rule: "roll", result: { outcome: success } });
  main.table.addCard({ roll_id: "theirs", user: IDS.other, rule: "roll", result: { outcome: success } });
  main.table.addCard({ roll_id: "setback", user: IDS.player, rule: "roll", result: { outcome: { ...success, setback: true } } });
  const buttons = {};
  for (const rollId of ["mine", "theirs", "setback"]) {
    const card = new FakeElement("article");
    const element = new FakeElement("li");
    element.found = { ".vb-card": card };
    await fire("renderChatMessageHTML", { getFlag: () => rollId }, element);
    buttons[rollId] = card.children.map((b) => [b.className, b.textContent]);
  }
  const taken = [["vtt-bridge-take-failure", "VTTBRIDGE.Roll.TakeFailure"], ["vtt-bridge-take-critical-failure", "VTTBRIDGE.Roll.TakeCriticalFailure"]];
  assert.deepEqual(buttons, { mine: [...taken, ["vtt-bridge-take-setback", "VTTBRIDGE.Roll.TakeSetback"]], theirs: [], setback: taken });
});

test("the connection indicator: connecting, connected, reconnecting, closed in the Status.* words; a refusal with the bridge's reason, as text", async () => {
  const { showStatus, STATUS_PANEL } = await import("../scripts/widgets.js");
  const { panels } = installFoundry();
  for (const state of ["connecting", "connected", "reconnecting", "closed"]) {
    showStatus({ state });
    assert.equal(panels[STATUS_PANEL].innerHTML, `<span class="vb-status vb-status-${state}" data-state="${state}">VTTBRIDGE.Status.${state}</span>`);
    assert.equal(panels[STATUS_PANEL].hidden, false);
  }
  showStatus({ state: "closed", error: { code: "unauthorized", message: "token <expired>" } });
  assert.ok(panels[STATUS_PANEL].innerHTML.endsWith('<span class="vb-status-reason">VTTBRIDGE.Refused {&#34;message&#34;:&#34;token &#60;expired&#62;&#34;}</span>'));
});

test("module.json's version is the project's (pyproject.toml), so Foundry offers each release as an update", () => {
  const manifest = JSON.parse(readFileSync(new URL("module.json", root), "utf8"));
  const project = readFileSync(new URL("../pyproject.toml", root), "utf8").match(/^\[project\][^[]*?^version\s*=\s*"([^"]+)"/ms);
  assert.ok(project, "pyproject.toml names the project's version");
  assert.equal(manifest.version, project[1]);
});

test("the stand-in fires a hook only with the count of arguments foundry.hooks.js declares (held to the types by tsc)", () => {
  installFoundry({ generation: 12 });
  assert.throws(() => Hooks.callAll("updateUser", {}, {}, {}, "u1", { user: "invented" }), /updateUser with 5 arguments; foundry.hooks.js says 4/);
  assert.throws(() => Hooks.callAll("renderChatMessageHTML", {}, {}), /says undefined/, "a v13 hook is not fired on v12");
});
