import type { Bindings } from "../env";
import type { HourlyDecision } from "./hourly-policy";

/**
 * Requests an isolate was granted for an account's keys and has not spent yet, as for
 * lookups (lookup-limit.ts): counted by the account's RateLimiter when granted, so spending
 * them here can never take the account past its hourly limit.
 */
interface Lease {
  left: number;
  expiresAt: number;
  decision: HourlyDecision;
}
export type KeyLeaseBook = Map<string, Lease>;

const MAX_LEASES = 10_000;
const isolateLeases: KeyLeaseBook = new Map();

/** All of an account's keys share one limiter, so the limit holds across keys. */
export function keyLimiterName(userId: string): string {
  return `apikey:${userId}`;
}

function limiter(env: Bindings, userId: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyLimiterName(userId)));
}

function fromLease(lease: Lease, now: number): HourlyDecision {
  return {
    ...lease.decision,
    granted: 0,
    remaining: lease.decision.remaining + lease.left,
    resetSeconds: Math.max(1, Math.ceil((Date.parse(lease.decision.resetAt) - now) / 1000)),
  };
}

/** Takes one request of the account's hourly limit: from this isolate's lease, or from its RateLimiter. */
export async function takeKeyRequest(
  env: Bindings,
  userId: string,
  limit: number,
  leases: KeyLeaseBook = isolateLeases,
  now = Date.now(),
): Promise<HourlyDecision> {
  const book = `${userId}|${limit}`;
  const current = leases.get(book);
  const lease = current && current.expiresAt > now ? current : undefined;
  if (lease && lease.left > 0) {
    lease.left -= 1;
    return fromLease(lease, now);
  }
  const decision = await limiter(env, userId).checkHourly(limit, "lease");
  if (decision.granted === 0) return decision;
  // Concurrent misses may each bring a grant back: keep every unspent request.
  const again = leases.get(book);
  const unspent = again && again.expiresAt > Date.now() ? again.left : 0;
  const left = unspent + decision.granted - 1;
  leases.delete(book);
  if (left > 0) {
    leases.set(book, { left, expiresAt: decision.grantExpiresAt, decision });
    if (leases.size > MAX_LEASES) leases.delete(leases.keys().next().value as string);
  }
  return { ...decision, granted: 1, remaining: decision.remaining + left };
}

/** The account's hourly figures without taking a request (Settings → API Access). */
export function peekKeyRequests(env: Bindings, userId: string, limit: number): Promise<HourlyDecision> {
  return limiter(env, userId).checkHourly(limit, "peek");
}

export const HOURLY_POLICY = "hourly";

/** The IETF draft's RateLimit-Policy and RateLimit fields, plus the RateLimit-* trio the lookup sends. */
export function keyRateLimitHeaders(decision: HourlyDecision): Record<string, string> {
  return {
    "RateLimit-Policy": `"${HOURLY_POLICY}";q=${decision.limit};w=3600`,
    RateLimit: `"${HOURLY_POLICY}";r=${decision.remaining};t=${decision.resetSeconds}`,
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": String(decision.resetSeconds),
  };
}
