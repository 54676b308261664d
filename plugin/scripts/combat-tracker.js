/**
 * Foundry's Combat Tracker driving the bridge's combat (docs/protocol.md, The table; docs/mot/tracker.md):
 * Begin Combat starts the bridge's combat for the encounter's scene with its combatants' tokens
 * (`combat.start`) and sets its order (`combat.initiative`, as the world's rule system sets it: Moment of
 * Truth's seating rule, the 2d20 variant's alternating sides, Moment of Clarity's Sp rolls, the d10
 * system's lowest initiative first), written to the Combatants so that Foundry's turn order is the
 * bridge's; Next Turn / Next Round pass the bridge's turn (`combat.next`) when the turn goes to another
 * seat, and follow a new order the bridge sets at a new round (the d10 system's phases); deleting the
 * encounter ends it (`combat.end`). The bridge's round and turn are shown at the top of the tracker.
 *
 * Where the world's rules leave the order's start to the GM (the system's `initiativeChoice`: the 2d20
 * variant's who has the initiative), Begin Combat asks the GM which combatant it is first.
 *
 * The combat requests are the table's in every world; before the bridge says which system the world
 * plays, the tracker sends nothing and shows no line.
 *
 * Seats: each player owning a combatant's actor has a seat (Foundry's user list order, clockwise), the
 * GM's seat last, holding every combatant no player owns.
 */

import { escapeHTML } from "../core/cards.js";
import { DEFAULT_SYSTEM, systemFor } from "../core/systems.js";
import * as vtt from "./adapter.js";

/**
 * Whether the bridge said the world plays Moment of Truth, whose combat the tracker drives.
 * @param {{system: {name: string}|null}} table
 */
export function playsTruth(table) {
  return table.system?.name === DEFAULT_SYSTEM;
}

/**
 * Whether the bridge said which system the world plays: the table's combat requests are then its own.
 * @param {{system: {name: string}|null}} table
 */
export function playsKnown(table) {
  return Boolean(table.system?.name);
}

/**
 * `combat.start`'s seats and combatants for Foundry's combatants.
 * @param {{tokenId: string|null, actorId: string|null}[]} combatants
 * @param {{gm: string, owners: Object<string, string[]>}} table the GM's user id; each player's actor ids
 */
export function seating(combatants, { gm, owners }) {
  const ownerOf = (actorId) => Object.keys(owners).find((user) => owners[user].includes(actorId)) ?? gm;
  const seated = combatants.filter((c) => c.tokenId).map((c) => ({ token_id: c.tokenId, seat: ownerOf(c.actorId) }));
  const seats = Object.keys(owners).filter((user) => seated.some((c) => c.seat === user));
  return { seating: [...seats, gm], gm_seat: gm, combatants: seated };
}

/**
 * Starts the bridge's combat for the encounter with the combatants whose tokens it tracks, writes the
 * initiative it rolled to their Combatants (the first seat of the order highest), then puts Foundry's turn on
 * the first combatant of that seat. Foundry fires combatStart before its own update to turn 0 and does not
 * wait for this handler, and setInitiative keeps the turn on whichever combatant had it: without the last
 * step, the turn would stay on whoever sorted first before the bridge's initiative was written. GM only.
 * @param {{request: Function}} client
 * @param {import("../core/table-state.js").TableState} table
 * @param {ReturnType<typeof vtt.combatData>} combat
 */
export async function startCombat(client, table, combat) {
  if (!playsKnown(table)) return null;
  const sceneId = combat.sceneId;
  const tracked = combat.combatants.filter((c) => c.tokenId && table.tokens.has(c.tokenId));
  const seats = seating(tracked, { gm: vtt.me().id, owners: vtt.ownedActors() });
  // The seating and the GM's seat are Moment of Truth's (its initiative is rolled per seat, the GM's last).
  const seated = playsTruth(table) ? seats : { combatants: seats.combatants };
  await client.request("combat.start", { scene_id: sceneId, ...seated });
  const system = /** @type {{initiativeChoice?: {field: string, label: string, unchosen: string}}} */ (systemFor(table.system?.name ?? ""));
  const choice = system.initiativeChoice;
  const chosen = choice ? await chooseFirst(choice, table, seats.combatants) : "";
  const answer = await client.request("combat.initiative", {
    scene_id: sceneId, label: vtt.t("Combat.Initiative"), ...(choice && chosen ? { [choice.field]: chosen } : {}),
  });
  // Moment of Truth answers with its initiative card; the table's core with {combat, card, started}.
  const order = answer.combat?.order ?? answer.result.order;
  await followOrder(combat, seats.combatants, order);
  return answer;
}

/**
 * The GM's pick of the fighting token the system's `initiativeChoice` names (its `label`), from a dialog
 * listing the seated tokens by name; "" for the rules' default (`unchosen`, or the dialog closed).
 * @param {{label: string, unchosen: string}} choice
 * @param {import("../core/table-state.js").TableState} table
 * @param {{token_id: string|null}[]} seated
 */
async function chooseFirst(choice, table, seated) {
  const options = [{ value: "", label: choice.unchosen, selected: true },
    ...seated.flatMap(({ token_id: tokenId }) => (tokenId ? [{ value: tokenId, label: table.tokens.get(tokenId)?.name ?? tokenId }] : []))];
  const content = await vtt.renderTemplate("form", { fields: [{ name: "first", label: choice.label, options }] });
  const answer = await vtt.dialog({
    title: choice.label, content,
    buttons: [{ action: "initiative", label: vtt.t("Combat.Initiative"), icon: "fa-solid fa-flag", default: true }],
  });
  return answer?.values.first ?? "";
}

/**
 * Writes the bridge's order to the Combatants (the first seat highest) and puts Foundry's turn on the
 * first combatant of the seat whose turn it is (`seat`; by default the order's first).
 * @param {ReturnType<typeof vtt.combatData>} combat
 * @param {{token_id: string|null, seat: string}[]} seated
 * @param {string[]} order
 * @param {string} [seat]
 */
async function followOrder(combat, seated, order, seat = order[0]) {
  for (const combatant of combat.combatants) {
    const on = seated.find((c) => c.token_id === combatant.tokenId)?.seat;
    if (on && combatant.id && order.includes(on)) await combat.setInitiative(combatant.id, order.length - order.indexOf(on));
  }
  const first = combat.turns.findIndex((c) => seated.some((s) => s.token_id === c.tokenId && s.seat === seat));
  if (first >= 0) await combat.setTurn(first);
}

/**
 * Passes the bridge's turn when Foundry's goes to a combatant of another seat; `seat` names the seat whose
 * turn ends, so that two clicks do not pass two turns.
 * @param {{request: Function}} client
 * @param {import("../core/table-state.js").TableState} table
 * @param {ReturnType<typeof vtt.combatData>} combat
 * @param {number} turn the index in `combat.turns` of the combatant whose turn begins
 */
export async function advanceCombat(client, table, combat, turn) {
  const state = playsKnown(table) ? table.combats.get(combat.sceneId ?? "")?.state : null;
  const next = combat.turns[turn];
  if (!state || !next) return null;
  const seat = state.combatants.find((c) => c.token_id === next.tokenId)?.seat;
  if (seat === state.seat) return null;
  const passed = await client.request("combat.next", { scene_id: combat.sceneId, seat: state.seat });
  const after = table.combats.get(combat.sceneId ?? "")?.state;
  if (passed?.started?.new_round && after && after.order.join() !== state.order.join()) {
    await followOrder(combat, after.combatants, after.order, passed.started.seat);  // a new order at a new round
  }
  return passed;
}

/** Ends the bridge's combat for a deleted encounter, when the bridge runs one there. GM only. */
export async function endCombat(client, table, combat) {
  if (!playsKnown(table) || !table.combats.get(combat.sceneId ?? "")?.state) return null;
  return client.request("combat.end", { scene_id: combat.sceneId });
}

/**
 * The bridge's turn, as the Combat Tracker shows it: the round and whose seat acts, by Foundry's names.
 * @param {{round: number, seat: string|null}|null} state the scene's combat (null: none)
 */
export function turnLine(state) {
  if (!state?.seat) return "";
  const name = vtt.users().find((u) => u.id === state.seat)?.name ?? state.seat;
  return `<span class="vb-combat-turn">${escapeHTML(vtt.t("Combat.Turn", { round: state.round, seat: name }))}</span>`;
}

/**
 * The defense the rules leave to the defender (ch. 7, Defense Dice): dice kept back for defense on the
 * token's own turn without attacking (`combat.reserve`), asked on the client of whoever works the
 * token's HUD (its owner; the GM for a token no player owns). The bridge refuses it off that turn.
 * @param {{client: {request: Function}, table: import("../core/table-state.js").TableState, tokenId: string}} options
 */
export async function reserveDialog({ client, table, tokenId }) {
  const sceneId = vtt.sceneId();
  const state = table.combats.get(sceneId ?? "")?.state;
  if (!sceneId || !state?.combatants.some((c) => c.token_id === tokenId)) return vtt.notify("warn", vtt.t("Combat.NotIn"));
  const content = await vtt.renderTemplate("form", {
    fields: [{ name: "defense_dice", label: vtt.t("Combat.DefenseDice"), number: true, value: 2, min: 1, max: 300 }],
  });
  const answer = await vtt.dialog({
    title: vtt.t("Combat.Reserve"), content,
    buttons: [{ action: "reserve", label: vtt.t("Combat.Reserve"), icon: "fa-solid fa-shield-halved", default: true }],
  });
  if (!answer) return null;
  try {
    return await client.request("combat.reserve", { scene_id: sceneId, token_id: tokenId, defense_dice: answer.values.defense_dice });
  } catch (error) {
    return vtt.notify("error", vtt.t("Failed", { what: vtt.t("Combat.Reserve"), message: error.message }));
  }
}
