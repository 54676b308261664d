/**
 * Any rule system's state document (`system.changed`, `system.get`) as escaped HTML, by shape:
 * the fallback of a system module that draws its own pools, and of a system the plugin does not know.
 * @module core/system-state
 */

import { escapeHTML } from "./cards.js";

/**
 * Numbers and words as they are, lists as items, objects as a definition list of their keys.
 * @param {unknown} state
 * @returns {string}
 */
export function stateHTML(state) {
  if (Array.isArray(state)) {
    return state.length ? `<ul class="vb-state-list">${state.map((item) => `<li>${stateHTML(item)}</li>`).join("")}</ul>` : "—";
  }
  if (state && typeof state === "object") {
    const rows = Object.entries(state).map(([key, value]) => `<dt>${escapeHTML(keyTitle(key))}</dt><dd>${stateHTML(value)}</dd>`);
    return rows.length ? `<dl class="vb-state">${rows.join("")}</dl>` : "—";
  }
  return escapeHTML(state ?? "—");
}

function keyTitle(key) {
  const words = String(key).replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
