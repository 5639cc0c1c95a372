/**
 * The one window limiter behind every rate limit: lookups (per minute and per UTC calendar
 * month), API keys (per clock hour), exports (per UTC day), contact messages, demo accounts
 * and webhook tests (per hour). A limit is one or more fixed windows counted together; pure
 * functions here, and the RateLimiter Durable Object keeps the counts between calls.
 *
 * (The upstream budget, upstreams/budget/token-bucket.ts, is another thing: a token bucket
 * that paces our calls to Amazon and may make a caller wait, where this refuses a client.)
 */

export const MINUTE_MS = 60_000;

/** A fixed window: its length in ms (windows start at multiples of it since the epoch), or the UTC calendar month. */
export interface Window {
  name: string;
  limit: number;
  length: number | "month";
}

export interface WindowCount {
  /** Start of the window, epoch ms. */
  start: number;
  count: number;
}

/** A limit's counts, by window name. */
export type WindowCounts = Record<string, WindowCount>;

/**
 * "lease" grants and counts a block (see leaseSize), spent by the isolate without asking
 * again; "one" counts a single hit; "peek" only reports.
 */
export type Take = "lease" | "one" | "peek";

export interface WindowDecision {
  allowed: boolean;
  /** The window that refused the request. */
  exceeded?: string;
  /** Units granted (and counted) by this decision; 0 for a refusal or a peek. */
  granted: number;
  /** The window the figures below are of: the refusing one, else the one closest to running out. */
  window: string;
  /** The RateLimit-* figures of that window, after the grant. */
  limit: number;
  remaining: number;
  /** Seconds until that window resets. */
  resetSeconds: number;
  /** When that window resets, ISO 8601. */
  resetAt: string;
  /** Granted units must be used before this time (epoch ms). */
  grantExpiresAt: number;
}

/** Share of what is left that one lease may take, and the most it may take. */
const LEASE_SHARE = 10;
const MAX_LEASE = 100;
/** A lease not spent within a minute lapses, so a vanished isolate strands little of a window. */
const GRANT_LIFETIME_MS = MINUTE_MS;

export function startOfNextMonth(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

function windowStart(length: Window["length"], now: number): number {
  if (length !== "month") return now - (now % length);
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function windowEnd(length: Window["length"], start: number): number {
  return length === "month" ? startOfNextMonth(start) : start + length;
}

/**
 * How many units one lease hands out: a tenth of what is left, so an active client's
 * isolate need not ask for every request, and one at a time near the limit.
 */
export function leaseSize(left: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(left / LEASE_SHARE)));
}

/**
 * Decides one request against every window of a limit. A refused request is never counted,
 * so a client that waits gets its full allowance back when the window resets.
 */
export function decideWindows(
  stored: WindowCounts | undefined,
  windows: readonly Window[],
  now: number,
  take: Take,
): { counts: WindowCounts; decision: WindowDecision } {
  const current = windows.map((window) => {
    const start = windowStart(window.length, now);
    const held = stored?.[window.name];
    return { ...window, start, resetAt: windowEnd(window.length, start), used: held && held.start === start ? held.count : 0 };
  });
  // The window that resets last refuses first (waiting a minute would not help a full month).
  current.sort((a, b) => b.resetAt - a.resetAt);
  const left = (w: (typeof current)[number], used: number) => Math.max(0, w.limit - used);
  const refusing = current.find((w) => w.used >= w.limit);
  const granted = refusing || take === "peek" ? 0 : take === "one" ? 1 : leaseSize(Math.min(...current.map((w) => left(w, w.used))));
  const counts: WindowCounts = Object.fromEntries(current.map((w) => [w.name, { start: w.start, count: w.used + granted }]));
  const reported = refusing ?? current.reduce((closest, w) => (left(w, w.used + granted) < left(closest, closest.used + granted) ? w : closest));
  return {
    counts,
    decision: {
      allowed: refusing === undefined,
      exceeded: refusing?.name,
      granted,
      window: reported.name,
      limit: reported.limit,
      remaining: left(reported, reported.used + granted),
      resetSeconds: Math.max(1, Math.ceil((reported.resetAt - now) / 1000)),
      resetAt: new Date(reported.resetAt).toISOString(),
      grantExpiresAt: Math.min(now + GRANT_LIFETIME_MS, ...current.map((w) => w.resetAt)),
    },
  };
}

/**
 * Takes back units counted for work that never reached the client (its data could not be
 * read): each window that is still the one they were counted in is lowered, never below zero.
 * A window that has reset since keeps its fresh count. Undefined when nothing changes.
 */
export function givenBack(stored: WindowCounts | undefined, windows: readonly Window[], now: number, amount: number): WindowCounts | undefined {
  if (!stored) return undefined;
  let changed = false;
  const counts = { ...stored };
  for (const window of windows) {
    const held = stored[window.name];
    if (!held || held.start !== windowStart(window.length, now) || held.count === 0) continue;
    counts[window.name] = { start: held.start, count: Math.max(0, held.count - amount) };
    changed = true;
  }
  return changed ? counts : undefined;
}

/**
 * Counts stored before the limits shared this limiter: one window's bare count, or the lookup
 * limit's minute and month fields. Read as today's shape, so a deploy resets nobody's quota.
 */
export function storedCounts(value: unknown, windows: readonly Window[]): WindowCounts | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.minuteStart === "number" && typeof v.month === "string") {
    return {
      minute: { start: v.minuteStart, count: Number(v.minuteCount) || 0 },
      month: { start: Date.parse(`${v.month}-01T00:00:00Z`), count: Number(v.monthCount) || 0 },
    };
  }
  if (typeof v.start === "number" && typeof v.count === "number" && windows.length === 1) {
    return { [windows[0]!.name]: { start: v.start, count: v.count } };
  }
  return value as WindowCounts;
}
