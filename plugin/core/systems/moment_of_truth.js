/**
 * Moment of Truth: the plugin's side of the rule system `moment_of_truth` (docs/systems/README.md).
 * @module core/systems/moment_of_truth
 */

import { stateHTML } from "../system-state.js";

/** Verdicts of this system's cards, by `outcome.label` (the cards' own, core/cards.js). */
export { OUTCOMES as outcomes } from "../cards.js";

export const name = "moment_of_truth";
export const title = "Moment of Truth";

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
