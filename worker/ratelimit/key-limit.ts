import type { Bindings } from "../env";
import type { HourlyDecision } from "./hourly-policy";
import { takeLeased, type LeaseBookOf } from "./lease-book";
import { rateLimitHeaders } from "./lookup-limit";
import { isolateSlot } from "../shared/isolate-state";

/** Requests granted to this isolate for an account's keys, as for lookups (lookup-limit.ts). */
export type KeyLeaseBook = LeaseBookOf<HourlyDecision>;
const isolateLeases = isolateSlot<KeyLeaseBook>(() => new Map());

/** All of an account's keys share one limiter, so the limit holds across keys. */
export function keyLimiterName(userId: string): string {
  return `apikey:${userId}`;
}

function limiter(env: Bindings, userId: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyLimiterName(userId)));
}

/** Takes one request of the account's hourly limit: from this isolate's lease, or from its RateLimiter. */
export async function takeKeyRequest(
  env: Bindings,
  userId: string,
  limit: number,
  leases: KeyLeaseBook = isolateLeases(),
  now = Date.now(),
): Promise<HourlyDecision> {
  return takeLeased(leases, `${userId}|${limit}`, now, () => limiter(env, userId).checkHourly(limit, "lease"));
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
    ...rateLimitHeaders(decision),
  };
}
