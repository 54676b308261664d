/**
 * 2d20 variant: the plugin's side of the rule system `two_d20` (docs/systems/README.md).
 * @module core/systems/two_d20
 */

import { stateHTML } from "../system-state.js";

export const name = "two_d20";
export const title = "2d20 variant";

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
