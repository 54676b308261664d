/**
 * The conditions of the protocol (docs/mot/tokens.md, ch. 7 Condition Summary) with a label and
 * an icon each, and what a token's state shows: its conditions and its hit points.
 * @module core/conditions
 */

/**
 * Each condition id the bridge sends, with its label and icon. `icon` is relative to the
 * plugin's folder (`styles/icons/<id>.svg`): Foundry prefixes `modules/vtt-bridge/`, the
 * standalone page `../`.
 * @type {Readonly<Object<string, {label: string, icon: string}>>}
 */
export const CONDITIONS = Object.freeze(Object.fromEntries([
  ["confused", "Confused"],
  ["disarmed", "Disarmed"],
  ["engaged", "Engaged"],
  ["flanked", "Flanked"],
  ["grappled", "Grappled"],
  ["injured", "Injured"],
  ["outnumbered", "Outnumbered"],
  ["prone", "Prone"],
  ["restrained", "Restrained"],
  ["stunned", "Stunned"],
  ["suffocating", "Suffocating"],
  ["suppressed", "Suppressed"],
  ["unaware", "Unaware"],
  ["unconscious", "Unconscious"],
  ["wounded", "Wounded"],
  ["on_fire", "On fire"],
  ["bleeding", "Bleeding"],
  ["dead", "Dead"],
].map(([id, label]) => [id, Object.freeze({ label, icon: `styles/icons/${id}.svg` })])));

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
