/**
 * Fixed-window lookup limits for one client: a per-minute burst limit and a
 * per-calendar-month (UTC) quota. Pure functions; the Durable Object only stores
 * the state between calls.
 */
export interface LookupLimits {
  perMinute: number;
  perMonth: number;
}

export interface WindowCounts {
  /** Start of the current minute window, epoch ms. */
  minuteStart: number;
  minuteCount: number;
  /** UTC calendar month of monthCount, as "YYYY-MM". */
  month: string;
  monthCount: number;
}

export type LimitName = "minute" | "month";

export interface LimitDecision {
  allowed: boolean;
  /** The limit that refused the request. */
  exceeded?: LimitName;
  /** Lookups granted by this decision (counted already); 0 for a refusal or a peek. */
  granted: number;
  /** The RateLimit-* figures of the limit closest to running out, after the grant. */
  limit: number;
  remaining: number;
  /** Seconds until that limit's window resets. */
  resetSeconds: number;
  /** When that limit resets, ISO 8601. */
  resetAt: string;
  /** Granted lookups must be used before this time (epoch ms): the end of the current minute. */
  grantExpiresAt: number;
}

const MINUTE_MS = 60_000;
/** Share of what is left that one grant may take, and the most it may take. */
const LEASE_SHARE = 10;
const MAX_LEASE = 100;

export function monthKey(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

export function startOfNextMonth(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Counts rolled over to the windows that contain `now`. */
export function currentCounts(counts: WindowCounts | undefined, now: number): WindowCounts {
  const minuteStart = now - (now % MINUTE_MS);
  const month = monthKey(now);
  return {
    minuteStart,
    minuteCount: counts && counts.minuteStart === minuteStart ? counts.minuteCount : 0,
    month,
    monthCount: counts && counts.month === month ? counts.monthCount : 0,
  };
}

/**
 * How many lookups one grant hands out: a tenth of what is left, so an active
 * client's isolate need not ask for every lookup, and one at a time near the limit.
 */
export function leaseSize(left: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(left / LEASE_SHARE)));
}

/**
 * Decides one request for lookups. A "lease" grants and counts a block of them at
 * once (see leaseSize); a "peek" only reports. A refused request is never counted,
 * so a client that waits gets its full quota back when the window resets.
 */
export function decide(
  stored: WindowCounts | undefined,
  limits: LookupLimits,
  now: number,
  request: "lease" | "peek",
): { counts: WindowCounts; decision: LimitDecision } {
  const counts = currentCounts(stored, now);
  const minute = {
    name: "minute" as const,
    limit: limits.perMinute,
    used: counts.minuteCount,
    resetAt: counts.minuteStart + MINUTE_MS,
  };
  const month = {
    name: "month" as const,
    limit: limits.perMonth,
    used: counts.monthCount,
    resetAt: startOfNextMonth(now),
  };
  const leftOf = (w: typeof minute | typeof month, used: number) => Math.max(0, w.limit - used);
  // The month quota refuses first: waiting a minute would not help.
  const refusing = [month, minute].find((w) => w.used >= w.limit);
  const granted =
    refusing || request === "peek" ? 0 : leaseSize(Math.min(leftOf(minute, minute.used), leftOf(month, month.used)));
  const next = { ...counts, minuteCount: counts.minuteCount + granted, monthCount: counts.monthCount + granted };

  const usedAfter = { minute: next.minuteCount, month: next.monthCount };
  const reported =
    refusing ?? (leftOf(month, usedAfter.month) <= leftOf(minute, usedAfter.minute) ? month : minute);

  return {
    counts: next,
    decision: {
      allowed: refusing === undefined,
      exceeded: refusing?.name,
      granted,
      limit: reported.limit,
      remaining: leftOf(reported, usedAfter[reported.name]),
      resetSeconds: Math.max(1, Math.ceil((reported.resetAt - now) / 1000)),
      resetAt: new Date(reported.resetAt).toISOString(),
      grantExpiresAt: Math.min(minute.resetAt, month.resetAt),
    },
  };
}
