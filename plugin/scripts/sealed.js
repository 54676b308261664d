/**
 * A sealed box: a secret handed over a channel every client hears (Foundry v12's module socket), which
 * only its receiver can open. The receiver makes a fresh key pair and sends its public key; the sender
 * seals the secret for that key (ECDH P-256 with a key pair of its own, HKDF-SHA-256, AES-256-GCM); only
 * the receiver's private key, which never leaves its page, opens the box, and a box changed on the way
 * does not open. Plain WebCrypto (`crypto.subtle`: browsers in a secure context, node 20): no Foundry.
 */

const CURVE = { name: "ECDH", namedCurve: "P-256" };
const LABEL = new TextEncoder().encode("vtt-bridge sealed box v1");

/** WebCrypto, or an error saying why it is missing (a page served over plain http, not localhost). */
function subtle() {
  const found = globalThis.crypto?.subtle;
  if (!found) throw Object.assign(new Error("WebCrypto is unavailable: the page is not a secure context (https or localhost)"), { code: "insecure_context" });
  return found;
}

const toBase64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A public key from its base64 form (an uncompressed P-256 point); a malformed one throws. */
function importPublic(publicKey) {
  return subtle().importKey("raw", fromBase64(publicKey), CURVE, false, []);
}

/**
 * The AES-GCM key both sides derive: ECDH's shared secret through HKDF, salted with both public keys
 * (the sender's then the receiver's), so a box opens only for the pair it was sealed between.
 */
async function boxKey(privateKey, publicKey, senderKey, receiverKey, usage) {
  const shared = await subtle().deriveBits({ name: "ECDH", public: publicKey }, privateKey, 256);
  const material = await subtle().importKey("raw", shared, "HKDF", false, ["deriveKey"]);
  const salt = new Uint8Array([...fromBase64(senderKey), ...fromBase64(receiverKey)]);
  return subtle().deriveKey({ name: "HKDF", hash: "SHA-256", salt, info: LABEL }, material,
    { name: "AES-GCM", length: 256 }, false, [usage]);
}

/**
 * A fresh key pair for one handoff: `publicKey` (base64) to send, `privateKey` (not extractable) kept.
 * @returns {Promise<{publicKey: string, privateKey: CryptoKey}>}
 */
export async function keyPair() {
  const pair = await subtle().generateKey(CURVE, false, ["deriveBits"]);
  return { publicKey: toBase64(await subtle().exportKey("raw", pair.publicKey)), privateKey: pair.privateKey };
}

/**
 * Seals `text` for the holder of `publicKey`'s private key.
 * @param {string} text
 * @param {string} publicKey the receiver's, as keyPair() gave it
 * @returns {Promise<{key: string, iv: string, data: string}>} JSON-safe: the sender's one-off public key,
 *   the nonce and the ciphertext, each base64
 */
export async function seal(text, publicKey) {
  const receiver = await importPublic(publicKey);
  const own = await subtle().generateKey(CURVE, false, ["deriveBits"]);
  const key = toBase64(await subtle().exportKey("raw", own.publicKey));
  const aes = await boxKey(own.privateKey, receiver, key, publicKey, "encrypt");
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle().encrypt({ name: "AES-GCM", iv }, aes, new TextEncoder().encode(text));
  return { key, iv: toBase64(iv), data: toBase64(data) };
}

/**
 * Opens a sealed box with the key pair it was sealed for; rejects when the key is not that one or the box
 * was changed.
 * @param {{key: string, iv: string, data: string}} box
 * @param {{publicKey: string, privateKey: CryptoKey}} pair
 * @returns {Promise<string>} the text sealed
 */
export async function open(box, pair) {
  const sender = await importPublic(box.key);
  const aes = await boxKey(pair.privateKey, sender, box.key, pair.publicKey, "decrypt");
  const text = await subtle().decrypt({ name: "AES-GCM", iv: fromBase64(box.iv) }, aes, fromBase64(box.data));
  return new TextDecoder().decode(text);
}
