/**
 * One upstream credential's request budget as pure functions (no I/O, no clock): a token
 * bucket in its GCRA form, where the state is the "theoretical arrival time" of the next
 * token, so pacing is exact to the millisecond.
 * - interactive (lookups, compares, exports) may reserve the next token and wait for it, up to
 *   the caller's bound; several waiting interactive calls queue one interval apart;
 * - batch (the snapshot run) only ever takes a token that is free now, never a reservation,
 *   so an interactive call waits at most one interval behind it; refused, it learns when the
 *   next token is free and comes back then, which keeps the quota busy;
 * - a 429 (penalize) pauses the bucket for its Retry-After, then runs it at half rate for as
 *   long again before the full rate returns.
 * Not a rate limit of our clients (ratelimit/window.ts is, and refuses them): this paces our
 * own calls to Amazon, and a caller may wait for its token. So it stays a separate limiter.
 */

export type Priority = "interactive" | "batch";

export interface BucketLimits {
  ratePerSecond: number;
  /** Tokens that may be taken back to back after a quiet spell (Amazon's burst). */
  burst: number;
  /**
   * Every interval is this much longer (0.05: 5 %). Calls leave here one interval apart but reach
   * Amazon a few ms more or less after leaving, and Amazon refuses a call landing inside the
   * interval of the last one.
   */
  headroom?: number;
}

export interface BucketState {
  /** When the next token is due, epoch ms (GCRA's theoretical arrival time). */
  tat: number;
  /** Nothing is granted before this (a 429's Retry-After). */
  pausedUntil: number;
  /** Until then the interval is doubled: the rate comes back gently after a 429. */
  slowUntil: number;
  /**
   * The rate the upstream last stated for this bucket (SP-API's x-amzn-RateLimit-Limit): it
   * replaces the callers' own, for every caller of the bucket and in every later invocation.
   */
  statedRate?: number;
  /** When the last token was granted for: a stated rate re-times the calls granted since. */
  grantedAt?: number;
}

/** `count`: tokens granted (batch callers may ask for several that are free at once). */
export type Grant = { ok: true; waitMs: number; count?: number } | { ok: false; retryAt: number };

export const emptyBucket = (): BucketState => ({ tat: 0, pausedUntil: 0, slowUntil: 0 });

export function intervalMs(limits: BucketLimits, state: BucketState, now: number): number {
  const base = (1000 / limits.ratePerSecond) * (1 + (limits.headroom ?? 0));
  return now < state.slowUntil ? base * 2 : base;
}

/**
 * The longest pause any Retry-After may impose: an hour. Amazon asks for seconds; a longer ask
 * (a date in 2100, a bug, a stale saved pause) is capped, so a pause is always over within the hour.
 */
export const MAX_PAUSE_SECONDS = 3600;

/** The earliest moment a token is free for a call asking at `now`. */
export function availableAt(state: BucketState, limits: BucketLimits, now: number): number {
  const interval = intervalMs(limits, state, now);
  // A pause saved before the cap existed (or with a clock far off) still ends within the cap.
  const pausedUntil = Math.min(state.pausedUntil, now + MAX_PAUSE_SECONDS * 1000);
  const tat = Math.min(state.tat, now + MAX_PAUSE_SECONDS * 1000 + interval * Math.max(1, limits.burst));
  return Math.max(now, pausedUntil, tat - (Math.max(1, limits.burst) - 1) * interval);
}

/**
 * Takes (or reserves) one token. Interactive: granted with the wait before the call may start,
 * when that wait is within maxWaitMs. Batch: granted only with no wait at all.
 */
export function takeToken(
  state: BucketState,
  callerLimits: BucketLimits,
  priority: Priority,
  now: number,
  maxWaitMs: number,
): { state: BucketState; grant: Grant } {
  const limits = limitsOf(state, callerLimits);
  const at = availableAt(state, limits, now);
  const waitMs = at - now;
  if (waitMs > (priority === "batch" ? 0 : maxWaitMs)) return { state, grant: { ok: false, retryAt: at } };
  return { state: { ...state, tat: Math.max(state.tat, at) + intervalMs(limits, state, at), grantedAt: at }, grant: { ok: true, waitMs } };
}

/**
 * Batch only: up to `count` tokens that are all free now (a burst's worth at most), in one
 * call, so a fast run does not pay one round trip to the bucket per request.
 */
export function takeFreeTokens(state: BucketState, limits: BucketLimits, now: number, count: number): { state: BucketState; grant: Grant } {
  let taken = 0;
  let first: Grant | null = null;
  while (taken < count) {
    const next = takeToken(state, limits, "batch", now, 0);
    if (!next.grant.ok) {
      first ??= next.grant;
      break;
    }
    state = next.state;
    taken += 1;
  }
  return { state, grant: taken > 0 ? { ok: true, waitMs: 0, count: taken } : first! };
}

/** The caller's limits at the rate the upstream stated for the bucket, when it stated one. */
function limitsOf(state: BucketState, limits: BucketLimits): BucketLimits {
  return state.statedRate === undefined ? limits : { ...limits, ratePerSecond: state.statedRate };
}

/**
 * The upstream stated the bucket's rate: it holds from now on, and the wait after the last
 * granted call is re-timed to it (a token due 10 s after that call at 0.1/s is due 20 s after
 * it at 0.05/s), so the first call after a lower statement is not early.
 */
export function followStatedRate(state: BucketState, limits: BucketLimits, now: number, ratePerSecond: number): BucketState {
  const current = limitsOf(state, limits).ratePerSecond;
  if (current === ratePerSecond) return state.statedRate === ratePerSecond ? state : { ...state, statedRate: ratePerSecond };
  const from = state.grantedAt ?? now;
  const tat = state.tat > now ? from + ((state.tat - from) * current) / ratePerSecond : state.tat;
  return { ...state, tat, statedRate: ratePerSecond };
}

/**
 * A call granted from the bucket was answered at `at`, so it reached the upstream by then: the
 * next token is due no sooner than an interval after that. Amazon counts a call from when it
 * lands, which can be well after it left (a new connection's handshake, a slow hop), and a call
 * paced from the late one's departure would land inside its interval. Exact for callers one
 * after another; for calls in flight together it only ever moves the next token later.
 */
export function landedBy(state: BucketState, callerLimits: BucketLimits, at: number): BucketState {
  const tat = Math.max(state.tat, at + intervalMs(limitsOf(state, callerLimits), state, at));
  return tat === state.tat ? state : { ...state, tat };
}

/** Amazon answered 429: nobody calls before Retry-After, then half rate for as long again. */
export function penalize(state: BucketState, now: number, retryAfterSeconds: number): BucketState {
  const pauseMs = Math.min(MAX_PAUSE_SECONDS, Math.max(1, retryAfterSeconds)) * 1000;
  const pausedUntil = Math.min(Math.max(state.pausedUntil, now + pauseMs), now + MAX_PAUSE_SECONDS * 1000);
  return { ...state, tat: Math.max(state.tat, pausedUntil), pausedUntil, slowUntil: Math.max(state.slowUntil, pausedUntil + pauseMs) };
}

/** Bucket names: one per Creators credential and region, one per SP-API seller and operation. */
export const creatorsBucket = (region: string, credentialId: string) => `creators:${region}:${credentialId}`;
export const spapiBucket = (sellerId: string, operation: string) => `spapi:${sellerId}:${operation}`;
