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
  /** The RateLimit-* figures of the limit closest to running out. */
  limit: number;
  remaining: number;
  /** Seconds until that limit's window resets. */
  resetSeconds: number;
  /** When the refusing limit resets (or, if allowed, the reported one), ISO 8601. */
  resetAt: string;
}

const MINUTE_MS = 60_000;

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
 * Decides one request. With `consume`, an allowed request is counted; a refused one
 * never is, so a client that waits gets its full quota back when the window resets.
 */
export function decide(
  stored: WindowCounts | undefined,
  limits: LookupLimits,
  now: number,
  consume: boolean,
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
  // The month quota refuses first: waiting a minute would not help.
  const refusing = [month, minute].find((w) => w.used >= w.limit);
  const allowed = refusing === undefined;
  const next =
    allowed && consume
      ? { ...counts, minuteCount: counts.minuteCount + 1, monthCount: counts.monthCount + 1 }
      : counts;

  const remainingOf = (w: typeof minute | typeof month, used: number) => Math.max(0, w.limit - used);
  const usedAfter = { minute: next.minuteCount, month: next.monthCount };
  const reported =
    refusing ??
    (remainingOf(month, usedAfter.month) <= remainingOf(minute, usedAfter.minute) ? month : minute);

  return {
    counts: next,
    decision: {
      allowed,
      exceeded: refusing?.name,
      limit: reported.limit,
      remaining: remainingOf(reported, usedAfter[reported.name]),
      resetSeconds: Math.max(1, Math.ceil((reported.resetAt - now) / 1000)),
      resetAt: new Date(reported.resetAt).toISOString(),
    },
  };
}
