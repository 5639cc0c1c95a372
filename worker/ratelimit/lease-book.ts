/**
 * Units of a limit (lookups, API requests) that a client's RateLimiter granted to this isolate
 * and that it has not spent yet. They were counted when granted, so spending them locally can
 * never let a client past a limit; it saves a Durable Object round trip per request.
 */

import type { WindowDecision } from "./window";

interface Lease {
  left: number;
  expiresAt: number;
  /** The grant's figures, as the Durable Object saw them after granting. */
  decision: WindowDecision;
}
/** Leases by client and limit, whichever limit they are of (lookups, API keys). */
export type LeaseBook = Map<string, Lease>;

const MAX_LEASES = 10_000;

/** The unexpired lease under `key`; an expired one is dropped. */
function usableLease(book: LeaseBook, key: string, now: number): Lease | undefined {
  const lease = book.get(key);
  if (lease && lease.expiresAt > now) return lease;
  book.delete(key);
  return undefined;
}

/** A lease's figures now: its unspent units are still the client's to use. */
function fromLease(lease: Lease, now: number): WindowDecision {
  return {
    ...lease.decision,
    granted: 0,
    remaining: lease.decision.remaining + lease.left,
    resetSeconds: Math.max(1, Math.ceil((Date.parse(lease.decision.resetAt) - now) / 1000)),
  };
}

/**
 * Grants in flight, by book and key: a burst of requests that finds no lease (50 cold lookups
 * from one address) waits on one RateLimiter round trip instead of queueing 50 at the Durable
 * Object. Keyed by the book, so an isolate's reset (a new book) forgets them too.
 */
const grantsInFlight = new WeakMap<LeaseBook, Map<string, Promise<WindowDecision>>>();

function flightsOf(book: LeaseBook): Map<string, Promise<WindowDecision>> {
  let flights = grantsInFlight.get(book);
  if (!flights) grantsInFlight.set(book, (flights = new Map()));
  return flights;
}

/**
 * Takes one unit: from the lease under `key`, or from `grant` (the RateLimiter), keeping what it
 * granted beyond one. While a grant for `key` is in flight, a taker waits for it and then takes
 * from the lease it left (or starts the next grant when that lease is spent); a refusal is every
 * waiter's answer.
 */
export async function takeLeased(book: LeaseBook, key: string, now: number, grant: () => Promise<WindowDecision>): Promise<WindowDecision> {
  const flights = flightsOf(book);
  for (;;) {
    const lease = usableLease(book, key, now);
    if (lease && lease.left > 0) {
      lease.left -= 1;
      return fromLease(lease, now);
    }
    const inFlight = flights.get(key);
    if (!inFlight) break;
    const decision = await inFlight;
    if (decision.granted === 0) return decision;
  }
  const request = grant();
  flights.set(key, request);
  let decision: WindowDecision;
  try {
    decision = await request;
  } finally {
    if (flights.get(key) === request) flights.delete(key);
  }
  if (decision.granted === 0) return decision;
  // A grant that came back while a lease was left (a reset book, a lapsed lease): keep every unspent unit.
  const left = (usableLease(book, key, now)?.left ?? 0) + decision.granted - 1;
  book.delete(key);
  if (left > 0) {
    book.set(key, { left, expiresAt: decision.grantExpiresAt, decision });
    if (book.size > MAX_LEASES) book.delete(book.keys().next().value as string);
  }
  return { ...decision, granted: 1, remaining: decision.remaining + left };
}

/** The figures of the lease under `key` without spending it; null without one. */
export function peekLeased(book: LeaseBook, key: string, now: number): WindowDecision | null {
  const lease = usableLease(book, key, now);
  return lease ? fromLease(lease, now) : null;
}
