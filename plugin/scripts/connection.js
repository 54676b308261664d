/**
 * Who connects to the bridge, and with what. The GM's client connects with the world's GM key (a
 * client setting, typed once) and offers each player's digest a token (`token.offer`); a player's
 * client gets its token by the handoff (docs/protocol.md, Token handoff: a secret kept on this page,
 * its digest shown in the player's User flags, the secret redeemed at the bridge), keeps it in a client
 * setting, and connects with it. The GM keeps chosen players off the bridge (their tokens revoked, none
 * offered again). The reconnection itself is core's (BridgeClient).
 */

import * as vtt from "./adapter.js";
import { digestOf, newSecret, redeem } from "./handoff.js";
import { showStatus } from "./widgets.js";

/** Seconds of life a stored token must have left to be used. */
const MARGIN_SECONDS = 60;

/**
 * The `auth` for this client: `{world, gm_key, user}` for the GM, `{world, token}` for a player,
 * or null when the GM key is not typed yet / no GM is there to offer a token.
 * @param {{now?: () => number, fetch?: typeof fetch, waitMs?: number}} [options] now(): Unix seconds; fetch:
 *   how the secret reaches the bridge; waitMs: how long to wait for the GM's offer
 */
export async function credentials({ now = () => Date.now() / 1000, fetch = globalThis.fetch, waitMs = 15000 } = {}) {
  const world = vtt.setting("worldId");
  const me = vtt.me();
  if (me.isGM) {
    const key = vtt.setting("gmKey");
    return key ? { world, gm_key: key, user: me.id } : null;
  }
  const stored = vtt.setting("playerToken");
  if (stored?.token && stored.world === world && (stored.expires_at ?? 0) > now() + MARGIN_SECONDS) {
    return { world, token: stored.token };
  }
  if (!vtt.hasActiveGM()) return null;
  try {
    const secret = newSecret();
    await vtt.awaitOffer(await digestOf(secret), waitMs);
    const { token, expires_at } = await redeem(vtt.setting("bridgeUrl"), { world, user: me.id, secret }, fetch);
    await vtt.savePlayerToken({ token, expires_at, world });
    return { world, token };
  } catch (error) {
    vtt.notify("error", vtt.t("HandoffFailed", { name: me.name, message: error.message }));
    return null;
  }
}

/** Forgets a player's stored token (expired or revoked), so the next connection asks for a new one. */
export function forgetToken() {
  return vtt.savePlayerToken({});
}

/**
 * On the GM's client: offers each player's digest a token for that player.
 * @param {{request: Function}} client the GM's BridgeClient
 */
export function handOutTokens(client) {
  vtt.answerDigests((user, digest) => client.request("token.offer", { user, digest }));
}

/**
 * On the GM's client: keeps the chosen players off the bridge. Each newly chosen one's tokens are revoked
 * (`token.revoke`, which closes their connections) and no token is offered to any of them again
 * (`revokedUsers`), whatever digest they write; a player taken off the list is offered one again.
 * @param {{request: Function}} client the GM's BridgeClient
 * @param {string[]} userIds every player to keep out
 */
export async function keepOut(client, userIds) {
  const before = new Set(vtt.setting("revokedUsers"));
  for (const user of userIds.filter((id) => !before.has(id))) await client.request("token.revoke", { user });
  await vtt.saveRevokedUsers(userIds);
  showKeptOut();
}

/** Shows the players kept off the bridge, by name, in the GM's connection indicator. */
export function showKeptOut() {
  const names = new Map(vtt.users().map((u) => [u.id, u.name]));
  showStatus({ revoked: vtt.setting("revokedUsers").map((id) => names.get(id) ?? id) });
}

/**
 * The GM's *Players on the bridge* dialog: the players to keep off it (a multiple select), then keepOut.
 * @param {{client: {request: Function}}} options
 */
export async function playersDialog({ client }) {
  const kept = new Set(vtt.setting("revokedUsers"));
  const content = await vtt.renderTemplate("form", { hint: vtt.t("Players.Hint"), fields: [{
    name: "revoked", label: vtt.t("Players.KeptOut"), multiple: true,
    options: vtt.users().filter((u) => !u.isGM).map((u) => ({ value: u.id, label: u.name, selected: kept.has(u.id) })),
  }] });
  const answer = await vtt.dialog({
    title: vtt.t("Players.Title"), content,
    buttons: [{ action: "save", label: vtt.t("Players.Save"), icon: "fa-solid fa-user-lock", default: true }],
  });
  if (!answer) return null;
  try {
    return await keepOut(client, answer.values.revoked ?? []);
  } catch (error) {
    return vtt.notify("error", vtt.t("Failed", { what: vtt.t("Players.Title"), message: error.message }));
  }
}
