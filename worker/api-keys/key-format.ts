import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/**
 * API key format and hashing. Pure apart from the random source.
 * A key is "rl_live_" + 32 random bytes written in base62 (43 characters, zero-padded).
 */
export const KEY_PREFIX = "rl_live_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_BYTES = 32;
/** 62^43 > 2^256, so 43 characters hold any 32 bytes. */
const BODY_LENGTH = 43;
/** Characters of the body kept, with "rl_live_", as the key's visible prefix. */
const VISIBLE_BODY = 6;
const encoder = new TextEncoder();
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH}}$`);
/** A whole key's length: 51 characters. */
export const KEY_LENGTH = KEY_PREFIX.length + BODY_LENGTH;

export function base62(bytes: Uint8Array, length: number): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = "";
  while (value > 0n) {
    text = ALPHABET[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(length, "0");
}

export function generateApiKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return KEY_PREFIX + base62(random(new Uint8Array(RANDOM_BYTES)), BODY_LENGTH);
}

export function looksLikeApiKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** What Settings shows to recognise a key by, e.g. "rl_live_3fK9aZ". */
export function visiblePrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + VISIBLE_BODY);
}

/**
 * Hex SHA-256 of the key: the only form of it D1 keeps. Synchronous (@noble/hashes): a key request
 * hashes its key unless the isolate remembers it (key-resolver.ts hashOfKey), and WebCrypto's digest
 * with its promise and a hex string built byte by byte cost about ten times as much for 51 bytes
 * (docs/performance.md).
 */
export function hashApiKey(key: string): string {
  return bytesToHex(sha256(encoder.encode(key)));
}

/** The key of an `Authorization: Bearer <key>` header; null when the header is absent or not Bearer. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * An Authorization header that is meant as a key but is not `Bearer <key>`: the key alone, another
 * scheme before it, two tokens, or "Bearer" with none. Read as no key, such a call would run as an
 * anonymous visitor (its lookups on the address's quota, "sign in" refusals), so it is refused
 * instead. Another scheme without a RankLayer key (a proxy's Basic auth) is not meant for us.
 */
export function isMalformedKeyHeader(header: string | undefined): boolean {
  if (header === undefined || bearerToken(header) !== null) return false;
  return /^\s*Bearer(\s|$)/i.test(header) || header.includes(KEY_PREFIX);
}
