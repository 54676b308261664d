/**
 * The bridge's table reflected in Foundry: each token's view as effect icons and its first bar (written by
 * the active GM's client only: players cannot update tokens they do not own), cards as chat
 * messages (posted by the active GM's client, or by the roller's own when no GM is there), dice
 * shown with Dice So Nice on every client that sees a card, and the world's rule system (its panel's
 * *Requests…* opens the system's requests) and the MoT counts on every client. On the GM's client, it
 * also keeps the bridge's tokens and actor ownership in step with Foundry, and switches the world's
 * system from the system panel.
 */

import { cardParts, escapeHTML, facesOf } from "../core/cards.js";
import { SEVERITY_TINTS, iconFile, shownIcon } from "../core/conditions.js";
import { DEFAULT_SYSTEM, VERDICTS, systemFor } from "../core/systems.js";
import { registration } from "./actors.js";
import { handOutTokens } from "./connection.js";
import * as vtt from "./adapter.js";
import { requestsDialog } from "./system-requests.js";
import { SYSTEM_PANEL, showMoments, showSystem, switchSystems } from "./widgets.js";

/**
 * A view's conditions as the module's ActiveEffects: each named by its label, its icon the shipped one of
 * its icon name, tinted by its severity, with the status `vtt-bridge-<icon>` (which makes Foundry draw it
 * on the token) and its severity in the module's flags (which marks it the module's).
 * @param {{label: string, icon: string, severity: string}[]} conditions
 */
export function conditionEffects(conditions) {
  return conditions.map(({ label, icon, severity }) => ({
    name: label,
    img: `modules/${vtt.MODULE_ID}/${iconFile(icon)}`,
    tint: SEVERITY_TINTS[severity] ?? SEVERITY_TINTS.info,
    statuses: [`${vtt.MODULE_ID}-${shownIcon(icon)}`],
    flags: { [vtt.MODULE_ID]: { severity } },
  }));
}

/**
 * Makes a Foundry token show a bridge token as its system's `view` gives it, the same in every system:
 * its conditions as effect icons (conditionEffects), its first bar (hit points, Stress, Damage, Aiming…)
 * in Foundry's first bar. A Moment of Truth token's whole health also goes in the token's flags.
 * @param {string} tokenId
 * @param {object} state the TokenState
 * @param {{conditions: {label: string, icon: string, severity: string}[], bars: {label: string, value: number, max: number}[]}} [view]
 *   how the token shows (`token.changed`'s or `table.snapshot`'s `view`)
 */
export async function showToken(tokenId, state, view) {
  if (!view || !vtt.token(tokenId)) return;
  await vtt.showEffects(tokenId, conditionEffects(view.conditions));
  if (view.bars[0]) await vtt.setBar(tokenId, view.bars[0], state.health);
}

/**
 * A card in Foundry's idiom (its roll cards' `.dice-roll` markup): the headline verdict as the
 * `.dice-total`, what each token lost beneath it, the dice and working in the `.dice-tooltip` that
 * Foundry's chat log opens on a click (v12: on any `.dice-roll`; v13's ChatLog: only on
 * `[data-action="expandRoll"]`, as its own roll template marks it). Users, actors and tokens are shown by their Foundry names, every
 * word through lang/en.json (VTTBRIDGE.Card). A blind notice shows what Foundry's blind rolls show
 * their roller: `???` and `?`.
 * @param {object} entry a card entry or blind notice
 * @returns {string}
 */
export function cardContent(entry) {
  const names = Object.fromEntries([...vtt.users(), ...vtt.sceneTokens()].map(({ id, name }) => [id, name]));
  const actor = entry.actor_id && vtt.actor(entry.actor_id);
  if (actor) names[entry.actor_id] = actor.name;
  const say = (key, data) => vtt.t(`Card.${key}`, data);
  const { classes, head, verdict, summary, working } = cardParts(entry, { verdicts: VERDICTS, names, say });
  const result = entry.hidden
    ? '<div class="dice-formula">???</div><h4 class="dice-total">?</h4>'
    : `<div class="dice-formula">${escapeHTML(say("Working"))}</div><div class="dice-tooltip">${working}</div>`
      + (verdict ? `<h4 class="dice-total vb-tone-${escapeHTML(verdict.tone)}">${escapeHTML(verdict.text)}</h4>` : "") + summary;
  return `<div class="${classes}" data-roll-id="${escapeHTML(entry.roll_id)}">${head}<div class="dice-roll" data-action="expandRoll"><div class="dice-result">${result}</div></div></div>`;
}

/**
 * Posts a card to the chat unless it is there already; the speaker is the actor, else the user. A
 * blind notice is the roller's own: whispered to them alone, beside the GMs' whole card.
 * @param {object} entry a card entry or blind notice
 */
export function postCard(entry) {
  if (!entry.hidden && vtt.hasCard(entry.roll_id)) return null;
  const user = vtt.users().find((u) => u.id === entry.user)?.name ?? entry.user;
  const actor = (entry.actor_id && vtt.actor(entry.actor_id)?.name) || entry.actor_id || user;
  return vtt.postCard({
    content: cardContent(entry), rollId: entry.roll_id, alias: actor, notice: Boolean(entry.hidden),
    visibility: entry.hidden ? "self" : entry.visibility, to: [entry.user, ...(entry.whisper_to ?? [])],
  });
}

/**
 * Registers each token of the canvas scene whose actor has a sheet the world's system knows and that
 * the bridge does not track yet (or every one of them with `again`), then tells the bridge which
 * actors each player owns. GM only. In a Moment of Truth world a token is tracked with its actor's
 * stat block; in another system's, a token whose actor is a character of the system's state (its
 * actor id the Foundry actor's) with the fields its system asks (`tokenFields`: the actor's
 * `vtt-bridge` flag of that name, else the field's default).
 * @param {{request: Function}} client
 * @param {import("../core/table-state.js").TableState} table
 * @param {{again?: boolean, actorId?: string|null}} [options] actorId: only that actor's tokens
 */
export async function registerScene(client, table, { again = false, actorId = null } = {}) {
  const truth = plays(table, DEFAULT_SYSTEM);
  for (const token of vtt.sceneTokens()) {
    if (!token.actorId || (actorId && token.actorId !== actorId) || (!again && table.tokens.has(token.id))) continue;
    const actor = vtt.actor(token.actorId);
    try {
      const payload = actor && (truth ? registration(token, vtt.actorData(actor)) : characterToken(table, token, { id: actor.id ?? token.actorId, flags: actor.flags }));
      if (payload) table.applyToken(await client.request("token.register", payload));
    } catch (error) {
      const fields = Object.entries(error.fields ?? {}).map(([field, faults]) => `${field}: ${faults.join(", ")}`);
      vtt.notify("error", vtt.t("Failed", { what: token.name, message: [error.message, ...fields].join("; ") }));
    }
  }
  for (const [user, actorIds] of Object.entries(vtt.ownedActors())) {
    await client.request("actors.assign", { user, actor_ids: actorIds });
  }
}

/**
 * Wires a connected client to the table state and to Foundry.
 * @param {import("../core/bridge-client.js").BridgeClient} client
 * @param {import("../core/table-state.js").TableState} table
 */
export function syncTable(client, table) {
  onDetail(client, "push", ({ event, data }) => table.applyPush(event, data));
  onDetail(table, "token", ({ token_id, state }) => {
    if (state && vtt.isActiveGM()) showToken(token_id, state, table.views.get(token_id));
  });
  onDetail(table, "card", (entry) => {
    if (entry.rule === "dice.roll") return; // the faces of a Foundry roll (bridge-dice.js): that roll is the chat message
    const mine = entry.user === vtt.me().id;
    if (vtt.isActiveGM() || (mine && (entry.hidden || !vtt.hasActiveGM()))) postCard(entry);
    if (!table.catchingUp && plays(table, DEFAULT_SYSTEM)) vtt.showDice(facesOf(entry)); // Dice So Nice's d6: the flagship's dice
  });
  onDetail(table, "moments", ({ balances }) => showMoments(balances));
  onDetail(table, "system", (detail) => {
    showSystem(detail);
    if (detail.switched) readTable(client, table, client.session.role).catch((error) => vtt.notify("error", error.message));
  });
  vtt.onPanelClick(SYSTEM_PANEL, (action) => { if (action === "requests") requestsDialog({ client, table }); });
  onDetail(client, "ready", ({ role }) => {
    if (role !== "gm") return;
    handOutTokens(client);
    switchSystems(client, table);
  }, { once: true });
  onDetail(client, "resync", async ({ role }) => {
    await readTable(client, table, role);
    if (role === "gm") vtt.announceGMReady();
  });
}

/**
 * Calls fn(detail) on each of the target's `type` events (core's clients and table state dispatch CustomEvents).
 * @param {EventTarget} target
 * @param {string} type
 * @param {(detail: any) => unknown} fn
 * @param {AddEventListenerOptions} [options]
 */
function onDetail(target, type, fn, options) {
  target.addEventListener(type, (event) => fn(/** @type {CustomEvent} */ (event).detail), options);
}

/**
 * Reads the table again (after a (re)connection or a switch of system); the GM's client then
 * registers the scene's tokens the bridge lacks.
 */
async function readTable(client, table, role) {
  await table.catchUp(client);
  if (role === "gm") await registerScene(client, table);
}

/**
 * `token.register` for a token of a character of the world's system (null: its actor is none).
 * @param {import("../core/table-state.js").TableState} table
 * @param {{id: string, name: string, sceneId: string|null}} token
 * @param {{id: string, flags?: object}} actor
 */
export function characterToken(table, token, actor) {
  if (!table.system?.state?.characters?.[actor.id]) return null;
  const flags = actor.flags?.[vtt.MODULE_ID] ?? {};
  const { tokenFields = [] } = /** @type {{tokenFields?: {name: string, value: number}[]}} */ (systemFor(table.system.name));
  const fields = Object.fromEntries(tokenFields.map((field) => [field.name, Number(flags[field.name] ?? field.value)]));
  return { token_id: token.id, actor_id: actor.id, scene_id: token.sceneId, name: token.name.slice(0, 60) || actor.id, ...fields };
}

/** Whether the world plays a system (Moment of Truth until the bridge says). */
function plays(table, name) {
  return (table.system?.name ?? DEFAULT_SYSTEM) === name;
}
