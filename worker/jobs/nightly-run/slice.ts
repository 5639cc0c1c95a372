import type { Config } from "../../config";
import type { Bindings } from "../../env";
import type { Services } from "../../services";
import type { Clock } from "./pacing";

/**
 * What one bounded invocation of the nightly run may spend, and what it has spent: the
 * number of upstream calls and the wall-clock deadline (vars SNAPSHOT_MAX_CALLS_PER_INVOCATION
 * and SNAPSHOT_MAX_MS_PER_INVOCATION).
 */
export interface SliceBudget {
  maxCalls: number;
  deadline: number;
  calls: number;
}

/** SNAPSHOT_MAX_CALLS_PER_INVOCATION and SNAPSHOT_MAX_MS_PER_INVOCATION, with their defaults. */
export function sliceLimits(config: Config): { maxCalls: number; maxMs: number } {
  return {
    maxCalls: config.vars.SNAPSHOT_MAX_CALLS_PER_INVOCATION,
    maxMs: config.vars.SNAPSHOT_MAX_MS_PER_INVOCATION,
  };
}

/**
 * Small per-run numbers kept next to the D1 cursor: attempts on the batch at the cursor and
 * the run's not_found / failed counts. The Durable Object keeps them in its own storage; a
 * lost object only resets them (the cursor, in D1, is what makes the run resumable).
 */
export interface RunNotes {
  get(key: string): Promise<number | undefined>;
  put(key: string, value: number): Promise<void>;
  delete(key: string): Promise<unknown>;
}

export interface PhaseContext {
  services: Services;
  /** services.env: the bindings. */
  env: Bindings;
  day: string;
  clock: Clock;
  budget: SliceBudget;
  notes: RunNotes;
}

/** A phase either got to its end or stopped, to go on at `resumeAt` (epoch ms). */
export type PhaseResult = { finished: true } | { finished: false; resumeAt: number };

/** Upstream failures on one batch before its ASINs are recorded as failed and the run moves on. */
export const MAX_BATCH_ATTEMPTS = 5;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 15 * 60_000;

/** Exponential backoff after the n-th failure, or longer when the upstream said so. */
export function backoffMs(attempt: number, retryAfterSeconds?: number): number {
  const exponential = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 1));
  return Math.max(exponential, (retryAfterSeconds ?? 0) * 1000);
}

/**
 * Counts a failed attempt on the batch at `cursorKey`: either retry later (resumeAt) or,
 * after MAX_BATCH_ATTEMPTS, give up on it so the run cannot loop forever.
 */
export async function noteFailure(
  ctx: PhaseContext,
  cursorKey: string,
  retryAfterSeconds?: number,
): Promise<{ giveUp: true } | { giveUp: false; resumeAt: number }> {
  const key = `${ctx.day}:attempts:${cursorKey}`;
  const attempts = ((await ctx.notes.get(key)) ?? 0) + 1;
  if (attempts >= MAX_BATCH_ATTEMPTS) {
    await ctx.notes.delete(key);
    return { giveUp: true };
  }
  await ctx.notes.put(key, attempts);
  return { giveUp: false, resumeAt: ctx.clock.now() + backoffMs(attempts, retryAfterSeconds) };
}

export async function clearFailures(ctx: PhaseContext, cursorKey: string): Promise<void> {
  await ctx.notes.delete(`${ctx.day}:attempts:${cursorKey}`);
}

/**
 * A step failing in a `scope` (a seller in a phase, or a marketplace of the products phase): its
 * attempts are counted (noteFailure) until one step of the scope is given up on; from then on,
 * until a step of the scope succeeds, each failing step is given up at its first failure. A seller
 * (or a region) Amazon fails for every call tonight would otherwise cost MAX_BATCH_ATTEMPTS backoffs
 * (about 7 minutes) per step: a thousand of them would hold the run open for days, and every later
 * phase (the other sellers' Buy Box and revenue) behind it.
 */
export async function noteRepeatedFailure(
  ctx: PhaseContext,
  scope: string,
  cursorKey: string,
  retryAfterSeconds?: number,
): Promise<{ giveUp: true } | { giveUp: false; resumeAt: number }> {
  const failing = `${ctx.day}:failing:${scope}`;
  if ((await ctx.notes.get(failing)) !== undefined) {
    await ctx.notes.delete(`${ctx.day}:attempts:${cursorKey}`);
    return { giveUp: true };
  }
  const failure = await noteFailure(ctx, cursorKey, retryAfterSeconds);
  if (failure.giveUp) await ctx.notes.put(failing, 1);
  return failure;
}

/** A step of the scope succeeded: its failures count from nothing again. */
export async function clearScopeFailures(ctx: PhaseContext, scope: string, cursorKey: string): Promise<void> {
  await Promise.all([clearFailures(ctx, cursorKey), ctx.notes.delete(`${ctx.day}:failing:${scope}`)]);
}

export async function addToCount(ctx: PhaseContext, name: "notFound" | "failed" | "sellersSkipped", by: number): Promise<void> {
  if (by === 0) return;
  const key = `${ctx.day}:${name}`;
  await ctx.notes.put(key, ((await ctx.notes.get(key)) ?? 0) + by);
}

/**
 * The capture time of a row of `day`: now, held inside the day, so a run that overruns
 * midnight (or a test on a fixed day) still files its rows under the run's own day.
 */
export function captureIso(day: string, nowMs: number): string {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  const end = start + 24 * 60 * 60 * 1000 - 1;
  return new Date(Math.min(end, Math.max(start, nowMs))).toISOString();
}
