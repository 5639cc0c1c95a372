import type { Bindings } from "../../env";
import type { ProductSource } from "../../upstreams/creators/product-source";
import { advanceCursor, ensureNightlyRun, findNightlyRun, finishNightlyRun, type JobRun, openNightlyRun } from "../nightly-run-store";
import { realClock, type Clock } from "./pacing";
import { runProductPhase } from "./product-phase";
import { onRunFinished } from "./run-finished";
import { recordRegionResults } from "./region-results";
import { runSellerPhase } from "./seller-phase";
import { runRevenuePhase } from "./revenue-phase";
import { sliceLimits, type PhaseContext, type RunNotes } from "./slice";
import type { Services } from "../../services";
import { utcDay } from "../../contract/time";

export interface SliceOptions {
  notes: RunNotes;
  clock?: Clock;
  /** Override the vars (tests). */
  maxCalls?: number;
  maxMs?: number;
  source?: ProductSource;
}

export type SliceResult = { status: "done" } | { status: "more"; resumeAt: number };

/**
 * One bounded invocation of `day`'s nightly run: carries on from the D1 cursor through the
 * products phase, then the sellers phase, until the budget is spent or the run is done.
 */
export async function runNightlySlice(services: Services, day: string, options: SliceOptions): Promise<SliceResult> {
  const { env } = services;
  const clock = options.clock ?? realClock;
  const limits = sliceLimits(services.config);
  const iso = () => new Date(clock.now()).toISOString();
  const run = await ensureNightlyRun(env.DB, day, iso());
  if (run.status === "done") return { status: "done" };

  const ctx: PhaseContext = {
    services,
    env,
    day,
    clock,
    notes: options.notes,
    budget: { maxCalls: options.maxCalls ?? limits.maxCalls, deadline: clock.now() + (options.maxMs ?? limits.maxMs), calls: 0 },
  };
  let sellerCursor = run.phase === "sellers" ? run.cursor : null;
  if (run.phase === "products") {
    const products = await runProductPhase(ctx, run.cursor, options.source);
    if (!products.finished) return { status: "more", resumeAt: products.resumeAt };
    await advanceCursor(env.DB, day, "sellers", null, 0, iso());
    sellerCursor = null;
  }
  let revenueCursor = run.phase === "revenue" ? run.cursor : null;
  if (run.phase !== "revenue") {
    const sellers = await runSellerPhase(ctx, sellerCursor);
    if (!sellers.finished) return { status: "more", resumeAt: sellers.resumeAt };
    await advanceCursor(env.DB, day, "revenue", null, 0, iso());
    revenueCursor = null;
  }
  const revenue = await runRevenuePhase(ctx, revenueCursor);
  if (!revenue.finished) return { status: "more", resumeAt: revenue.resumeAt };

  if (await finishNightlyRun(env.DB, day, iso())) {
    const count = async (name: string) => (await options.notes.get(`${day}:${name}`)) ?? 0;
    const finished = await findNightlyRun(env.DB, day);
    console.log(
      `snapshot ${day}: ${finished?.processed ?? 0} items processed, ${await count("notFound")} not found, ` +
        `${await count("failed")} failed, ${await count("sellersSkipped")} sellers skipped`,
    );
    await recordRegionResults(env.DB, options.notes, day, iso());
    await onRunFinished(services, day);
  }
  return { status: "done" };
}

/**
 * Starts or resumes the run of nowMs's UTC day (the "0 2 * * *" cron). Idempotent: a run
 * already done is left alone, a running one is only nudged (its alarm chain goes on).
 */
export async function startNightlyRun(services: Services, nowMs: number): Promise<{ day: string; status: "done" | "running" }> {
  const day = utcDay(nowMs);
  return startNightlyRunFrom(services, day, await findNightlyRun(services.env.DB, day), nowMs);
}

/** startNightlyRun with the day's run row as the caller just read it (null: none yet), so it is not read again. */
export async function startNightlyRunFrom({ env }: Services, day: string, existing: JobRun | null, nowMs: number): Promise<{ day: string; status: "done" | "running" }> {
  if (existing?.status === "done") return { day, status: "done" };
  // The row exists from now on, so the 02:30 alert check defers until the run is done.
  await openNightlyRun(env.DB, day, new Date(nowMs).toISOString());
  await nightlyRunner(env).start(day);
  return { day, status: "running" };
}

/** The one SnapshotRunner (the nightly run's Durable Object): a single instance, so two alarm chains never run side by side. */
export function nightlyRunner(env: Bindings) {
  return env.SNAPSHOT_RUNNER.get(env.SNAPSHOT_RUNNER.idFromName("snapshot"));
}
