/**
 * The one module that touches Foundry's globals (game, Hooks, ui, canvas, CONFIG, ChatMessage, Roll,
 * foundry.*) and the page's document. Everything else in scripts/ asks this module, so it stays plain
 * and testable. Works with Foundry v12 and v13: where the two differ, the difference is handled here.
 */

import { escapeHTML } from "../core/cards.js";

export const MODULE_ID = "vtt-bridge";
const SOCKET = `module.${MODULE_ID}`;
const METERS_PER = { m: 1, meter: 1, meters: 1, ft: 0.3048, feet: 0.3048, foot: 0.3048 };

/** Foundry's major version (12, 13, ...). */
export function generation() {
  return Number(game.release?.generation ?? 12);
}

// ---------------------------------------------------------------- settings

/**
 * The module's settings. World (every client reads them): the bridge's URL (by default the bridge the
 * module was installed from) and world id, the actor attribute the HP bar shows, the players the GM keeps
 * off the bridge. Client (this browser only): the GM key, typed once by the GM, and a player's token. Call
 * from the "setup" hook, where game.user is known.
 */
export function registerSettings() {
  const isGM = game.user.isGM;
  const setting = (key, scope, type, def, config = true) =>
    game.settings.register(MODULE_ID, key, {
      name: `VTTBRIDGE.Settings.${key}.Name`,
      hint: `VTTBRIDGE.Settings.${key}.Hint`,
      scope, config, type, default: def,
      requiresReload: config,
    });
  setting("bridgeUrl", "world", String, installedFrom());
  setting("worldId", "world", String, "my-world");
  setting("hpAttribute", "world", String, "");
  setting("templateSeconds", "world", Number, 0);
  setting("sheetMapping", "world", String, "");
  setting("bridgeDice", "world", Boolean, false);
  setting("gmKey", "client", String, "", isGM);
  setting("playerToken", "client", Object, {}, false);
  setting("revokedUsers", "world", Array, [], false);
}

/**
 * The bridge this module was installed from: its manifest URL without `/plugin/module.json` (the bridge
 * serves the manifest there, naming its public URL), or "" for a module installed otherwise. Every player's
 * browser then reaches the same bridge as the GM's, never its own machine.
 */
export function installedFrom() {
  const manifest = String(game.modules.get(MODULE_ID)?.manifest ?? "");
  return /^(https?:\/\/[^/]+(?:\/.*?)?)\/plugin\/module\.json$/.exec(manifest)?.[1] ?? "";
}

/**
 * A setting's value.
 * @template {"bridgeUrl"|"worldId"|"hpAttribute"|"templateSeconds"|"sheetMapping"|"bridgeDice"|"gmKey"|"playerToken"|"revokedUsers"} K
 * @param {K} key
 * @returns {ClientSettings.SettingInitializedType<"vtt-bridge", K>}
 */
export function setting(key) {
  return game.settings.get(MODULE_ID, key);
}

/**
 * Adds a non-interactive dice fulfillment method (CONFIG.Dice.fulfillment) and makes it the default
 * for the dice a user has not set to another method (Foundry's Dice Configuration).
 * @param {string} name
 * @param {{label: string, icon: string, handler: (term: foundry.dice.terms.DiceTerm) => Promise<number|undefined>}} method
 */
export function addDiceMethod(name, { label, icon, handler }) {
  // v13's types require `resolver`, which Foundry's API documentation marks optional: only interactive methods use one.
  CONFIG.Dice.fulfillment.methods[name] = /** @type {CONFIG.Dice.FulfillmentMethod} */ (
    /** @type {unknown} */ ({ label, icon, interactive: false, handler }));
  CONFIG.Dice.fulfillment.defaultMethod = name;
}

/**
 * Stores the players the GM keeps off the bridge (their user ids); GM only, a world setting.
 * @param {string[]} userIds
 */
export function saveRevokedUsers(userIds) {
  return game.settings.set(MODULE_ID, "revokedUsers", userIds);
}

/**
 * Stores this player's bridge token (`{}`: none).
 * @param {{token?: string, expires_at?: number, world?: string}} value
 */
export function savePlayerToken(value) {
  return game.settings.set(MODULE_ID, "playerToken", value);
}

// ---------------------------------------------------------------- users

/** This client's user: {id, name, isGM}. */
export function me() {
  const { id, name, isGM } = game.user;
  return { id, name, isGM };
}

/** Whether this client is the active GM's (the one that writes tokens and chat cards). */
export function isActiveGM() {
  return game.users.activeGM?.id === game.user.id;
}

/** Whether any GM is connected to Foundry. */
export function hasActiveGM() {
  return Boolean(game.users.activeGM);
}

/** Every user of the world: [{id, name, isGM, active}]. */
export function users() {
  return game.users.map(({ id, name, isGM, active }) => ({ id, name, isGM, active }));
}

// ---------------------------------------------------------------- hooks

/** Foundry's Hooks.on. */
export function on(hook, fn) {
  return Hooks.on(hook, fn);
}

/** Foundry's Hooks.once. */
export function once(hook, fn) {
  return Hooks.once(hook, fn);
}

/** The element of a render hook: v13 passes an HTMLElement, v12 a jQuery object. */
export function elementOf(html) {
  return html?.jquery ? html[0] : html;
}

/**
 * Calls fn(message, element, rollId) as each chat message is rendered: `renderChatMessageHTML`
 * (v13, HTMLElement) or `renderChatMessage` (v12, jQuery). rollId: the bridge card it shows, if any.
 */
export function onChatCard(fn) {
  /** @param {ChatMessage.Implementation} message @param {HTMLElement} element */
  const shown = (message, element) => {
    const rollId = message.getFlag(MODULE_ID, "roll_id");
    if (rollId) fn(message, element, rollId);
  };
  if (generation() >= 13) Hooks.on("renderChatMessageHTML", (message, html) => shown(message, html));
  else Hooks.on("renderChatMessage", (message, html) => shown(message, elementOf(html)));
}

/**
 * Adds buttons to every actor sheet's header: `getActorSheetHeaderButtons` (ApplicationV1 sheets, v12
 * and v13) and `getHeaderControlsActorSheetV2` (ApplicationV2 sheets, v13).
 * buttonsFor(actor) -> [{action, label, icon, onClick}].
 */
export function onActorSheetHeader(buttonsFor) {
  // Foundry passes both hooks an array. foundry-vtt-types 13.345.1 declares `get<App>HeaderButtons` with a
  // render hook's (app, html: JQuery) and getHeaderControls<App>'s controls as one HeaderControlsEntry; the
  // Array.isArray checks keep to what Foundry passes while the callbacks accept what the types declare.
  Hooks.on("getActorSheetHeaderButtons", (sheet, buttons) => {
    if (!Array.isArray(buttons)) return;
    for (const b of buttonsFor(sheet.actor)) {
      buttons.unshift({ class: `${MODULE_ID}-${b.action}`, label: b.label, icon: b.icon, onclick: b.onClick });
    }
  });
  Hooks.on("getHeaderControlsActorSheetV2", (sheet, controls) => {
    if (!Array.isArray(controls)) return;
    for (const b of buttonsFor(sheet.document)) {
      controls.push({ action: `${MODULE_ID}-${b.action}`, label: b.label, icon: b.icon, onClick: b.onClick });
    }
  });
}

/**
 * Adds buttons to the token HUD's right column (`renderTokenHUD`: v12 jQuery, v13 HTMLElement).
 * buttonsFor(tokenDocument) -> [{action, title, icon, onClick}].
 */
export function onTokenHUD(buttonsFor) {
  Hooks.on("renderTokenHUD", (hud, html) => {
    const column = elementOf(html).querySelector(".col.right");
    if (!column) return;
    for (const b of buttonsFor(hud.object.document)) {
      const button = document.createElement("div");
      button.className = `control-icon ${MODULE_ID}-${b.action}`;
      button.dataset.tooltip = b.title;
      button.innerHTML = `<i class="${b.icon}"></i>`;
      button.addEventListener("click", (event) => { event.preventDefault(); b.onClick(); });
      column.append(button);
    }
  });
}

/**
 * Adds buttons to the token controls (`getSceneControlButtons`: v13 passes an object of controls
 * keyed by name, each with an object of tools; v12 an array of controls, each with an array of tools).
 * tools: [{name, title, icon, onClick, everyone?, shown?}]: the GM's only, unless `everyone`; none while
 * `shown()` says no (the controls are drawn again by `redrawControls`).
 */
export function onSceneControls(tools) {
  /** @param {{name: string, tools: object[]}[] | Record<string, {tools: Record<string, object>}>} controls */
  const addTools = (controls) => {
    const visible = (t) => Boolean((t.everyone || game.user.isGM) && (t.shown?.() ?? true));
    if (Array.isArray(controls)) {
      const token = controls.find((c) => c.name === "token");
      for (const t of tools) token?.tools.push({ name: t.name, title: t.title, icon: t.icon, button: true, visible: visible(t), onClick: t.onClick });
      return;
    }
    const token = controls.tokens;
    if (!token) return;
    for (const t of tools) {
      token.tools[t.name] = {
        name: t.name, title: t.title, icon: t.icon, button: true, visible: visible(t),
        order: Object.keys(token.tools).length, onChange: () => t.onClick(),
      };
    }
  };
  Hooks.on("getSceneControlButtons", addTools);
}

/** Draws the scene controls again (a tool's `shown` changed). */
export function redrawControls() {
  return ui.controls?.render();
}

// ---------------------------------------------------------------- the token handoff

/*
 * Foundry's part of the token handoff (docs/protocol.md, Token handoff), the same on v12 and v13: a
 * player's digest travels in its own User document's flags, which only that user and the GMs may write.
 * The published types promise both halves (foundry-vtt-types 12.331.5 and 13.345.1):
 * - common/documents/user.d.mts, BaseUser#getUserLevel: "Returns `.OWNER` for the User in question,
 *   `.NONE` for everyone else";
 * - client/hooks.d.mts, the update hooks (UpdateDocument): they fire "for all connected clients", with
 *   `userId`, "The ID of the User who triggered the update workflow".
 * v13's queries tell their handler nothing of who asked (CONFIG.Queries' handlers take the query data;
 * User#query(queryName, queryData, {timeout})), and game.socket is an untyped socket.io Socket: neither
 * promises the sender's identity, so the handoff rests on neither.
 */

/**
 * Publishes this user's digest in its User flags and waits for the active GM's client to mark it
 * offered there: resolves then; rejects after `timeoutMs`.
 * @param {string} digest
 */
export function awaitOffer(digest, timeoutMs = 15000) {
  return /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
    const hook = Hooks.on("updateUser", (user) => {
      if (user.id !== game.user.id || user.getFlag(MODULE_ID, "offered") !== digest) return;
      clearTimeout(timer);
      Hooks.off("updateUser", hook);
      resolve();
    });
    const timer = setTimeout(() => { Hooks.off("updateUser", hook); reject(new Error("the GM did not answer")); }, timeoutMs);
    game.user.setFlag(MODULE_ID, "digest", digest).catch(reject);
  }));
}

/**
 * On the GM's client: offer(userId, digest) for each player's digest not offered yet (those waiting
 * now, then each one a player writes), then marks it offered on the player's User. Only the active GM
 * offers; a digest two players show (one copied it) is offered to neither, nor is any digest of a player
 * the GM keeps off the bridge (`revokedUsers`): a revoked player's new digest does not bring them back.
 * @param {(user: string, digest: string) => Promise<unknown>} offer
 */
export function answerDigests(offer) {
  const handle = async (user) => {
    const digest = user.getFlag(MODULE_ID, "digest");
    if (!isActiveGM() || user.isGM || !digest || user.getFlag(MODULE_ID, "offered") === digest) return;
    if (setting("revokedUsers").includes(user.id)) return;
    if (game.users.some((other) => other.id !== user.id && other.getFlag(MODULE_ID, "digest") === digest)) return;
    try {
      await offer(user.id, digest);
      await user.setFlag(MODULE_ID, "offered", digest);
    } catch (error) {
      notify("error", t("HandoffFailed", { name: user.name, message: error.message }));
    }
  };
  for (const user of game.users) handle(user);
  Hooks.on("updateUser", (user, change, _options, userId) => {
    if (userId === user.id && change.flags?.[MODULE_ID]?.digest) handle(user);
  });
}

// ---------------------------------------------------------------- the module socket

/** Tells the table the GM's bridge connection is up (players without a token then ask for one). */
export function announceGMReady() {
  game.socket.emit(SOCKET, { type: "gm.ready" });
}

/** Calls fn() when the GM's client announces its bridge connection. */
export function onGMReady(fn) {
  game.socket.on(SOCKET, (message) => { if (message?.type === "gm.ready") fn(); });
}

// ---------------------------------------------------------------- actors and tokens

/** An actor as plain data: {id, name, flags (the module's), system, mapping (the world's sheet mapping, JSON text)}. */
export function actorData(actor) {
  return { id: actor.id, name: actor.name, flags: actor.flags?.[MODULE_ID] ?? {}, system: actor.system ?? {}, mapping: setting("sheetMapping") };
}

/** The actor by id, or null. */
export function actor(id) {
  return actors().find((a) => a.id === id) ?? null;
}

/**
 * The world's actors as their document class. foundry-vtt-types 13.345.1 types the documents of
 * `game.actors` (and `game.messages`) through `ConfiguredActor<Type>` left unresolved, with no member
 * known; Foundry gives instances of the configured class, `Actor.Implementation`.
 * @returns {Actor.Implementation[]}
 */
function actors() {
  return /** @type {Actor.Implementation[]} */ (/** @type {unknown} */ (game.actors.contents));
}

/** Whether this user owns the actor. */
export function owns(actorId) {
  return Boolean(actor(actorId)?.isOwner);
}

/** The ids of the actors each non-GM user owns: {userId: [actorId]}. */
export function ownedActors() {
  /** @type {Object<string, string[]>} */
  const owned = {};
  for (const user of game.users) {
    if (user.isGM) continue;
    owned[user.id] = actors().filter((a) => a.testUserPermission(user, "OWNER")).map((a) => String(a.id));
  }
  return owned;
}

// ---------------------------------------------------------------- the Combat Tracker

/**
 * A Combat as plain data: its scene, its combatants in Foundry's turn order (`turns`), and ways to
 * write a combatant's initiative and to move the turn.
 * @param {Combat.Implementation} combat
 */
export function combatData(combat) {
  const sceneId = combat.scene?.id ?? canvas?.scene?.id ?? null;
  return {
    id: combat.id, sceneId,
    combatants: combat.combatants.contents.map((c) => ({ id: c.id, tokenId: c.tokenId, actorId: c.actorId })),
    /** Foundry's turn order as it is now (setInitiative sorts it again). */
    get turns() { return combat.turns.map((c) => ({ id: c.id, tokenId: c.tokenId, actorId: c.actorId })); },
    /** @param {string} combatantId @param {number} value */
    setInitiative: (combatantId, value) => combat.setInitiative(combatantId, value),
    /**
     * Moves Foundry's turn to the combatant at `index` of `turns` (Combat#update: no turn hook fires).
     * @param {number} index
     */
    setTurn: (index) => combat.update({ turn: index }),
  };
}

/**
 * Calls back as Foundry's Combat Tracker runs an encounter: `start` (Begin Combat, on the clicking client),
 * `advance(combat, turn)` (next turn or next round, forward only: the index of the combatant whose turn
 * begins), `end` (the encounter deleted, on every client).
 * @param {{start: Function, advance: Function, end: Function}} on
 */
export function onCombat({ start, advance, end }) {
  Hooks.on("combatStart", (combat) => { start(combatData(combat)); });
  Hooks.on("combatTurn", (combat, update, options) => { if (options.direction > 0) advance(combatData(combat), update.turn); });
  Hooks.on("combatRound", (combat, update, options) => { if (options.direction > 0) advance(combatData(combat), update.turn); });
  Hooks.on("deleteCombat", (combat) => { end(combatData(combat)); });
}

/**
 * Shows html (from lineFor()) at the top of the Combat Tracker each time it renders (`renderCombatTracker`:
 * v12 jQuery, v13 HTMLElement); `showInTracker()` renders it again.
 * @param {() => string} lineFor
 */
export function onCombatTracker(lineFor) {
  Hooks.on("renderCombatTracker", (_app, html) => {
    const element = elementOf(html);
    // v13's tracker (ApplicationV2) renders its parts again inside the same root: the line of the last render is
    // still there, so it is replaced, or removed when there is none to show.
    element.querySelector(`.${MODULE_ID}-combat-turn`)?.remove();
    const line = document.createElement("div");
    line.className = `${MODULE_ID}-combat-turn`;
    line.innerHTML = lineFor();
    if (line.innerHTML) element.prepend(line);
  });
}

/** Renders the Combat Tracker again (its bridge line changed). */
export function showInTracker() {
  return ui.combat?.render();
}

/**
 * Stores the module's data on an actor (its stat block for the bridge), replacing what was there: setFlag
 * merges objects, so each key the new data lacks (a removed or renamed skill) is deleted with `-=key`.
 */
export function saveActorFlags(actorId, data) {
  const doc = actor(actorId);
  return doc?.setFlag(MODULE_ID, "sheet", replacing(doc.getFlag(MODULE_ID, "sheet"), data));
}

/**
 * What to write over `old` with Foundry's merging update so that `value` is what stays: `value`, with
 * `-=key: null` for each key of `old` it lacks, at every depth of plain objects.
 * @param {unknown} old
 * @param {object} value
 * @returns {object}
 */
export function replacing(old, value) {
  const plain = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);
  if (!plain(old)) return value;
  const before = /** @type {Object<string, unknown>} */ (old);
  /** @type {Object<string, unknown>} */
  const written = {};
  for (const [key, each] of Object.entries(value)) written[key] = plain(each) ? replacing(before[key], each) : each;
  for (const key of Object.keys(before)) if (!(key in value)) written[`-=${key}`] = null;
  return written;
}

/** A token on a scene as plain data: {id, name, actorId, sceneId, center}. */
function tokenData(doc) {
  const object = doc.object;
  const grid = doc.parent?.grid?.size ?? canvas?.grid?.size ?? 100;
  const center = object?.center ?? { x: doc.x + (doc.width * grid) / 2, y: doc.y + (doc.height * grid) / 2 };
  return { id: doc.id, name: doc.name, actorId: doc.actorId ?? doc.actor?.id ?? null, sceneId: doc.parent?.id ?? null, center };
}

/** The tokens of the scene on the canvas. */
export function sceneTokens() {
  return canvas?.scene?.tokens.map(tokenData) ?? [];
}

/** The tokens this user has selected. */
export function controlledTokens() {
  return board().tokens.controlled.map((t) => tokenData(t.document));
}

/** The tokens this user targets. */
export function targetedTokens() {
  return [...game.user.targets].map((t) => tokenData(t.document));
}

/** The canvas scene's id, or null. */
export function sceneId() {
  return canvas?.scene?.id ?? null;
}

/** A token of the canvas scene as plain data, or null. */
export function token(id) {
  const doc = canvas?.scene?.tokens.get(id);
  return doc ? tokenData(doc) : null;
}

/** A token of an actor on the canvas scene (its first), or null. */
export function tokenOfActor(actorId) {
  const doc = canvas?.scene?.tokens.find((t) => t.actorId === actorId);
  return doc ? tokenData(doc) : null;
}

/** Calls fn(tokenData) when a token is placed or changes its actor link (GM clients). */
export function onTokenPlaced(fn) {
  Hooks.on("createToken", (doc) => fn(tokenData(doc)));
}

/** Calls fn(actorId) when an actor's bridge stats (the module's flags) or its owners change. */
export function onActorChanged(fn) {
  Hooks.on("updateActor", (doc, changes) => {
    if (changes.flags?.[MODULE_ID] || changes.ownership) fn(doc.id);
  });
}

/**
 * Makes a token's actor carry the module's condition effects listed, and no other of the module's:
 * each an ActiveEffect (`{name, img, tint, statuses, flags}`, ActiveEffectData) made or deleted through
 * Document#createEmbeddedDocuments / #deleteEmbeddedDocuments; one the actor has already, same name, icon
 * and tint, stays. An effect with a status is temporary (ActiveEffect#isTemporary), so the token draws its
 * icon, tinted (Token#_drawEffect). Effects the module did not make are left alone. An effect's `tint` is a
 * Color (ColorField), whose string is its CSS hex (Color#css, "an alias for Color#toString").
 * @param {string} tokenId
 * @param {{name: string, img: string, tint: string, statuses: string[], flags: object}[]} effects
 */
export async function showEffects(tokenId, effects) {
  const actor = canvas?.scene?.tokens.get(tokenId)?.actor;
  if (!actor) return;
  const key = (/** @type {{name: string, img?: string|null, tint?: unknown}} */ e) => `${e.name}|${e.img}|${String(e.tint)}`;
  const ours = actor.effects.filter((e) => e.getFlag(MODULE_ID, "severity") !== undefined);
  const wanted = new Set(effects.map(key));
  const stale = ours.filter((e) => !wanted.has(key(e))).map((e) => String(e.id));
  const kept = new Set(ours.filter((e) => wanted.has(key(e))).map(key));
  const missing = effects.filter((e) => !kept.has(key(e)));
  if (stale.length) await actor.deleteEmbeddedDocuments("ActiveEffect", stale);
  if (missing.length) await actor.createEmbeddedDocuments("ActiveEffect", missing);
}

/**
 * Writes {value, max} to the actor attribute the token's first bar shows (or the `hpAttribute`
 * setting, e.g. "attributes.hp"), the value kept within the field's bounds (its `min`, else 0, and
 * `max`): many systems refuse hit points below them. The bridge's whole figure stays in the token's
 * flags (`flags.vtt-bridge.health`) and in the cards.
 * @param {string} tokenId
 * @param {{value: number, max: number}} bar
 * @param {object} [health] the TokenState's `health`
 */
export async function setBar(tokenId, { value, max }, health) {
  const doc = canvas?.scene?.tokens.get(tokenId);
  const attribute = setting("hpAttribute") || doc?.bar1?.attribute;
  if (!doc?.actor || !attribute) return null;
  const field = /** @type {{min?: number}|undefined} */ (foundry.utils.getProperty(doc.actor.system, attribute));
  const min = Number.isFinite(field?.min) ? Number(field?.min) : 0;
  if (health) await doc.setFlag(MODULE_ID, "health", health);
  return doc.actor.update({ [`system.${attribute}.value`]: Math.min(max, Math.max(min, value)), [`system.${attribute}.max`]: max });
}

// ---------------------------------------------------------------- the canvas

/** Meters in one of the scene's distance units (feet or meters; an unknown unit counts as a meter). */
function metersPerUnit() {
  return METERS_PER[String(board().scene.grid.units).toLowerCase()] ?? 1;
}

/** The canvas and the scene it shows; throws when none is drawn (the module's canvas work follows "canvasReady"). */
function board() {
  const { ready, scene, grid, stage, tokens } = canvas ?? {};
  if (!ready || !scene || !grid || !stage || !tokens) throw new Error("no scene is on the canvas");
  return { scene, grid, stage, tokens };
}

/** Meters between two canvas points, measured on the scene's grid (v12+ measurePath). */
export function meters(a, b) {
  const { distance } = board().grid.measurePath([a, b], {});
  return distance * metersPerUnit();
}

/** The canvas point of the user's next click. */
export function pickPoint() {
  const { stage } = board();
  return new Promise((resolve) => {
    stage.once("pointerdown", (event) => {
      const { x, y } = event.getLocalPosition(stage);
      resolve({ x, y });
    });
  });
}

/**
 * Places a circle template of `radius` meters at a canvas point.
 * @returns {Promise<string|null>} the template's id
 */
export async function placeCircle(center, radius) {
  const [template] = await board().scene.createEmbeddedDocuments("MeasuredTemplate", [{
    t: "circle", x: center.x, y: center.y, distance: radius / metersPerUnit(), fillColor: "#ff6400",
    flags: { [MODULE_ID]: { hazard: "explosion" } },
  }]) ?? [];
  return template?.id ?? null;
}

/** Removes a template from the viewed scene, if it is still there. */
export async function removeTemplate(id) {
  const scene = canvas?.scene;
  if (scene?.templates.has(id)) await scene.deleteEmbeddedDocuments("MeasuredTemplate", [id]);
}

// ---------------------------------------------------------------- chat, dice, dialogs, notices

/** The user ids of the GMs. */
function gmIds() {
  return game.users.filter((u) => u.isGM).map((u) => u.id);
}

/**
 * Posts a bridge card to the chat. visibility: public (everyone), blind (the GMs; the roller sees
 * that a roll was made), whisper (the GMs and the users named in `to`).
 */
/**
 * Posts a bridge card to the chat. visibility: public (everyone), blind (the GMs, as a blind roll),
 * whisper (the GMs and the users named in `to`), self (this user alone: a blind roll's notice, flagged
 * `notice_of` so that the card itself is still posted).
 * @param {{content: string, rollId: string, alias: string, visibility?: string, to?: string[], notice?: boolean}} card
 */
export function postCard({ content, rollId, alias, visibility = "public", to = [], notice = false }) {
  const known = new Set(game.users.map((u) => u.id));
  const readers = { public: [], self: [game.user.id], whisper: [...gmIds(), ...to] }[visibility] ?? gmIds();
  return ChatMessage.create({
    content,
    speaker: { alias },
    whisper: [...new Set(readers)].filter((id) => known.has(id)),
    blind: visibility === "blind",
    flags: { [MODULE_ID]: notice ? { notice_of: rollId } : { roll_id: rollId } },
  });
}

/** Whether the chat already holds the bridge card with this roll_id. */
export function hasCard(rollId) {
  const messages = /** @type {ChatMessage.Implementation[]} */ (/** @type {unknown} */ (game.messages.contents)); // see actors()
  return messages.some((m) => m.getFlag(MODULE_ID, "roll_id") === rollId);
}

/** Shows dice faces (d6) with Dice So Nice when it is installed: its showForRoll on this client only. */
export function showDice(faces) {
  if (!game.dice3d || !faces.length) return null;
  const total = faces.reduce((a, b) => a + b, 0);
  // Roll.fromData marks the roll evaluated unless its data says otherwise (Roll.Data has no such field).
  const roll = Roll.fromData({
    formula: `${faces.length}d6`, results: [total], total,
    terms: [{ class: "Die", number: faces.length, faces: 6, modifiers: [], options: {},
      results: faces.map((result) => ({ result, active: true })) }],
  });
  return game.dice3d.showForRoll(roll, game.user, false);
}

/** The values of a form's named fields: checkboxes as booleans, numbers as numbers, a multiple select's choices as a list. */
export function formValues(form) {
  const values = {};
  for (const field of form.elements) {
    if (!field.name) continue;
    if (field.type === "checkbox") values[field.name] = field.checked;
    else if (field.type === "select-multiple") values[field.name] = [...field.selectedOptions].map((option) => option.value);
    else if (field.type === "number") values[field.name] = field.value === "" ? null : Number(field.value);
    else values[field.name] = field.value;
  }
  return values;
}

/**
 * A dialog (DialogV2, v12 and v13) whose buttons answer {action, values}, or null when dismissed.
 * onRender(element) runs when it shows (v12 passes the dialog's element, v13 the application).
 * @param {{title: string, content: string, buttons: {action: string, label: string, icon?: string, default?: boolean}[],
 *   onRender?: (element: HTMLElement) => void}} options
 * @returns {Promise<{action: string, values: Object<string, any>} | null>}
 */
export function dialog({ title, content, buttons, onRender }) {
  // Foundry merges `window` into its defaults; 12.331.5's types ask for every WindowConfiguration field.
  const window = /** @type {foundry.applications.api.ApplicationV2.WindowConfiguration} */ ({ title });
  // 12.331.5's types give wait() the clicked action's name; Foundry resolves with the callback's value.
  return /** @type {Promise<{action: string, values: Object<string, any>} | null>} */ (/** @type {unknown} */ (foundry.applications.api.DialogV2.wait({
    window,
    content,
    rejectClose: false,
    buttons: buttons.map((b) => ({
      action: b.action, label: b.label, icon: b.icon, default: b.default,
      callback: (_event, button) => ({ action: b.action, values: formValues(button.form) }),
    })),
    render: (_event, shown) => onRender?.(dialogElement(shown)),
  })));
}

/** The element of a shown dialog: v13 passes the application (its `element`), v12 the element. */
function dialogElement(shown) {
  const { element } = /** @type {{element?: HTMLElement}} */ (shown);
  return element ?? /** @type {HTMLElement} */ (shown);
}

/** Renders one of the module's Handlebars templates (templates/<name>.hbs). */
export function renderTemplate(name, data) {
  // foundry.applications.handlebars is v13's (absent from v12 and its types); v12 has the global.
  const render = foundry.applications["handlebars"]?.renderTemplate ?? globalThis.renderTemplate;
  return render(`modules/${MODULE_ID}/templates/${name}.hbs`, data);
}

/** A localized string: VTTBRIDGE.<key>, formatted with data. */
export function t(key, data) {
  return data ? game.i18n.format(`VTTBRIDGE.${key}`, data) : game.i18n.localize(`VTTBRIDGE.${key}`);
}

/**
 * A notification: kind info | warn | error; message: text (it may hold names and the bridge's words), shown as
 * text. v12 renders a notification's message as HTML and v13 as HTML it cleans (its `escape` option escapes the
 * values of `format` only), so the text is escaped here, once, for both.
 */
export function notify(kind, message) {
  return ui.notifications[kind](escapeHTML(message));
}

/** Appends a button to a rendered element (a chat card, say); onClick runs on each click. */
export function addButton(element, { label, action, onClick }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `${MODULE_ID}-${action}`;
  button.textContent = label;
  button.addEventListener("click", (event) => { event.preventDefault(); onClick(); });
  element.append(button);
  return button;
}

/** Shows html in the page's element #id (created on first use); empty html hides it. */
export function showPanel(id, html) {
  const shown = panel(id);
  shown.innerHTML = html;
  shown.hidden = !html;
}

/** Calls fn(name, value) when a named control in the page's element #id changes (a select, say). */
export function onPanelChange(id, fn) {
  panel(id).addEventListener("change", (event) => {
    const control = /** @type {HTMLSelectElement|HTMLInputElement} */ (event.target);
    fn(control.name, control.value);
  });
}

/** Calls fn(action) when a button of the page's element #id with a `data-action` is clicked. */
export function onPanelClick(id, fn) {
  panel(id).addEventListener("click", (event) => {
    const target = /** @type {HTMLElement|null} */ (event.target);
    const action = /** @type {HTMLElement|null|undefined} */ (target?.closest?.("[data-action]"))?.dataset.action;
    if (action) fn(action);
  });
}

/** The page's element #id, created hidden on first use. */
function panel(id) {
  let found = document.getElementById(id);
  if (!found) {
    found = document.createElement("div");
    found.id = id;
    found.hidden = true;
    document.body.append(found);
  }
  return found;
}
