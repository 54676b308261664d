/**
 * The GM's hazard tools (token controls): an explosion, whose center the GM clicks on the scene (a
 * circle template shows its reach; each tracked token's distance from the center is measured on
 * the scene's grid, and the GM gives each its cover dice), and fire, a fall or vacuum on the selected
 * tracked tokens. They are Moment of Truth's: in a world the bridge says plays another system they send
 * nothing and say so. Hazards are queued:
 * the progress bar shows them, and their cards and token changes come as pushes.
 */

import { explosion, fall, fireIgnite, inBlast, metres, vacuumEnter } from "../core/rolls.js";
import * as vtt from "./adapter.js";
import { playsTruth } from "./combat-tracker.js";
import { track } from "./widgets.js";

/** The most tokens one hazard request names. */
const MOST_TOKENS = 50;

/**
 * The tracked tokens a charge at `center` reaches, nearest first, with their names and distances in
 * meters to the centimetre (as sent, so reach is judged on the distance the bridge gets).
 * @param {{x: number, y: number}} center canvas point
 * @param {number} dice the pool at the center
 * @param {{id: string, name: string, center: object}[]} tokens the scene's tokens
 * @param {{has: (id: string) => boolean}} tracked the bridge's tokens
 */
export function tokensInBlast(center, dice, tokens, tracked) {
  return tokens
    .filter((t) => tracked.has(t.id))
    .map((t) => ({ token_id: t.id, name: t.name, distance: metres(vtt.meters(center, t.center)) }))
    .filter((t) => inBlast(dice, t.distance))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MOST_TOKENS);
}

/** A hazard dialog of a template and its data; resolves with its values, or null when dismissed. */
async function ask(title, content) {
  const answer = await vtt.dialog({
    title, content, buttons: [{ action: "go", label: vtt.t("Hazard.Go"), icon: "fa-solid fa-burst", default: true }],
  });
  return answer?.values ?? null;
}

/** Sends a hazard, its progress shown; a refusal is shown as a notice. */
async function send(client, label, request) {
  try {
    return await track(client, label, request);
  } catch (error) {
    vtt.notify("error", vtt.t("Failed", { what: label, message: error.message }));
    return null;
  }
}

/**
 * The cover dialog: each token in reach, its name and its distance as measured (to the centimetre, as
 * sent), with a field for the dice its cover takes off its pool (0 to 300, 0 by default). Resolves with
 * the tokens, each with its cover, or null when dismissed.
 * @param {string} title
 * @param {{token_id: string, name: string, distance: number}[]} tokens
 */
async function askCover(title, tokens) {
  const columns = { token: vtt.t("Hazard.CoverToken"), distance: vtt.t("Hazard.CoverDistance"), cover: vtt.t("Hazard.CoverDice") };
  const values = await ask(title, await vtt.renderTemplate("cover", { rows: tokens, columns, hint: vtt.t("Hazard.CoverHint") }));
  return values && tokens.map((t) => ({ ...t, cover: values[t.token_id] ?? 0 }));
}

/**
 * The explosion tool: charge and dice, then the click on the blast's center, the template placed,
 * the distances measured, each token's cover asked for, and `hazard.explosion`.
 * @param {{client: object, table: {tokens: Map, system: {name: string, title: string}|null}}} options
 */
export async function explosionTool({ client, table }) {
  if (!playsTruth(table)) return notTruth(table);
  const label = vtt.t("Hazard.Explosion");
  const throwers = [...new Map([...table.tokens.values()].map((s) => [s.actor_id, s.name]))];
  const selected = vtt.controlledTokens()[0]?.actorId;
  const values = await ask(label, await vtt.renderTemplate("form", { fields: [
    { name: "dice", label: vtt.t("Hazard.Dice"), number: true, value: 20, min: 1, max: 300 },
    { name: "charge", label: vtt.t("Hazard.Charge"), options: [
      { value: "shrapnel", label: vtt.t("Hazard.Shrapnel"), selected: true },
      { value: "no_shrapnel", label: vtt.t("Hazard.NoShrapnel") },
      { value: "flash_bang", label: vtt.t("Hazard.FlashBang") },
    ] },
    { name: "actor", label: vtt.t("Hazard.Thrower"),
      options: throwers.map(([value, name]) => ({ value, label: name, selected: value === selected })) },
  ] }));
  if (!values) return null;
  vtt.notify("info", vtt.t("Hazard.PickCenter"));
  const center = await vtt.pickPoint();
  const template = await vtt.placeCircle(center, values.dice);
  const caught = tokensInBlast(center, values.dice, vtt.sceneTokens(), table.tokens);
  if (!caught.length) {
    if (template) removeLater(template);
    return vtt.notify("warn", vtt.t("Hazard.NobodyInReach"));
  }
  const tokens = await askCover(vtt.t("Hazard.Cover"), caught);
  if (!tokens) return null; // the cover dialog closed: nothing sent, the template stays for the GM to place again
  try {
    return await send(client, label, explosion({ actorId: values.actor, charge: values.charge, dice: values.dice, tokens, label }));
  } finally {
    if (template) removeLater(template);
  }
}

/** Tells the GM a hazard tool is not the world's system's. */
function notTruth(table) {
  return vtt.notify("warn", vtt.t("System.NotHere", { system: table.system?.title ?? "?" }));
}

/** Removes a hazard's template once it is resolved (or given up): at once, or after the world's `templateSeconds`. */
function removeLater(template) {
  const seconds = Number(vtt.setting("templateSeconds")) || 0;
  const remove = () => vtt.removeTemplate(template).catch((error) => vtt.notify("error", error.message));
  if (seconds > 0) setTimeout(remove, seconds * 1000);
  else remove();
}

/**
 * The tools on the selected tracked tokens: fire, a fall, vacuum.
 * @param {"fire"|"fall"|"vacuum"} hazard
 * @param {{client: object, table: {tokens: Map, system: {name: string, title: string}|null}}} options
 */
export async function pickedTokensTool(hazard, { client, table }) {
  if (!playsTruth(table)) return notTruth(table);
  const tokenIds = vtt.controlledTokens().map((t) => t.id).filter((id) => table.tokens.has(id)).slice(0, MOST_TOKENS);
  if (!tokenIds.length) return vtt.notify("warn", vtt.t("Hazard.NoTokens"));
  const tool = PICKED[hazard];
  const label = vtt.t(tool.label);
  const values = await ask(label, await vtt.renderTemplate("form", { fields: tool.fields() }));
  return values && send(client, label, tool.request(tokenIds, values, label));
}

/** Each picked-token hazard: its dialog's fields and its request. */
const PICKED = {
  fire: {
    label: "Hazard.Fire",
    fields: () => [
      { name: "starting_dice", label: vtt.t("Hazard.StartingDice"), number: true, value: 5, min: 1, max: 300 },
      { name: "grease", label: vtt.t("Hazard.Grease"), checkbox: true, value: false },
    ],
    request: (tokenIds, v, label) => fireIgnite({ tokenIds, startingDice: v.starting_dice, grease: v.grease, label }),
  },
  fall: {
    label: "Hazard.Fall",
    fields: () => [
      { name: "meters", label: vtt.t("Hazard.Meters"), number: true, value: 6, min: 0, step: 0.5 },
      { name: "armor", label: vtt.t("Hazard.Armor"), checkbox: true, value: false },
    ],
    request: (tokenIds, v, label) => fall({ tokenIds, meters: v.meters, armor: v.armor, label }),
  },
  vacuum: {
    label: "Hazard.Vacuum",
    fields: () => [
      { name: "warned", label: vtt.t("Hazard.Warned"), checkbox: true, value: false },
      { name: "ruptured_suit", label: vtt.t("Hazard.RupturedSuit"), checkbox: true, value: false },
    ],
    request: (tokenIds, v, label) => vacuumEnter({ tokenIds, warned: v.warned, rupturedSuit: v.ruptured_suit, label }),
  },
};
