/**
 * What a token's state shows: its conditions and its hit points, and the icons its system's `view`
 * names a condition by.
 * @module core/conditions
 */

/**
 * The icons a `view` names (`{label, icon, severity}`'s `icon`), each shipped as
 * `styles/icons/<name>.svg`, relative to the plugin's folder: Foundry prefixes `modules/vtt-bridge/`.
 * @type {readonly string[]}
 */
export const CONDITION_ICONS = Object.freeze(["circle", "drop", "flame", "prone", "skull", "sleep"]);

/**
 * The icon a condition shows with: its view's icon name, a circle for a name the plugin does not know.
 * @param {string} icon the view's icon name
 */
export function shownIcon(icon) {
  return CONDITION_ICONS.includes(icon) ? icon : "circle";
}

/**
 * The shipped file of a condition's icon (shownIcon), relative to the plugin's folder.
 * @param {string} icon the view's icon name
 */
export function iconFile(icon) {
  return `styles/icons/${shownIcon(icon)}.svg`;
}

/**
 * The colour a condition's icon takes by how bad it is (the standalone page's badge hues, lighter:
 * Foundry draws effect icons on a dark square).
 * @type {Readonly<Object<string, string>>}
 */
export const SEVERITY_TINTS = Object.freeze({ info: "#7fb0ff", minor: "#f2c14e", serious: "#ff9a4d", critical: "#ff5a5a" });

/**
 * The conditions on a token, each once (a condition may hold from several sources), in the
 * order the bridge lists them.
 * @param {{conditions: {condition: string}[]}} state a TokenState
 * @returns {string[]}
 */
export function conditionsOf(state) {
  return [...new Set(state.conditions.map((entry) => entry.condition))];
}

/**
 * A token's HP bar: hit points remaining (below 0 when hurt past them) out of its hit points.
 * @param {{health: {remaining: number, hit_points: number}}} state a TokenState
 * @returns {{value: number, max: number}}
 */
export function hpBar(state) {
  return { value: state.health.remaining, max: state.health.hit_points };
}
