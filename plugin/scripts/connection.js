/**
 * Who connects to the bridge, and with what. The GM's client connects with the world's GM key (a
 * client setting, typed once) and offers each player's digest a token (`token.offer`); a player's
 * client gets its token by the handoff (docs/protocol.md, Token handoff: a secret kept on this page,
 * its digest shown in the player's User flags, the secret redeemed at the bridge), keeps it in a client
 * setting, and connects with it. The reconnection itself is core's (BridgeClient).
 */

import * as vtt from "./adapter.js";
import { digestOf, newSecret, redeem } from "./handoff.js";

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
