import type { UserRecord } from "../accounts/user-store";
import { planOfWorkspace } from "../billing/user-plan";
import type { Plan } from "../contract/plans";
import type { WorkspaceRole } from "../contract/workspaces";
import type { Background } from "../shared/background";
import { isolateSlot } from "../shared/isolate-state";
import { findApiKeyByHash, type ApiKeyRecord } from "./api-key-store";
import { hashApiKey } from "./key-format";

/**
 * How long an isolate may trust what it read about a key, counted from when the read started.
 * Revoking deletes this isolate's entry at once; every other isolate sees the revocation (or a
 * plan change) within this.
 */
export const KEY_CACHE_MS = 3_000;
/**
 * Past this age a cached key is still answered from memory, and read again in the background
 * (once per key), so a busy key never waits on D1 while the 3 s guarantee holds.
 */
export const KEY_REFRESH_AFTER_MS = 2_000;
const MAX_CACHED = 5_000;

/** A key as the key middleware needs it: the row, its maker, its workspace (their role there) and its plan; null for an unknown key. */
export type ResolvedApiKey = {
  key: ApiKeyRecord;
  user: UserRecord;
  workspace: { id: string; name: string; role: WorkspaceRole | null };
  plan: Plan;
} | null;
/** This isolate's copies of keys, and its reads in flight (isolate-state.ts: reset() clears them between tests). */
const keyCache = isolateSlot(() => new Map<string, { value: ResolvedApiKey; readAt: number }>());
/** Reads of a key in flight in this isolate: concurrent requests share one. */
const keyReads = isolateSlot(() => new Map<string, Promise<ResolvedApiKey>>());

function read(db: D1Database, keyHash: string, background?: Background): Promise<ResolvedApiKey> {
  const cache = keyCache();
  const reading = keyReads();
  const inFlight = reading.get(keyHash);
  if (inFlight) return inFlight;
  const readAt = Date.now();
  const flight: { promise?: Promise<ResolvedApiKey> } = {};
  const promise = (async () => {
    const found = await findApiKeyByHash(db, keyHash);
    const value = found ? { ...found, plan: await planOfWorkspace(db, found.workspace.id) } : null;
    // A revocation in this isolate while the read was out wins over the read.
    if (reading.get(keyHash) === flight.promise) {
      cache.delete(keyHash);
      cache.set(keyHash, { value, readAt });
      if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
    }
    return value;
  })().finally(() => {
    if (reading.get(keyHash) === flight.promise) reading.delete(keyHash);
  });
  flight.promise = promise;
  reading.set(keyHash, promise);
  // Requests of the same key wait on this read: it runs under the waitUntil of the request that
  // started it, since a request whose client hangs up is cancelled with its pending I/O.
  background?.(promise.catch(() => undefined));
  return promise;
}

/**
 * How long this isolate remembers a key's hash by the key itself. SHA-256 was the largest part of
 * a key check's own JS (docs/performance.md), and an integration sends one key over and over.
 * Only a key that authenticated is remembered (a caller trying keys cannot fill the memory), and
 * none is held in memory longer than this after it was last hashed.
 */
export const KEY_HASH_MEMORY_MS = 60_000;
const keyHashes = isolateSlot(() => new Map<string, { hash: string; until: number }>());

/** The hash of a key: remembered if it authenticated in this isolate within the last minute, else computed. */
export function hashOfKey(key: string, now = Date.now()): string {
  const held = keyHashes().get(key);
  if (held && held.until > now) return held.hash;
  return hashApiKey(key);
}

/** Remembers the hash of a key that just authenticated (hashOfKey), unless it is remembered already. */
export function rememberKeyHash(key: string, hash: string, now = Date.now()): void {
  const memory = keyHashes();
  const held = memory.get(key);
  if (held && held.until > now) return;
  memory.delete(key);
  memory.set(key, { hash, until: now + KEY_HASH_MEMORY_MS });
  if (memory.size > MAX_CACHED) memory.delete(memory.keys().next().value as string);
}

/**
 * The key with this hash: from memory while the copy is younger than KEY_CACHE_MS (re-read in
 * the background once it is older than KEY_REFRESH_AFTER_MS), else read from D1.
 */
export async function resolveApiKey(db: D1Database, keyHash: string, background?: Background): Promise<ResolvedApiKey> {
  const cached = keyCache().get(keyHash);
  const age = cached ? Date.now() - cached.readAt : Number.POSITIVE_INFINITY;
  if (cached && age < KEY_CACHE_MS) {
    if (age >= KEY_REFRESH_AFTER_MS && background && !keyReads().has(keyHash)) {
      read(db, keyHash, background).catch((error: unknown) => console.error("API key refresh failed", error));
    }
    return cached.value;
  }
  return read(db, keyHash, background);
}

/** Drops this isolate's copy of a key at once (revoke, rotate), any read of it in flight, and the key itself. */
export function forgetApiKey(keyHash: string): void {
  keyCache().delete(keyHash);
  keyReads().delete(keyHash);
  const memory = keyHashes();
  for (const [key, { hash }] of memory) if (hash === keyHash) memory.delete(key);
}
