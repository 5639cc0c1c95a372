/**
 * Units of a limit (lookups, API requests) that a client's RateLimiter granted to this isolate
 * and that it has not spent yet. They were counted when granted, so spending them locally can
 * never let a client past a limit; it saves a Durable Object round trip per request.
 */

/** What a lease-granting decision carries, whichever limit it is of. */
export interface LeasedDecision {
  /** Units granted (and counted) by this decision; 0 for a refusal or a peek. */
  granted: number;
  remaining: number;
  resetSeconds: number;
  resetAt: string;
  /** Granted units must be used before this time (epoch ms). */
  grantExpiresAt: number;
}

interface Lease<D> {
  left: number;
  expiresAt: number;
  /** The grant's figures, as the Durable Object saw them after granting. */
  decision: D;
}
export type LeaseBookOf<D> = Map<string, Lease<D>>;

const MAX_LEASES = 10_000;

/** The unexpired lease under `key`; an expired one is dropped. */
function usableLease<D>(book: LeaseBookOf<D>, key: string, now: number): Lease<D> | undefined {
  const lease = book.get(key);
  if (lease && lease.expiresAt > now) return lease;
  book.delete(key);
  return undefined;
}

/** A lease's figures now: its unspent units are still the client's to use. */
function fromLease<D extends LeasedDecision>(lease: Lease<D>, now: number): D {
  return {
    ...lease.decision,
    granted: 0,
    remaining: lease.decision.remaining + lease.left,
    resetSeconds: Math.max(1, Math.ceil((Date.parse(lease.decision.resetAt) - now) / 1000)),
  };
}

/** Takes one unit: from the lease under `key`, or from `grant` (the RateLimiter), keeping what it granted beyond one. */
export async function takeLeased<D extends LeasedDecision>(book: LeaseBookOf<D>, key: string, now: number, grant: () => Promise<D>): Promise<D> {
  const lease = usableLease(book, key, now);
  if (lease && lease.left > 0) {
    lease.left -= 1;
    return fromLease(lease, now);
  }
  const decision = await grant();
  if (decision.granted === 0) return decision;
  // Concurrent misses may each bring a grant back: keep every unspent unit.
  const left = (usableLease(book, key, now)?.left ?? 0) + decision.granted - 1;
  book.delete(key);
  if (left > 0) {
    book.set(key, { left, expiresAt: decision.grantExpiresAt, decision });
    if (book.size > MAX_LEASES) book.delete(book.keys().next().value as string);
  }
  return { ...decision, granted: 1, remaining: decision.remaining + left };
}

/** The figures of the lease under `key` without spending it; null without one. */
export function peekLeased<D extends LeasedDecision>(book: LeaseBookOf<D>, key: string, now: number): D | null {
  const lease = usableLease(book, key, now);
  return lease ? fromLease(lease, now) : null;
}
