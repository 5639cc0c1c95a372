/**
 * A generic fixed-window counter (e.g. 5 contact messages per hour): windows start
 * at multiples of their length since the epoch. Pure; the Durable Object stores it.
 */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

export interface WindowCount {
  /** Start of the window, epoch ms. */
  start: number;
  count: number;
}

export interface WindowDecision {
  allowed: boolean;
  limit: number;
  /** Hits left in this window after this one. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  /** When the window resets, ISO 8601. */
  resetAt: string;
}

/** Counts one hit unless the window is full; a refused hit is not counted. */
export function hitWindow(
  stored: WindowCount | undefined,
  { limit, windowMs }: WindowLimit,
  now: number,
): { count: WindowCount; decision: WindowDecision } {
  const start = now - (now % windowMs);
  const used = stored && stored.start === start ? stored.count : 0;
  const allowed = used < limit;
  const count = { start, count: allowed ? used + 1 : used };
  const resetAt = start + windowMs;
  return {
    count,
    decision: {
      allowed,
      limit,
      remaining: Math.max(0, limit - count.count),
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      resetAt: new Date(resetAt).toISOString(),
    },
  };
}
