/**
 * The GM's macros (docs/scripting.md): the menu from `macro.list`'s result, a form's fields from
 * a macro's JSON Schema (the subset the bridge exports from marshmallow), the `arguments` read
 * back from the form, and the `macro.run` request.
 * @module core/macros
 */

import { BridgeError } from "./bridge-client.js";

/**
 * A string field holding a tracked token's id: `fields.String(metadata={"format": "token_id"})`
 * in the script (a list of them: `fields.List(fields.String(metadata={"format": "token_id"}))`).
 */
export const TOKEN_ID_FORMAT = "token_id";

/**
 * The macros the user may run (the bridge lists only those), each with its form's fields, and
 * the scripts that failed at the last load (the GM's only).
 * @param {{macros: {name: string, description: string, who: string, arguments: object}[],
 *   errors: {file: string, line: number|null, message: string}[]}} listed `macro.list`'s result
 * @returns {{macros: {name: string, description: string, who: string, fields: object[]}[], errors: object[]}}
 */
export function macroMenu({ macros, errors }) {
  return {
    macros: macros.map(({ name, description, who, arguments: schema }) => ({ name, description, who, fields: formFields(schema) })),
    errors,
  };
}

/**
 * A form's fields from a macro's arguments' JSON Schema, in the schema's order:
 * `{name, label, description, type, required, default, min, max, minLength, maxLength, options, item}`
 * where `type` is
 * - `integer`, `number` (min/max: the range), `string` (minLength/maxLength), `boolean`;
 * - `enum` (`options`: the values allowed);
 * - `token` (a tracked token's id), `tokens` (a list of them; min/max: how many);
 * - `list` (a list of `item`s, an `integer`, `number` or `string` field; min/max: how many);
 * - `json` (anything else, a nested object say: typed as JSON).
 * Fields the macro only gives back (`readOnly`) are left out. `default` is undefined when the
 * schema has none; `nullable` says the field takes null.
 * @param {object} schema
 * @returns {object[]}
 */
export function formFields(schema) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => !property.readOnly)
    .map(([name, property]) => ({
      name,
      label: property.title ?? humane(name),
      description: property.description ?? "",
      required: required.has(name),
      default: property.default,
      nullable: types(property).includes("null"),
      ...kind(property),
    }));
}

/** The field's type and its bounds. */
function kind(property) {
  const [type] = types(property).filter((t) => t !== "null");
  if (property.enum) return { type: "enum", options: property.enum.filter((value) => value !== null) };
  if (type === "integer" || type === "number") return { type, ...bounds(property.minimum, property.maximum) };
  if (type === "boolean") return { type };
  if (type === "string") {
    return property.format === TOKEN_ID_FORMAT
      ? { type: "token" }
      : { type, ...bounds(property.minLength, property.maxLength, "minLength", "maxLength") };
  }
  if (type === "array" && property.items) {
    const item = kind(property.items);
    const count = bounds(property.minItems, property.maxItems);
    if (item.type === "token") return { type: "tokens", ...count };
    if (["integer", "number", "string"].includes(item.type)) return { type: "list", item, ...count };
  }
  return { type: "json" };
}

function types(property) {
  return [property.type ?? []].flat();
}

function bounds(low, high, lowName = "min", highName = "max") {
  return { ...(low !== undefined && { [lowName]: low }), ...(high !== undefined && { [highName]: high }) };
}

/** "starting_dice" as "Starting dice". */
function humane(name) {
  const words = name.replace(/[_.:-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The `arguments` object from a form's values (by field name): numbers parsed, a checkbox as a
 * boolean, lists from a multiple select (an array) or comma-separated text, JSON parsed; an empty
 * field is left out (the macro's default applies; a required one the bridge refuses). Checking the
 * values is the bridge's (the macro's JSON Schema): only a value that cannot be read is refused here,
 * as the bridge would name it (`invalid`, `fields["arguments.<name>"]`).
 * @param {object[]} fields formFields
 * @param {Object<string, unknown>} values
 * @returns {object}
 */
export function readForm(fields, values) {
  const read = {};
  const faults = {};
  for (const field of fields) {
    try {
      const value = readValue(field, values[field.name]);
      if (value !== undefined) read[field.name] = value;
    } catch (error) {
      faults[`arguments.${field.name}`] = [error.message];
    }
  }
  if (Object.keys(faults).length) throw new BridgeError({ code: "invalid", message: "the macro's arguments are invalid", fields: faults });
  return read;
}

function readValue(field, raw) {
  if (field.type === "boolean") return raw === true || raw === "on" || raw === "true";
  if (Array.isArray(raw)) return raw.length ? raw.map((each) => readItem(field, each)) : undefined;
  const text = raw === null || raw === undefined ? "" : String(raw).trim();
  if (text === "") return undefined;
  if (field.type === "json") {
    try {
      return JSON.parse(text);
    } catch {
      throw new Error("not JSON");
    }
  }
  if (field.type === "list" || field.type === "tokens") return text.split(",").map((each) => each.trim()).filter(Boolean).map((each) => readItem(field, each));
  return readItem(field, text);
}

/** One value (of a list: one item) as its field's type wants it. */
function readItem(field, raw) {
  const type = field.item?.type ?? field.type;
  if (type === "integer" || type === "number") {
    const number = Number(raw);
    if (String(raw).trim() === "" || !Number.isFinite(number)) throw new Error("not a number");
    if (type === "integer" && !Number.isInteger(number)) throw new Error("not a whole number");
    return number;
  }
  if (type === "enum") {
    const option = field.options.find((value) => String(value) === String(raw));
    if (option === undefined) throw new Error(`not one of ${field.options.join(", ")}`);
    return option;
  }
  return String(raw);
}

/**
 * Runs a macro by name on the tokens picked (queued: hand it to `BridgeClient.queued`; its
 * `job.result` is `{roll_id}` and the card comes as `roll.result`).
 * @param {object} choice
 * @param {string} choice.name the macro's name, as macro.list gives it
 * @param {string[]} [choice.targets] tracked token ids, each once
 * @param {object} [choice.arguments] readForm's result
 * @param {"public"|"blind"|"whisper"} [choice.visibility]
 * @param {string} [choice.label] the card's label; the macro's name when left out
 * @returns {{event: "macro.run", payload: object}}
 */
export function runMacro({ name, targets = [], arguments: args = {}, visibility = "public", label = name }) {
  return { event: "macro.run", payload: { macro: name, token_ids: [...new Set(targets)], arguments: args, visibility, label } };
}
