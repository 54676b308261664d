// The Foundry stand-in (foundry.stub.js) held to what Foundry documents, each behaviour to the source its comment
// cites: fvtt-types' declarations (types/v12, types/v13) and the documented contract of Foundry's core methods.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeDie, FakeElement, IDS, installFoundry, makeCombat, mergeUpdate, settle } from "./foundry.stub.js";

for (const generation of [12, 13]) {
  test(`v${generation}: Hooks.callAll calls every listener in order and returns true at once, waiting for none (hooks.d.mts)`, async () => {
    installFoundry({ generation });
    const seen = [];
    Hooks.on("ready", async () => { seen.push("first began"); await settle(); seen.push("first ended"); });
    Hooks.on("ready", () => { seen.push("second"); });
    assert.equal(Hooks.callAll("ready"), true);
    assert.deepEqual(seen, ["first began", "second"], "the async listener has not ended when callAll returns");
    await settle();
    assert.deepEqual(seen, ["first began", "second", "first ended"]);
  });

  test(`v${generation}: a Combat starts at round 1 turn 0 after combatStart, fired before the update; turns by initiative, ties by id; setInitiative keeps the current combatant (combat.d.mts)`, async () => {
    installFoundry({ generation });
    const combat = makeCombat([{ id: "c", tokenId: "t3" }, { id: "a", tokenId: "t1" }, { id: "b", tokenId: "t2" }]);
    assert.deepEqual([combat.round, combat.turn], [0, null]);
    const atStart = [];
    Hooks.on("combatStart", (started, update) => atStart.push([started.turn, update]));
    await combat.startCombat();
    assert.deepEqual(atStart, [[null, { round: 1, turn: 0 }]], "the hook saw the combat before its update");
    assert.deepEqual([combat.round, combat.turn, combat.combatant.id], [1, 0, "a"], "no initiative: by id");
    await combat.setInitiative("c", 10);
    assert.deepEqual(combat.turns.map((c) => c.id), ["c", "a", "b"]);
    assert.equal(combat.combatant.id, "a", "the turn stays on the combatant who had it");
    await combat.setInitiative("b", 10);
    assert.deepEqual(combat.turns.map((c) => c.id), ["b", "c", "a"], "a tie broken by id");
    const turned = [];
    Hooks.on("combatTurn", (c, update, options) => turned.push([c.turn, update, options.direction]));
    Hooks.on("combatRound", (c, update, options) => turned.push([c.round, update, options.direction]));
    await combat.nextTurn(); // a is last: the next round
    assert.deepEqual(turned, [[1, { round: 2, turn: 0 }, 1]]);
    await combat.nextTurn();
    assert.deepEqual(turned.at(-1), [0, { round: 2, turn: 1 }, 1]);
    assert.equal(combat.combatant.id, "c");
  });

  test(`v${generation}: the Combat Tracker renders ${generation >= 13 ? "its parts again inside one root (ApplicationV2)" : "a new element each time (Application v1)"}`, () => {
    installFoundry({ generation });
    const roots = [];
    Hooks.on("renderCombatTracker", (_app, html) => roots.push(html.jquery ? html[0] : html));
    ui.combat.render();
    roots[0].prepend(Object.assign(new FakeElement("div"), { className: "added" }));
    ui.combat.render();
    assert.equal(roots[0] === roots[1], generation >= 13);
    assert.equal(Boolean(roots[1].querySelector(".added")), generation >= 13, "what a hook added stays only in v13's root");
    assert.ok(roots[1].querySelector(".combat-tracker-tracker"));
  });
}

test("setFlag merges objects into the document's flags, and -=key deletes (ClientDocument#setFlag through Document#update)", async () => {
  installFoundry({ actors: [{ id: "a1", name: "Dodger", flags: { sheet: { skills: { Stealth: 2, Climb: 1 }, armor: "Vest" } } }] });
  const actor = game.actors.get("a1");
  await actor.setFlag("vtt-bridge", "sheet", { skills: { Brawl: 1 } });
  assert.deepEqual(actor.getFlag("vtt-bridge", "sheet"), { skills: { Stealth: 2, Climb: 1, Brawl: 1 }, armor: "Vest" });
  await actor.setFlag("vtt-bridge", "sheet", { skills: { "-=Climb": null }, "-=armor": null });
  assert.deepEqual(actor.getFlag("vtt-bridge", "sheet"), { skills: { Stealth: 2, Brawl: 1 } });
  assert.deepEqual(mergeUpdate({ list: [1, 2] }, { list: [3] }), { list: [3] }, "an array is a value: replaced");
  const flags = {};
  installFoundry({ isGM: false, flags });
  await game.user.setFlag("vtt-bridge", "digest", "d1");
  await game.user.setFlag("vtt-bridge", "offered", "d1");
  assert.deepEqual(flags[IDS.player]["vtt-bridge"], { digest: "d1", offered: "d1" });
});

test("a die: minimized or maximized, evaluated deterministically with no fulfillment method asked; roll() asks it without those options, then overrides (dice.d.mts, term.d.mts)", async () => {
  installFoundry();
  const asked = [];
  CONFIG.Dice.fulfillment.methods.m = { label: "m", interactive: false, handler: async (_term, options) => { asked.push(options); return 4; } };
  CONFIG.Dice.fulfillment.defaultMethod = "m";
  assert.deepEqual(new FakeDie({ number: 2, faces: 6 }).evaluate({ minimize: true }).results.map((r) => r.result), [1, 1]);
  assert.deepEqual(new FakeDie({ number: 1, faces: 8 }).evaluate({ maximize: true }).results.map((r) => r.result), [8]);
  assert.deepEqual(asked, []);
  assert.deepEqual((await new FakeDie({ number: 1, faces: 6 }).evaluate()).results.map((r) => r.result), [4]);
  const die = new FakeDie({ number: 1, faces: 6 });
  assert.equal((await die.roll({ maximize: true, allowInteractive: false })).result, 6, "the method's face thrown away");
  assert.deepEqual(asked, [{}, { allowInteractive: false }], "the handler never sees minimize or maximize");
});

test("game.settings.get throws for a key never registered (ClientSettings#get), and gives a registered one's default", () => {
  installFoundry({ setup: false });
  assert.throws(() => game.settings.get("vtt-bridge", "worldId"), /"vtt-bridge.worldId" is not a registered game setting/);
  game.settings.register("vtt-bridge", "worldId", { scope: "world", default: "my-world" });
  assert.equal(game.settings.get("vtt-bridge", "worldId"), "my-world");
  assert.deepEqual(game.settings.get("core", "diceConfiguration"), {});
});

test("an actor's ActiveEffects: made with ids and deleted by id as embedded documents (document.d.mts); temporary with a status or a duration (ActiveEffect#isTemporary), the token's drawn icons (Actor#temporaryEffects); the actor's statuses gathered from its effects (Actor#statuses)", async () => {
  installFoundry({ actors: [{ id: "a1", name: "Ann", effects: [{ name: "Blessed", statuses: ["bless"] }, { name: "Ring", img: "ring.svg" }] }] });
  const actor = game.actors.get("a1");
  assert.deepEqual(actor.temporaryEffects.map((e) => e.name), ["Blessed"], "no status, no duration: not drawn");
  const made = await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Haste", duration: { rounds: 3 } }, { name: "Stunned", statuses: ["stun"], tint: "#ff0000" }]);
  assert.deepEqual(made.map((e) => [e.id, e.name, e.tint]), [["effect3", "Haste", "#ffffff"], ["effect4", "Stunned", "#ff0000"]]);
  assert.deepEqual(actor.temporaryEffects.map((e) => e.name), ["Blessed", "Haste", "Stunned"]);
  assert.deepEqual([...actor.statuses], ["bless", "stun"]);
  const gone = await actor.deleteEmbeddedDocuments("ActiveEffect", ["effect1", "effect4"]);
  assert.deepEqual(gone.map((e) => e.name), ["Blessed", "Stunned"]);
  assert.deepEqual(actor.effects.map((e) => e.id), ["effect2", "effect3"]);
  assert.deepEqual([...actor.statuses], []);
});
