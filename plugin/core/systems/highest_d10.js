/**
 * d10 highest-die system: the plugin's side of the rule system `highest_d10` (docs/systems/README.md).
 * @module core/systems/highest_d10
 */

import { stateHTML } from "../system-state.js";

export const name = "highest_d10";
export const title = "d10 highest-die system";

/** Verdicts of this system's cards, by `outcome.label`. */
export const outcomes = {};

/**
 * The system's state document (`system.changed`) as HTML.
 * @param {object} state
 * @returns {string}
 */
export function poolsHTML(state) {
  return stateHTML(state);
}

/** The system's basic roll as a form; null: the plugin's own roll dialog. */
export const rollPanel = null;
