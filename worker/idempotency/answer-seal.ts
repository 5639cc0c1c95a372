/**
 * What is kept of an Idempotency-Key and its answer says nothing without the key itself, which only
 * the caller holds: the row is found by the key's SHA-256, and the answer (an API key creation's
 * holds the new key in full) is sealed with AES-256-GCM under a key derived from it. No deployment
 * secret is needed, so it works wherever the API does, and a copy of the table opens nothing.
 */

import { base64UrlDecode, base64UrlEncode } from "../auth/signing-key";
import { sha256, sha256Hex } from "../shared/hmac";

const encoder = new TextEncoder();

/** The stored name of an Idempotency-Key. */
export function keyDigest(key: string): Promise<string> {
  return sha256Hex(`idempotency-key:${key}`);
}

function sealingKey(userId: string, key: string): Promise<CryptoKey> {
  return sha256(`idempotency-seal:${userId}:${key}`).then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
}

/** `body` sealed for `userId`'s `key`: base64url of a random 12-byte IV and the ciphertext. */
export async function sealAnswer(userId: string, key: string, body: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(userId, key), encoder.encode(body)));
  const joined = new Uint8Array(iv.byteLength + sealed.byteLength);
  joined.set(iv);
  joined.set(sealed, iv.byteLength);
  return base64UrlEncode(joined);
}

/** The body sealAnswer sealed; throws when `sealed` was not sealed for this user and key. */
export async function openAnswer(userId: string, key: string, sealed: string): Promise<string> {
  const bytes = base64UrlDecode(sealed);
  const opened = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await sealingKey(userId, key), bytes.slice(12));
  return new TextDecoder().decode(opened);
}
