import type { UserRecord } from "../accounts/user-store";
import { planOfUser } from "../billing/user-plan";
import type { Plan } from "../contract/plans";
import { isolateSlot } from "../shared/isolate-state";
import { findApiKeyByHash, type ApiKeyRecord } from "./api-key-store";

/**
 * How long an isolate may trust what it read about a key. Revoking deletes this isolate's
 * entry at once; every other isolate sees the revocation (or a plan change) within this.
 */
export const KEY_CACHE_MS = 3_000;
const MAX_CACHED = 5_000;

/** A key as the key middleware needs it: the row, its user and their plan; null for an unknown key. */
export type ResolvedApiKey = { key: ApiKeyRecord; user: UserRecord; plan: Plan } | null;
/** This isolate's copies of keys (isolate-state.ts: reset() clears them between tests). */
const keyCache = isolateSlot(() => new Map<string, { value: ResolvedApiKey; expiresAt: number }>());

/** The key with this hash, read from D1 at most once per KEY_CACHE_MS in this isolate. */
export async function resolveApiKey(db: D1Database, keyHash: string): Promise<ResolvedApiKey> {
  const now = Date.now();
  const cache = keyCache();
  const cached = cache.get(keyHash);
  if (cached && cached.expiresAt > now) return cached.value;
  const found = await findApiKeyByHash(db, keyHash);
  const value = found ? { ...found, plan: await planOfUser(db, found.user) } : null;
  cache.delete(keyHash);
  cache.set(keyHash, { value, expiresAt: now + KEY_CACHE_MS });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return value;
}

/** Drops this isolate's copy of a key at once (revoke, rotate). */
export function forgetApiKey(keyHash: string): void {
  keyCache().delete(keyHash);
}
