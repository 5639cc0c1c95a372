import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import { jobRuns } from "../db/schema";

/** The nightly run's row in job_runs: one per UTC day (its job name, "snapshot", is stored data). */
export const SNAPSHOT_JOB = "snapshot";
export type NightlyRunPhase = "products" | "sellers" | "revenue";
export type JobRun = typeof jobRuns.$inferSelect;

const thisRun = (day: string) => and(eq(jobRuns.job, SNAPSHOT_JOB), eq(jobRuns.day, day));

export async function findNightlyRun(db: D1Database, day: string): Promise<JobRun | null> {
  const [row] = await drizzle(db).select().from(jobRuns).where(thisRun(day)).limit(1);
  return row ?? null;
}

/** Creates the day's run row, at the start of the products phase, unless it exists. */
export async function openNightlyRun(db: D1Database, day: string, nowIso: string): Promise<void> {
  await drizzle(db)
    .insert(jobRuns)
    .values({ job: SNAPSHOT_JOB, day, status: "running", phase: "products", cursor: null, processed: 0, startedAt: nowIso, updatedAt: nowIso })
    .onConflictDoNothing();
}

/** Today's run row, created at the start of the products phase if it does not exist yet. */
export async function ensureNightlyRun(db: D1Database, day: string, nowIso: string): Promise<JobRun> {
  await openNightlyRun(db, day, nowIso);
  const run = await findNightlyRun(db, day);
  if (!run) throw new Error(`job_runs row for snapshot ${day} vanished`);
  return run;
}

/**
 * The statement that moves the cursor past work just done; it goes in the same D1 batch
 * as that work's rows, so both land or neither does.
 */
export function advanceCursor(db: D1Database, day: string, phase: NightlyRunPhase, cursor: string | null, processed: number, nowIso: string) {
  return drizzle(db)
    .update(jobRuns)
    .set({ phase, cursor, processed: sql`${jobRuns.processed} + ${processed}`, updatedAt: nowIso })
    .where(and(thisRun(day), eq(jobRuns.status, "running")));
}

/** Marks the run done; true only for the call that actually finished it. */
export async function finishNightlyRun(db: D1Database, day: string, nowIso: string): Promise<boolean> {
  const result = await drizzle(db)
    .update(jobRuns)
    .set({ status: "done", cursor: null, updatedAt: nowIso, finishedAt: nowIso })
    .where(and(thisRun(day), eq(jobRuns.status, "running")))
    .run();
  return result.meta.changes > 0;
}

/**
 * Writes a step's rows and moves the cursor past them in one D1 batch, so both land or
 * neither does: a retried step never writes twice or skips.
 */
export async function writeStep(
  db: D1Database,
  step: { day: string; phase: NightlyRunPhase; cursor: string; processed: number; nowIso: string },
  rows: BatchItem<"sqlite">[],
): Promise<void> {
  await drizzle(db).batch([advanceCursor(db, step.day, step.phase, step.cursor, step.processed, step.nowIso), ...rows]);
}
