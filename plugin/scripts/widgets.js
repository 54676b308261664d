/**
 * The module's small panels: the world's rule system and its state (Momentum and Chaos, cards and
 * chips… as the system draws them; the GM switches the system there), the Moments of Truth each
 * player holds (every client shows them) and a progress bar for queued work (odds, hazards). HTML
 * strings, escaped; the adapter shows them.
 */

import { escapeHTML } from "../core/cards.js";
import { DEFAULT_SYSTEM, SYSTEMS, systemFor } from "../core/systems.js";
import * as vtt from "./adapter.js";

export const SYSTEM_PANEL = "vtt-bridge-system";
export const MOMENTS_PANEL = "vtt-bridge-moments";
export const PROGRESS_PANEL = "vtt-bridge-progress";
export const STATUS_PANEL = "vtt-bridge-status";

/**
 * The bridge connection's state as HTML, in the Status.* words: connecting, connected, reconnecting,
 * closed; a refusal adds the bridge's reason (lang: Refused); then how many rolls Foundry made with its own
 * dice because the bridge could not (Bridge dice), and the players the GM keeps off the bridge (by name).
 * @param {{state: string, error?: {message: string}, fallbacks?: number, revoked?: string[]}} status
 * @param {(key: string, data?: object) => string} t the module's localizer
 * @returns {string}
 */
export function statusHTML({ state, error, fallbacks = 0, revoked = [] }, t) {
  const reason = error ? ` <span class="vb-status-reason">${escapeHTML(t("Refused", { message: error.message }))}</span>` : "";
  const dice = fallbacks ? ` <span class="vb-status-fallback">${escapeHTML(t("Status.Fallback", { count: fallbacks }))}</span>` : "";
  const kept = revoked.length ? ` <span class="vb-status-revoked">${escapeHTML(t("Status.Revoked", { names: revoked.join(", ") }))}</span>` : "";
  return `<span class="vb-status vb-status-${escapeHTML(state)}" data-state="${escapeHTML(state)}">${escapeHTML(t(`Status.${state}`))}</span>${reason}${dice}${kept}`;
}

/** What the indicator shows, each part kept until it changes. */
const status = { state: "closed", error: undefined, fallbacks: 0, revoked: /** @type {string[]} */ ([]) };

/**
 * Shows the bridge connection's state, with the parts given changed (the connection's `{state, error}`,
 * `fallbacks`, `revoked`).
 * @param {{state?: string, error?: {message: string}, fallbacks?: number, revoked?: string[]}} change
 */
export function showStatus(change) {
  Object.assign(status, change);
  vtt.showPanel(STATUS_PANEL, statusHTML(status, vtt.t));
}

/** Counts one more roll Foundry made with its own dice, and shows it. */
export function showFallback() {
  showStatus({ fallbacks: status.fallbacks + 1 });
}

/**
 * The world's system as HTML: its title and its state as the system draws it (none when it has
 * none); the GM's also has a select of the systems to switch to. A system other than Moment of
 * Truth has a button opening its requests (`data-action="requests"`). Empty for a player when there
 * is nothing to show.
 * @param {{name: string, title: string, state: object|null}} system TableState's `system`
 * @param {{isGM: boolean, switchLabel: string, requestsLabel: string}} options
 */
export function systemHTML({ name, title, state }, { isGM, switchLabel, requestsLabel }) {
  const pools = state === null || state === undefined ? "" : `<div class="vb-system-pools">${systemFor(name).poolsHTML(state)}</div>`;
  const requests = name === DEFAULT_SYSTEM ? ""
    : `<button type="button" class="vb-system-requests" data-action="requests">${escapeHTML(requestsLabel)}</button>`;
  if (!isGM && !pools && !requests) return "";
  const known = SYSTEMS[name] ? [] : [[name, title]];
  const options = [...Object.values(SYSTEMS).map((each) => [each.name, each.title]), ...known]
    .map(([value, text]) => `<option value="${escapeHTML(value)}"${value === name ? " selected" : ""}>${escapeHTML(text)}</option>`);
  const choice = isGM ? `<label class="vb-system-switch">${escapeHTML(switchLabel)} <select name="system">${options.join("")}</select></label>` : "";
  return `<h3 data-system="${escapeHTML(name)}">${escapeHTML(title)}</h3>${choice}${pools}${requests}`;
}

/** Shows the world's system. */
export function showSystem(system) {
  vtt.showPanel(SYSTEM_PANEL, systemHTML(system, { isGM: vtt.me().isGM, switchLabel: vtt.t("System.Switch"), requestsLabel: vtt.t("System.Requests") }));
}

/**
 * On a GM's client: the panel's select switches the world's system (`system.set`); the bridge then
 * tells every client (`system.changed`). A refused switch shows the system still played.
 * @param {{request: Function}} client
 * @param {{system: object}} table TableState
 */
export function switchSystems(client, table) {
  vtt.onPanelChange(SYSTEM_PANEL, (name, value) => {
    if (name !== "system") return;
    client.request("system.set", { system: value }).catch((error) => {
      showSystem(table.system);
      vtt.notify("error", vtt.t("Failed", { what: vtt.t("System.Switch"), message: error.message }));
    });
  });
}

/**
 * The MoT counts as HTML: one line per player seated in the ledger, named as Foundry names them.
 * @param {Object<string, number>} balances by user id
 * @param {{id: string, name: string}[]} users
 * @param {string} title
 */
export function momentsHTML(balances, users, title) {
  const names = new Map(users.map((u) => [u.id, u.name]));
  const rows = Object.entries(balances)
    .map(([user, count]) => `<li><span class="vb-moments-player">${escapeHTML(names.get(user) ?? user)}</span>`
      + `<span class="vb-moments-count">${escapeHTML(count)}</span></li>`)
    .join("");
  return rows ? `<h3>${escapeHTML(title)}</h3><ul>${rows}</ul>` : "";
}

/** Shows the MoT counts. */
export function showMoments(balances) {
  vtt.showPanel(MOMENTS_PANEL, momentsHTML(balances, vtt.users(), vtt.t("Moments.Title")));
}

/**
 * The progress bar's HTML for the jobs under way: [{label, state, progress}].
 * @param {{label: string, state: string, progress: number}[]} jobs
 * @param {(state: string) => string} stateLabel
 */
export function progressHTML(jobs, stateLabel) {
  return jobs.map(({ label, state, progress }) => {
    const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
    return `<div class="vb-job"><span class="vb-job-label">${escapeHTML(label)} · ${escapeHTML(stateLabel(state))}</span>`
      + `<progress max="100" value="${percent}"></progress></div>`;
  }).join("");
}

/** The jobs under way on this client, by a number of their own. */
const jobs = new Map();
let nextJob = 0;

/**
 * Sends a queued request and shows its progress until its result or failure.
 * @param {{queued: Function}} client
 * @param {string} label shown with the bar
 * @param {{event: string, payload: object}} request
 * @returns {Promise<object>} the job's result
 */
export async function track(client, label, { event, payload }) {
  const id = nextJob++;
  const show = () => vtt.showPanel(PROGRESS_PANEL, progressHTML([...jobs.values()], (s) => vtt.t(`Progress.${s}`)));
  jobs.set(id, { label, state: "queued", progress: 0 });
  show();
  try {
    return await client.queued(event, payload, {
      onProgress: ({ state, progress }) => { jobs.set(id, { label, state, progress: progress ?? 0 }); show(); },
    });
  } finally {
    jobs.delete(id);
    show();
  }
}

/** A refusal as a line: the message and each field's faults. */
export function described(error) {
  const fields = Object.entries(error.fields ?? {}).map(([name, faults]) => `${name}: ${[faults].flat().join(", ")}`);
  return [error.message, ...fields].join("; ");
}
