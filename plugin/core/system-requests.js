/**
 * Every request of the world's rule system as a menu and forms (`system.requests`, docs/protocol.md):
 * the requests grouped by their event's words (`2d20.session.start` under "Session"), GM-only ones
 * marked, each with a form built from its JSON Schema (core/macros.js `formFields`), and the request
 * read back from the form's values. The client adds `request_id`, so the form leaves it out.
 * @module core/system-requests
 */

import { BridgeError } from "./bridge-client.js";
import { formFields, readForm } from "./macros.js";

/** The field a request names its actor by, filled in with the actor the table has picked. */
export const ACTOR_FIELD = "actor_id";

/**
 * The menu of `system.requests`'s answer: groups in the order first met, each named by the words
 * between the system's prefix and the event's last word ("" for a request of one word, such as
 * `2d20.test`), each request with its label, its description, its flags and its form's fields
 * (the schema's, `actor_id` first: who acts).
 * @param {{system: string, requests: {event: string, gm_only: boolean, card: boolean, queued: boolean, schema: object}[]}} answer
 * @returns {{system: string, groups: {name: string, requests: object[]}[]}}
 */
export function requestMenu({ system, requests }) {
  const groups = new Map();
  for (const request of requests) {
    const words = request.event.split(".").slice(1);
    const group = humane(words.slice(0, -1).join(" "));
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push({
      event: request.event,
      label: humane(words.join(" ")),
      description: request.schema.description ?? "",
      gmOnly: request.gm_only,
      card: request.card,
      queued: request.queued,
      fields: actorFirst(formFields(request.schema).filter((field) => field.name !== "request_id")),
    });
  }
  return { system, groups: [...groups].map(([name, listed]) => ({ name, requests: listed })) };
}

/**
 * A request's form fields, its `actor_id` (when it has one) filled in with the actor picked.
 * @param {{fields: object[]}} request one of requestMenu's
 * @param {{actorId?: string|null}} [context]
 * @returns {object[]}
 */
export function requestFields({ fields }, { actorId = null } = {}) {
  return fields.map((field) => (field.name === ACTOR_FIELD && actorId ? { ...field, default: actorId } : field));
}

/**
 * The request for the form's values (core/macros.js `readForm`: numbers, checkboxes, lists, JSON;
 * an empty field left out). A value that cannot be read is refused naming its field, as the bridge
 * names a payload's (`invalid`, `fields[name]`).
 * @param {{event: string, fields: object[]}} request one of requestMenu's
 * @param {Object<string, unknown>} values the form's, by field name
 * @returns {{event: string, payload: object}}
 */
export function requestPayload({ event, fields }, values) {
  try {
    return { event, payload: readForm(fields, values) };
  } catch (error) {
    if (!(error instanceof BridgeError)) throw error;
    const faults = Object.fromEntries(Object.entries(error.fields).map(([name, faults]) => [name.replace(/^arguments\./, ""), faults]));
    throw new BridgeError({ code: "invalid", message: `${event}: a field cannot be read`, fields: faults });
  }
}

/**
 * A refusal's faults by the form's field they are about: the bridge names a payload's fields as
 * marshmallow nests them (`{skills: {Fight: {value: [...]}}}`), read here as lines
 * (`skills.Fight.value: ...`) under the field (`skills`), those of no field of the form (`_schema`,
 * say) under "".
 * @param {{fields: object[]}} request one of requestMenu's
 * @param {Object<string, unknown>} [faults] the refusal's `fields`
 * @returns {Object<string, string[]>}
 */
export function refusalFaults({ fields }, faults = {}) {
  const named = new Set(fields.map((field) => field.name));
  /** @type {Object<string, string[]>} */
  const placed = {};
  for (const [path, message] of flattened(faults)) {
    const field = named.has(path[0]) ? path[0] : "";
    (placed[field] ??= []).push(`${path.join(".")}: ${message}`);
  }
  return placed;
}

/** [path, message] for every message of a nested refusal. */
function flattened(faults, path = []) {
  if (Array.isArray(faults) && faults.every((each) => typeof each === "string")) return [[path, faults.join(" ")]];
  if (faults === null || typeof faults !== "object") return [[path, String(faults)]];
  return Object.entries(faults).flatMap(([key, inner]) => flattened(inner, [...path, key]));
}

/** The fields with the actor's first, the others in the schema's order. */
function actorFirst(fields) {
  return [...fields.filter((field) => field.name === ACTOR_FIELD), ...fields.filter((field) => field.name !== ACTOR_FIELD)];
}

/** "session start" as "Session start". */
function humane(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
