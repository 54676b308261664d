/**
 * Chat cards: any logged card (a `roll.result` entry, a card request's result, a `roll.log`
 * item or a blind notice) as HTML, with every face rolled and how it was counted.
 * Cards are read by shape, not by rule, so a rule the plugin does not know still shows its
 * dice and its `explanation` lines (docs/protocol.md, Cards).
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
 * A card as HTML: label, who, rule, each roll's faces marked as counted (successes, ones,
 * minor and serious damage), its pool's modifiers named, and the explanation lines; a hazard's
 * card lists each token's result. A blind notice says only that a roll happened. All text escaped.
 * A verdict (`outcome.label`) is named by OUTCOMES, else by `verdicts` (core/systems.js's VERDICTS:
 * every system's), else shown as it comes.
 * @param {object} entry a card entry or notice
 * @param {{verdicts?: Object<string, string>}} [options]
 * @returns {string}
 */
export function cardHTML(entry, { verdicts = {} } = {}) {
  const who = escapeHTML(entry.user) + (entry.actor_id ? ` <span class="vb-card-actor">for ${escapeHTML(entry.actor_id)}</span>` : "");
  const head = `<header class="vb-card-head"><strong class="vb-card-label">${escapeHTML(entry.label || ruleTitle(entry.rule))}</strong>`
    + `<span class="vb-card-who">${who}</span><span class="vb-card-rule">${escapeHTML(entry.rule)}</span>`
    + (entry.visibility && entry.visibility !== "public" ? `<span class="vb-card-visibility">${escapeHTML(entry.visibility)}</span>` : "")
    + "</header>";
  const body = entry.hidden ? `<p class="vb-card-hidden">${escapeHTML(entry.user)} made a blind roll.</p>` : resultHTML(entry.result, verdicts);
  const classes = `vb-card vb-rule-${escapeHTML(String(entry.rule).replace(/[^a-z0-9]+/gi, "-"))}${entry.hidden ? " vb-notice" : ""}`;
  return `<article class="${classes}" data-roll-id="${escapeHTML(entry.roll_id)}">${head}${body}</article>`;
}

/**
 * A result; one naming tokens (a hazard's, an attack's) gets a section per token after its own dice.
 * A macro's card also shows what it said and printed, and where it failed (docs/scripting.md).
 */
function resultHTML(result, verdicts) {
  return scriptHTML(result) + tokensHTML(result, verdicts);
}

function tokensHTML(result, verdicts) {
  const { tokens, explanation, ...rest } = result;
  if (!Array.isArray(tokens) || !tokens.every((each) => each?.token_id)) return partHTML(result, verdicts);
  const sections = tokens.map((each) => {
    const name = each.token?.state?.name ?? each.state?.name ?? each.name;
    const title = name ? `${escapeHTML(name)} <span class="vb-token-id">${escapeHTML(each.token_id)}</span>` : escapeHTML(each.token_id);
    return `<section class="vb-card-token" data-token-id="${escapeHTML(each.token_id)}"><h4>${title}</h4>${partHTML(each, verdicts)}</section>`;
  });
  const charge = result.charge?.notation ? `<p class="vb-card-charge">${escapeHTML(result.charge.notation)}</p>` : "";
  return charge + partHTML(rest, verdicts) + sections.join("") + linesHTML(explanation);
}

function scriptHTML({ said, printed, error }) {
  const lines = Array.isArray(said) && said.length ? `<ul class="vb-said">${said.map((line) => `<li>${escapeHTML(line)}</li>`).join("")}</ul>` : "";
  const output = typeof printed === "string" && printed ? `<pre class="vb-printed">${escapeHTML(printed)}</pre>` : "";
  const failed = error?.message
    ? `<p class="vb-card-error"><span class="vb-error-where">${escapeHTML(error.file)}${error.line ? ` line ${escapeHTML(error.line)}` : ""}</span>: ${escapeHTML(error.message)}</p>`
    : "";
  return failed + lines + output;
}

function partHTML(part, verdicts) {
  const groups = [...diceGroups(part)].map(({ key, group }) => groupHTML(key, group, verdicts)).join("");
  return groups + conditionsHTML(part.token?.changes ?? part.changes ?? part.health?.changes) + linesHTML(part.explanation);
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

function groupHTML(key, group, verdicts) {
  const dice = Array.isArray(group.dice) && group.dice.length === group.faces.length
    ? group.dice.map((die) => dieHTML(die.face, dieCount(die)))
    : group.faces.map((face) => dieHTML(face, ""));
  return `<section class="vb-dice-group" data-key="${escapeHTML(key)}"><div class="vb-dice-head">${groupTitle(key, group, verdicts)}</div>`
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

function groupTitle(key, group, verdicts) {
  if (group.outcome) {
    const verdict = OUTCOMES[group.outcome.label] ?? verdicts[group.outcome.label] ?? group.outcome.label;
    const against = group.target ? ` against TN ${escapeHTML(group.target.value)}` : "";
    const successes = group.successes === undefined ? "" : ` ${escapeHTML(group.successes)} successes${against},`;
    return `<span class="vb-outcome vb-${escapeHTML(group.outcome.label)}">${escapeHTML(verdict)}</span>`
      + `${successes} ${escapeHTML(group.faces.length)} dice`;
  }
  if ("hit_points_lost" in group) {
    const notation = group.damage?.notation ? `${escapeHTML(group.damage.notation)}: ` : "";
    return `Damage ${notation}${escapeHTML(group.serious)} serious, ${escapeHTML(group.minor)} minor`
      + ` (DR ${escapeHTML(group.damage_reduction)})`;
  }
  return `${escapeHTML(ruleTitle(key))}: ${escapeHTML(group.faces.length)} dice`;
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

function linesHTML(lines) {
  return lines?.length ? `<ul class="vb-explanation">${lines.map((line) => `<li>${escapeHTML(line)}</li>`).join("")}</ul>` : "";
}

function ruleTitle(rule) {
  const words = String(rule ?? "").replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
