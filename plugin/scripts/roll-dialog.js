/**
 * The roll buttons' dialogs (actor sheet header and token HUD): a skill or statistic roll with its
 * TN, MoTs to spend, raised stakes and who sees it; an attack on the targeted tokens. The rewards a
 * player takes on a roll (ch. 5) are offered on that roll's card (`takeReward`). Each shows the odds (`odds`, `attack.odds`,
 * queued) as the fields change, before anything is rolled. In a world playing another system, its
 * roll panel (core/systems/<name>.js `rollPanel`) as the roll dialog.
 */

import { panelFields, panelRequest } from "../core/roll-panel.js";
import { STATISTICS, attack, metres, skillRoll, statisticName, statisticRoll } from "../core/rolls.js";
import { conditionsOf } from "../core/conditions.js";
import { statBlock } from "./actors.js";
import * as vtt from "./adapter.js";
import { described, track } from "./widgets.js";

const percent = (chance) => `${(chance.value * 100).toFixed(1)}%`;

/** The dialog's field of options. */
function select(name, label, options, selected) {
  return { name, label, options: options.map(([value, text]) => ({ value, label: text, selected: value === selected })) };
}

/** The visibility field (public, blind, whisper to the GM). */
function visibilityField() {
  return select("visibility", vtt.t("Roll.Visibility"),
    [["public", vtt.t("Roll.Public")], ["blind", vtt.t("Roll.Blind")], ["whisper", vtt.t("Roll.Whisper")]], "public");
}

/**
 * The fields of a skill (`skill` true) or statistic roll for an actor's stat block.
 * @param {object} block statBlock
 * @param {{skill: boolean, defaultTn: number, isGM: boolean}} options
 */
export function rollFields(block, { skill, defaultTn, isGM }) {
  /** @type {object[]} */
  const fields = [select("statistic", vtt.t("Roll.StatisticLabel"),
    STATISTICS.map((name) => [name, `${statisticName(name)} ${block.statistics[name]}`]), "agility")];
  if (skill) {
    const skills = Object.entries(block.skills).map(([name, level]) => [name, `${name} ${level}`]);
    fields.push(select("skill", vtt.t("Roll.SkillLabel"), [...skills, ["", vtt.t("Roll.KindUnskilled")]], skills[0]?.[0] ?? ""));
  }
  fields.push({ name: "tn", label: vtt.t("Roll.TN"), number: true, value: defaultTn, min: 1, max: defaultTn + 10 });
  if (!isGM) fields.push({ name: "moments", label: vtt.t("Roll.Moments"), number: true, value: 0, min: 0, max: 300 });
  fields.push({ name: "stakes_raised", label: vtt.t("Roll.StakesRaised"), checkbox: true, value: false });
  fields.push(visibilityField());
  return fields;
}

/**
 * The `roll` request for the dialog's values.
 * @param {object} values the form's values
 * @param {{actorId: string, block: object, defaultTn: number, conditions: string[]}} context
 */
export function rollRequest(values, { actorId, block, defaultTn, conditions }) {
  const statistic = { name: statisticName(values.statistic), value: block.statistics[values.statistic] };
  const moments = values.stakes_raised ? 0 : values.moments ?? 0;
  const choice = {
    actorId, statistic, defaultTn, conditions, moments,
    tn: values.tn ?? defaultTn, stakesRaised: Boolean(values.stakes_raised), visibility: values.visibility,
  };
  if (!("skill" in values)) return statisticRoll({ ...choice, label: statistic.name });
  const level = block.skills[values.skill];
  return skillRoll({ ...choice, label: values.skill || `${statistic.name} (unskilled)`,
    skill: values.skill && level !== undefined ? { name: values.skill, level } : null });
}

/**
 * The `odds` request for a roll: the same pool and TN (the MoTs spent as the dice they add).
 * @param {object} payload a `roll` payload
 */
export function oddsRequest({ kind, statistic, skill, difficulty, stakes_raised, moments }) {
  const payload = { kind, statistic, stakes_raised };
  if (skill) payload.skill = skill;
  if (difficulty !== undefined) payload.difficulty = difficulty;
  if (moments?.own) payload.modifiers = [{ source: "Moments of Truth", dice: moments.own }];
  return { event: "odds", payload };
}

/**
 * Shows the odds of what the form would roll, and again at each change (the latest answer wins).
 * @param {Element} element the dialog
 * @param {(values: object) => ({event: string, payload: object}|null)} request the preview request for the
 *   form's values (null: nothing to preview yet)
 * @param {(result: object) => string} line the result as a line of text
 * @param {{queued: Function}} client
 */
function previewOdds(element, request, line, client) {
  const form = element.querySelector("form") ?? element;
  const out = element.querySelector(".vtt-bridge-odds-line");
  if (!out) return;
  let latest = 0;
  const update = async () => {
    const asked = ++latest;
    try {
      const preview = request(vtt.formValues(form));
      out.textContent = preview ? vtt.t("Roll.OddsPending") : "";
      if (!preview) return;
      const result = await track(client, vtt.t("Roll.Odds"), preview);
      if (asked === latest) out.textContent = line(result);
    } catch (error) {
      if (asked === latest) out.textContent = error.message;
    }
  };
  form.addEventListener("change", update);
  update();
}

/** Shows a refusal from the bridge, each field at fault named. */
function refused(what, error) {
  vtt.notify("error", vtt.t("Failed", { what, message: described(error) }));
}

/**
 * The skill or statistic roll dialog for an actor, then the roll.
 * @param {{client: object, table: object, actorId: string, skill: boolean}} options
 */
export async function rollDialog({ client, table, actorId, skill }) {
  const actor = vtt.actorData(vtt.actor(actorId));
  const block = statBlock(actor);
  if (!block) return vtt.notify("warn", vtt.t("Roll.NoStats"));
  const me = vtt.me();
  const defaultTn = client.session?.settings?.default_tn ?? 2;
  const token = vtt.tokenOfActor(actorId);
  const state = token && table.tokens.get(token.id);
  const context = { actorId, block, defaultTn, conditions: state ? conditionsOf(state) : [] };
  const buttons = [{ action: "roll", label: vtt.t("Roll.Go"), icon: "fa-solid fa-dice", default: true }];
  const content = await vtt.renderTemplate("form", {
    fields: rollFields(block, { skill, defaultTn, isGM: me.isGM }), odds: vtt.t("Roll.Odds"),
  });
  const answer = await vtt.dialog({
    title: vtt.t("Roll.Title", { name: actor.name }), content, buttons,
    onRender: (element) => previewOdds(element, (values) => oddsRequest(rollRequest(values, context).payload),
      ({ odds }) => vtt.t("Roll.OddsLine", {
        success: percent(odds.success), critical: percent(odds.critical_success), fumble: percent(odds.critical_failure),
      }), client),
  });
  if (!answer) return null;
  try {
    const { event, payload } = rollRequest(answer.values, context);
    const card = await client.request(event, payload);
    table.addCard(card);
    return card;
  } catch (error) {
    return refused(vtt.t(skill ? "Roll.Skill" : "Roll.Statistic"), error);
  }
}

/**
 * The attack dialog of a token against the tokens this user targets (1 to 3), then the attack.
 * @param {{client: object, table: object, tokenId: string}} options the attacker's token
 */
export async function attackDialog({ client, table, tokenId }) {
  const attacker = vtt.token(tokenId);
  if (!attacker) return vtt.notify("warn", vtt.t("Roll.NoToken"));
  const targets = vtt.targetedTokens().filter((t) => t.id !== tokenId).slice(0, 3);
  if (!targets.length) return vtt.notify("warn", vtt.t("Roll.NoTargets"));
  const block = statBlock(vtt.actorData(vtt.actor(attacker.actorId))) ?? { weapons: [] };
  const me = vtt.me();
  const distance = metres(vtt.meters(attacker.center, targets[0].center));
  /** @type {object[]} */
  const fields = [
    block.weapons.length
      ? select("weapon", vtt.t("Roll.Weapon"), block.weapons.map((w) => [w, w]), block.weapons[0])
      : { name: "weapon", label: vtt.t("Roll.Weapon"), value: "" },
    { name: "distance", label: vtt.t("Roll.Distance"), number: true, value: distance, min: 0, step: 0.01 },
  ];
  if (!me.isGM) fields.push({ name: "moments", label: vtt.t("Roll.Moments"), number: true, value: 0, min: 0, max: 300 });
  fields.push(visibilityField());
  const request = (values) => attack({
    attacker: tokenId, weapon: values.weapon, targets: targets.map((t) => t.id),
    distance: values.distance, moments: values.moments ?? 0, visibility: values.visibility,
    label: `${attacker.name} → ${targets.map((t) => t.name).join(", ")}`,
  });
  const content = await vtt.renderTemplate("form", {
    fields: [{ name: "targets", label: vtt.t("Roll.Targets"), value: targets.map((t) => t.name).join(", ") }, ...fields],
    odds: vtt.t("Roll.Odds"),
  });
  const answer = await vtt.dialog({
    title: vtt.t("Roll.Title", { name: attacker.name }), content,
    buttons: [{ action: "attack", label: vtt.t("Roll.Attack"), icon: "fa-solid fa-crosshairs", default: true }],
    onRender: (element) => previewOdds(element, (values) => {
      if (!values.weapon) return null;
      const { visibility, label, ...payload } = request(values).payload;
      return { event: "attack.odds", payload };
    }, (preview) => `${percent(preview.hit)} (${preview.method})`, client),
  });
  if (!answer) return null;
  try {
    const card = await client.request("attack", request(answer.values).payload);
    table.addCard(card);
    return card;
  } catch (error) {
    return refused(vtt.t("Roll.Attack"), error);
  }
}

/**
 * A system's roll panel as a dialog for an actor, then its request and the card kept.
 * @param {{client: object, table: object, actorId: string, panel: object}} options panel: the world's
 *   system's `rollPanel`
 */
export async function panelDialog({ client, table, actorId, panel }) {
  const actor = vtt.actor(actorId);
  const content = await vtt.renderTemplate("form", { fields: panelFields(panel) });
  const answer = await vtt.dialog({
    title: vtt.t("System.RollTitle", { roll: panel.title, name: actor?.name ?? actorId }), content,
    buttons: [{ action: "roll", label: vtt.t("Roll.Go"), icon: "fa-solid fa-dice-d20", default: true }],
  });
  if (!answer) return null;
  try {
    const { event, payload } = panelRequest(panel, answer.values, { actorId });
    const card = await client.request(event, payload);
    table.addCard(card);
    return card;
  } catch (error) {
    return refused(panel.title, error);
  }
}

/** The player-triggered rewards (ch. 5) with their button words. */
export const TAKEN_REWARDS = /** @type {const} */ ({
  take_failure: "Roll.TakeFailure", take_critical_failure: "Roll.TakeCriticalFailure", take_setback: "Roll.TakeSetback",
});

/** The ledger kinds a roll's dice earn (ch. 5, Dice-Triggered Rewards): a reward taken stands instead of one. */
const DICE_REWARDS = new Set(["failure", "success_with_setback", "critical_failure"]);

/**
 * The rewards this user may take on a kept card (docs/mot/moments.md, `moments.take`): on a player's own
 * `roll` they see whole whose dice earned nothing, a failure or a critical failure; a setback only on a
 * success without one. The bridge judges again; this only spares offering what it would refuse.
 * @param {{rule?: string, user?: string, hidden?: boolean, result?: object}|undefined} card
 * @param {{id: string, isGM: boolean}} me
 * @returns {(keyof typeof TAKEN_REWARDS)[]}
 */
export function takeableRewards(card, me) {
  if (me.isGM || card?.rule !== "roll" || card.hidden || card.user !== me.id) return [];
  const { outcome, rewards = [], held = [] } = card.result ?? {};
  if (!outcome || held.length || rewards.some((entry) => DICE_REWARDS.has(entry.kind))) return [];
  const taken = /** @type {(keyof typeof TAKEN_REWARDS)[]} */ (["take_failure", "take_critical_failure"]);
  return outcome.success && !outcome.setback ? [...taken, "take_setback"] : taken;
}

/**
 * Takes a reward on a roll of this player's (ch. 5): the roll it stands for is named by `roll_id`.
 * @param {{request: Function}} client
 * @param {keyof typeof TAKEN_REWARDS} reward
 * @param {string} rollId
 */
export async function takeReward(client, reward, rollId) {
  try {
    return await client.request("moments.take", { reward, roll_id: rollId });
  } catch (error) {
    return refused(vtt.t(TAKEN_REWARDS[reward]), error);
  }
}
