/**
 * The module's two small panels: the Moments of Truth each player holds (every client shows them)
 * and a progress bar for queued work (odds, hazards). HTML strings, escaped; the adapter shows them.
 */

import { escapeHTML } from "../core/cards.js";
import * as vtt from "./adapter.js";

export const MOMENTS_PANEL = "vtt-bridge-moments";
export const PROGRESS_PANEL = "vtt-bridge-progress";

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
