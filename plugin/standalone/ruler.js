/**
 * The ruler: a line dragged on the grid, its length in metres as the bridge's squares measure it,
 * and where it falls among a ranged weapon's range bands (docs/rules/moment_of_truth.md, ch. 7,
 * Range Penalties: close "C-Xm" costs 1d6, optimal "Ym" nothing, long "Zm (N)" the k-th increment
 * of Z metres past optimal k d6, and beyond the last increment it is out of range).
 */

/**
 * A weapon's bands from the book's notation (`equipment.list`): `{close, optimal, step, increments}` in metres.
 * @param {{close: string, optimal: string, long: string}} weapon
 */
export function rangeBands(weapon) {
  const metres = (text) => Number(String(text).match(/([\d.]+)\s*m/)?.[1] ?? 0);
  const long = String(weapon.long).match(/([\d.]+)\s*m\s*\((\d+)\)/);
  return { close: metres(weapon.close), optimal: metres(weapon.optimal), step: long ? Number(long[1]) : 0, increments: long ? Number(long[2]) : 0 };
}

/**
 * Where `distance` metres falls for a weapon's bands, in the rules' words.
 * @param {number} distance
 * @param {{close: number, optimal: number, step: number, increments: number}} bands
 * @returns {{band: string, words: string}}
 */
export function readRange(distance, { close, optimal, step, increments }) {
  if (distance <= close) return { band: "close", words: "close range, −1d6" };
  if (distance <= optimal) return { band: "optimal", words: "optimal range, no modifier" };
  const increment = step > 0 ? Math.ceil((distance - optimal) / step) : Infinity;
  if (increment > increments) return { band: "out", words: `out of range (beyond ${optimal + increments * step} m)` };
  return { band: "long", words: `long range, increment ${increment}: −${increment}d6` };
}
