/**
 * Which bridge token stands for which Foundry token, and the stat block it is registered with.
 * A bridge token's id is the Foundry token's id; its numbers are read off the actor: through the world's
 * sheet mapping first (the `sheetMapping` setting: each statistic and skill to a path in the actor's
 * `system` data, e.g. Simple Worldbuilding's `attributes.agility.value`), then the module's own flags
 * (`flags.vtt-bridge.sheet`, edited with the sheet's "Bridge stats" button), else `system.statistics` /
 * `system.skills` of a system that keeps Moment of Truth numbers there.
 * Plain data in, request payloads out: no Foundry here.
 */

import { BridgeError } from "../core/bridge-client.js";
import { STATISTICS } from "../core/rolls.js";

/** A number held as a number, or as {value} / {level} (how most systems keep attributes). */
function numberOf(held) {
  const value = typeof held === "object" && held !== null ? held.value ?? held.level : held;
  const number = Number(value);
  return value === "" || value === null || value === undefined || !Number.isFinite(number) ? null : Math.trunc(number);
}

/**
 * The world's sheet mapping from its JSON text (`{"statistics": {name: path}, "skills": {name: path}}`,
 * paths in the actor's `system` data); null when empty. A name that is not a statistic, or a path that
 * is not text, is refused by name (`BridgeError` code `invalid`, `fields` keyed `statistics.<name>`,
 * `skills.<name>`).
 * @param {string} [text]
 * @returns {{statistics: Object<string, string>, skills: Object<string, string>}|null}
 */
export function sheetMapping(text) {
  if (!text?.trim()) return null;
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BridgeError({ code: "invalid", message: "the sheet mapping is not JSON", fields: { sheetMapping: [error.message] } });
  }
  const mapping = { statistics: parsed?.statistics ?? {}, skills: parsed?.skills ?? {} };
  /** @type {Object<string, string[]>} */
  const faults = {};
  for (const [part, entries] of Object.entries(mapping)) {
    for (const [name, path] of Object.entries(entries)) {
      if (part === "statistics" && !STATISTICS.includes(name)) faults[`statistics.${name}`] = [`not a statistic (${STATISTICS.join(", ")})`];
      else if (typeof path !== "string" || !path) faults[`${part}.${name}`] = ["the path must be text, e.g. attributes.agility.value"];
    }
  }
  if (Object.keys(faults).length) throw new BridgeError({ code: "invalid", message: "the sheet mapping names what it cannot read", fields: faults });
  return mapping;
}

/**
 * The numbers the mapping reads off an actor's `system` data: each mapped statistic and skill, or a
 * refusal naming every one whose path holds no number (nothing is skipped quietly).
 * @param {object} system the actor's `system` data
 * @param {{statistics: Object<string, string>, skills: Object<string, string>}} mapping
 */
function mappedNumbers(system, mapping) {
  /** @type {Object<string, string[]>} */
  const faults = {};
  const read = (part) => Object.fromEntries(Object.entries(mapping[part]).map(([name, path]) => {
    const value = numberOf(path.split(".").reduce((data, key) => data?.[key], system));
    if (value === null) faults[`${part}.${name}`] = [`no number at system.${path}`];
    return [name, value];
  }));
  const numbers = { statistics: read("statistics"), skills: read("skills") };
  if (Object.keys(faults).length) throw new BridgeError({ code: "invalid", message: "the sheet mapping reads no number", fields: faults });
  return numbers;
}

/**
 * An actor's stat block for the bridge, or null when its six statistics are not all known. With a
 * sheet mapping (`actor.mapping`, its JSON text), what it maps is read through it, and a name or path it
 * cannot read is refused by name (BridgeError).
 * @param {{flags: object, system: object, mapping?: string}} actor plain actor data (adapter.actorData)
 * @returns {{statistics: object, skills: object, hit_points: number|null, armor: object|null,
 *   shield: object|null, weapons: string[]}|null}
 */
export function statBlock(actor) {
  const sheet = actor.flags?.sheet ?? {};
  const mapping = sheetMapping(actor.mapping);
  const mapped = mapping && mappedNumbers(actor.system ?? {}, mapping);
  const held = { ...(sheet.statistics ?? actor.system?.statistics ?? {}), ...mapped?.statistics };
  const statistics = {};
  for (const name of STATISTICS) {
    const value = numberOf(held[name]);
    if (value === null) return null;
    statistics[name] = value;
  }
  const skills = {};
  for (const [name, level] of Object.entries({ ...(sheet.skills ?? actor.system?.skills ?? {}), ...mapped?.skills })) {
    const value = numberOf(level);
    if (value !== null) skills[name] = value;
  }
  const item = (name) => (name ? { name } : null);
  return {
    statistics,
    skills,
    hit_points: numberOf(sheet.hit_points) || null,
    armor: item(sheet.armor),
    shield: item(sheet.shield),
    weapons: sheet.weapons ?? [],
  };
}

/**
 * The `token.register` payload of a Foundry token, or null when its actor has no stat block.
 * @param {{id: string, name: string, sceneId: string|null}} token plain token data
 * @param {{id: string, flags: object, system: object}} actor plain actor data
 */
export function registration(token, actor) {
  const block = statBlock(actor);
  if (!block) return null;
  const { weapons, ...numbers } = block;
  return { token_id: token.id, actor_id: actor.id, scene_id: token.sceneId, name: token.name.slice(0, 60) || actor.id, ...numbers };
}

/**
 * The stat block editor's values as the actor's `sheet` flag. Skills and weapons are typed one a
 * line ("Stealth: 2", "pistol").
 * @param {object} values the form's values
 */
export function sheetFromForm(values) {
  const statistics = Object.fromEntries(STATISTICS.map((name) => [name, numberOf(values[name]) ?? 0]));
  const skills = {};
  for (const line of String(values.skills ?? "").split("\n")) {
    const [name, level] = line.split(":").map((part) => part.trim());
    if (name && numberOf(level) !== null) skills[name] = numberOf(level);
  }
  const weapons = String(values.weapons ?? "").split("\n").map((line) => line.trim()).filter(Boolean);
  return {
    statistics, skills, weapons,
    hit_points: numberOf(values.hit_points),
    armor: String(values.armor ?? "").trim(),
    shield: String(values.shield ?? "").trim(),
  };
}

/** The stat block editor's fields from an actor's stat block (or blanks). */
export function formFromSheet(actor) {
  const block = statBlock(actor);
  const sheet = actor.flags?.sheet ?? {};
  return {
    statistics: STATISTICS.map((name) => ({ name, value: block?.statistics[name] ?? 0 })),
    skills: Object.entries(block?.skills ?? {}).map(([name, level]) => `${name}: ${level}`).join("\n"),
    weapons: (block?.weapons ?? []).join("\n"),
    hit_points: block?.hit_points ?? "",
    armor: sheet.armor ?? "",
    shield: sheet.shield ?? "",
  };
}
