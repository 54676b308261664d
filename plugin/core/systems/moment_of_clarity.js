/**
 * Moment of Clarity: the plugin's side of the rule system `moment_of_clarity` (docs/systems/README.md).
 * @module core/systems/moment_of_clarity
 */

import { stateHTML } from "../system-state.js";

export const name = "moment_of_clarity";
export const title = "Moment of Clarity";

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
