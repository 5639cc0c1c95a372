import type { Config } from "../config";
import { base64UrlDecode, joseFunctions } from "./signing-key";

/**
 * Refresh tokens at rest: AES-256-GCM as a compact JWE (`dir`, `A256GCM`) whose header
 * names the key id. TOKEN_ENCRYPTION_KEYS lists "kid:base64-32-bytes" newest first; new
 * tokens use the newest key, and any listed key still decrypts, so keys can be rotated.
 * The plaintext names its user, so a ciphertext copied onto another row does not decrypt.
 */
export interface EncryptionKey {
  id: string;
  key: Uint8Array;
}

export class KeyringError extends Error {
  override name = "KeyringError";
}

/** The deployment's keyring (TOKEN_ENCRYPTION_KEYS); throws KeyringError when it is unset or malformed. */
export function keyringOf(config: Config): EncryptionKey[] {
  return parseKeyring(config.vars.TOKEN_ENCRYPTION_KEYS);
}

export function parseKeyring(value: string | undefined): EncryptionKey[] {
  if (!value?.trim()) throw new KeyringError("TOKEN_ENCRYPTION_KEYS is not set");
  const keys = value.split(",").map((entry, index) => {
    const separator = entry.indexOf(":");
    const id = entry.slice(0, separator).trim();
    if (separator <= 0 || !id) throw new KeyringError(`TOKEN_ENCRYPTION_KEYS entry ${index + 1} has no "kid:" prefix`);
    let key: Uint8Array;
    try {
      key = base64UrlDecode(entry.slice(separator + 1).trim());
    } catch {
      throw new KeyringError(`TOKEN_ENCRYPTION_KEYS key ${id} is not base64`);
    }
    if (key.byteLength !== 32) throw new KeyringError(`TOKEN_ENCRYPTION_KEYS key ${id} is not 32 bytes`);
    return { id, key };
  });
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new KeyringError("TOKEN_ENCRYPTION_KEYS repeats a key id");
  return keys;
}

export interface SealedToken {
  ciphertext: string;
  keyId: string;
}

export async function encryptRefreshToken(keys: EncryptionKey[], userId: string, refreshToken: string): Promise<SealedToken> {
  const newest = keys[0];
  if (!newest) throw new KeyringError("TOKEN_ENCRYPTION_KEYS is empty");
  const plaintext = new TextEncoder().encode(JSON.stringify({ uid: userId, rt: refreshToken }));
  const { CompactEncrypt } = await joseFunctions();
  const ciphertext = await new CompactEncrypt(plaintext)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: newest.id })
    .encrypt(newest.key);
  return { ciphertext, keyId: newest.id };
}

export interface OpenedToken {
  refreshToken: string;
  /** The row's key is no longer the newest: re-encrypt it. */
  stale: boolean;
}

export async function decryptRefreshToken(keys: EncryptionKey[], userId: string, ciphertext: string): Promise<OpenedToken> {
  const { compactDecrypt, decodeProtectedHeader } = await joseFunctions();
  const { kid } = decodeProtectedHeader(ciphertext);
  const key = keys.find((candidate) => candidate.id === kid);
  if (!key) throw new KeyringError(`no TOKEN_ENCRYPTION_KEYS entry for key id ${String(kid)}`);
  const { plaintext } = await compactDecrypt(ciphertext, key.key, {
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256GCM"],
  });
  const opened = JSON.parse(new TextDecoder().decode(plaintext)) as { uid?: unknown; rt?: unknown };
  if (opened.uid !== userId || typeof opened.rt !== "string") {
    throw new KeyringError("the stored refresh token does not belong to this account");
  }
  return { refreshToken: opened.rt, stale: key !== keys[0] };
}
