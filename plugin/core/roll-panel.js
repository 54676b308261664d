/**
 * A rule system's basic roll as a form (its module's `rollPanel`, core/systems/<name>.js): the
 * form's fields, as the standalone tabletop and the Foundry module's dialogs (templates/form.hbs)
 * draw them, and the request built from the values typed.
 * @module core/roll-panel
 */

import { BridgeError } from "./bridge-client.js";

/**
 * The panel's fields as a form draws them, in the panel's order: `{name, label}` and
 * - a number: `number: true, value, min, max, step: 1` (whole numbers);
 * - a checkbox: `checkbox: true, value` (checked or not);
 * - a select: `options: [{value, label, selected}]` (its `value`, else its first option, selected);
 * - text: `value`;
 * and `list` when the panel names a list of the character's sheet (skills, styles…) to pick from.
 * @param {{fields: object[]}} panel a system's `rollPanel`
 * @returns {object[]}
 */
export function panelFields({ fields }) {
  return fields.map((field) => {
    const shown = { name: field.name, label: field.label, ...(field.list ? { list: field.list } : {}) };
    if (field.type === "number") {
      return { ...shown, number: true, value: field.value ?? field.min ?? 0, min: field.min, max: field.max, step: 1 };
    }
    if (field.type === "checkbox") return { ...shown, checkbox: true, value: Boolean(field.value) };
    if (field.type === "select") {
      const chosen = String(field.value ?? field.options[0]?.[0]);
      return { ...shown, options: field.options.map(([value, text]) => ({ value: String(value), label: text, selected: String(value) === chosen })) };
    }
    return { ...shown, value: field.value ?? "" };
  });
}

/**
 * The form's values (by field name, as a form gives them: text, numbers, booleans) as the panel's
 * `build` takes them: a whole number within its range, a checkbox's state, a select's option value
 * (as the panel typed it), trimmed text. A value that cannot be read is refused by its field, as the
 * bridge would (`invalid`, `fields[name]`).
 * @param {{fields: object[]}} panel
 * @param {Object<string, unknown>} raw
 * @returns {object}
 */
export function panelValues({ fields }, raw) {
  const values = {};
  const faults = {};
  for (const field of fields) {
    try {
      values[field.name] = readValue(field, raw[field.name]);
    } catch (error) {
      faults[field.name] = [error.message];
    }
  }
  if (Object.keys(faults).length) throw new BridgeError({ code: "invalid", message: "the roll's fields are invalid", fields: faults });
  return values;
}

/**
 * The request of the panel's roll for the values typed (without request_id: the client adds it).
 * @param {{fields: object[], build: Function}} panel
 * @param {Object<string, unknown>} raw the form's values
 * @param {{actorId: string, tokenId?: string|null, sheet?: object|null}} context who rolls, the token
 *   acting (at the table: held to its turn in a fight) and its character's sheet (the state document's)
 * @returns {{event: string, payload: object}}
 */
export function panelRequest(panel, raw, { actorId, tokenId = null, sheet = null }) {
  return panel.build(panelValues(panel, raw), { actorId, tokenId, sheet });
}

function readValue(field, raw) {
  if (field.type === "checkbox") return raw === true || raw === "on" || raw === "true";
  if (field.type === "select") {
    const option = field.options.find(([value]) => String(value) === String(raw));
    if (!option) throw new Error(`not one of ${field.options.map(([value]) => value).join(", ")}`);
    return option[0];
  }
  const text = String(raw ?? "").trim();
  if (field.type !== "number") return text;
  const number = Number(text);
  if (text === "" || !Number.isInteger(number)) throw new Error("not a whole number");
  if (field.min !== undefined && number < field.min) throw new Error(`less than ${field.min}`);
  if (field.max !== undefined && number > field.max) throw new Error(`more than ${field.max}`);
  return number;
}
