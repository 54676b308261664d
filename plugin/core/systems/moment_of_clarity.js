/**
 * Moment of Clarity: the plugin's side of the rule system `moment_of_clarity`
 * (docs/systems/moment_of_clarity.md): its cards' verdicts (the six levels of success), its state
 * (each character's hand, chips, beads, tracks, skills and character points, the cards out this
 * session, secret rolls' declarations), its requests, and its forms: the roll, a character's
 * actions (an attack, beads spent, character points spent) and the GM's character sheet.
 * @module core/systems/moment_of_clarity
 */

import { BridgeError } from "../bridge-client.js";
import { escapeHTML } from "../cards.js";
import { actorIdOf, characterName, readRatings, readSheet } from "../sheet-text.js";

export const name = "moment_of_clarity";
export const title = "Moment of Clarity";

/** Verdicts of this system's cards, by `outcome.label`: the six levels of success. */
export const outcomes = {
  spectacular_failure: "Spectacular failure",
  failure: "Failure",
  near_success: "Near success",
  marginal_success: "Marginal success",
  success: "Success",
  outstanding_success: "Outstanding success",
};

const SUITS = { clubs: "♣", diamonds: "♦", spades: "♠", hearts: "♥" };
const ELEMENTS = ["action", "storytelling", "plot", "drama"];
const CHIPS = ["white", "red", "blue"];

/**
 * The state document (`system.changed`): the session and scene, then each character: archetype,
 * hand (and a Wildcard's cards to choose from), chips, beads by Element, the Damage, Pain and
 * Fatigue tracks, dazed, its skills' dice and its character points; the secret rolls' declared successes.
 * @param {{session?: number, scene?: number, drawn?: object[], characters?: object, opposed?: object}} state
 * @returns {string}
 */
export function poolsHTML(state) {
  const characters = Object.entries(state?.characters ?? {}).map(([id, each]) => characterHTML(id, each));
  const head = `<h4>Session ${escapeHTML(state?.session ?? 0)}, scene ${escapeHTML(state?.scene ?? 0)}`
    + ` <span class="vb-moc-drawn">${escapeHTML(state?.drawn?.length ?? 0)} cards out of the deck</span></h4>`;
  const secrets = Object.values(state?.opposed ?? {}).map((secret) =>
    `<li>${escapeHTML(state.characters?.[secret.actor_id]?.name ?? secret.actor_id)}: ${escapeHTML(secret.declared)} declared</li>`);
  return `<section class="vb-moc">${head}`
    + (characters.length ? `<ul class="vb-moc-characters">${characters.join("")}</ul>` : `<p>No characters yet.</p>`)
    + (secrets.length ? `<h5>Secret rolls</h5><ul class="vb-moc-secrets">${secrets.join("")}</ul>` : "")
    + `</section>`;
}

function characterHTML(id, each) {
  const dazed = each.dazed ? ` <span class="vb-moc-dazed">dazed</span>` : "";
  const choosing = each.choosing?.length ? `<div class="vb-moc-choosing">to keep 3 of: ${cardsHTML(each.choosing)}</div>` : "";
  const chips = CHIPS.filter((chip) => each.chips?.[chip])
    .map((chip) => `<li class="vb-moc-chip vb-moc-${chip}">${escapeHTML(each.chips[chip])} ${chip}</li>`);
  const beads = ELEMENTS.filter((element) => each.beads?.[element])
    .map((element) => `<li class="vb-moc-bead vb-moc-${element}">${escapeHTML(each.beads[element])} ${element}</li>`);
  const tracks = each.tracks ?? {};
  const painPoints = 2 * (each.body ?? 0) + (each.toughness ?? 0) + (each.l_score ?? 0);
  const skills = (each.skills ?? []).map((skill) => `<li class="vb-moc-skill">${escapeHTML(skill.name)} ${escapeHTML(skill.dice)}d</li>`);
  const points = each.character_points ?? 0;
  return `<li class="vb-moc-character" data-actor-id="${escapeHTML(id)}"><strong>${escapeHTML(each.name)}</strong>`
    + ` <span class="vb-moc-archetype">${escapeHTML(each.archetype)}</span>${dazed}`
    + `<div class="vb-moc-hand">hand: ${cardsHTML(each.hand ?? [])}</div>${choosing}`
    + `<ul class="vb-moc-chips">${chips.join("") || "<li>no chips</li>"}</ul>`
    + `<ul class="vb-moc-beads">${beads.join("") || "<li>no beads</li>"}</ul>`
    + `<div class="vb-moc-tracks">Damage ${escapeHTML(tracks.damage ?? 0)}/6, Pain ${escapeHTML(tracks.pain ?? 0)}/${escapeHTML(painPoints)},`
    + ` Fatigue ${escapeHTML(tracks.fatigue ?? 0)}</div>`
    + (skills.length ? `<ul class="vb-moc-skills">${skills.join("")}</ul>` : "")
    + `<div class="vb-moc-points">${escapeHTML(points)} character point${points === 1 ? "" : "s"}</div></li>`;
}

function cardsHTML(cards) {
  if (!cards.length) return "—";
  return `<ul class="vb-moc-cards">${cards.map((card) =>
    `<li class="vb-moc-card vb-moc-${escapeHTML(card.suit)}" title="${escapeHTML(card.name)}">`
    + `${escapeHTML(RANKS[card.rank] ?? card.rank)}${SUITS[card.suit] ?? escapeHTML(card.suit)}</li>`).join("")}</ul>`;
}

const RANKS = { 11: "J", 12: "Q", 13: "K", 14: "A" };

/** The basic roll as a form: a pool of d10 (or d6) against a TN, untrained or not, open-ended. */
export const rollPanel = {
  title: "Moment of Clarity roll",
  fields: [
    { name: "skill", label: "Skill from the sheet (its dice; empty: the dice below)", type: "text", value: "", list: "skills" },
    { name: "dice", label: "Dice", type: "number", min: 1, max: 300, value: 3 },
    { name: "sides", label: "Die", type: "select", options: [["10", "d10 (open-ended 10s)"], ["6", "d6"]], value: "10" },
    { name: "tn", label: "TN (7 standard, 9 difficult, 11+ very difficult)", type: "number", min: 1, max: 60, value: 7 },
    { name: "untrained", label: "Skill", type: "select", options: [["", "trained"], ["0", "untrained, easy"], ["1", "untrained, normal (+1)"], ["2", "untrained, difficult (+2)"]], value: "" },
    { name: "open_ended", label: "Open-ended 10s", type: "checkbox", value: true },
    { name: "label", label: "Label", type: "text", value: "" },
  ],
  /**
   * @param {Object<string, any>} values
   * @param {{actorId: string, tokenId?: string|null, sheet?: any}} context
   */
  build(values, { actorId, tokenId = null, sheet = null }) {
    const skill = values.skill ? sheet?.skills?.find((each) => each.name === values.skill) : null;
    return roll({
      actorId, tokenId, parts: [skill ? { source: skill.name, dice: skill.dice } : { source: "pool", dice: Number(values.dice) }],
      sides: Number(values.sides), tn: Number(values.tn),
      untrained: values.untrained === "" || values.untrained == null ? null : Number(values.untrained),
      openEnded: Boolean(values.open_ended), label: values.label ?? "",
    });
  },
};

/** The attack form: a target (a registered character), the attacker's dice (a skill of its sheet, else typed), the TN, the weapon. */
const attackPanel = {
  title: "Moment of Clarity attack",
  submit: "Attack",
  what: "attack",
  fields: [
    { name: "target", label: "Target", type: "text", value: "", list: "targets" },
    { name: "skill", label: "Skill from the sheet (its dice; empty: the dice below)", type: "text", value: "", list: "skills" },
    { name: "dice", label: "Dice", type: "number", min: 1, max: 300, value: 5 },
    { name: "tn", label: "TN to hit (from the defender's Agility)", type: "number", min: 1, max: 60, value: 7 },
    { name: "weapon", label: "Weapon", type: "text", value: "fists" },
    { name: "damage", label: "Damage dice", type: "number", min: 1, max: 300, value: 3 },
    { name: "lethality", label: "Lethality (the damage roll's TN)", type: "number", min: 1, max: 60, value: 7 },
    { name: "lethal", label: "Lethal (a firearm)", type: "checkbox", value: false },
  ],
  /**
   * @param {Object<string, any>} values
   * @param {{actorId: string, tokenId?: string|null, sheet?: any}} context
   */
  build(values, { actorId, tokenId = null, sheet = null }) {
    const skill = values.skill ? sheet?.skills?.find((each) => each.name === values.skill) : null;
    return attack({
      actorId, tokenId, target: values.target, dice: skill ? skill.dice : Number(values.dice), tn: Number(values.tn),
      weapon: { name: values.weapon || "weapon", damage: Number(values.damage), lethality: Number(values.lethality), lethal: Boolean(values.lethal) },
    });
  },
};

/** Beads of an Element spent (Storytelling beads on the story, not on a roll). */
const beadsPanel = {
  title: "Spend beads",
  submit: "Spend",
  what: "spend beads",
  fields: [
    { name: "element", label: "Element", type: "select", options: [["action", "Action"], ["drama", "Drama"], ["plot", "Plot"], ["storytelling", "Storytelling"]], value: "action" },
    { name: "beads", label: "Beads", type: "number", min: 1, max: 30, value: 1 },
    { name: "storytelling", label: "On the story", type: "checkbox", value: false },
  ],
  build(values, { actorId }) {
    return spendBeads({ actorId, element: values.element, beads: values.beads, storytelling: values.storytelling });
  },
};

/**
 * Character points spent on the sheet (`moc.points.spend`): the next die of a skill on the sheet,
 * else the next level of the characteristic named.
 */
const pointsPanel = {
  title: "Spend character points",
  submit: "Spend points",
  what: "spend character points",
  fields: [{ name: "raise", label: "Raise (a skill or a characteristic)", type: "text", value: "", list: "purchases" }],
  /**
   * @param {Object<string, any>} values
   * @param {{actorId: string, sheet?: any}} context
   */
  build(values, { actorId, sheet = null }) {
    if (!values.raise) throw new BridgeError({ code: "invalid", message: "name what the points raise", fields: { raise: ["name a skill or a characteristic"] } });
    const isSkill = (sheet?.skills ?? []).some((skill) => skill.name === values.raise);
    return spendPoints({ actorId, ...(isSkill ? { skill: values.raise } : { characteristic: values.raise }) });
  },
};

/** The forms of a character's actions at the table: its attack, its beads spent, its character points spent. */
export const actionPanels = [attackPanel, beadsPanel, pointsPanel];

const PRIMARY = ["Body", "Mind", "Spirit"];
const SKILL_TEXT = /^(.+?)\s+(\d+)\s+(action|storytelling|plot|drama)(?:\s+(easy|normal|difficult))?(?:\s+(Body|Mind|Spirit)(?:\/(\S+))?)?$/i;
const DIFFICULTY = { easy: 0, normal: 1, difficult: 2 };

/**
 * The GM's character sheet (`moc.character`): who, the archetype and power level, the primary
 * characteristic's dice (the beads) and those placed out of its Element, B, T and L, the characteristics by the text's short names
 * ("Body 3, Sp 2, At 3") and the skills, each "name dice element [easy|normal|difficult]
 * [cascade]" ("Shooting 6 action Body/At, Lore 1 plot"), and whether it draws cards.
 */
export const characterPanel = {
  title: "Register a Moment of Clarity character",
  submit: "Register",
  what: "register the character",
  fields: [
    { name: "name", label: "Name", type: "text", value: "" },
    { name: "actor_id", label: "Actor id (empty: from the name)", type: "text", value: "" },
    { name: "archetype", label: "Archetype", type: "select", options: [["hero", "Hero"], ["enigma", "Enigma"], ["protagonist", "Protagonist"], ["architect", "Architect"], ["wildcard", "Wildcard"]], value: "hero" },
    { name: "power_level", label: "Power level", type: "select", options: [["standard", "standard"], ["heroic", "heroic"], ["superheroic", "superheroic"]], value: "standard" },
    { name: "primary_dice", label: "Primary characteristic's dice (beads)", type: "number", min: 0, max: 20, value: 3 },
    { name: "body", label: "B (Body)", type: "number", min: 0, max: 20, value: 2 },
    { name: "toughness", label: "T (Toughness)", type: "number", min: 0, max: 20, value: 2 },
    { name: "l_score", label: "L", type: "number", min: 0, max: 20, value: 2 },
    { name: "placed", label: "Beads moved out of the primary Element each scene (plot 1; a Wildcard: all of them)", type: "text", value: "" },
    { name: "characteristics", label: "Characteristics (Body 3, Sp 2, At 3; 1 when not listed)", type: "text", value: "" },
    { name: "skills", label: "Skills (Shooting 6 action Body/At, Lore 1 plot)", type: "text", value: "" },
    { name: "draws_cards", label: "Draws cards (not the rabble)", type: "checkbox", value: true },
  ],
  /** @param {Object<string, any>} values */
  build(values) {
    const { name, characteristics, placed, skills } = readSheet({
      name: () => characterName(values.name),
      characteristics: () => readRatings(values.characteristics, "a characteristic and its level, as \"Sp 2\""),
      placed: () => readRatings(values.placed, "an Element and its beads, as \"plot 1\""),
      skills: () => readSkills(values.skills),
    });
    return registerCharacter({
      actorId: values.actor_id || actorIdOf(name), name, archetype: values.archetype, powerLevel: values.power_level, primaryDice: values.primary_dice,
      placed, body: values.body, toughness: values.toughness, lScore: values.l_score, characteristics, skills, drawsCards: values.draws_cards,
    });
  },
};

/** "Shooting 6 action Body/At" as `{name, element, dice, difficulty, primary, secondary}`, each entry. */
function readSkills(text) {
  return listed(text).map((entry) => {
    const read = SKILL_TEXT.exec(entry);
    if (!read) throw new Error(`"${entry}" is not a skill as "Shooting 6 action Body/At"`);
    const [, name, dice, element, difficulty, primary, secondary] = read;
    return {
      name, element: element.toLowerCase(), dice: Number(dice), difficulty: DIFFICULTY[difficulty?.toLowerCase() ?? "normal"],
      primary: primary ? PRIMARY.find((each) => each.toLowerCase() === primary.toLowerCase()) : null, secondary: secondary ?? null,
    };
  });
}

function listed(text) {
  return String(text ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
}

/**
 * What a character's sheet offers to pick from: its skills with their dice, every other registered
 * character as a target, and what its character points may raise (each skill and characteristic, with the cost).
 * @param {object|null} state the state document
 * @param {string} actorId
 * @returns {Object<string, string[][]>}
 */
export function sheetLists(state, actorId) {
  const sheet = state?.characters?.[actorId];
  return {
    skills: (sheet?.skills ?? []).map((skill) => [skill.name, `${skill.name} ${skill.dice}d (${skill.element})`]),
    targets: Object.entries(state?.characters ?? {}).filter(([id]) => id !== actorId).map(([id, each]) => [id, each.name]),
    purchases: [
      ...(sheet?.skills ?? []).map((skill) => [skill.name, `${skill.name} ${skill.dice}d to ${skill.dice + 1}d: ${skill.dice + 1} points`]),
      ...Object.entries(sheet?.characteristics ?? {}).map(([name, level]) =>
        [name, `${name} ${level} to ${level + 1}: ${(PRIMARY.includes(name) ? 5 : 3) * (level + 1)} points`]),
    ],
  };
}

/** The fields a token of a character takes besides its name (`token.register`): the dice of its Sp, rolled for initiative. */
export const tokenFields = [{ name: "speed", label: "Sp (Speed) dice", type: "number", min: 1, max: 30, value: 3 }];

/** `moc.roll`: the pool's `parts` ({source, dice}) against `tn`; `untrained`: the skill's difficulty level. */
export function roll({ actorId, tokenId = /** @type {string|null} */ (null), parts, sides = 10, tn = 7, untrained = /** @type {number|null} */ (null), openEnded = true, label = "" }) {
  const payload = { actor_id: actorId, label, parts, sides, tn, untrained, open_ended: openEnded };
  return { event: "moc.roll", payload: tokenId ? { ...payload, token_id: tokenId } : payload };
}

/** `moc.odds` (queued; the chances come as `job.result`): each level's exact chance for `dice` (at most 40) of `sides` against `tn` (at most 20). */
export function odds({ dice, sides = 10, tn = 7 }) {
  return { event: "moc.odds", payload: { dice, sides, tn } };
}

/** `moc.split`: `pool` dice split among `actions` ({name, dice, tn?, sides?, needs?, free_success?}). */
export function split({ actorId, pool, actions, counted = null, extraLoss = 0, preempt = true, label = "" }) {
  return { event: "moc.split", payload: { actor_id: actorId, label, pool, actions, counted, extra_loss: extraLoss, preempt } };
}

/** `moc.augment`: `card` ({rank, suit}) from the hand on the dice of card `rollId`; `points`: [{action?, die, points}]. */
export function augment({ actorId, rollId, card, element, points, label = "" }) {
  return { event: "moc.augment", payload: { actor_id: actorId, label, roll_id: rollId, card: playingCard(card), element, points } };
}

/** `moc.opposed`: a secret roll, seen by the roller and the GM only. */
export function secretRoll({ actorId, dice, sides = 10, tn = 7, label = "" }) {
  return { event: "moc.opposed", payload: { actor_id: actorId, label, dice, sides, tn } };
}

/** `moc.declare`: successes of secret roll `rollId`, against someone, or resisting declaration card `resists`. */
export function declare({ actorId, rollId, successes, against = "", resists = null, label = "" }) {
  return { event: "moc.declare", payload: { actor_id: actorId, label, roll_id: rollId, successes, against, resists } };
}

/** `moc.attack`: `dice` against `tn` with `weapon` ({name, damage, lethality, lethal?}) on character `target`. */
export function attack({ actorId, tokenId = /** @type {string|null} */ (null), target, dice, weapon, sides = 10, tn = 7, locationModifier = 0, resist = null, label = "" }) {
  const payload = { actor_id: actorId, label, target, dice, sides, tn, weapon, location_modifier: locationModifier, resist };
  return { event: "moc.attack", payload: tokenId ? { ...payload, token_id: tokenId } : payload };
}

/** `moc.recover`: `action` (Pain back equal to Toughness) or `damage` (an L roll heals a point). */
export function recover({ actorId, kind, label = "" }) {
  return { event: "moc.recover", payload: { actor_id: actorId, label, kind } };
}

/**
 * `moc.trump`: a `card` from the hand played on `element`, or a `chip`, against `standing`: `{card, suiting}`,
 * `{chip}` or `{beads, actor_id, element}` (beads played in their owner's archetype come back).
 */
export function trumpPlay({ actorId, card = null, element = null, chip = null, standing, label = "" }) {
  const play = card ? { card: playingCard(card), element } : { chip };
  return { event: "moc.trump", payload: { actor_id: actorId, label, ...play, standing } };
}

/** `moc.points.spend`: character points on the sheet, the next die of `skill` or the next level of `characteristic`. */
export function spendPoints({ actorId, skill = /** @type {string|null} */ (null), characteristic = /** @type {string|null} */ (null), label = "" }) {
  return { event: "moc.points.spend", payload: { actor_id: actorId, label, ...(skill ? { skill } : { characteristic }) } };
}

/** `moc.keep`: the 3 cards a Wildcard keeps of the 4 it drew. */
export function keepCards({ actorId, cards }) {
  return { event: "moc.keep", payload: { actor_id: actorId, cards: cards.map(playingCard) } };
}

/** `moc.card.beads`: a card from the hand for beads of its suit's Element (two more `beforeScene`). */
export function cardAsBeads({ actorId, card, beforeScene = false }) {
  return { event: "moc.card.beads", payload: { actor_id: actorId, card: playingCard(card), before_scene: beforeScene } };
}

/** `moc.card.shift`: a card from the hand, before a scene, moves half its face value of beads from `source` to `target`. */
export function cardShiftsBeads({ actorId, card, source, target }) {
  return { event: "moc.card.shift", payload: { actor_id: actorId, card: playingCard(card), source, target } };
}

/** `moc.beads.spend`: beads from `element`; `storytelling`: a Storytelling play. */
export function spendBeads({ actorId, element, beads, storytelling = false }) {
  return { event: "moc.beads.spend", payload: { actor_id: actorId, element, beads, storytelling } };
}

/** `moc.chips.spend`: `chip` for `use` (cards, beads to `element`, success, character_point). */
export function spendChip({ actorId, chip, use, element = null }) {
  return { event: "moc.chips.spend", payload: { actor_id: actorId, chip, use, element } };
}

/** `moc.chips.trade`: lower chips `give` for one `take`, or one `give` for lower `take`. */
export function tradeChips({ actorId, give, take }) {
  return { event: "moc.chips.trade", payload: { actor_id: actorId, give, take } };
}

/** GM: `moc.chips.grant`; `sceneStart`: refused past 4 held. */
export function grantChips({ actorId, chips, sceneStart = false }) {
  return { event: "moc.chips.grant", payload: { actor_id: actorId, chips, scene_start: sceneStart } };
}

/** GM: `moc.character`, a character's sheet (archetype, power level, primary dice, B, T, L, characteristics, skills, tracks; no cards for the rabble). */
export function registerCharacter({
  actorId, name: characterName, archetype, powerLevel = "standard", primaryDice, placed = {}, body, toughness, lScore,
  characteristics = {}, skills = /** @type {object[]} */ ([]), tracks = null, drawsCards = true,
}) {
  const payload = {
    actor_id: actorId, name: characterName, archetype, power_level: powerLevel, primary_dice: primaryDice, placed,
    body, toughness, l_score: lScore, characteristics, skills, draws_cards: drawsCards,
  };
  if (tracks) payload.tracks = tracks;
  return { event: "moc.character", payload };
}

/** GM: `moc.session`, every card back in the deck and each character's draw. */
export function newSession() {
  return { event: "moc.session", payload: {} };
}

/** GM: `moc.scene`, beads replenished, a level of Fatigue recovered, dazing over. */
export function newScene() {
  return { event: "moc.scene", payload: {} };
}

function playingCard(card) {
  return { rank: card.rank, suit: card.suit };
}
