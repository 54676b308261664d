/**
 * The rule systems the plugin knows, by the wire name a world plays (`session.ready`'s
 * `system`, `system.changed`): each draws its state and names its cards' verdicts; a system
 * it does not know still shows its cards and state by shape (docs/systems/README.md).
 * @module core/systems
 */

import * as highestD10 from "./systems/highest_d10.js";
import * as momentOfClarity from "./systems/moment_of_clarity.js";
import * as momentOfTruth from "./systems/moment_of_truth.js";
import * as twoD20 from "./systems/two_d20.js";
import { stateHTML } from "./system-state.js";

/** The flagship, which a world plays unless its GM chose another. */
export const DEFAULT_SYSTEM = "moment_of_truth";

export const SYSTEMS = Object.freeze(Object.fromEntries(
  [momentOfTruth, twoD20, momentOfClarity, highestD10].map((system) => [system.name, system]),
));

/**
 * Every system's verdicts by `outcome.label`, for cards.js's `cardHTML(entry, {verdicts})` (which
 * names the flagship's first): a card of any system shows its verdict wherever it is shown.
 */
export const VERDICTS = Object.freeze(Object.assign({}, ...Object.values(SYSTEMS).map((system) => system.outcomes)));

/**
 * The plugin's module for a system, or a generic one (its name, its state by shape, no roll panel).
 * @param {string} name
 */
export function systemFor(name) {
  return SYSTEMS[name] ?? { name, title: name, outcomes: {}, poolsHTML: stateHTML, rollPanel: null };
}
