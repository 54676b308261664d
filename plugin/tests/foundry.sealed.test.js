// The sealed box the v12 token handoff uses (scripts/sealed.js), with node's WebCrypto: a sealed token opens
// with the key pair it was sealed for and with no other, a box changed on the way does not open, and what
// crosses the socket holds nothing of the token.
import { test } from "node:test";
import assert from "node:assert/strict";
import { keyPair, open, seal } from "../scripts/sealed.js";

const token = "v1.cap.plUser0000000001.1767225600.c2lnbmF0dXJl";

test("a sealed token opens with the receiver's key pair, to the very text sealed", async () => {
  const pair = await keyPair();
  assert.match(pair.publicKey, /^[A-Za-z0-9+/]{87}=$/); // 65 bytes: an uncompressed P-256 point
  assert.equal(await open(await seal(token, pair.publicKey), pair), token);
});

test("another key pair does not open it, nor the receiver's private key paired with another public key", async () => {
  const pair = await keyPair();
  const other = await keyPair();
  const box = await seal(token, pair.publicKey);
  await assert.rejects(open(box, other));
  await assert.rejects(open(box, { publicKey: other.publicKey, privateKey: pair.privateKey }));
});

test("a box changed on the way does not open: its ciphertext, nonce or sender's key", async () => {
  const pair = await keyPair();
  const box = await seal(token, pair.publicKey);
  const flip = (text) => {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] ^= 1;
    return btoa(String.fromCharCode(...bytes));
  };
  await assert.rejects(open({ ...box, data: flip(box.data) }, pair));
  await assert.rejects(open({ ...box, iv: flip(box.iv) }, pair));
  await assert.rejects(open({ ...box, key: (await keyPair()).publicKey }, pair));
});

test("the box is JSON of base64 strings without the token; each sealing is fresh", async () => {
  const pair = await keyPair();
  const box = await seal(token, pair.publicKey);
  assert.deepEqual(Object.keys(box), ["key", "iv", "data"]);
  assert.equal(JSON.stringify(box).includes("c2lnbmF0dXJl"), false);
  const again = await seal(token, pair.publicKey);
  assert.notEqual(again.key, box.key);
  assert.notEqual(again.data, box.data);
  assert.equal(await open(again, pair), token);
});

test("a malformed public key is refused before anything is sealed", async () => {
  await assert.rejects(seal(token, "bm90IGEga2V5"));
});

test("without WebCrypto (a page on plain http) it says so by code", async (t) => {
  const crypto = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true });
  t.after(() => Object.defineProperty(globalThis, "crypto", crypto));
  await assert.rejects(keyPair(), { code: "insecure_context" });
});
