/**
 * A character sheet as the GM types it in a system's character form (`characterPanel`): lists of
 * "name level" entries ("Fight 10, Survive 2") read as the request's ratings, and the actor id made
 * from the character's name when none is typed. An entry the form cannot read is refused with a
 * sentence naming it, which the form shows at its field.
 * @module core/sheet-text
 */

import { BridgeError } from "./bridge-client.js";

const ENTRY = /^(.+?)\s+(\d+)$/;

/**
 * "Fight 10, Survive 2" as `{Fight: 10, Survive: 2}`, each level within `low`-`high`.
 * @param {unknown} text the field as typed (empty: no entries)
 * @param {string} what what an entry is, for the refusal: `a skill and its rating, as "Fight 10"`
 * @param {{low?: number, high?: number}} [range] the levels allowed
 * @returns {Object<string, number>}
 */
export function readRatings(text, what, { low = 0, high = Infinity } = {}) {
  /** @type {Object<string, number>} */
  const ratings = {};
  for (const entry of String(text ?? "").split(",").map((each) => each.trim()).filter(Boolean)) {
    const read = ENTRY.exec(entry);
    if (!read) throw new Error(`"${entry}" is not ${what}`);
    const [, name, level] = read;
    if (name in ratings) throw new Error(`${name} is listed twice`);
    if (Number(level) < low || Number(level) > high) throw new Error(`${name}: ${level} is not from ${low} to ${high}`);
    ratings[name] = Number(level);
  }
  return ratings;
}

/**
 * The actor id of a character named `name` when the GM types none: its name in lower case, each
 * run of other characters a dash ("Landon Sol": "landon-sol").
 * @param {string} name
 * @returns {string}
 */
export function actorIdOf(name) {
  return name.toLowerCase().replace(/[^a-z0-9._:-]+/g, "-").replace(/^-+|-+$/g, "");
}

/**
 * Each field of a sheet read by its reader; a reader that throws is the refusal of its field, all
 * of them together (`invalid`, `fields[name]`: the sentence), as the bridge refuses a request.
 * @param {Object<string, () => any>} readers by field name
 * @returns {Object<string, any>} what each reader read, by field name
 */
export function readSheet(readers) {
  /** @type {Object<string, any>} */
  const read = {};
  /** @type {Object<string, string[]>} */
  const faults = {};
  for (const [field, reader] of Object.entries(readers)) {
    try {
      read[field] = reader();
    } catch (error) {
      faults[field] = [error.message];
    }
  }
  if (Object.keys(faults).length) throw new BridgeError({ code: "invalid", message: "the sheet's fields are invalid", fields: faults });
  return read;
}

/**
 * The character's name as typed, refused when empty.
 * @param {unknown} name
 * @returns {string}
 */
export function characterName(name) {
  if (!name) throw new Error("a character has a name");
  return String(name);
}
