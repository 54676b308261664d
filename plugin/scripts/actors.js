/**
 * Which bridge token stands for which Foundry token, and the stat block it is registered with.
 * A bridge token's id is the Foundry token's id; its numbers are read off the actor: the module's
 * own flags first (`flags.vtt-bridge.sheet`, edited with the sheet's "Bridge stats" button), else
 * `system.statistics` / `system.skills` of a system that keeps Moment of Truth numbers there.
 * Plain data in, request payloads out: no Foundry here.
 */

import { STATISTICS } from "../core/rolls.js";

/** A number held as a number, or as {value} / {level} (how most systems keep attributes). */
function numberOf(held) {
  const value = typeof held === "object" && held !== null ? held.value ?? held.level : held;
  const number = Number(value);
  return value === "" || value === null || value === undefined || !Number.isFinite(number) ? null : Math.trunc(number);
}

/**
 * An actor's stat block for the bridge, or null when its six statistics are not all known.
 * @param {{flags: object, system: object}} actor plain actor data (adapter.actorData)
 * @returns {{statistics: object, skills: object, hit_points: number|null, armor: object|null,
 *   shield: object|null, weapons: string[]}|null}
 */
export function statBlock(actor) {
  const sheet = actor.flags?.sheet ?? {};
  const held = sheet.statistics ?? actor.system?.statistics ?? {};
  const statistics = {};
  for (const name of STATISTICS) {
    const value = numberOf(held[name]);
    if (value === null) return null;
    statistics[name] = value;
  }
  const skills = {};
  for (const [name, level] of Object.entries(sheet.skills ?? actor.system?.skills ?? {})) {
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
