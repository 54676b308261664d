/**
 * What the table knows: the world's rule system and its state, tracked tokens, combats by scene,
 * the Moments of Truth ledger and the cards seen. Pushes are applied by version (tokens, combats)
 * or roll_id (cards), so a push seen twice or late does no harm; `applySnapshot` replaces
 * everything after a (re)connect.
 * @module core/table-state
 */

import { systemFor } from "./systems.js";

/** The newest ledger entries kept, as `moments.get` gives at most. */
const HISTORY_KEPT = 200;
/** How many logged cards a (re)connection reads back (`roll.log`). */
const CARDS_READ = 50;

/**
 * Events (CustomEvent, data in `detail`):
 * - `token` `{token_id, state, changes}`: `state` null when the token is no longer tracked;
 * - `combat` `{scene_id, state}`: `state` null when the combat ended;
 * - `moments` `{balances, history}`;
 * - `card` the card entry (a whole entry or a blind notice), once per roll_id;
 * - `system` `{name, title, state, switched}`: the world's rule system and its state, `switched`
 *   true when the world now plays another system than the one known before (then read the table
 *   again: `catchUp`).
 */
export class TableState extends EventTarget {
  constructor() {
    super();
    /** @type {Map<string, object>} token states by token_id */
    this.tokens = new Map();
    /** @type {Map<string, {conditions: object[], bars: object[]}>} how each token shows, by token_id, as its system says (`view`) */
    this.views = new Map();
    /** @type {Map<string, {version: number, state: object|null}>} combats by scene_id */
    this.combats = new Map();
    /** @type {{balances: Object<string, number>, history: object[]}} */
    this.moments = { balances: {}, history: [] };
    /** @type {Map<string, object>} cards by roll_id, in the order seen */
    this.cards = new Map();
    /** @type {{name: string, title: string, state: object|null}|null} the world's rule system, once known */
    this.system = null;
    /** True while `catchUp` keeps the logged cards: a `card` listener can tell them from new rolls. */
    this.catchingUp = false;
  }

  /**
   * Reads the table again after a (re)connection (BridgeClient's `resync`) or a switch of system:
   * `system.get`, then `table.snapshot` (the table's in every world), then the last `cards` cards of `roll.log`, kept with `catchingUp` true.
   * @param {{request: Function}} client a BridgeClient
   * @param {{cards?: number}} [options]
   */
  async catchUp(client, { cards = CARDS_READ } = {}) {
    this.applySystem(await client.request("system.get", {}));
    this.applySnapshot(await client.request("table.snapshot", {}));
    const { rolls } = await client.request("roll.log", { limit: cards });
    this.catchingUp = true;
    try {
      for (const entry of rolls) this.addCard(entry);
    } finally {
      this.catchingUp = false;
    }
  }

  /**
   * Replaces tokens, how they show, combats and (in a Moment of Truth world) the ledger with
   * `table.snapshot`'s result.
   * @param {{tokens: object[], views?: Object<string, object>, combats: object[], moments?: {balances: object, history: object[]}}} snapshot
   */
  applySnapshot({ tokens, views = {}, combats, moments }) {
    const gone = new Set(this.tokens.keys());
    this.tokens.clear();
    this.views.clear();
    for (const state of tokens) {
      gone.delete(state.token_id);
      this.tokens.set(state.token_id, state);
      if (views[state.token_id]) this.views.set(state.token_id, views[state.token_id]);
      this._emit("token", { token_id: state.token_id, state, changes: [] });
    }
    for (const tokenId of gone) this._emit("token", { token_id: tokenId, state: null, changes: [] });
    const ended = new Set(this.combats.keys());
    this.combats.clear();
    for (const combat of combats) {
      ended.delete(combat.scene_id);
      this._setCombat(combat.scene_id, combat.version, combat);
    }
    for (const sceneId of ended) this._emit("combat", { scene_id: sceneId, state: null });
    if (moments) this.applyMoments(moments);
  }

  /**
   * Applies a `token.changed` push (or a request's token change) when its version is newer.
   * @param {{token_id: string, version: number, changes: object[], state: object, view?: object}} change
   * @returns {boolean} whether it was applied
   */
  applyToken({ token_id, version, changes = [], state, view }) {
    if (version <= (this.tokens.get(token_id)?.version ?? 0)) return false;
    this.tokens.set(token_id, state);
    if (view) this.views.set(token_id, view);
    this._emit("token", { token_id, state, changes });
    return true;
  }

  /**
   * Applies a `combat.changed` push when its version is newer (`state` null: the combat ended).
   * @param {{scene_id: string, version: number, state: object|null}} change
   * @returns {boolean} whether it was applied
   */
  applyCombat({ scene_id, version, state }) {
    if (version <= (this.combats.get(scene_id)?.version ?? 0)) return false;
    this._setCombat(scene_id, version, state);
    return true;
  }

  /**
   * Applies the ledger: `moments.get`'s result or a snapshot's `{balances, history}` replace it;
   * a `moments.changed` push `{balances, entries}` adds its entries to the history.
   * @param {{balances: Object<string, number>, history?: object[], entries?: object[]}} ledger
   */
  applyMoments({ balances, history, entries }) {
    const kept = history ?? [...this.moments.history, ...(entries ?? [])];
    this.moments = { balances: { ...balances }, history: kept.slice(-HISTORY_KEPT) };
    this._emit("moments", this.moments);
  }

  /**
   * Applies the world's rule system and its state (`system.get`'s result, a `system.changed` push);
   * a push without `title` keeps the one known for that system.
   * @param {{system: string, title?: string, state: object|null}} change
   */
  applySystem({ system, title, state }) {
    const same = this.system?.name === system;
    const switched = Boolean(this.system) && !same;
    const known = (same && this.system?.title) || systemFor(system).title;
    this.system = { name: system, title: title ?? known, state: state ?? null };
    this._emit("system", { ...this.system, switched });
  }

  /**
   * Keeps a card (`roll.result` push, a card request's result, a `roll.log` item) once per roll_id.
   * @param {object} entry
   * @returns {boolean} whether it was new
   */
  addCard(entry) {
    if (this.cards.has(entry.roll_id)) return false;
    this.cards.set(entry.roll_id, entry);
    this._emit("card", entry);
    return true;
  }

  /**
   * Applies one push from the bridge, whichever it is; pushes that hold no table state are ignored.
   * @param {string} event
   * @param {object} data
   */
  applyPush(event, data) {
    if (event === "token.changed") this.applyToken(data);
    else if (event === "combat.changed") this.applyCombat(data);
    else if (event === "moments.changed") this.applyMoments(data);
    else if (event === "roll.result") this.addCard(data);
    else if (event === "system.changed") this.applySystem(data);
  }

  /**
   * A player's Moments of Truth (0 when not seated in the ledger).
   * @param {string} user
   */
  balance(user) {
    return this.moments.balances[user] ?? 0;
  }

  _setCombat(sceneId, version, state) {
    this.combats.set(sceneId, { version, state });
    this._emit("combat", { scene_id: sceneId, state });
  }

  _emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
