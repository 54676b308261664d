/**
 * The bridge as Foundry's dice (the "Bridge dice" world setting): a non-interactive fulfillment method
 * (CONFIG.Dice.fulfillment) whose handler gives each die of a standard Die term (`d6`, not a coin or
 * a Fate die, whose results are not faces) a face the bridge
 * rolled (`dice.roll`, logged in the roll log with its faces). Foundry calls the handler once per die;
 * the term's dice are asked for together on its first die, and again, one by one, for the dice a
 * reroll or explosion adds. A term the bridge cannot roll (not connected, refused) gets no face, so
 * Foundry rolls that die itself: the user is told once for the term, and `onFallback` counts it (the
 * status indicator shows it). A minimized or maximized evaluation is deterministic in Foundry
 * (RollTerm.isDeterministic) and never reaches the handler.
 */

import * as vtt from "./adapter.js";

/** The method's name in CONFIG.Dice.fulfillment.methods. */
export const BRIDGE_DICE = "vtt-bridge";
/** The bridge's caps on one `dice.roll` (docs/protocol.md). */
const MOST_DICE = 300;
const MOST_FACES = 1000;

/**
 * The fulfillment handler: (term) => a face the bridge rolled, or undefined.
 * @param {() => ({state: string, request: Function}|null)} currentClient the connection as it is when a die is rolled
 * @param {{onFallback?: () => void}} [options] onFallback: called for each term Foundry rolls itself
 * @returns {(term: {denomination: string, faces?: number, number?: number, results: object[]}) => Promise<number|undefined>}
 */
export function bridgeDice(currentClient, { onFallback = () => {} } = {}) {
  /** Faces rolled for a term, not yet handed to its dice. @type {WeakMap<object, number[]>} */
  const rolled = new WeakMap();
  /** The terms Foundry rolled itself, told once each. @type {WeakSet<object>} */
  const fellBack = new WeakSet();
  /** @param {object} term @param {string} message */
  const fallBack = (term, message) => {
    if (!fellBack.has(term)) {
      fellBack.add(term);
      vtt.notify("warn", message);
      onFallback();
    }
    return undefined;
  };
  return async (term) => {
    const { faces, number = 1 } = term;
    const client = currentClient();
    if (!/^d\d*$/.test(term.denomination) || !faces || faces < 2 || faces > MOST_FACES) return undefined;
    if (client?.state !== "connected") return fallBack(term, vtt.t("Dice.Offline"));
    const left = rolled.get(term) ?? [];
    if (!left.length) {
      const count = Math.min(MOST_DICE, Math.max(1, number - term.results.length));
      try {
        const card = await client.request("dice.roll", { faces, number: count, label: `${count}d${faces}` });
        left.push(...card.result.dice);
      } catch (error) {
        return fallBack(term, vtt.t("Dice.Refused", { message: error.message }));
      }
      rolled.set(term, left);
    }
    return left.shift();
  };
}
