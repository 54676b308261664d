/**
 * 2d20 variant: the plugin's side of the rule system `two_d20` (docs/systems/two_d20.md): its
 * cards' verdicts, its state (the party's Momentum, the GM's Chaos, the scene's traits, each
 * character's Stress, Armor, Determination, Mana and traits) and its requests.
 * @module core/systems/two_d20
 */

import { escapeHTML } from "../cards.js";
import { actorIdOf, characterName, readRatings, readSheet } from "../sheet-text.js";

export const name = "two_d20";
export const title = "2d20 variant";

/** Verdicts of this system's cards, by `outcome.label`. */
export const outcomes = {
  passed: "Passed",
  failed: "Failed",
  active_wins: "The active side wins",
  passive_wins: "The passive side wins",
  hit: "Hit",
  miss: "Miss",
};

/**
 * The state document (`system.changed`): Momentum against its cap, Chaos, the scene's traits and
 * each character's trackers; before the GM starts a session, says so.
 * @param {{momentum?: object, chaos?: object, traits?: object[], characters?: object}|null} state
 * @returns {string}
 */
export function poolsHTML(state) {
  if (!state?.momentum) return `<p class="vb-2d20-no-session">No session started: the GM starts one.</p>`;
  const pools = `<dl class="vb-2d20-pools"><dt>Momentum</dt><dd class="vb-2d20-momentum">${escapeHTML(state.momentum.tokens)} / ${escapeHTML(state.momentum.cap)}</dd>`
    + `<dt>Chaos</dt><dd class="vb-2d20-chaos">${escapeHTML(state.chaos.tokens)}</dd></dl>`;
  const scene = state.traits?.length ? `<p class="vb-2d20-scene">Scene: ${traitsHTML(state.traits)}</p>` : "";
  const characters = Object.entries(state.characters ?? {}).map(([id, each]) => characterHTML(id, each));
  return `<section class="vb-2d20">${pools}${scene}${characters.length ? `<ul class="vb-2d20-characters">${characters.join("")}</ul>` : ""}</section>`;
}

function characterHTML(id, each) {
  const tracks = [
    ["Stress", `${each.stress} / ${each.stress_max}`],
    ["Armor", `${each.armor} / ${each.armor_max}`],
    ["Determination", `${each.determination.tokens} / ${each.determination.maximum}`],
    ...(each.mana_max ? [["Mana", `${each.mana} / ${each.mana_max}`]] : []),
  ].map(([label, value]) => `<span class="vb-2d20-${label.toLowerCase()}">${label} ${escapeHTML(value)}</span>`);
  const npc = each.npc ? ` <span class="vb-2d20-npc">NPC</span>` : "";
  const traits = each.traits?.length ? ` ${traitsHTML(each.traits)}` : "";
  return `<li data-actor-id="${escapeHTML(id)}"><strong>${escapeHTML(each.name)}</strong>${npc} ${tracks.join(" ")}${traits}</li>`;
}

function traitsHTML(traits) {
  const items = traits.map((trait) => {
    const change = trait.difficulty ? ` (${trait.difficulty > 0 ? "+" : ""}${escapeHTML(trait.difficulty)})` : "";
    return `<li class="vb-2d20-trait" title="${escapeHTML(trait.about)}">${escapeHTML(trait.name)}${change}</li>`;
  });
  return `<ul class="vb-2d20-traits">${items.join("")}</ul>`;
}

/** A skill, a style and, if one applies, a focus, by the names on the character's sheet. */
function approach({ skill, style, focus = "" }) {
  return { skill, style, ...(focus ? { focus } : {}) };
}

/**
 * A `2d20.test` request: difficulty 0-5, the traits bearing on it by name, assistants
 * (`{actorId, skill, style, focus?}`), d20s `bought` (0-3) and who pays (`paidBy`: "momentum", or
 * "chaos" for the GM), `criticalDie`: a Determination token turns the die that gains most.
 */
export function test({ actorId, tokenId = /** @type {string|null} */ (null), skill, style, focus = "", difficulty, traits = /** @type {string[]} */ ([]), assistants = /** @type {object[]} */ ([]), bought = 0, paidBy = /** @type {string|null} */ (null), criticalDie = false, label = "" }) {
  /** @type {Object<string, unknown>} */
  const payload = {
    actor_id: actorId, label, ...approach({ skill, style, focus }), difficulty: Number(difficulty), traits,
    assistants: assistants.map((each) => ({ actor_id: each.actorId, ...approach(each) })),
    bought: Number(bought), critical_die: Boolean(criticalDie),
  };
  if (tokenId) payload.token_id = tokenId;
  if (Number(bought)) payload.paid_by = paidBy;
  return { event: "2d20.test", payload };
}

/** A `2d20.reroll` request: Determination re-rolls the dice at `dice` (indices) of the actor's last test. */
export function reroll({ actorId, dice, label = "" }) {
  return { event: "2d20.reroll", payload: { actor_id: actorId, label, dice: dice.map(Number) } };
}

/** A `2d20.contest` request: the actor is the active side, `opponent` (`{actorId, skill, style, focus?}`) the passive one. */
export function contest({ actorId, skill, style, focus = "", opponent, label = "" }) {
  return {
    event: "2d20.contest",
    payload: { actor_id: actorId, label, ...approach({ skill, style, focus }), opponent: { actor_id: opponent.actorId, ...approach(opponent) } },
  };
}

/**
 * A `2d20.attack` request on `targetId`: `kind` "melee" or "ranged", the weapon's `damage`,
 * `bonusDamage` bought if it hits; the defender's choices: `defence` (`{skill, style, focus?}`, melee
 * only), `negativeTrait` (taken if it cuts the damage to 2), `counterDamage` (a counter-attack on a successful defence).
 */
export function attack({ actorId, tokenId = /** @type {string|null} */ (null), targetId, kind, skill, style, focus = "", damage, bonusDamage = 0, defence = null, negativeTrait = "", counterDamage = null, label = "" }) {
  /** @type {Object<string, unknown>} */
  const payload = {
    actor_id: actorId, label, target_id: targetId, kind, ...approach({ skill, style, focus }),
    damage: Number(damage), bonus_damage: Number(bonusDamage),
  };
  if (tokenId) payload.token_id = tokenId;
  if (defence) payload.defence = approach(defence);
  if (negativeTrait) payload.negative_trait = negativeTrait;
  if (counterDamage !== null) payload.counter_attack = { damage: Number(counterDamage) };
  return { event: "2d20.attack", payload };
}

/**
 * A `2d20.action` request: the character's `major` or `minor` action of its turn in the fight (one of
 * each a turn); a minor one may move it to `zone`, one zone away.
 */
export function takeAction({ actorId, tokenId = /** @type {string|null} */ (null), action, zone = "" }) {
  /** @type {Object<string, unknown>} */
  const payload = { actor_id: actorId, action };
  if (zone) payload.zone = zone;
  if (tokenId) payload.token_id = tokenId;
  return { event: "2d20.action", payload };
}

/** GM: `2d20.session.start` for `players` (Momentum's cap, 2 Chaos each; one Determination per character). */
export function startSession(players) {
  return { event: "2d20.session.start", payload: { players: Number(players) } };
}

/** GM: `2d20.character`, a sheet: skills (with Survive), styles (with Boldly and Forcefully), focuses, armor, powers, npc. */
export function registerCharacter({ actorId, name: characterName, skills, styles, focuses = {}, armor = 0, powers = false, npc = false }) {
  return { event: "2d20.character", payload: { actor_id: actorId, name: characterName, skills, styles, focuses, armor: Number(armor), powers, npc } };
}

/** The highest rating of a skill, style or focus on a sheet (a d20's face, for a focus). */
const RATING_MAX = 20;

/**
 * The GM's character sheet (`2d20.character`): who, the skills and styles each "name rating"
 * ("Survive 2, Fight 10"; Survive, Boldly and Forcefully make the Stress), the focuses each "name
 * rating" ("Swords 2": a die at most 2 is two successes), the armor, a Mana pool, and whether it is an NPC.
 */
export const characterPanel = {
  title: "Register a 2d20 character",
  submit: "Register",
  what: "register the character",
  fields: [
    { name: "name", label: "Name", type: "text", value: "" },
    { name: "actor_id", label: "Actor id (empty: from the name)", type: "text", value: "" },
    { name: "skills", label: "Skills (Survive 2, Fight 10; Survive needed)", type: "text", value: "" },
    { name: "styles", label: "Styles (Boldly 9, Forcefully 1, Cautiously 4; Boldly and Forcefully needed)", type: "text", value: "" },
    { name: "focuses", label: "Focuses (Swords 2: dice at most 2 count two successes)", type: "text", value: "" },
    { name: "armor", label: "Armor", type: "number", min: 0, max: RATING_MAX, value: 0 },
    { name: "powers", label: "Powers (a Mana pool)", type: "checkbox", value: false },
    { name: "npc", label: "NPC (its side pays with Chaos)", type: "checkbox", value: false },
  ],
  /** @param {Object<string, any>} values */
  build(values) {
    const { name, skills, styles, focuses } = readSheet({
      name: () => characterName(values.name),
      skills: () => readRatings(values.skills, "a skill and its rating, as \"Fight 10\"", { high: RATING_MAX }),
      styles: () => readRatings(values.styles, "a style and its rating, as \"Boldly 9\"", { high: RATING_MAX }),
      focuses: () => readRatings(values.focuses, "a focus and its rating, as \"Swords 2\"", { low: 1, high: RATING_MAX }),
    });
    return registerCharacter({
      actorId: values.actor_id || actorIdOf(name), name, skills, styles, focuses, armor: values.armor, powers: values.powers, npc: values.npc,
    });
  },
};

/**
 * `2d20.spend`: Momentum (anyone) or Chaos (the GM) on a `question` or a `special_move` (`amount`:
 * the GM's price), or on a `trait` (`{name, about, difficulty}`, on the scene or on `actorId`).
 */
export function spend({ pool, spend: what, amount = 1, trait = null, actorId = null }) {
  const payload = { pool, spend: what, amount: Number(amount) };
  if (trait) payload.trait = trait;
  if (actorId) payload.actor_id = actorId;
  return { event: "2d20.spend", payload };
}

/** `2d20.chaos`: complications `prevented` (anyone, 2 Chaos each), or the GM's `tokens` for the story with a `reason`. */
export function gainChaos({ prevented = 0, tokens = 0, reason = "" }) {
  return { event: "2d20.chaos", payload: { prevented: Number(prevented), tokens: Number(tokens), reason } };
}

/** `2d20.determination`: `use` "trait" (create `trait` or remove the one named `removeTrait`) or "extra_action". */
export function spendDetermination({ actorId, use, trait = null, removeTrait = "" }) {
  const payload = { actor_id: actorId, use };
  if (trait) payload.trait = trait;
  if (removeTrait) payload.remove_trait = removeTrait;
  return { event: "2d20.determination", payload };
}

/** GM: `2d20.determination.award`, one token and why. */
export function awardDetermination({ actorId, reason }) {
  return { event: "2d20.determination.award", payload: { actor_id: actorId, reason } };
}

/** `2d20.mana`: Mana spent on a power. */
export function spendMana({ actorId, mana }) {
  return { event: "2d20.mana", payload: { actor_id: actorId, mana: Number(mana) } };
}

/** GM: `2d20.trait`, a `trait` put on the scene or on `actorId`, or the one named `remove` taken away. */
export function changeTrait({ trait = null, remove = "", actorId = null }) {
  const payload = trait ? { trait } : { remove };
  if (actorId) payload.actor_id = actorId;
  return { event: "2d20.trait", payload };
}

/**
 * Who has the initiative in the fiction (Rounds & Zones): as the fight's order is set, the GM names one of
 * the fighting tokens (`combat.initiative`'s `first`); named none, the first player character seated goes
 * first. The table's combat (`combat.next`) passes the turns; the end of each round costs 1 Momentum.
 */
export const initiativeChoice = { field: "first", label: "Who has the initiative", unchosen: "the first player character seated" };

/** GM: `2d20.scene.end` (1 Momentum lost; Stress, Armor and Mana restored; the scene's traits, turns and zones gone). */
export function endScene() {
  return { event: "2d20.scene.end", payload: {} };
}

const words = (text) => String(text ?? "").split(",").map((each) => each.trim()).filter(Boolean);

/** The skill test as a form: skill, style and focus by name, difficulty, traits, bought dice and their payer, Determination. */
export const rollPanel = {
  title: "2d20 skill test",
  fields: [
    { name: "skill", label: "Skill", type: "text", value: "", list: "skills" },
    { name: "style", label: "Style", type: "text", value: "", list: "styles" },
    { name: "focus", label: "Focus (if one applies)", type: "text", value: "", list: "focuses" },
    { name: "difficulty", label: "Difficulty", type: "number", min: 0, max: 5, value: 1 },
    { name: "traits", label: "Traits bearing on it (comma separated)", type: "text", value: "" },
    { name: "bought", label: "Extra d20s (1, 3, 6)", type: "number", min: 0, max: 3, value: 0 },
    { name: "paid_by", label: "Paid with", type: "select", options: [["momentum", "Momentum"], ["chaos", "Chaos to the GM"]], value: "momentum" },
    { name: "critical_die", label: "Determination: turn a die to a critical success", type: "checkbox", value: false },
  ],
  build(values, { actorId, tokenId = null }) {
    return test({
      actorId, tokenId, skill: values.skill, style: values.style, focus: values.focus, difficulty: values.difficulty,
      traits: words(values.traits), bought: values.bought, paidBy: values.paid_by, criticalDie: values.critical_die,
    });
  },
};

/**
 * The attack form: a target (a registered character), melee or ranged, the skill and style from
 * the attacker's sheet, the weapon's damage, bonus damage bought with Momentum if it hits, and the
 * negative trait the target takes if it cuts the damage.
 */
const attackPanel = {
  title: "2d20 attack",
  submit: "Attack",
  what: "attack",
  fields: [
    { name: "target", label: "Target", type: "text", value: "", list: "targets" },
    { name: "kind", label: "Attack", type: "select", options: [["melee", "Melee"], ["ranged", "Ranged"]], value: "melee" },
    { name: "skill", label: "Skill", type: "text", value: "", list: "skills" },
    { name: "style", label: "Style", type: "text", value: "", list: "styles" },
    { name: "damage", label: "Damage", type: "number", min: 0, max: 30, value: 3 },
    { name: "bonus_damage", label: "Bonus damage (Momentum)", type: "number", min: 0, max: 10, value: 0 },
    { name: "negative_trait", label: "Negative trait the target takes to cut the damage", type: "text", value: "" },
  ],
  build(values, { actorId, tokenId = null }) {
    return attack({
      actorId, tokenId, targetId: values.target, kind: values.kind, skill: values.skill, style: values.style,
      damage: values.damage, bonusDamage: values.bonus_damage, negativeTrait: values.negative_trait,
    });
  },
};

/**
 * The GM's Chaos spent on a question or a special move, or the party's Momentum (anyone).
 */
const spendPanel = {
  title: "Spend Momentum or Chaos",
  submit: "Spend",
  what: "spend",
  fields: [
    { name: "pool", label: "Pool", type: "select", options: [["momentum", "Momentum"], ["chaos", "Chaos (GM)"]], value: "momentum" },
    { name: "spend", label: "On", type: "select", options: [["question", "a question"], ["special_move", "a special move"]], value: "question" },
    { name: "amount", label: "Amount", type: "number", min: 1, max: 6, value: 1 },
  ],
  build(values) {
    return spend({ pool: values.pool, spend: values.spend, amount: values.amount });
  },
};

/** A major or minor action of the character's turn (the attack takes the major one itself); a minor one may move it a zone. */
const actPanel = {
  title: "Act or move a zone",
  submit: "Act",
  what: "act",
  fields: [
    { name: "action", label: "Action", type: "select", options: [["minor", "Minor"], ["major", "Major"]], value: "minor" },
    { name: "zone", label: "Move to the zone (a minor action; empty: stay)", type: "text", value: "", list: "zones" },
  ],
  build(values, { actorId, tokenId = null }) {
    return takeAction({ actorId, tokenId, action: values.action, zone: values.zone });
  },
};

/** The forms of a character's actions at the table: its attack, an action or a move, and spending the pools. */
export const actionPanels = [attackPanel, actPanel, spendPanel];

/**
 * What a character's sheet offers to pick from (the forms' lists): its skills, styles and
 * focuses with their ratings, every registered character as a target, and the scene's zones.
 * @param {object|null} state the state document
 * @param {string} actorId
 * @returns {Object<string, string[][]>}
 */
export function sheetLists(state, actorId) {
  const sheet = state?.characters?.[actorId];
  const rated = (ratings = {}) => Object.entries(ratings).map(([key, value]) => [key, `${key} ${value}`]);
  return {
    skills: rated(sheet?.skills), styles: rated(sheet?.styles), focuses: rated(sheet?.focuses),
    targets: Object.entries(state?.characters ?? {}).filter(([id]) => id !== actorId).map(([id, each]) => [id, each.name]),
    zones: Object.keys(state?.zones?.links ?? {}).map((zone) => [zone, zone]),
  };
}

/** The fields a token of a character takes besides its name (`token.register`): none, the sheet is the character's. */
export const tokenFields = [];
