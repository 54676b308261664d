/**
 * The player's half of the token handoff (docs/protocol.md, Token handoff), without Foundry: a random
 * secret that stays on this page, its SHA-256 digest (the only part the table sees), and the secret's
 * redemption straight at the bridge (`POST /handoff`). WebCrypto's digest where the page has it
 * (https or localhost); elsewhere (Foundry over plain http) the vendored, audited @noble/hashes.
 * `crypto.getRandomValues` needs no secure context (W3C Web Crypto API: only `crypto.subtle` is
 * [SecureContext]).
 */

import { sha256 } from "../vendor/noble-hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "../vendor/noble-hashes/utils.js";

/** A fresh secret: 32 random bytes as 64 lowercase hex digits. */
export function newSecret() {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The secret's SHA-256, as 64 lowercase hex digits (the bridge hashes its UTF-8 text alike).
 * @param {string} secret
 * @returns {Promise<string>}
 */
export async function digestOf(secret) {
  const subtle = globalThis.crypto?.subtle;
  const bytes = utf8ToBytes(secret);
  return bytesToHex(subtle ? new Uint8Array(await subtle.digest("SHA-256", bytes)) : sha256(bytes));
}

/**
 * Redeems the secret at the bridge for this user's token; rejects with the bridge's `{code, message}`.
 * @param {string} bridgeUrl the bridge's base URL (its Socket.IO URL)
 * @param {{world: string, user: string, secret: string}} redemption
 * @param {typeof fetch} [fetchFn]
 * @returns {Promise<{user: string, token: string, expires_at: number}>}
 */
export async function redeem(bridgeUrl, redemption, fetchFn = globalThis.fetch) {
  const url = new URL("/handoff", bridgeUrl.replace(/^ws/, "http"));
  const response = await fetchFn(url.href, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(redemption) });
  const answer = await response.json();
  if (!response.ok) throw Object.assign(new Error(answer.message), { code: answer.code });
  if (answer.user !== redemption.user) throw Object.assign(new Error("the bridge handed over another user's token"), { code: "unauthorized" });
  return answer;
}
