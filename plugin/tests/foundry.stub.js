import { STUB_HOOKS } from "./foundry.hooks.js";
import { registerSettings } from "../scripts/adapter.js";

// A small stand-in for the Foundry globals the module's adapter uses (only those), v12 or v13 flavoured,
// recording the calls made in `calls` as [name, ...args]. Not a test file: the foundry.*.test.js import it.

/** Foundry's collections: an array with get(id); map, filter... give plain arrays, as Foundry's do. */
class Collection extends Array {
  static get [Symbol.species]() { return Array; }
  get(id) { return this.find((item) => item.id === id); }
  has(id) { return this.some((item) => item.id === id); }
  get contents() { return [...this]; }
}

/** A tiny DOM element: enough for the buttons and panels the adapter adds. */
export class FakeElement {
  constructor(tag = "div") {
    Object.assign(this, { tagName: tag.toUpperCase(), className: "", dataset: {}, innerHTML: "", textContent: "", hidden: false,
      children: [], listeners: {}, id: "" });
  }
  append(...children) { for (const child of children) child.parent = this; this.children.push(...children); }
  prepend(...children) { for (const child of children) child.parent = this; this.children.unshift(...children); }
  remove() { if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1); this.parent = null; }
  replaceWith(other) { this.parent.children.splice(this.parent.children.indexOf(this), 1, other); other.parent = this.parent; this.parent = null; }
  addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
  dispatch(type, event = { preventDefault() {} }) { for (const fn of this.listeners[type] ?? []) fn(event); }
  /** The elements below this one, depth first. */
  *descendants() { for (const child of this.children) { if (child instanceof FakeElement) { yield child; yield* child.descendants(); } } }
  /** A `.class` selector matches by class name among the descendants; any other, what a test planted in `found`. */
  querySelector(selector) {
    if (this.found?.[selector]) return this.found[selector];
    if (!selector.startsWith(".")) return null;
    for (const each of this.descendants()) if (each.className.split(/\s+/).includes(selector.slice(1))) return each;
    return null;
  }
  querySelectorAll(selector) {
    return [...this.descendants()].filter((each) => selector.startsWith(".") && each.className.split(/\s+/).includes(selector.slice(1)));
  }
}

/**
 * Foundry's mergeObject as a Document update applies it (Document#update; ClientDocument#setFlag writes
 * `{flags: {[scope]: {[key]: value}}}` through it): inner objects merged key by key, never replaced; a key
 * written `-=name` deletes `name` (foundry.utils.mergeObject, `performDeletions`).
 */
export function mergeUpdate(target, change) {
  for (const [key, value] of Object.entries(change)) {
    if (key.startsWith("-=")) { delete target[key.slice(2)]; continue; }
    const plain = (v) => v && typeof v === "object" && !Array.isArray(v);
    if (plain(value) && plain(target[key])) mergeUpdate(target[key], value);
    else target[key] = plain(value) ? mergeUpdate({}, value) : value;
  }
  return target;
}

/** Lets every handler a hook started run to its end (Hooks.callAll does not wait for them). */
export async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Fires a hook as Foundry does (Hooks.callAll), then lets the handlers it started finish. */
export async function fire(name, ...args) {
  Hooks.callAll(name, ...args);
  await settle();
}

/** The fixed ids of the stand-in world. */
export const IDS = { gm: "gmUser0000000001", player: "plUser0000000001", other: "plUser0000000002", scene: "scene00000000001" };

/**
 * Installs the stand-in on globalThis: one client of a world. Clients installed with the same `flags`
 * object share their users' flags (the world's User documents, as Foundry's server keeps them).
 * The module's settings are registered as its `setup` hook registers them (registerSettings), with `settings`'
 * values; `setup: false` leaves them unregistered, as before that hook.
 * @param {{generation?: 12|13, isGM?: boolean, me?: string, activeGM?: boolean, settings?: object, actors?: object[],
 *   tokens?: object[], units?: string, dice3d?: boolean, flags?: object, setup?: boolean, manifest?: string}} options
 */
export function installFoundry({ generation = 13, isGM = true, me = null, activeGM = true, settings = {}, actors = [], tokens = [],
                                 units = "m", dice3d = false, flags = {}, setup = true, manifest = "" } = {}) {
  const calls = [];
  const hooks = {};
  let hookIds = 0;
  const Hooks = {
    // Hooks.on/once return the hook's id, which Hooks.off takes as well as the function.
    on(name, fn) { (hooks[name] ??= []).push({ id: ++hookIds, fn }); return hookIds; },
    once(name, fn) { return Hooks.on(name, fn); },
    off(name, fn) { hooks[name] = (hooks[name] ?? []).filter((hook) => hook.id !== fn && hook.fn !== fn); },
    // Hooks.callAll (fvtt-types client/helpers/hooks.d.mts: "Call all hook listeners in the order in which they
    // were registered", returning `true`): synchronous, so an async listener runs on alone, unawaited. Fires only the
    // hooks foundry.hooks.js declares, with their count of arguments (held to the types).
    callAll(name, ...args) {
      const declared = STUB_HOOKS[generation >= 13 ? 13 : 12][name];
      if (declared !== args.length) throw new Error(`the stand-in fires ${name} with ${args.length} arguments; foundry.hooks.js says ${declared}`);
      for (const { fn } of [...(hooks[name] ?? [])]) fn(...args);
      return true;
    },
    hooks,
  };
  globalThis.Hooks = Hooks;

  const users = new Collection(
    { id: IDS.gm, name: "Gamemaster", isGM: true, active: true },
    { id: IDS.player, name: "Allison", isGM: false, active: true },
    { id: IDS.other, name: "Seamus", isGM: false, active: false },
  );
  for (const user of users) {
    // User#query(queryName, queryData, {timeout}): the handler gets the query data (and options), not who asked.
    user.query = async (name, data, options) => { calls.push(["query", user.id, name, data, options]); return globalThis.CONFIG.queries[name](data, options); };
    user.getFlag = (module, key) => flags[user.id]?.[module]?.[key];
    user.setFlag = (module, key, value) => writeFlag(globalThis.game.user.id, user.id, module, key, value);
  }
  /**
   * A User's flag written by `writerId`'s client (Document#setFlag): BaseUser#getUserLevel is OWNER for the user
   * in question and NONE for everyone else, so only that user or a GM may write it; then the update hook fires
   * on this client with the writer's id, as for every connected client.
   */
  async function writeFlag(writerId, userId, module, key, value) {
    const writer = users.get(writerId);
    const user = users.get(userId);
    if (!writer.isGM && writer.id !== user.id) throw new Error(`User ${writer.name} lacks permission to update User ${user.id}`);
    calls.push(["user.setFlag", user.id, key, value]);
    mergeUpdate(flags[user.id] ??= {}, { [module]: { [key]: value } });
    Hooks.callAll("updateUser", user, { flags: { [module]: { [key]: value } } }, { diff: true }, writer.id);
    return user;
  }
  users.activeGM = activeGM ? users.get(IDS.gm) : null;
  const user = users.get(me ?? (isGM ? IDS.gm : IDS.player));
  user.targets = new Set();

  // Foundry's own client setting of each user's Dice Configuration (core.diceConfiguration).
  const registered = { "core.diceConfiguration": { scope: "client", config: false, default: {} } };
  const values = { ...settings };
  const socketListeners = [];
  const messages = new Collection();

  const scene = { id: IDS.scene, grid: { units, size: 100 }, tokens: new Collection(),
    templates: new Collection(),
    // Scene#createEmbeddedDocuments / deleteEmbeddedDocuments: the documents made (with ids) or deleted.
    createEmbeddedDocuments: async (type, data) => {
      calls.push(["createEmbeddedDocuments", type, data]);
      const made = data.map((each, i) => ({ ...each, id: `${type}${scene.templates.length + i}` }));
      if (type === "MeasuredTemplate") scene.templates.push(...made);
      return made;
    },
    deleteEmbeddedDocuments: async (type, ids) => {
      calls.push(["deleteEmbeddedDocuments", type, ids]);
      const gone = scene.templates.filter((each) => ids.includes(each.id));
      scene.templates.splice(0, scene.templates.length, ...scene.templates.filter((each) => !ids.includes(each.id)));
      return gone;
    } };
  const actorDocs = new Collection(...actors.map((a) => makeActor(a, calls)));
  for (const t of tokens) {
    const actor = actorDocs.get(t.actorId);
    scene.tokens.push({ id: t.id, name: t.name, actorId: t.actorId, actor, parent: scene, x: t.x, y: t.y, width: 1, height: 1,
      bar1: { attribute: "attributes.hp" }, object: { center: { x: t.x + 50, y: t.y + 50 } },
      async setFlag(module, key, value) { calls.push(["token.setFlag", t.id, module, key, value]); return this; } });
  }

  globalThis.game = {
    release: { generation },
    user, users, actors: actorDocs, messages,
    settings: {
      register: (module, key, config) => { registered[`${module}.${key}`] = config; },
      // ClientSettings#get's contract: a key not registered throws ("<key>" is not a registered game setting).
      get: (module, key) => {
        const config = registered[`${module}.${key}`];
        if (!config) throw new Error(`"${module}.${key}" is not a registered game setting`);
        return values[key] ?? config.default;
      },
      set: async (module, key, value) => { calls.push(["settings.set", key, value]); values[key] = value; return value; },
      registered,
    },
    socket: {
      emit: (name, data) => calls.push(["socket.emit", name, data]),
      on: (name, fn) => socketListeners.push([name, fn]),
      off: (name, fn) => socketListeners.splice(socketListeners.findIndex(([, f]) => f === fn), 1),
      // A message from another client, as Foundry's server relays it: the sender's user id second.
      receive: (name, data, senderId) => Promise.all(socketListeners.filter(([n]) => n === name).map(([, fn]) => fn(data, senderId))),
    },
    i18n: {
      localize: (key) => key,
      format: (key, data) => `${key} ${JSON.stringify(data)}`,
    },
    // game.modules: each package's data, its manifest URL the one it was installed from (BasePackage#manifest).
    modules: new Map([["vtt-bridge", { id: "vtt-bridge", active: true, manifest }]]),
    dice3d: dice3d ? { showForRoll: async (...args) => { calls.push(["showForRoll", ...args]); return true; } } : undefined,
  };

  globalThis.CONFIG = {
    ...(generation >= 13 ? { queries: {} } : {}),
    // CONFIG.Dice.fulfillment as Foundry sets it (FulfillmentConfiguration): no method of the module's until it adds one.
    Dice: { fulfillment: { dice: {}, methods: {}, defaultMethod: "" }, randomUniform: () => 0.5 },
  };

  const stageListeners = {};
  globalThis.canvas = {
    ready: true,
    scene,
    grid: {
      size: 100,
      // A square grid of 1 unit per 100 px, diagonals as Foundry's default "equidistant" rule would count them.
      measurePath: ([a, b]) => ({ distance: Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) / 100 }),
    },
    tokens: { controlled: [] },
    stage: {
      once: (type, fn) => { stageListeners[type] = fn; },
      click: (point) => stageListeners.pointerdown({ getLocalPosition: () => point }),
    },
  };

  globalThis.ChatMessage = {
    create: async (data) => {
      calls.push(["ChatMessage.create", data]);
      messages.push({ ...data, getFlag: (module, key) => data.flags?.[module]?.[key] });
      return data;
    },
  };
  globalThis.Roll = { fromData: (data) => ({ fromData: data }) };
  globalThis.ui = { notifications: notifications(generation, calls), combat: combatTracker(generation, calls) };

  const dialogs = [];
  globalThis.foundry = {
    // foundry.utils.getProperty(object, key): the value at a dotted key, undefined where the path breaks.
    utils: { getProperty: (object, key) => key.split(".").reduce((value, part) => value?.[part], object) },
    applications: {
      api: { DialogV2: { wait: (config) => new Promise((resolve) => dialogs.push({ config, resolve })) } },
      ...(generation >= 13 ? { handlebars: { renderTemplate: async (path, data) => { calls.push(["renderTemplate", path, data]); return `<form>${path}</form>`; } } } : {}),
    },
  };
  if (generation < 13) globalThis.renderTemplate = async (path, data) => { calls.push(["renderTemplate", path, data]); return `<form>${path}</form>`; };

  const panels = {};
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    getElementById: (id) => panels[id] ?? null,
    body: { append: (element) => { panels[element.id] = element; } },
  };

  if (setup) registerSettings();
  return { calls, hooks, dialogs, panels, scene, writeFlag };
}

/**
 * The Combat Tracker (ui.combat) as each line renders it, firing renderCombatTracker with its element. v13's is
 * an ApplicationV2 with Handlebars parts (HandlebarsApplicationMixin#_replaceHTML): a render replaces each part's
 * element inside the same root, so whatever else a hook put in the root stays there. v12's is an Application
 * (v1), whose render replaces its whole element (Application#_replaceHTML) and passes the hook a jQuery object.
 */
function combatTracker(generation, calls) {
  const part = (name) => Object.assign(new FakeElement("section"), { className: `combat-tracker-${name}` });
  const tracker = {
    element: new FakeElement("section"),
    render() {
      calls.push(["ui.combat.render"]);
      if (generation >= 13) {
        if (!tracker.element.children.length) tracker.element.append(part("header"), part("tracker"), part("footer"));
        else for (const name of ["header", "tracker", "footer"]) tracker.element.querySelector(`.combat-tracker-${name}`).replaceWith(part(name));
        Hooks.callAll("renderCombatTracker", tracker, tracker.element);
      } else {
        tracker.element = new FakeElement("section");
        tracker.element.append(part("header"), part("tracker"), part("footer"));
        Hooks.callAll("renderCombatTracker", tracker, { jquery: "3", 0: tracker.element });
      }
      return tracker;
    },
  };
  return tracker;
}

/**
 * A Combat of the stand-in's scene, as foundry.documents.Combat behaves (fvtt-types client/documents/combat.d.mts
 * and hooks.d.mts, v12 and v13 alike): `round` 0 and `turn` null until it starts; `turns` sorted by
 * _sortCombatants ("descending order of initiative using combatant IDs for tiebreakers"); `setInitiative`
 * "Update[s] the Combat turn order to maintain the same combatant as the current turn"; `startCombat`, `nextTurn`
 * and `nextRound` fire combatStart / combatTurn / combatRound "on the initiating client before any database update
 * occurs" (Hooks.callAll, not awaited), then update; `delete` fires deleteCombat. `calls` records the writes.
 * @param {{id: string, tokenId: string, actorId: string}[]} combatants
 */
export function makeCombat(combatants, calls = []) {
  const docs = new Collection(...combatants.map((c) => ({ ...c, initiative: null })));
  const byInitiative = (a, b) => ((b.initiative ?? -Infinity) - (a.initiative ?? -Infinity)) || (a.id > b.id ? 1 : -1);
  const combat = {
    id: "combat0000000001", scene: { id: IDS.scene }, combatants: docs, round: 0, turn: null, turns: [],
    get combatant() { return combat.turn === null ? undefined : combat.turns[combat.turn]; },
    setupTurns() { return (combat.turns = [...docs].sort(byInitiative)); },
    async update(data, options = {}) {
      calls.push(["combat.update", data]);
      Object.assign(combat, data);
      return combat;
    },
    async setInitiative(id, value) {
      calls.push(["setInitiative", id, value]);
      const current = combat.combatant;
      docs.get(id).initiative = value;
      combat.setupTurns();
      if (current) combat.turn = combat.turns.indexOf(current);
    },
    async startCombat() {
      const updateData = { round: 1, turn: 0 };
      Hooks.callAll("combatStart", combat, updateData);
      return combat.update(updateData);
    },
    async nextTurn() {
      if (combat.turn + 1 >= combat.turns.length) return combat.nextRound();
      const updateData = { round: combat.round, turn: combat.turn + 1 };
      const updateOptions = { advanceTime: 0, direction: 1 };
      Hooks.callAll("combatTurn", combat, updateData, updateOptions);
      return combat.update(updateData, updateOptions);
    },
    async nextRound() {
      const updateData = { round: combat.round + 1, turn: 0 };
      const updateOptions = { advanceTime: 0, direction: 1 };
      Hooks.callAll("combatRound", combat, updateData, updateOptions);
      return combat.update(updateData, updateOptions);
    },
    async delete() {
      Hooks.callAll("deleteCombat", combat, {}, globalThis.game.user.id);
      return combat;
    },
  };
  combat.setupTurns();
  return combat;
}

/**
 * A standard die term (foundry.dice.terms.Die: `number`, `faces`, `denomination`, `results`), evaluated as
 * DiceTerm does (fvtt-types client/dice/terms/dice.d.mts and term.d.mts):
 * - `evaluate({minimize, maximize})`: RollTerm.isDeterministic ("if evaluating a given RollTerm with certain
 *   evaluation options can be done so deterministically") holds, so _evaluateSync gives each die its least or
 *   greatest face and no fulfillment method is asked;
 * - otherwise each die in turn, `await`ed, through `roll()`;
 * - `roll({minimize, maximize, ...options})`: _roll(options) asks the fulfillment method the user's dice
 *   configuration names for its denomination, else CONFIG.Dice.fulfillment.defaultMethod, with the options
 *   stripped of minimize and maximize ("Options forwarded to the fulfillment method handler"); then a minimized
 *   or maximized die takes 1 or its faces whatever the handler gave, and a die the handler left undefined a
 *   random face (CONFIG.Dice.randomUniform).
 */
export class FakeDie {
  constructor({ number = 1, faces = 6 } = {}) {
    Object.assign(this, { number, faces, results: [] });
  }
  get denomination() { return `d${this.faces}`; }
  evaluate(options = {}) {
    if (options.minimize || options.maximize) {
      for (let n = this.results.length; n < this.number; n++) this.results.push({ result: options.minimize ? 1 : this.faces, active: true });
      return this;
    }
    return this.evaluateAsync(options);
  }
  async evaluateAsync(options) {
    for (let n = this.results.length; n < this.number; n++) await this.roll(options);
    return this;
  }
  async roll({ minimize = false, maximize = false, ...options } = {}) {
    const configured = globalThis.game.settings.get("core", "diceConfiguration") ?? {};
    const method = configured[this.denomination] || globalThis.CONFIG.Dice.fulfillment.defaultMethod;
    const { handler } = globalThis.CONFIG.Dice.fulfillment.methods[method] ?? {};
    const result = { result: await handler?.(this, options), active: true };
    if (minimize) result.result = Math.min(1, this.faces);
    else if (maximize) result.result = this.faces;
    else if (result.result === undefined) result.result = Math.ceil((1 - globalThis.CONFIG.Dice.randomUniform()) * this.faces);
    this.results.push(result);
    return result;
  }
}

/**
 * Foundry's notifications as each version shows a message, recording ["notify.<kind>", what the user sees]: the
 * text, or {markup} when the message renders as elements. v12 puts the message into the page as HTML. v13 cleans
 * it first (drops event handlers, keeps the elements); its `escape` option escapes the values of `format` only,
 * never the message itself.
 */
function notifications(generation, calls) {
  const show = (kind) => (message) => {
    let html = String(message);
    if (generation >= 13) html = html.replace(/<[^>]*>/g, (tag) => tag.replace(/\s+on\w+=("[^"]*"|'[^']*'|[^\s>]*)/gi, ""));
    calls.push([`notify.${kind}`, /<[a-z!/]/i.test(html) ? { markup: html } : textOf(html)]);
  };
  return { info: show("info"), warn: show("warn"), error: show("error") };
}

/** The text a browser shows for HTML without elements: its character references decoded. */
function textOf(html) {
  const named = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return html.replace(/&(?:#(\d+)|#x([\da-f]+)|(\w+));/gi, (reference, decimal, hex, name) =>
    decimal ? String.fromCodePoint(Number(decimal)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : named[name] ?? reference);
}

/**
 * An ActiveEffect embedded in an actor, as foundry.documents.ActiveEffect keeps its data (ActiveEffectData: `name`,
 * `img`, `tint`, `statuses`, `flags`; fvtt-types client/documents/active-effect.d.mts): `statuses` a Set (SetField),
 * `getFlag` read from `flags`; `isTemporary` as ActiveEffect#isTemporary decides it for v12 and v13 (a duration in
 * seconds, rounds or turns, or any status: "const duration = this.duration.seconds ?? (this.duration.rounds ||
 * this.duration.turns) ?? 0; return (duration > 0) || (this.statuses.size > 0)").
 */
function makeEffect(data, id) {
  const { duration = {}, statuses = [], flags = {}, tint = "#ffffff", ...rest } = data;
  return {
    ...rest, id, tint, duration, flags: structuredClone(flags), statuses: new Set(statuses),
    getFlag(module, key) { return this.flags[module]?.[key]; },
    get isTemporary() {
      const length = this.duration.seconds ?? (this.duration.rounds || this.duration.turns) ?? 0;
      return length > 0 || this.statuses.size > 0;
    },
  };
}

/**
 * A stand-in actor recording its effects, updates and flags. Its ActiveEffects (`effects`, an embedded
 * collection) are made and deleted through Document#createEmbeddedDocuments / #deleteEmbeddedDocuments (fvtt-types
 * common/abstract/document.d.mts: "Create multiple embedded Document instances within this parent Document" from an
 * array of data, returning the documents made, each given an id; deleting takes the ids and returns the documents
 * deleted). `statuses` is prepared from the effects (Actor#statuses: "a Set of status effect IDs which are applied to
 * the Actor", gathered from each applied effect's `statuses`), `temporaryEffects` are the effects the token draws as
 * icons (Actor#temporaryEffects: "ActiveEffect instances which are present on the Actor which have a limited
 * duration", Token#_drawEffects).
 */
function makeActor({ id, name, flags = {}, system = {}, owners = [], effects = [] }, calls) {
  let made = 0;
  const actor = {
    id, name, system, owners,
    flags: { "vtt-bridge": structuredClone(flags) }, // the world's own copy: a test's object is never written
    effects: new Collection(...effects.map((data) => makeEffect(data, `effect${++made}`))),
    get statuses() { return new Set(this.effects.filter((e) => !e.disabled).flatMap((e) => [...e.statuses])); },
    get temporaryEffects() { return this.effects.filter((e) => e.isTemporary); },
    get isOwner() { return game.user.isGM || owners.includes(game.user.id); },
    testUserPermission(user, level) { return (level === "OWNER" || level === 3) && owners.includes(user.id); },
    async createEmbeddedDocuments(type, data) {
      calls.push(["createEmbeddedDocuments", id, type, data]);
      const docs = data.map((each) => makeEffect(each, `effect${++made}`));
      this.effects.push(...docs);
      return docs;
    },
    async deleteEmbeddedDocuments(type, ids) {
      calls.push(["deleteEmbeddedDocuments", id, type, ids]);
      const gone = this.effects.filter((e) => ids.includes(e.id));
      this.effects.splice(0, this.effects.length, ...this.effects.filter((e) => !ids.includes(e.id)));
      return gone;
    },
    async update(data) { calls.push(["actor.update", id, data]); return this; },
    // ClientDocument#setFlag writes {flags: {[scope]: {[key]: value}}} through Document#update, which merges objects
    // (mergeUpdate above): a key missing from `value` stays; `-=key` deletes it.
    async setFlag(module, key, value) {
      calls.push(["setFlag", id, module, key, value]);
      mergeUpdate(this.flags, { [module]: { [key]: value } });
      return this;
    },
    getFlag(module, key) { return this.flags[module]?.[key]; },
  };
  return actor;
}

/**
 * A form with named fields, as the adapter's formValues reads it (null: a number field left empty; a
 * list: a multiple select's choices).
 */
export function fakeForm(fields) {
  const form = new FakeElement("form");
  form.elements = Object.entries(fields).map(([name, value]) => {
    if (typeof value === "boolean") return { name, type: "checkbox", checked: value };
    if (Array.isArray(value)) return { name, type: "select-multiple", selectedOptions: value.map((v) => ({ value: v })) };
    return { name, type: typeof value === "number" || value === null ? "number" : "text", value: String(value ?? "") };
  });
  return form;
}

/** Answers the next dialog the module opens: runs its render callback, then clicks `action` with `fields`. */
export async function answerDialog(dialogs, action, fields, { generation = 13 } = {}) {
  while (!dialogs.length) await new Promise((resolve) => setImmediate(resolve));
  const { config, resolve } = dialogs.shift();
  const form = fakeForm(fields);
  const element = new FakeElement("dialog");
  const odds = new FakeElement("span");
  element.found = { form, ".vtt-bridge-odds-line": odds };
  config.render?.(new Event("render"), generation >= 13 ? { element } : element);
  const button = config.buttons.find((b) => b.action === action);
  resolve(button ? button.callback(new Event("click"), { form }, {}) : null);
  return { config, form, odds };
}

/** A stand-in bridge client: records requests and answers them from `answers` (event -> result or fn). */
export class FakeClient extends EventTarget {
  constructor(answers = {}) {
    super();
    this.answers = answers;
    this.sent = [];
    this.session = { settings: { default_tn: 2 } };
    this.state = "connected";
  }
  async request(event, payload) {
    this.sent.push([event, payload]);
    const answer = this.answers[event];
    return typeof answer === "function" ? answer(payload) : answer;
  }
  async queued(event, payload, { onProgress } = {}) {
    this.sent.push([event, payload]);
    onProgress?.({ state: "started", progress: 0 });
    const answer = this.answers[event];
    return typeof answer === "function" ? answer(payload) : answer;
  }
  push(event, data) { this.dispatchEvent(new CustomEvent("push", { detail: { event, data } })); }
  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }
}
