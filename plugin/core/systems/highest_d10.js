/**
 * d10 highest-die system: the plugin's side of the rule system `highest_d10`
 * (docs/systems/highest_d10.md): its cards' verdicts, its state (the characters' aiming, the
 * encounter's phase, declaration order and declarations) and its requests.
 * @module core/systems/highest_d10
 */

import { escapeHTML } from "../cards.js";
import { actorIdOf, characterName, readRatings, readSheet } from "../sheet-text.js";

export const name = "highest_d10";
export const title = "d10 highest-die system";

/** Verdicts of this system's cards, by `outcome.label`. */
export const outcomes = {
  solid_success: "Solid success",
  success: "Success",
  partial_success: "Partial success",
  failure: "Failure",
  automatic_failure: "Automatic failure: most dice show 1",
  botch: "Botch",
  worse_botch: "Botch, worse than a normal one",
  reached: "Goal reached",
  not_reached: "Goal not reached yet",
};

/**
 * The state document (`system.changed`): each character's aiming, then the encounter, if one is
 * under way: its phase and clock, the declaration order (lowest initiative first) marking who has
 * declared and who declares next, this phase's declarations, the actions carrying on and how the last phase resolved.
 * @param {{characters?: object, encounter?: object|null}} state
 * @returns {string}
 */
export function poolsHTML(state) {
  const characters = Object.entries(state?.characters ?? {});
  const cast = characters.map(([id, each]) => `<li data-actor-id="${escapeHTML(id)}">${escapeHTML(each.name)}</li>`);
  const aiming = characters.filter(([, each]) => each.aiming > 0).map(([, each]) => `<li>${escapeHTML(each.name)} aiming `
    + `${escapeHTML(each.aiming)} phase${each.aiming > 1 ? "s" : ""} (+${Math.min(each.aiming, AIMING_MAX)})</li>`);
  return `<section class="vb-d10">${listHTML("vb-d10-characters", cast)}${listHTML("vb-d10-aiming", aiming)}`
    + `${encounterHTML(state?.encounter)}</section>`;
}

/** Aiming adds +1 a phase for at most this many phases (Sample Actions). */
const AIMING_MAX = 3;

function listHTML(className, items) {
  return items.length ? `<ul class="${className}">${items.join("")}</ul>` : "";
}

function encounterHTML(encounter) {
  if (!encounter) return `<p class="vb-d10-no-encounter">No encounter under way.</p>`;
  const { clock } = encounter;
  const head = `<h4>Phase ${escapeHTML(encounter.phase)} <span class="vb-d10-clock">round ${escapeHTML(clock.round)}, turn ${escapeHTML(clock.turn)}, `
    + `minute ${escapeHTML(clock.minute)}</span></h4>`;
  const order = encounter.order.map((entry) => {
    const mark = entry.actor_id === encounter.next ? " vb-d10-next" : encounter.declared.includes(entry.actor_id) ? " vb-d10-declared" : "";
    return `<li class="vb-d10-turn${mark}">${escapeHTML(entry.character)} <span class="vb-d10-initiative">${escapeHTML(entry.initiative)}</span></li>`;
  });
  const next = encounter.next === null ? `<p class="vb-d10-all-declared">Everyone has declared: the GM ends the phase.</p>` : "";
  return head + `<ol class="vb-d10-order">${order.join("")}</ol>${next}`
    + actionsHTML("Declared", encounter.declarations) + actionsHTML("Carrying on", encounter.underway)
    + (encounter.last_phase ? actionsHTML(`Phase ${encounter.last_phase.phase} resolved`, encounter.last_phase.resolving.flat()) : "");
}

function actionsHTML(heading, actions) {
  if (!actions?.length) return "";
  const items = actions.map((action) => {
    const note = action.note ? ` <span class="vb-d10-note">${escapeHTML(action.note)}</span>` : "";
    const lost = action.status === "lost" ? " vb-d10-lost" : "";
    return `<li class="vb-d10-action${lost}">${escapeHTML(action.character)}: ${escapeHTML(action.action)}`
      + ` <span class="vb-d10-time">${escapeHTML(action.time)}, resolves end of phase ${escapeHTML(action.resolves)}</span>${note}</li>`;
  });
  return `<h5>${escapeHTML(heading)}</h5><ul class="vb-d10-actions">${items.join("")}</ul>`;
}

/**
 * A `d10.roll` request: a `rating` from the sheet, or `dice` called for (the GM's override; zero or fewer:
 * a zero-dice roll), conditions that each
 * remove a die, modifiers, `tn` if any, `aimed` to spend the character's aiming, `secondary` for an
 * additive or subtractive roll.
 */
export function roll({ actorId, tokenId = /** @type {string|null} */ (null), aimed = false, secondary = /** @type {object|null} */ (null), label = "", ...rolled }) {
  /** @type {Object<string, unknown>} */
  const payload = { actor_id: actorId, label, ...pool(rolled), aimed };
  if (secondary) payload.secondary = secondary;
  if (tokenId) payload.token_id = tokenId;
  return { event: "d10.roll", payload };
}

/** A `d10.cumulative` request: `rolls` rolls toward `target` (goal `total`: summed totals; `successes`: successes against `tn`). */
export function cumulative({ actorId, goal, target, rolls, solidCountsDouble = false, label = "", ...rolled }) {
  return {
    event: "d10.cumulative",
    payload: { actor_id: actorId, label, ...pool(rolled), goal, target, rolls, solid_counts_double: solidCountsDouble },
  };
}

/** A `d10.odds` request: the exact chance of each degree of the roll described (`tn` required). */
export function odds({ tn, ...rolled }) {
  return { event: "d10.odds", payload: { ...pool(rolled), tn } };
}

/**
 * A `d10.declare` request: this phase's actions (`{action, time?, note?}`; a sample action takes its
 * time from the table), and a Fastdraw's roll (`{tn, stressful?, modifiers?, conditions?}`) when one is
 * declared: the bridge rolls the sheet's Fastdraw skill (`dice`: the GM's override).
 */
export function declare({ actorId, tokenId = /** @type {string|null} */ (null), actions, fastdraw = /** @type {object|null} */ (null), label = "" }) {
  /** @type {Object<string, unknown>} */
  const payload = { actor_id: actorId, label, actions };
  if (fastdraw) {
    const { dice = null, tn, modifiers = [], conditions = [], stressful = true } = fastdraw;
    payload.fastdraw = { tn, conditions, modifiers, stressful, ...(dice === null ? {} : { dice }) };
  }
  if (tokenId) payload.token_id = tokenId;
  return { event: "d10.declare", payload };
}

/** GM: `d10.character.register`, a character's name, attributes and skills. */
export function registerCharacter({ actorId, name: characterName, attributes = {}, skills = {} }) {
  return { event: "d10.character.register", payload: { actor_id: actorId, name: characterName, attributes, skills } };
}

/** The highest level of an attribute or a skill on a sheet. */
const LEVEL_MAX = 20;

/**
 * The GM's character sheet (`d10.character.register`): who, and its attributes and skills, each
 * "name level" ("Reflexes 3, Strength 2"; "Pistol 3, Fast-Talk 1"): a rating's level is its dice.
 */
export const characterPanel = {
  title: "Register a d10 character",
  submit: "Register",
  what: "register the character",
  fields: [
    { name: "name", label: "Name (unique in the world)", type: "text", value: "" },
    { name: "actor_id", label: "Actor id (empty: from the name)", type: "text", value: "" },
    { name: "attributes", label: "Attributes (Reflexes 3, Strength 2)", type: "text", value: "" },
    { name: "skills", label: "Skills (Pistol 3, Fast-Talk 1)", type: "text", value: "" },
  ],
  /** @param {Object<string, any>} values */
  build(values) {
    const { name, attributes, skills } = readSheet({
      name: () => characterName(values.name),
      attributes: () => readRatings(values.attributes, "an attribute and its level, as \"Reflexes 3\"", { high: LEVEL_MAX }),
      skills: () => readRatings(values.skills, "a skill and its level, as \"Pistol 3\"", { high: LEVEL_MAX }),
    });
    return registerCharacter({ actorId: values.actor_id || actorIdOf(name), name, attributes, skills });
  },
};

/** GM: `d10.encounter.start` with each character's initiative total (actor id -> total). */
export function startEncounter(initiative) {
  return { event: "d10.encounter.start", payload: { initiative } };
}

/** GM: `d10.phase.end`; `initiative`: the next phase's totals (none: this phase's again). */
export function endPhase(initiative = null) {
  return { event: "d10.phase.end", payload: initiative ? { initiative } : {} };
}

/** GM: `d10.encounter.end`. */
export function endEncounter() {
  return { event: "d10.encounter.end", payload: {} };
}

/** @param {Object<string, any>} rolled the pool's `dice`, `tn`, `modifiers`, `conditions`, `stressful` */
function pool(rolled) {
  const { rating = "", dice, tn = null, modifiers = [], conditions = [], stressful = true } = rolled;
  // A player rolls from the sheet (its rating names the dice); typed dice are the GM's override.
  return { ...(rating ? { rating } : { dice }), conditions, modifiers, stressful, ...(tn ? { tn } : {}) };
}

/** The basic roll as a form (core/roll-panel.js reads its values): dice, TN (0: none), one modifier, conditions (comma separated), stress, aim. */
export const rollPanel = {
  title: "d10 skill roll",
  fields: [
    { name: "rating", label: "Attribute or skill from the sheet (its level in dice; empty: the dice below)", type: "text", value: "", list: "ratings" },
    { name: "dice", label: "Dice", type: "number", min: -10, max: 30, value: 2 },
    { name: "tn", label: "Target number (0: none)", type: "number", min: 0, max: 100, value: 0 },
    { name: "modifier", label: "Modifier", type: "number", min: -100, max: 100, value: 0 },
    { name: "conditions", label: "Conditions, each removing a die (comma separated)", type: "text", value: "" },
    { name: "stressful", label: "Stressful situation", type: "checkbox", value: true },
    { name: "aimed", label: "Aimed shot (spends the aiming)", type: "checkbox", value: false },
  ],
  /**
   * @param {Object<string, any>} values
   * @param {{actorId: string, tokenId?: string|null, sheet?: any}} context
   */
  build(values, { actorId, tokenId = null }) {
    const conditions = values.conditions.split(",").map((each) => each.trim()).filter(Boolean);
    const modifiers = values.modifier ? [{ source: "modifier", value: values.modifier }] : [];
    // the bridge reads a rating's dice from the sheet; typed dice are the GM's override
    const from = values.rating ? { rating: values.rating } : { dice: values.dice };
    return roll({ actorId, tokenId, ...from, tn: values.tn || null, conditions, modifiers, stressful: values.stressful, aimed: values.aimed });
  },
};

/** The declaration form: this phase's action (a sample action, or any other with its time), a note, and a Fastdraw with it. */
const declarePanel = {
  title: "Declare this phase's action",
  submit: "Declare",
  what: "declare",
  fields: [
    { name: "action", label: "Action (empty: pass)", type: "text", value: "", list: "actions" },
    { name: "time", label: "Time (an action not in the table)", type: "select",
      options: [["", "as the table says"], ["free", "free"], ["phase", "phase"], ["round", "round"], ["turn", "turn"], ["minute", "minute"]], value: "" },
    { name: "note", label: "Note", type: "text", value: "" },
    { name: "fastdraw", label: "With a Fastdraw (free; rolled now from the sheet's Fastdraw skill)", type: "checkbox", value: false },
    { name: "fastdraw_tn", label: "Fastdraw's target number", type: "number", min: 1, max: 100, value: 6 },
    { name: "fastdraw_stressful", label: "Fastdraw in a stressful situation", type: "checkbox", value: true },
  ],
  build(values, { actorId, tokenId = null }) {
    const chosen = values.action ? [{ action: values.action, ...(values.time ? { time: values.time } : {}), ...(values.note ? { note: values.note } : {}) }] : [];
    if (!values.fastdraw) return declare({ actorId, tokenId, actions: chosen });
    const fastdraw = { tn: values.fastdraw_tn, stressful: values.fastdraw_stressful };
    return declare({ actorId, tokenId, actions: [{ action: "Fastdraw" }, ...chosen], fastdraw });
  },
};

/** The forms of a character's actions at the table: its declaration (its roll is the roll form; an aimed shot spends its aiming). */
export const actionPanels = [declarePanel];

/** The sample actions of the text's table (Sample Actions) but Fastdraw, whose roll goes with it, for the declaration form. */
const SAMPLE_ACTIONS = ["Aiming", "Draw Weapon", "Firing Semi-Auto", "Ready Firearm", "Speak", "Targeting"];

/**
 * What a character's sheet offers to pick from: its attributes and skills with their levels, and the sample actions.
 * @param {object|null} state the state document
 * @param {string} actorId
 * @returns {Object<string, string[][]>}
 */
export function sheetLists(state, actorId) {
  const sheet = state?.characters?.[actorId];
  const rated = Object.entries({ ...sheet?.attributes, ...sheet?.skills }).map(([key, level]) => [key, `${key} ${level}`]);
  return { ratings: rated, actions: SAMPLE_ACTIONS.map((action) => [action, action]) };
}

/** The fields a token of a character takes besides its name (`token.register`): its initiative pool and bonus. */
export const tokenFields = [
  { name: "initiative_dice", label: "Initiative dice", type: "number", min: 0, max: 30, value: 2 },
  { name: "initiative_bonus", label: "Initiative bonus", type: "number", min: -100, max: 100, value: 0 },
];
