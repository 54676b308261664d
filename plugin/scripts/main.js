/**
 * The Foundry module's entry point: Foundry's hooks wired to the bridge.
 *
 * - `init`: the chat card, token HUD, actor sheet and scene control hooks (they fire later);
 * - `setup` (game.user known): settings, the bridge as Foundry's dice when the world's "Bridge dice"
 *   setting is on;
 * - `ready`: the bridge connection (GM key or player token), then the table kept in sync;
 * - the Combat Tracker and the hazard tools are Moment of Truth's: they stay off until the bridge says
 *   the world plays it (`system.get`, `system.changed`);
 * - `canvasReady` (active GM): the new scene's tokens registered and shown;
 * - `createToken`, `updateActor` (active GM): tokens registered again with their actor's numbers.
 */

import { io } from "../vendor/socket.io.esm.min.js";
import { BridgeClient } from "../core/bridge-client.js";
import { DEFAULT_SYSTEM, systemFor } from "../core/systems.js";
import { TableState } from "../core/table-state.js";
import * as vtt from "./adapter.js";
import { BRIDGE_DICE, bridgeDice } from "./bridge-dice.js";
import { advanceCombat, endCombat, playsKnown, playsTruth, reserveDialog, startCombat, turnLine } from "./combat-tracker.js";
import { credentials, forgetToken, playersDialog, showKeptOut } from "./connection.js";
import { explosionTool, pickedTokensTool } from "./hazard-tools.js";
import { macroMenu } from "./macro-menu.js";
import { TAKEN_REWARDS, attackDialog, panelDialog, rollDialog, takeReward, takeableRewards } from "./roll-dialog.js";
import { statsDialog } from "./stats-dialog.js";
import { registerScene, showToken, syncTable } from "./sync.js";
import { showFallback, showStatus } from "./widgets.js";

/** What the table holds, as this client knows it. */
export const table = new TableState();
/** The bridge connection, once open. */
/** @type {BridgeClient|null} */
export let client = null;

/** Runs fn(client) when connected; otherwise says the bridge is not connected. */
function withClient(fn) {
  return () => (client ? fn(client) : vtt.notify("warn", vtt.t(vtt.me().isGM ? "NoGMKey" : "NoToken")));
}

/**
 * A player whose token was refused forgets it and asks again once the GM is there.
 * @param {Event} event BridgeClient's `status` CustomEvent
 */
function onStatus(event) {
  const { state, error } = /** @type {CustomEvent} */ (event).detail;
  showStatus({ state, error });
  if (state !== "closed" || !error) return;
  vtt.notify("error", vtt.t("Refused", { message: error.message }));
  client = null;
  if (!vtt.me().isGM && (error.code === "token_expired" || error.code === "unauthorized")) forgetToken().then(connect);
}

/** Opens the bridge connection with this client's credentials, if it has them. */
export async function connect() {
  if (client) return client;
  if (!vtt.setting("bridgeUrl")) return vtt.notify(vtt.me().isGM ? "warn" : "info", vtt.t("NoBridgeUrl"));
  const auth = await credentials();
  if (!auth) return vtt.notify("info", vtt.t(vtt.me().isGM ? "NoGMKey" : "NoToken"));
  if (client) return client;
  client = new BridgeClient({ url: vtt.setting("bridgeUrl"), auth, io });
  client.addEventListener("status", onStatus);
  syncTable(client, table);
  client.connect();
  return client;
}

/**
 * The roll buttons for an actor (and its token, for an attack): Moment of Truth's, or the roll panel
 * of the system the world plays (none for a system without one).
 */
function rollButtons(actorId, tokenId) {
  const system = systemFor(table.system?.name ?? DEFAULT_SYSTEM);
  if (system.name !== DEFAULT_SYSTEM) {
    const panel = system.rollPanel;
    return panel ? [{ action: "system-roll", label: panel.title, title: panel.title, icon: "fa-solid fa-dice-d20",
      onClick: withClient((c) => panelDialog({ client: c, table, actorId, panel })) }] : [];
  }
  const buttons = [
    { action: "skill", label: vtt.t("Roll.Skill"), title: vtt.t("Roll.Skill"), icon: "fa-solid fa-dice",
      onClick: withClient((c) => rollDialog({ client: c, table, actorId, skill: true })) },
    { action: "statistic", label: vtt.t("Roll.Statistic"), title: vtt.t("Roll.Statistic"), icon: "fa-solid fa-dice-d6",
      onClick: withClient((c) => rollDialog({ client: c, table, actorId, skill: false })) },
  ];
  const attacker = tokenId ?? vtt.tokenOfActor(actorId)?.id;
  if (attacker) {
    buttons.push({ action: "attack", label: vtt.t("Roll.Attack"), title: vtt.t("Roll.Attack"), icon: "fa-solid fa-crosshairs",
      onClick: withClient((c) => attackDialog({ client: c, table, tokenId: attacker })) });
    buttons.push({ action: "reserve", label: vtt.t("Combat.Reserve"), title: vtt.t("Combat.Reserve"), icon: "fa-solid fa-shield-halved",
      onClick: withClient((c) => reserveDialog({ client: c, table, tokenId: attacker })) });
  }
  return buttons;
}

/** The rewards a player may take on their own roll (ch. 5), as buttons on its card, each naming that roll. */
function onChatCard(_message, element, rollId) {
  const rewards = takeableRewards(table.cards.get(rollId), vtt.me());
  const card = element.querySelector(".vb-card") ?? element;
  for (const reward of rewards) {
    vtt.addButton(card, {
      action: reward.replaceAll("_", "-"), label: vtt.t(TAKEN_REWARDS[reward]),
      onClick: withClient((c) => takeReward(c, reward, rollId)),
    });
  }
}

/** Runs fn(client, ...args) on a connected client, a refusal shown as a notice. */
function connected(fn) {
  return (...args) => (client?.state === "connected"
    ? Promise.resolve(fn(client, ...args)).catch((error) => vtt.notify("error", vtt.t("Failed", { what: vtt.t("Combat.Title"), message: error.message })))
    : null);
}

/** The bridge's turn in the Combat Tracker, for the viewed scene's combat. */
table.addEventListener("combat", (event) => {
  if (/** @type {CustomEvent} */ (event).detail.scene_id === vtt.sceneId()) vtt.showInTracker();
});

/** The world's system known or switched: the Moment of Truth tools shown or hidden, the tracker's line drawn again. */
table.addEventListener("system", () => {
  vtt.redrawControls();
  vtt.showInTracker();
});


/** Runs fn(client) on the active GM's connected client only. */
function asActiveGM(fn) {
  return (...args) => (client?.state === "connected" && vtt.isActiveGM() ? fn(client, ...args) : null);
}

vtt.once("init", () => {
  vtt.onChatCard(onChatCard);
  vtt.onCombatTracker(() => (playsKnown(table) ? turnLine(table.combats.get(vtt.sceneId() ?? "")?.state ?? null) : ""));
  vtt.onCombat({
    start: connected((c, combat) => (vtt.me().isGM ? startCombat(c, table, combat) : null)),
    advance: connected((c, combat, turn) => advanceCombat(c, table, combat, turn)),
    end: connected((c, combat) => (vtt.isActiveGM() ? endCombat(c, table, combat) : null)),
  });
  vtt.onTokenHUD((token) => (token.actorId ? rollButtons(token.actorId, token.id) : []));
  vtt.onActorSheetHeader((actor) => [
    ...rollButtons(actor.id),
    { action: "stats", label: vtt.t("Roll.Stats"), icon: "fa-solid fa-list-ol", onClick: () => statsDialog(actor.id) },
  ]);
  vtt.onSceneControls([
    { name: "vtt-bridge-explosion", title: vtt.t("Hazard.Explosion"), icon: "fa-solid fa-bomb", shown: () => playsTruth(table),
      onClick: withClient((c) => explosionTool({ client: c, table })) },
    .../** @type {const} */ (["fire", "fall", "vacuum"]).map((hazard) => ({
      name: `vtt-bridge-${hazard}`, title: vtt.t(`Hazard.${hazard[0].toUpperCase()}${hazard.slice(1)}`),
      icon: { fire: "fa-solid fa-fire", fall: "fa-solid fa-person-falling", vacuum: "fa-solid fa-wind" }[hazard],
      shown: () => playsTruth(table), onClick: withClient((c) => pickedTokensTool(hazard, { client: c, table })),
    })),
    { name: "vtt-bridge-players", title: vtt.t("Players.Title"), icon: "fa-solid fa-user-lock",
      onClick: withClient((c) => playersDialog({ client: c })) },
    { name: "vtt-bridge-macros", title: vtt.t("Macro.Title"), icon: "fa-solid fa-scroll", everyone: true,
      onClick: withClient((c) => macroMenu({ client: c, table })) },
  ]);
});

vtt.once("setup", () => {
  vtt.registerSettings();
  if (vtt.setting("bridgeDice")) {
    vtt.addDiceMethod(BRIDGE_DICE, { label: vtt.t("Dice.Method"), icon: "fa-solid fa-tower-broadcast",
      handler: bridgeDice(() => client, { onFallback: showFallback }) });
  }
});

vtt.once("ready", () => {
  if (!vtt.me().isGM) vtt.onGMReady(connect);
  else showKeptOut();
  vtt.on("canvasReady", asActiveGM(async (c) => {
    await registerScene(c, table);
    for (const [tokenId, state] of table.tokens) await showToken(tokenId, state, table.views.get(tokenId));
  }));
  vtt.onTokenPlaced(asActiveGM((c) => registerScene(c, table)));
  vtt.onActorChanged(asActiveGM((c, actorId) => registerScene(c, table, { again: true, actorId })));
  return connect();
});
