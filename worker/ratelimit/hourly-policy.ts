/**
 * The API key limit: requests per account per UTC clock hour, granted in leases like the
 * lookup limit (see policy.leaseSize). Pure; the RateLimiter Durable Object stores the count.
 */
import { leaseSize } from "./policy";
import type { WindowCount } from "./fixed-window";

export const HOUR_MS = 60 * 60 * 1000;
/** A grant not spent within a minute lapses, so a vanished isolate strands little of the hour. */
const GRANT_LIFETIME_MS = 60_000;

export interface HourlyDecision {
  allowed: boolean;
  /** Requests granted (and counted) by this decision; 0 for a refusal or a peek. */
  granted: number;
  limit: number;
  /** Requests left this hour after the grant. */
  remaining: number;
  resetSeconds: number;
  resetAt: string;
  grantExpiresAt: number;
}

export function decideHourly(
  stored: WindowCount | undefined,
  limit: number,
  now: number,
  request: "lease" | "peek",
): { count: WindowCount; decision: HourlyDecision } {
  const start = now - (now % HOUR_MS);
  const used = stored && stored.start === start ? stored.count : 0;
  const left = Math.max(0, limit - used);
  const granted = request === "peek" || left === 0 ? 0 : leaseSize(left);
  const resetAt = start + HOUR_MS;
  return {
    count: { start, count: used + granted },
    decision: {
      allowed: left > 0,
      granted,
      limit,
      remaining: left - granted,
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      resetAt: new Date(resetAt).toISOString(),
      grantExpiresAt: Math.min(resetAt, now + GRANT_LIFETIME_MS),
    },
  };
}
