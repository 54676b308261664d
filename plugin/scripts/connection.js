/**
 * Who connects to the bridge, and with what. The GM's client connects with the world's GM key (a
 * client setting, typed once) and mints each player's token on request (`token.mint`); a player's
 * client asks the active GM's client for its token (v13 query; v12 module socket, the token sealed for
 * the asking page), keeps it in a client setting, and connects with it. The reconnection itself is
 * core's (BridgeClient).
 */

import * as vtt from "./adapter.js";

/** Seconds of life a stored token must have left to be used. */
const MARGIN_SECONDS = 60;

/**
 * The `auth` for this client: `{world, gm_key, user}` for the GM, `{world, token}` for a player,
 * or null when the GM key is not typed yet / no GM is there to hand a token over.
 * @param {{now?: () => number}} [options] now(): Unix seconds
 */
export async function credentials({ now = () => Date.now() / 1000 } = {}) {
  const world = vtt.setting("worldId");
  const me = vtt.me();
  if (me.isGM) {
    const key = vtt.setting("gmKey");
    return key ? { world, gm_key: key, user: me.id } : null;
  }
  const stored = vtt.setting("playerToken");
  if (stored?.token && stored.world === world && stored.expires_at > now() + MARGIN_SECONDS) {
    return { world, token: stored.token };
  }
  try {
    const { token, expires_at } = await vtt.askForToken();
    await vtt.saveSetting("playerToken", { token, expires_at, world });
    return { world, token };
  } catch (error) {
    if (error.code === "insecure_context") vtt.notify("error", vtt.t("InsecureContext"));
    return null;
  }
}

/** Forgets a player's stored token (expired or revoked), so the next connection asks for a new one. */
export function forgetToken() {
  return vtt.saveSetting("playerToken", {});
}

/**
 * On the GM's client: answers players asking for their token by minting it on the bridge.
 * @param {{request: Function}} client the GM's BridgeClient
 */
export function handOutTokens(client) {
  vtt.answerTokenRequests(async (user) => {
    const { token, expires_at } = await client.request("token.mint", { user });
    return { token, expires_at };
  });
}
