import { configOf, DEFAULT_LOOKUP_LIMITS } from "../config";
import type { Bindings } from "../env";
import { isolateSlot } from "../shared/isolate-state";
import { peekLeased, takeLeased, type LeaseBookOf } from "./lease-book";
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

/** Lookups granted to this isolate, per client and limits (lease-book.ts). */
export type LeaseBook = LeaseBookOf<LimitDecision>;
const isolateLeases = isolateSlot<LeaseBook>(() => new Map());

function limiter(env: Bindings, key: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
}

/** Takes one lookup for the client: from this isolate's lease, or from its RateLimiter. */
export async function takeLookup(
  env: Bindings,
  request: Request | LookupClient,
  leases: LeaseBook = isolateLeases(),
  now = Date.now(),
): Promise<LimitDecision> {
  const { key: clientId, limits } = resolveClient(env, request);
  return takeLeased(leases, `${clientId}|${limits.perMinute}|${limits.perMonth}`, now, () => limiter(env, clientId).check(limits, "lease"));
}

/** The client's figures without taking a lookup. */
export async function peekLookup(env: Bindings, request: Request | LookupClient, leases: LeaseBook = isolateLeases()): Promise<LimitDecision> {
  const { key: clientId, limits } = resolveClient(env, request);
  return peekLeased(leases, `${clientId}|${limits.perMinute}|${limits.perMonth}`, Date.now()) ?? limiter(env, clientId).check(limits, "peek");
}

/** The RateLimit-* trio of any limit's decision. */
export function rateLimitHeaders(decision: Pick<LimitDecision, "limit" | "remaining" | "resetSeconds">): Record<string, string> {
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
