/**
 * Units of a limit (lookups, API requests) that a client's RateLimiter granted to this isolate
 * and that it has not spent yet. They were counted when granted, so spending them locally can
 * never let a client past a limit; it saves a Durable Object round trip per request.
 */

import type { Background } from "../shared/background";
import type { WindowDecision } from "./window";

interface Lease {
  left: number;
  expiresAt: number;
  /** The grant's figures, as the Durable Object saw them after granting. */
  decision: WindowDecision;
  /** decision.resetAt in epoch ms, parsed once per grant rather than on every take. */
  resetAtMs: number;
  /** Its early renewal was asked for (once per lease: a failed one is not retried by every taker). */
  renewalAsked?: boolean;
}
/** Leases by client and limit, whichever limit they are of (lookups, API keys). */
export type LeaseBook = Map<string, Lease>;

/** How a take is made: the isolate's book by default, at the time now; `background` (the request's waitUntil) keeps its grants alive and allows early renewal. */
export interface LeaseOptions {
  leases?: LeaseBook;
  now?: number;
  background?: Background;
}

const MAX_LEASES = 10_000;

/** The unexpired lease under `key`; an expired one is dropped. */
function usableLease(book: LeaseBook, key: string, now: number): Lease | undefined {
  const lease = book.get(key);
  if (lease && lease.expiresAt > now) return lease;
  book.delete(key);
  return undefined;
}

/** A lease's figures now (`granted` units of it just taken): its unspent units are still the client's to use. */
function fromLease(lease: Lease, now: number, granted = 0): WindowDecision {
  return {
    ...lease.decision,
    granted,
    remaining: lease.decision.remaining + lease.left,
    resetSeconds: Math.max(1, Math.ceil((lease.resetAtMs - now) / 1000)),
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
 * A lease at least this large is renewed early: when less than a quarter of it is left, the next grant is
 * asked for in the background (under the request's waitUntil, without which a Worker drops what a
 * finished request left waiting), so a client spending fast (an API integration, a busy page) never
 * waits on the RateLimiter. Smaller leases (a client near its limit, a Free plan's few lookups)
 * are renewed only when spent, so no unit is counted for a request that may never come.
 */
export const EARLY_RENEWAL_MIN_GRANT = 20;
const EARLY_RENEWAL_SHARE = 4;

/**
 * Asks `grant` for a lease and adds what it granted to the lease under `key`. While it is in
 * flight, takers that find no unit wait for it instead of asking again. The grant runs under the
 * asking request's waitUntil: a request whose client hangs up is cancelled with its pending I/O,
 * and the takers waiting on its grant would wait for ever.
 */
function renew(book: LeaseBook, key: string, now: number, grant: () => Promise<WindowDecision>, background?: Background): Promise<WindowDecision> {
  const flights = flightsOf(book);
  const request = grant().then((decision) => {
    if (decision.granted > 0) {
      const left = (usableLease(book, key, now)?.left ?? 0) + decision.granted;
      // Re-inserted, so the book's oldest entry (evicted first) is the least recently granted.
      book.delete(key);
      book.set(key, { left, expiresAt: decision.grantExpiresAt, decision, resetAtMs: Date.parse(decision.resetAt) });
      if (book.size > MAX_LEASES) book.delete(book.keys().next().value as string);
    }
    return decision;
  });
  flights.set(key, request);
  const settled = () => {
    if (flights.get(key) === request) flights.delete(key);
  };
  request.then(settled, settled);
  background?.(request.catch(() => undefined));
  return request;
}

/**
 * Takes one unit: from the lease under `key`, or from `grant` (the RateLimiter), keeping what it
 * granted beyond one. While a grant for `key` is in flight, a taker waits for it and then takes
 * from the lease it left (or starts the next grant when that lease is spent); a refusal is every
 * waiter's answer. A large lease is renewed before it runs out (EARLY_RENEWAL_MIN_GRANT).
 */
export async function takeLeased(
  book: LeaseBook,
  key: string,
  now: number,
  grant: () => Promise<WindowDecision>,
  background?: Background,
): Promise<WindowDecision> {
  const flights = flightsOf(book);
  for (;;) {
    const lease = usableLease(book, key, now);
    if (lease && lease.left > 0) {
      lease.left -= 1;
      const granted = lease.decision.granted;
      if (background && granted >= EARLY_RENEWAL_MIN_GRANT && lease.left < granted / EARLY_RENEWAL_SHARE && !lease.renewalAsked && !flights.has(key)) {
        lease.renewalAsked = true;
        // A failed early renewal costs nothing now: the taker that finds the lease spent asks again.
        renew(book, key, now, grant, background).catch(() => undefined);
      }
      return fromLease(lease, now, 1);
    }
    const decision = await (flights.get(key) ?? renew(book, key, now, grant, background));
    if (decision.granted === 0) return decision;
  }
}

/** The figures of the lease under `key` without spending it; null without one. */
export function peekLeased(book: LeaseBook, key: string, now: number): WindowDecision | null {
  const lease = usableLease(book, key, now);
  return lease ? fromLease(lease, now) : null;
}

/**
 * Returns `amount` units to the lease under `key` (work they paid for failed): true when an
 * unexpired lease took them back, false when the caller must give them back to the RateLimiter.
 */
export function giveBackLeased(book: LeaseBook, key: string, now: number, amount: number): boolean {
  const lease = usableLease(book, key, now);
  if (!lease) return false;
  lease.left += amount;
  return true;
}
