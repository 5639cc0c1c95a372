import { configOf, DEFAULT_LOOKUP_LIMITS } from "../config";
import type { Bindings } from "../env";
import type { LimitDecision, LookupLimits } from "./policy";

/** LOOKUP_LIMIT_PER_MONTH overrides the Free plan's monthly quota for one deployment, e.g. in tests. */
export { DEFAULT_LOOKUP_LIMITS };

export function lookupLimits(env: Bindings): LookupLimits {
  return {
    perMinute: configOf(env).vars.LOOKUP_LIMIT_PER_MINUTE,
    perMonth: configOf(env).vars.LOOKUP_LIMIT_PER_MONTH,
  };
}

/** Anonymous clients are told apart by the address Cloudflare saw. */
export function clientKey(request: Request): string {
  return `ip:${request.headers.get("CF-Connecting-IP") ?? "unknown"}`;
}

/** Who a lookup is counted against, and under which limits. */
export interface LookupClient {
  key: string;
  limits: LookupLimits;
}

/**
 * A signed-in user is counted by account under their plan: the deployment's monthly quota
 * on Free, none on a plan without a monthly cap (Pro), and the per-minute limit always.
 */
export function userLookupClient(env: Bindings, userId: string, lookupsPerMonth: number | null): LookupClient {
  const limits = lookupLimits(env);
  return { key: `user:${userId}`, limits: { ...limits, perMonth: lookupsPerMonth === null ? Number.MAX_SAFE_INTEGER : limits.perMonth } };
}

function resolveClient(env: Bindings, client: Request | LookupClient): LookupClient {
  return client instanceof Request ? { key: clientKey(client), limits: lookupLimits(env) } : client;
}

/**
 * Lookups the client's RateLimiter granted to this isolate and that it has not
 * spent yet. They were counted when granted, so spending them locally can never
 * let a client past a limit; it saves a Durable Object round trip per lookup.
 */
interface Lease {
  left: number;
  expiresAt: number;
  /** The grant's figures, as the Durable Object saw them after granting. */
  decision: LimitDecision;
}
export type LeaseBook = Map<string, Lease>;

const MAX_LEASES = 10_000;
const isolateLeases: LeaseBook = new Map();

function limiter(env: Bindings, key: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
}

/** A lease's figures now: its unspent lookups are still the client's to use. */
function fromLease(lease: Lease, now: number): LimitDecision {
  return {
    ...lease.decision,
    granted: 0,
    remaining: lease.decision.remaining + lease.left,
    resetSeconds: Math.max(1, Math.ceil((Date.parse(lease.decision.resetAt) - now) / 1000)),
  };
}

function usableLease(leases: LeaseBook, key: string, now: number): Lease | undefined {
  const lease = leases.get(key);
  if (lease && lease.expiresAt > now) return lease;
  leases.delete(key);
  return undefined;
}

/** Takes one lookup for the client: from this isolate's lease, or from its RateLimiter. */
export async function takeLookup(
  env: Bindings,
  request: Request | LookupClient,
  leases: LeaseBook = isolateLeases,
  now = Date.now(),
): Promise<LimitDecision> {
  const { key: clientId, limits } = resolveClient(env, request);
  const key = `${clientId}|${limits.perMinute}|${limits.perMonth}`;
  const lease = usableLease(leases, key, now);
  if (lease && lease.left > 0) {
    lease.left -= 1;
    return fromLease(lease, now);
  }

  const decision = await limiter(env, clientId).check(limits, "lease");
  if (decision.granted === 0) return decision;
  // Concurrent misses may each bring a grant back: keep every unspent lookup.
  const left = (usableLease(leases, key, now)?.left ?? 0) + decision.granted - 1;
  leases.delete(key);
  if (left > 0) {
    leases.set(key, { left, expiresAt: decision.grantExpiresAt, decision });
    if (leases.size > MAX_LEASES) leases.delete(leases.keys().next().value as string);
  }
  return { ...decision, granted: 1, remaining: decision.remaining + left };
}

/** The client's figures without taking a lookup. */
export async function peekLookup(env: Bindings, request: Request | LookupClient, leases: LeaseBook = isolateLeases): Promise<LimitDecision> {
  const { key: clientId, limits } = resolveClient(env, request);
  const now = Date.now();
  const lease = usableLease(leases, `${clientId}|${limits.perMinute}|${limits.perMonth}`, now);
  return lease ? fromLease(lease, now) : limiter(env, clientId).check(limits, "peek");
}

export function rateLimitHeaders(decision: LimitDecision): Record<string, string> {
  return {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": String(decision.resetSeconds),
  };
}

export function limitExceededDetail(decision: LimitDecision, limits: LookupLimits): string {
  return decision.exceeded === "month"
    ? `Monthly lookup limit reached: ${limits.perMonth} lookups per calendar month (UTC). It resets at ${decision.resetAt}.`
    : `Too many lookups: at most ${limits.perMinute} a minute. Try again in ${decision.resetSeconds} seconds (at ${decision.resetAt}).`;
}
