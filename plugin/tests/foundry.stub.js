import { STUB_HOOKS } from "./foundry.hooks.js";

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
  append(...children) { this.children.push(...children); }
  prepend(...children) { this.children.unshift(...children); }
  addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
  dispatch(type, event = { preventDefault() {} }) { for (const fn of this.listeners[type] ?? []) fn(event); }
  querySelector(selector) { return this.found?.[selector] ?? null; }
}

/** The fixed ids of the stand-in world. */
export const IDS = { gm: "gmUser0000000001", player: "plUser0000000001", other: "plUser0000000002", scene: "scene00000000001" };

/**
 * Installs the stand-in on globalThis: one client of a world. Clients installed with the same `flags`
 * object share their users' flags (the world's User documents, as Foundry's server keeps them).
 * @param {{generation?: 12|13, isGM?: boolean, me?: string, activeGM?: boolean, settings?: object, actors?: object[],
 *   tokens?: object[], units?: string, dice3d?: boolean, flags?: object}} options
 */
export function installFoundry({ generation = 13, isGM = true, me = null, activeGM = true, settings = {}, actors = [], tokens = [],
                                 units = "m", dice3d = false, flags = {} } = {}) {
  const calls = [];
  const hooks = {};
  let hookIds = 0;
  const Hooks = {
    // Hooks.on/once return the hook's id, which Hooks.off takes as well as the function.
    on(name, fn) { (hooks[name] ??= []).push({ id: ++hookIds, fn }); return hookIds; },
    once(name, fn) { return Hooks.on(name, fn); },
    off(name, fn) { hooks[name] = (hooks[name] ?? []).filter((hook) => hook.id !== fn && hook.fn !== fn); },
    // Fires only the hooks foundry.hooks.js declares, with their count of arguments (held to the types).
    call(name, ...args) {
      const declared = STUB_HOOKS[generation >= 13 ? 13 : 12][name];
      if (declared !== args.length) throw new Error(`the stand-in fires ${name} with ${args.length} arguments; foundry.hooks.js says ${declared}`);
      return Promise.all((hooks[name] ?? []).map(({ fn }) => fn(...args)));
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
    ((flags[user.id] ??= {})[module] ??= {})[key] = value;
    await Hooks.call("updateUser", user, { flags: { [module]: { [key]: value } } }, { diff: true }, writer.id);
    return user;
  }
  users.activeGM = activeGM ? users.get(IDS.gm) : null;
  const user = users.get(me ?? (isGM ? IDS.gm : IDS.player));
  user.targets = new Set();

  const registered = {};
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
      get: (module, key) => values[key] ?? registered[`${module}.${key}`]?.default,
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
    dice3d: dice3d ? { showForRoll: async (...args) => { calls.push(["showForRoll", ...args]); return true; } } : undefined,
  };

  globalThis.CONFIG = {
    statusEffects: ["dead", "unconscious", "stun", "prone", "restrain", "burning", "bleeding", "blind"]
      .map((id) => ({ id, name: `EFFECT.${id}`, img: `icons/svg/${id}.svg` })),
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
  globalThis.ui = { notifications: notifications(generation, calls), combat: { render: () => { calls.push(["ui.combat.render"]); } } };

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

  return { calls, hooks, dialogs, panels, scene, writeFlag };
}

/**
 * A Combat of the stand-in's scene (Combat: `id`, `scene`, `combatants`, `turns`, `setInitiative`): its turns sorted
 * by initiative, highest first, as Foundry's setupTurns does (ties in the order added); `calls` records the writes.
 * @param {{id: string, tokenId: string, actorId: string}[]} combatants
 */
export function makeCombat(combatants, calls = []) {
  const docs = new Collection(...combatants.map((c) => ({ ...c, initiative: null })));
  const combat = {
    id: "combat0000000001", scene: { id: IDS.scene }, combatants: docs, turns: [...docs],
    async setInitiative(id, value) {
      calls.push(["setInitiative", id, value]);
      docs.get(id).initiative = value;
      combat.turns = [...docs].sort((a, b) => (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity));
    },
  };
  return combat;
}

/**
 * A standard die term (foundry.dice.terms.Die: `number`, `faces`, `denomination`, `results`), evaluated as
 * DiceTerm does: each die in turn, `await`ed, from the fulfillment method the user's dice configuration names for
 * its denomination or else CONFIG.Dice.fulfillment.defaultMethod; a die the handler leaves undefined gets a random
 * face (CONFIG.Dice.randomUniform).
 */
export class FakeDie {
  constructor({ number = 1, faces = 6 } = {}) {
    Object.assign(this, { number, faces, results: [] });
  }
  get denomination() { return `d${this.faces}`; }
  async evaluate(options = {}) {
    for (let n = this.results.length; n < this.number; n++) await this.roll(options);
    return this;
  }
  async roll(options = {}) {
    const configured = globalThis.game.settings.get("core", "diceConfiguration") ?? {};
    const method = configured[this.denomination] || globalThis.CONFIG.Dice.fulfillment.defaultMethod;
    const { handler } = globalThis.CONFIG.Dice.fulfillment.methods[method] ?? {};
    const result = { result: await handler?.(this, options), active: true };
    if (result.result === undefined) result.result = Math.ceil((1 - globalThis.CONFIG.Dice.randomUniform()) * this.faces);
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

/** A stand-in actor recording its status effect toggles, updates and flags. */
function makeActor({ id, name, flags = {}, system = {}, owners = [], statuses = [] }, calls) {
  return {
    id, name, system, owners,
    flags: { "vtt-bridge": flags },
    statuses: new Set(statuses),
    get isOwner() { return game.user.isGM || owners.includes(game.user.id); },
    testUserPermission(user, level) { return (level === "OWNER" || level === 3) && owners.includes(user.id); },
    async toggleStatusEffect(statusId, { active }) {
      calls.push(["toggleStatusEffect", id, statusId, active]);
      if (active) this.statuses.add(statusId); else this.statuses.delete(statusId);
      return true;
    },
    async update(data) { calls.push(["actor.update", id, data]); return this; },
    async setFlag(module, key, value) { calls.push(["setFlag", id, module, key, value]); return this; },
  };
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
