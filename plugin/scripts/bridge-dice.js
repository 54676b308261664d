/**
 * The bridge as Foundry's dice (the "Bridge dice" world setting): a non-interactive fulfillment method
 * (CONFIG.Dice.fulfillment) whose handler gives each die of a standard Die term (`d6`, not a coin or
 * a Fate die, whose results are not faces) a face the bridge
 * rolled (`dice.roll`, logged in the roll log with its faces). Foundry calls the handler once per die;
 * the term's dice are asked for together on its first die, and again, one by one, for the dice a
 * reroll or explosion adds. A term the bridge cannot roll (not connected, refused) gets no face, so
 * Foundry rolls that die itself, and the user is told.
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
 * @returns {(term: {denomination: string, faces?: number, number?: number, results: object[]}) => Promise<number|undefined>}
 */
export function bridgeDice(currentClient) {
  /** Faces rolled for a term, not yet handed to its dice. @type {WeakMap<object, number[]>} */
  const rolled = new WeakMap();
  return async (term) => {
    const { faces, number = 1 } = term;
    const client = currentClient();
    if (!/^d\d*$/.test(term.denomination) || !faces || faces < 2 || faces > MOST_FACES || client?.state !== "connected") return undefined;
    const left = rolled.get(term) ?? [];
    if (!left.length) {
      const count = Math.min(MOST_DICE, Math.max(1, number - term.results.length));
      try {
        const card = await client.request("dice.roll", { faces, number: count, label: `${count}d${faces}` });
        left.push(...card.result.dice);
      } catch (error) {
        vtt.notify("warn", vtt.t("Dice.Refused", { message: error.message }));
        return undefined;
      }
      rolled.set(term, left);
    }
    return left.shift();
  };
}
