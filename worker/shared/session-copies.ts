import { isolateSlot } from "./isolate-state";

/**
 * How long an isolate may trust a session it read (the token's signature, the user, the workspace
 * it acts in, its role and plan), counted from when the read started: a page's calls skip the
 * signature check and a D1 round trip each. Every other isolate sees a sign-out, a removed member
 * or a plan change within this, as with API keys (api-keys/key-resolver.ts); this isolate sees its
 * own at once, since any state-changing request here, a sign-out and a stored Stripe state forget
 * every copy. Here rather than in auth/ because billing, which auth reads plans from, forgets them.
 */
export const SESSION_CACHE_MS = 3_000;
const MAX_CACHED = 5_000;

interface CachedSession<T> {
  row: T;
  readAt: number;
  /** The session row's own end, ISO 8601: a copy is never used past it. */
  expiresAt: string;
}

/**
 * Copies of sessions read (plain values, never a read in flight: ADR 0013), and a generation that
 * each forgetSessionCopies() moves on, so a read that started before a change is not kept after it.
 */
const sessionCache = isolateSlot(() => ({ entries: new Map<string, CachedSession<unknown>>(), generation: 0 }));

/**
 * A copy of what `key` (a session token, checked when the copy was made) read less than
 * SESSION_CACHE_MS ago, before the session's end.
 */
export function cachedSessionCopy<T>(key: string, now: number): T | undefined {
  const cached = sessionCache().entries.get(key) as CachedSession<T> | undefined;
  if (!cached) return undefined;
  // A copy each time: a request that changes its account object changes no other request's.
  if (now - cached.readAt < SESSION_CACHE_MS && Date.parse(cached.expiresAt) > now) return structuredClone(cached.row);
  sessionCache().entries.delete(key);
  return undefined;
}

/** The generation before a read: keepSessionCopy keeps what it read only if nothing changed meanwhile. */
export function sessionGeneration(): number {
  return sessionCache().generation;
}

export function keepSessionCopy<T>(key: string, row: T, expiresAt: string, readAt: number, generation: number): void {
  const cache = sessionCache();
  if (cache.generation !== generation) return;
  cache.entries.delete(key);
  cache.entries.set(key, { row: structuredClone(row), readAt, expiresAt });
  if (cache.entries.size > MAX_CACHED) cache.entries.delete(cache.entries.keys().next().value as string);
}

/** Forgets every copy, and any read now in flight: something a session shows may have changed. */
export function forgetSessionCopies(): void {
  const cache = sessionCache();
  cache.entries.clear();
  cache.generation += 1;
}
