import { intVar, type Bindings } from "../env";
import type { LimitDecision, LookupLimits } from "./policy";

export const DEFAULT_LOOKUP_LIMITS: LookupLimits = { perMinute: 30, perMonth: 100 };

export function lookupLimits(env: Bindings): LookupLimits {
  return {
    perMinute: intVar(env.LOOKUP_LIMIT_PER_MINUTE, DEFAULT_LOOKUP_LIMITS.perMinute),
    perMonth: intVar(env.LOOKUP_LIMIT_PER_MONTH, DEFAULT_LOOKUP_LIMITS.perMonth),
  };
}

/** Anonymous clients are told apart by the address Cloudflare saw. */
export function clientKey(request: Request): string {
  return `ip:${request.headers.get("CF-Connecting-IP") ?? "unknown"}`;
}

/** Asks the client's RateLimiter; `consume` counts the request when it is allowed. */
export function checkLookupLimit(env: Bindings, request: Request, consume: boolean): Promise<LimitDecision> {
  const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(clientKey(request)));
  return limiter.check(lookupLimits(env), consume);
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
