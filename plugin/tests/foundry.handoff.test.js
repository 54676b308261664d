// The token handoff between the player's page and the GM's (scripts/connection.js, scripts/handoff.js, the
// adapter's User flags), on v12 and v13, with WebCrypto and without it (Foundry over plain http). Two stand-in
// clients share the world's User documents; the bridge's side is a double that checks the secret against the
// digest with node's own SHA-256 (tests/trust/test_handoff.py runs the same code against the real bridge).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { IDS, answerDialog, installFoundry } from "./foundry.stub.js";
import { credentials, handOutTokens, keepOut, playersDialog } from "../scripts/connection.js";
import { digestOf, newSecret } from "../scripts/handoff.js";

const settle = async () => { for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve)); };
/** Waits until cond() holds (WebCrypto's digest and the hooks take turns of the event loop). */
const until = async (cond) => { while (!cond()) await new Promise((resolve) => setImmediate(resolve)); };
const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");

/** The bridge's half: `token.offer` from the GM's client, `POST /handoff` from a player's page (one use). */
function bridgeDouble() {
  const offers = new Map();
  const heard = [];
  return {
    offers, heard,
    gmClient: { request: async (event, payload) => {
      heard.push([event, payload]);
      if (offers.has(payload.digest)) throw new Error("this digest is already offered");
      offers.set(payload.digest, payload.user);
      return { user: payload.user, expires_at: 9999 };
    } },
    fetch: async (url, { body }) => {
      heard.push(["POST", url, JSON.parse(body)]);
      const { user, secret } = JSON.parse(body);
      const offered = offers.get(sha256(secret));
      offers.delete(sha256(secret));
      const ok = offered !== undefined && offered === user;
      const answer = ok ? { user, token: `token-of-${user}`, expires_at: 9999 } : { code: "unauthorized", message: "no offer for this secret and user" };
      return { ok, status: ok ? 200 : 403, json: async () => answer };
    },
  };
}

/** Runs `fn` with globalThis.crypto replaced by `crypto` (undefined: a page without WebCrypto at all). */
async function withCrypto(crypto, fn) {
  const kept = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", { value: crypto, configurable: true });
  try { return await fn(); } finally { Object.defineProperty(globalThis, "crypto", kept); }
}
/** What a plain-http page has: getRandomValues without `subtle` (only `subtle` needs a secure context). */
const webCrypto = globalThis.crypto;
const insecureCrypto = { getRandomValues: (bytes) => webCrypto.getRandomValues(bytes) };

/**
 * The whole handoff: the player's page writes its digest, the GM's client (installed after, sharing the
 * User documents) offers it and marks it offered, the player's page hears that and redeems its secret.
 */
async function handoff({ generation, flags = {}, bridge = bridgeDouble(), waitMs = 15000 }) {
  const player = installFoundry({ generation, isGM: false, flags, settings: { worldId: "cap", bridgeUrl: "http://bridge:8765" } });
  const playerGlobals = { game: globalThis.game, Hooks: globalThis.Hooks, CONFIG: globalThis.CONFIG, ui: globalThis.ui };
  const asked = credentials({ fetch: bridge.fetch, waitMs });
  await until(() => flags[IDS.player]?.["vtt-bridge"]?.digest);
  const gm = installFoundry({ generation, isGM: true, flags });
  const notified = () => gm.calls.some(([name]) => name === "notify.error");
  handOutTokens(bridge.gmClient);
  await until(() => flags[IDS.player]["vtt-bridge"].offered || notified());
  Object.assign(globalThis, playerGlobals);
  const offered = flags[IDS.player]?.["vtt-bridge"]?.offered;
  if (offered) await player.writeFlag(IDS.gm, IDS.player, "vtt-bridge", "offered", offered); // the GM's write reaching the player's page
  return { auth: await asked, player, gm, bridge, flags };
}

for (const [name, generation, crypto] of [["v12 without crypto.subtle", 12, insecureCrypto], ["v12 with crypto.subtle", 12, globalThis.crypto],
  ["v13", 13, globalThis.crypto]]) {
  test(`${name}: the player's page shows only its digest, the GM offers it for that user, the page redeems its secret`, async () => {
    const { auth, player, gm, bridge, flags } = await withCrypto(crypto, () => handoff({ generation }));
    assert.deepEqual(auth, { world: "cap", token: `token-of-${IDS.player}` });
    const { digest } = bridge.heard[0][1];
    const { secret } = bridge.heard[1][2];
    assert.deepEqual(bridge.heard, [["token.offer", { user: IDS.player, digest }],
      ["POST", "http://bridge:8765/handoff", { world: "cap", user: IDS.player, secret }]]);
    assert.equal(sha256(secret), digest);
    assert.deepEqual(flags[IDS.player]["vtt-bridge"], { digest, offered: digest });
    // What the table heard holds no secret and no token: only the digest.
    const tableHeard = JSON.stringify([gm.calls, flags, player.calls.filter(([n]) => n !== "settings.set")]);
    assert.equal(tableHeard.includes(secret), false);
    assert.equal(tableHeard.includes("token-of"), false);
    assert.deepEqual(player.calls.find(([n]) => n === "settings.set"), ["settings.set", "playerToken", { token: `token-of-${IDS.player}`, expires_at: 9999, world: "cap" }]);
    assert.equal(gm.calls.some(([n]) => n === "settings.set"), false, "the GM's client never holds the player's token");
    // No query: v13's handlers are not told who asked.
    assert.deepEqual(Object.keys(globalThis.CONFIG.queries ?? {}), []);
  });
}

test("the digest is SHA-256 of the secret with and without WebCrypto, and a secret is 32 fresh random bytes", async () => {
  const secret = newSecret();
  assert.match(secret, /^[0-9a-f]{64}$/);
  assert.notEqual(newSecret(), secret);
  assert.equal(await digestOf(secret), sha256(secret));
  assert.equal(await withCrypto(insecureCrypto, () => digestOf(secret)), sha256(secret));
  assert.equal(await withCrypto(undefined, () => digestOf("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});

test("a second player who hears the whole exchange cannot get the first player's token", async () => {
  const flags = {};
  const { auth, bridge } = await withCrypto(insecureCrypto, () => handoff({ generation: 12, flags }));
  assert.equal(auth.token, `token-of-${IDS.player}`);
  const digest = flags[IDS.player]["vtt-bridge"].digest;
  const secret = bridge.heard[1][2].secret;
  // Seamus's client: he may not write Allison's User (BaseUser#getUserLevel: NONE for everyone else) ...
  const seamus = installFoundry({ generation: 12, isGM: false, me: IDS.other, flags });
  await assert.rejects(game.users.get(IDS.player).setFlag("vtt-bridge", "digest", "e".repeat(64)), /lacks permission/);
  // ... the digest he read redeems nothing, for her or for him, and her used secret nothing more ...
  for (const tried of [{ user: IDS.player, secret: digest }, { user: IDS.other, secret: digest }, { user: IDS.player, secret }]) {
    const answer = await bridge.fetch("http://bridge:8765/handoff", { body: JSON.stringify({ world: "cap", ...tried }) });
    assert.equal(answer.ok, false, JSON.stringify(tried));
  }
  // ... and her next digest, copied into his own User, is offered to neither of them.
  const next = "f".repeat(64);
  await seamus.writeFlag(IDS.other, IDS.other, "vtt-bridge", "digest", next);
  const gm = installFoundry({ generation: 12, isGM: true, flags });
  flags[IDS.player]["vtt-bridge"].digest = next;
  handOutTokens(bridge.gmClient);
  await gm.writeFlag(IDS.other, IDS.other, "vtt-bridge", "digest", next);
  await settle();
  assert.deepEqual(bridge.heard.filter(([event]) => event === "token.offer").length, 1, "only the first, honest offer");
});

test("the GM's client: only the active GM offers, only a player's own write counts, a GM's digest is never offered", async () => {
  const bridge = bridgeDouble();
  const flags = { [IDS.gm]: { "vtt-bridge": { digest: "a".repeat(64) } } };
  const inactive = installFoundry({ isGM: true, activeGM: false, flags });
  handOutTokens(bridge.gmClient);
  await inactive.writeFlag(IDS.player, IDS.player, "vtt-bridge", "digest", "b".repeat(64));
  await settle();
  assert.deepEqual(bridge.heard, []);
  const active = installFoundry({ isGM: true, flags });
  handOutTokens(bridge.gmClient);
  await settle();
  assert.deepEqual(bridge.heard, [["token.offer", { user: IDS.player, digest: "b".repeat(64) }]]);
  // A GM writing a player's digest is not the player showing it.
  await active.writeFlag(IDS.gm, IDS.other, "vtt-bridge", "digest", "c".repeat(64));
  await settle();
  assert.equal(bridge.heard.length, 1);
});

test("a player the GM keeps off the bridge is revoked and offered no token for any new digest, until taken off the list; the GM's indicator names them", async () => {
  const bridge = bridgeDouble();
  const gmClient = { request: async (event, payload) => (event === "token.revoke" ? (bridge.heard.push([event, payload]), { user: payload.user, generation: 1 })
    : bridge.gmClient.request(event, payload)) };
  const flags = {};
  const gm = installFoundry({ isGM: true, flags });
  handOutTokens(gmClient);
  await gm.writeFlag(IDS.player, IDS.player, "vtt-bridge", "digest", "a".repeat(64));
  await settle();
  assert.deepEqual(bridge.heard, [["token.offer", { user: IDS.player, digest: "a".repeat(64) }]]);

  const chosen = playersDialog({ client: gmClient });
  await answerDialog(gm.dialogs, "save", { revoked: [IDS.player] });
  await chosen;
  assert.deepEqual(bridge.heard.at(-1), ["token.revoke", { user: IDS.player }]);
  assert.deepEqual(game.settings.get("vtt-bridge", "revokedUsers"), [IDS.player]);
  assert.ok(gm.panels["vtt-bridge-status"].innerHTML.includes('<span class="vb-status-revoked">VTTBRIDGE.Status.Revoked {&#34;names&#34;:&#34;Allison&#34;}</span>'));

  // The revoked player's page makes a new secret and shows its digest: nothing is offered.
  await gm.writeFlag(IDS.player, IDS.player, "vtt-bridge", "digest", "b".repeat(64));
  await settle();
  assert.equal(bridge.heard.length, 2);
  // Saving the list again revokes nobody twice; taken off it, the player's next digest is offered.
  await keepOut(gmClient, [IDS.player]);
  assert.equal(bridge.heard.length, 2);
  await keepOut(gmClient, []);
  await gm.writeFlag(IDS.player, IDS.player, "vtt-bridge", "digest", "c".repeat(64));
  await settle();
  assert.deepEqual(bridge.heard.at(-1), ["token.offer", { user: IDS.player, digest: "c".repeat(64) }]);
});

test("a handoff the bridge refuses leaves the player without a token, told why, with the name as text", async () => {
  const bridge = bridgeDouble();
  bridge.gmClient.request = async () => { throw new Error("this digest is already offered"); };
  const { auth, gm, player } = await handoff({ generation: 13, bridge, waitMs: 50 });
  assert.equal(auth, null);
  assert.deepEqual(gm.calls.filter(([n]) => n === "notify.error"),
    [["notify.error", `VTTBRIDGE.HandoffFailed {"name":"Allison","message":"this digest is already offered"}`]]);
  assert.deepEqual(player.calls.filter(([n]) => n === "notify.error"),
    [["notify.error", `VTTBRIDGE.HandoffFailed {"name":"Allison","message":"the GM did not answer"}`]]);
  assert.equal(player.calls.some(([n]) => n === "settings.set"), false);
});
