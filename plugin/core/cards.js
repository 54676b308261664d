/**
 * Chat cards: any logged card (a `roll.result` entry, a card request's result, a `roll.log`
 * item or a blind notice) as a headline verdict (Success, Hit, Miss, the damage taken), then every
 * face rolled and how it was counted, collapsed until opened. Cards are read by shape, not by rule,
 * so a rule the plugin does not know still shows its dice and its `explanation` lines
 * (docs/protocol.md, Cards). Tokens, actors and users are shown by name where the caller or the
 * card knows one. Every word comes from CARD_WORDS through `say`, so the Foundry module can pass
 * its translations (lang/en.json's VTTBRIDGE.Card, which holds the same English).
 * @module core/cards
 */

/** Keys read first, in the order the dice are rolled (hazards: pips, then rolls, then damage). */
const ROLLING_ORDER = ["pips", "rolls", "roll", "first", "second", "rounds", "hits", "damage"];
/** Keys that hold dice faces on their own (no counting beside them). */
const BARE_FACES = new Set(["pips", "scatter_faces"]);
/** Keys that hold no dice: the token states a card carries along. */
const NO_DICE = new Set(["token", "state", "health", "before", "after", "weapon_state"]);

/** The flagship's verdicts (Moment of Truth), by `outcome.label`: they win over any other system's. */
export const OUTCOMES = Object.freeze({
  critical_success_with_setback: "Critical success with a setback",
  critical_success: "Critical success",
  success_with_setback: "Success with a setback",
  success: "Success",
  failure: "Failure",
  critical_failure: "Critical failure",
});

/**
 * Every word a card says, in English, by key; a key ending in `One` is its count's singular.
 * The Foundry module translates them as `VTTBRIDGE.Card.<key>` (a test holds lang/en.json to these).
 */
export const CARD_WORDS = Object.freeze({
  Hit: "Hit",
  Miss: "Miss",
  DamageTaken: "Damage taken",
  ScriptFailed: "Script failed",
  Blind: "{user} made a blind roll.",
  ForActor: "for {name}",
  Working: "Dice and working",
  Lost: "{name}: {count} hit points lost",
  LostOne: "{name}: {count} hit point lost",
  LostBare: "{count} hit points lost",
  LostBareOne: "{count} hit point lost",
  Successes: "{count} successes",
  SuccessesOne: "{count} success",
  Against: "against TN {tn}",
  Dice: "{count} dice",
  DiceOne: "{count} die",
  Damage: "Damage {notation}: {serious} serious, {minor} minor (DR {dr})",
  DamageBare: "Damage: {serious} serious, {minor} minor (DR {dr})",
  Group: "{title}: {dice}",
  Line: "line {line}",
});

/**
 * CARD_WORDS' English with `{name}` placeholders filled: the default `say`.
 * @param {string} key
 * @param {Object<string, unknown>} [data]
 * @returns {string}
 */
export function english(key, data = {}) {
  return (CARD_WORDS[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) => (name in data ? String(data[name]) : whole));
}

/**
 * Escapes text for HTML, attributes included.
 * @param {unknown} text
 * @returns {string}
 */
export function escapeHTML(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The dice faces of a card in rolling order (for Dice So Nice); none for a blind notice.
 * @param {object} entry a card entry or notice
 * @returns {number[]}
 */
export function facesOf(entry) {
  return entry.hidden ? [] : [...diceGroups(entry.result)].flatMap(({ group }) => group.faces);
}

/**
 * @typedef {object} CardOptions
 * @property {Object<string, string>} [verdicts] every system's verdict by `outcome.label` (core/systems.js VERDICTS)
 * @property {Object<string, string>} [names] names by id: tokens, actors, users
 * @property {(key: string, data?: object) => string} [say] a CARD_WORDS key in the reader's language
 */

/**
 * @typedef {object} CardParts
 * @property {string} classes the card's CSS classes
 * @property {string} head the header's HTML: label, who (and for whom), rule, visibility
 * @property {{text: string, tone: string}|null} verdict the headline; null for a blind notice
 * @property {string} summary HTML shown with the headline: what each token lost, what a script said
 * @property {string} working the dice and explanation lines' HTML, shown when the card is opened
 */

/**
 * A card's parts, for the caller to lay out in its own idiom (cardHTML: the standalone page's;
 * the Foundry module: `.dice-roll`). A verdict (`outcome.label`) is named by OUTCOMES, else by
 * `verdicts`, else shown as it comes. All text escaped.
 * @param {object} entry a card entry or notice
 * @param {CardOptions} [options]
 * @returns {CardParts}
 */
export function cardParts(entry, { verdicts = {}, names = {}, say = english } = {}) {
  const result = entry.result ?? {};
  const name = namer(names, result);
  const words = { verdicts, say, name };
  const actor = entry.actor_id ? ` <span class="vb-card-actor">${escapeHTML(say("ForActor", { name: name(entry.actor_id) }))}</span>` : "";
  const head = `<header class="vb-card-head"><strong class="vb-card-label">${escapeHTML(entry.label || ruleTitle(entry.rule))}</strong>`
    + `<span class="vb-card-who">${escapeHTML(name(entry.user))}${actor}</span><span class="vb-card-rule">${escapeHTML(entry.rule)}</span>`
    + (entry.visibility && entry.visibility !== "public" ? `<span class="vb-card-visibility">${escapeHTML(entry.visibility)}</span>` : "")
    + "</header>";
  const classes = `vb-card vb-rule-${escapeHTML(String(entry.rule).replace(/[^a-z0-9]+/gi, "-"))}${entry.hidden ? " vb-notice" : ""}`;
  if (entry.hidden) {
    return { classes, head, verdict: null, summary: `<p class="vb-card-hidden">${escapeHTML(say("Blind", { user: name(entry.user) }))}</p>`, working: "" };
  }
  const taken = damageTaken(result).map(({ id, lost }) =>
    say(plural(id ? "Lost" : "LostBare", lost), { name: name(id), count: lost }));
  const summary = scriptHTML(result, say) + (taken.length ? `<ul class="vb-taken">${taken.map((line) => `<li>${escapeHTML(line)}</li>`).join("")}</ul>` : "");
  return { classes, head, verdict: verdictOf(result, words, taken.length > 0), summary, working: tokensHTML(result, words) };
}

/**
 * A card as the standalone page shows it: the headline and summary open, the working in a
 * `<details>` a click opens.
 * @param {object} entry a card entry or notice
 * @param {CardOptions} [options]
 * @returns {string}
 */
export function cardHTML(entry, options = {}) {
  const { classes, head, verdict, summary, working } = cardParts(entry, options);
  const say = options.say ?? english;
  const headline = verdict ? `<p class="vb-verdict vb-tone-${escapeHTML(verdict.tone)}">${escapeHTML(verdict.text)}</p>` : "";
  const details = working ? `<details class="vb-working"><summary>${escapeHTML(say("Working"))}</summary>${working}</details>` : "";
  return `<article class="${classes}" data-roll-id="${escapeHTML(entry.roll_id)}">${head}${headline}${summary}${details}</article>`;
}

/** The key of a counted word: its `One` form for a count of one. */
function plural(key, count) {
  return Number(count) === 1 ? `${key}One` : key;
}

/** A lookup of names by id: the caller's, then those the card's token states carry, else the id. */
function namer(names, result) {
  const known = { ...names };
  for (const each of Array.isArray(result.tokens) ? result.tokens : []) {
    const found = each?.name ?? each?.state?.name ?? each?.token?.state?.name;
    if (each?.token_id && found && !(each.token_id in known)) known[each.token_id] = found;
  }
  const ids = Object.keys(known).filter((id) => id && known[id] !== id).sort((a, b) => b.length - a.length);
  const pattern = ids.length ? new RegExp(`(?<![\\w-])(${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`, "g") : null;
  const name = (id) => known[id] ?? id ?? "";
  /** Ids inside a line of working, named. */
  name.inLine = (line) => (pattern ? String(line).replace(pattern, (id) => known[id]) : String(line));
  return name;
}

/**
 * What each token lost: an attack's hits, a hazard's tokens, or a damage roll's own figure
 * (no id). Hits and tokens without damage dice lose nothing and are left out.
 */
function damageTaken(result) {
  if (Array.isArray(result.hits)) {
    return result.hits.filter((hit) => hit?.damage && "hit_points_lost" in hit.damage)
      .map((hit) => ({ id: hit.target, lost: hit.damage.hit_points_lost }));
  }
  if (Array.isArray(result.tokens) && result.tokens.some((each) => Array.isArray(each?.damage))) {
    return result.tokens.filter((each) => Array.isArray(each?.damage) && each.damage.length)
      .map((each) => ({ id: each.token_id, lost: each.damage.reduce((sum, d) => sum + (d.hit_points_lost ?? 0), 0) }));
  }
  return "hit_points_lost" in result ? [{ id: null, lost: result.hit_points_lost }] : [];
}

/** The headline: a failed script, an attack's Hit or Miss, the first roll's verdict, else the damage taken. */
function verdictOf(result, { verdicts, say }, tookDamage) {
  if (result.error?.message) return { text: say("ScriptFailed"), tone: "error" };
  if (Array.isArray(result.hits) && result.roll) {
    return result.hits.length ? { text: say("Hit"), tone: "hit" } : { text: say("Miss"), tone: "miss" };
  }
  for (const { group } of diceGroups(result)) {
    if (group.outcome?.label) return { text: verdictText(group.outcome.label, verdicts), tone: group.outcome.label };
  }
  return tookDamage ? { text: say("DamageTaken"), tone: "damage" } : null;
}

function verdictText(label, verdicts) {
  return OUTCOMES[label] ?? verdicts[label] ?? label;
}

/**
 * A result's dice and working; one naming tokens (a hazard's, an attack's) gets a section per
 * token after its own dice.
 */
function tokensHTML(result, words) {
  const { tokens, explanation, ...rest } = result;
  if (!Array.isArray(tokens) || !tokens.every((each) => each?.token_id)) return partHTML(result, words);
  const sections = tokens.map((each) =>
    `<section class="vb-card-token" data-token-id="${escapeHTML(each.token_id)}"><h4>${escapeHTML(words.name(each.token_id))}</h4>${partHTML(each, words)}</section>`);
  const charge = result.charge?.notation ? `<p class="vb-card-charge">${escapeHTML(result.charge.notation)}</p>` : "";
  return charge + partHTML(rest, words) + sections.join("") + linesHTML(explanation, words);
}

/** A macro's card also shows what it said and printed, and where it failed (docs/scripting.md). */
function scriptHTML({ said, printed, error }, say) {
  const lines = Array.isArray(said) && said.length ? `<ul class="vb-said">${said.map((line) => `<li>${escapeHTML(line)}</li>`).join("")}</ul>` : "";
  const output = typeof printed === "string" && printed ? `<pre class="vb-printed">${escapeHTML(printed)}</pre>` : "";
  const where = error?.line ? ` ${say("Line", { line: error.line })}` : "";
  const failed = error?.message
    ? `<p class="vb-card-error"><span class="vb-error-where">${escapeHTML(error.file)}${escapeHTML(where)}</span>: ${escapeHTML(error.message)}</p>`
    : "";
  return failed + lines + output;
}

function partHTML(part, words) {
  const groups = [...diceGroups(part)].map(({ key, group }) => groupHTML(key, group, words)).join("");
  return groups + conditionsHTML(part.token?.changes ?? part.changes ?? part.health?.changes) + linesHTML(part.explanation, words);
}

/**
 * Every group of dice in a result, depth first, the keys of ROLLING_ORDER first: an object with
 * `faces` (a roll, a damage roll, an ammo roll) or bare faces (`pips`, `scatter_faces`).
 */
function* diceGroups(value, key = "roll") {
  if (Array.isArray(value)) {
    for (const item of value) yield* diceGroups(item, key);
    return;
  }
  if (!value || typeof value !== "object") return;
  if (Array.isArray(value.faces)) yield { key, group: value };
  const keys = Object.keys(value);
  for (const name of [...ROLLING_ORDER.filter((k) => keys.includes(k)), ...keys.filter((k) => !ROLLING_ORDER.includes(k))]) {
    if (name === "faces" || name === "dice" || NO_DICE.has(name)) continue;
    if (BARE_FACES.has(name) && Array.isArray(value[name])) {
      if (value[name].length) yield { key: name, group: { faces: value[name] } };
    } else {
      yield* diceGroups(value[name], name);
    }
  }
}

function groupHTML(key, group, words) {
  const dice = Array.isArray(group.dice) && group.dice.length === group.faces.length
    ? group.dice.map((die) => dieHTML(die.face, dieCount(die)))
    : group.faces.map((face) => dieHTML(face, ""));
  return `<section class="vb-dice-group" data-key="${escapeHTML(key)}"><div class="vb-dice-head">${groupTitle(key, group, words)}</div>`
    + `<ol class="vb-dice">${dice.join("")}</ol>${poolHTML(group.pool)}</section>`;
}

function dieCount(die) {
  if (die.counts_as) return die.counts_as;
  if (die.serious) return "serious";
  return die.minor ? "minor" : "blank";
}

function dieHTML(face, counted) {
  const title = counted ? ` title="${escapeHTML(counted)}"` : "";
  return `<li class="vb-die${counted ? ` vb-${escapeHTML(counted)}` : ""}" data-face="${escapeHTML(face)}"${title}>${escapeHTML(face)}</li>`;
}

function groupTitle(key, group, { verdicts, say }) {
  const dice = say(plural("Dice", group.faces.length), { count: group.faces.length });
  if (group.outcome) {
    const against = group.target ? ` ${say("Against", { tn: group.target.value })}` : "";
    const successes = group.successes === undefined ? "" : ` ${say(plural("Successes", group.successes), { count: group.successes })}${against},`;
    return `<span class="vb-outcome vb-${escapeHTML(group.outcome.label)}">${escapeHTML(verdictText(group.outcome.label, verdicts))}</span>`
      + `${escapeHTML(successes)} ${escapeHTML(dice)}`;
  }
  if ("hit_points_lost" in group) {
    const figures = { notation: group.damage?.notation, serious: group.serious, minor: group.minor, dr: group.damage_reduction };
    return escapeHTML(say(group.damage?.notation ? "Damage" : "DamageBare", figures));
  }
  return escapeHTML(say("Group", { title: ruleTitle(key), dice }));
}

function poolHTML(pool) {
  if (!pool?.parts?.length) return "";
  const parts = pool.parts.map((part) => {
    const dice = `${part.dice >= 0 ? "+" : ""}${part.dice}d6`;
    const note = part.note ? ` <span class="vb-part-note">${escapeHTML(part.note)}</span>` : "";
    return `<li class="vb-part${part.applied ? "" : " vb-not-applied"}">${escapeHTML(part.source)} ${escapeHTML(dice)}${note}</li>`;
  });
  return `<ul class="vb-pool">${parts.join("")}</ul>`;
}

function conditionsHTML(changes) {
  if (!changes?.length) return "";
  const items = changes.map(({ condition, gained }) =>
    `<li class="vb-${gained ? "gained" : "lost"}">${gained ? "+" : "−"}${escapeHTML(condition)}</li>`);
  return `<ul class="vb-conditions">${items.join("")}</ul>`;
}

function linesHTML(lines, { name }) {
  return lines?.length ? `<ul class="vb-explanation">${lines.map((line) => `<li>${escapeHTML(name.inLine(line))}</li>`).join("")}</ul>` : "";
}

function ruleTitle(rule) {
  const words = String(rule ?? "").replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
