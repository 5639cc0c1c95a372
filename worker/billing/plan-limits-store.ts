import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alerts, watchlist } from "../db/schema";
import { PLAN_LIMIT_REASON } from "../contract/billing";
import type { Plan } from "../contract/plans";
import { limitChanges, type LimitedItem } from "./entitlements";

/**
 * Applies a user's plan to their alerts and watchlist after the plan changed: a downgrade
 * pauses what is past the new limits (marked plan_limit, never deleted), an upgrade resumes
 * exactly those. Idempotent: applying the same plan twice changes nothing.
 */
export async function applyPlanLimits(db: D1Database, userId: string, plan: Plan): Promise<{ paused: number; resumed: number }> {
  const orm = drizzle(db);
  const [alertRows, watchRows] = await Promise.all([
    orm
      .select({ id: alerts.id, marketplace: alerts.marketplace, createdAt: alerts.createdAt, paused: alerts.paused, reason: alerts.pausedReason })
      .from(alerts)
      .where(eq(alerts.userId, userId)),
    orm
      .select({ asin: watchlist.asin, marketplace: watchlist.marketplace, createdAt: watchlist.createdAt, reason: watchlist.pausedReason })
      .from(watchlist)
      .where(eq(watchlist.userId, userId)),
  ]);

  const alertItems: LimitedItem[] = alertRows.map((row) => ({
    key: row.id,
    marketplace: row.marketplace,
    createdAt: row.createdAt,
    running: !row.paused,
    pausedByPlan: row.paused && row.reason === PLAN_LIMIT_REASON,
  }));
  const watchKey = (row: { marketplace: string; asin: string }) => `${row.marketplace}:${row.asin}`;
  const watchItems: LimitedItem[] = watchRows.map((row) => ({
    key: watchKey(row),
    marketplace: row.marketplace,
    createdAt: row.createdAt,
    running: row.reason === null,
    pausedByPlan: row.reason === PLAN_LIMIT_REASON,
  }));
  const alertChanges = limitChanges(alertItems, plan.activeAlertLimit, plan);
  const watchChanges = limitChanges(watchItems, plan.watchlistLimit, plan);

  const now = new Date().toISOString();
  const statements = [];
  if (alertChanges.pause.length > 0) {
    statements.push(
      orm
        .update(alerts)
        .set({ paused: true, pausedReason: PLAN_LIMIT_REASON, updatedAt: now })
        .where(and(eq(alerts.userId, userId), inArray(alerts.id, alertChanges.pause))),
    );
  }
  if (alertChanges.resume.length > 0) {
    statements.push(
      orm
        .update(alerts)
        .set({ paused: false, pausedReason: null, updatedAt: now })
        .where(and(eq(alerts.userId, userId), eq(alerts.pausedReason, PLAN_LIMIT_REASON), inArray(alerts.id, alertChanges.resume))),
    );
  }
  const watchRowsOf = (keys: string[]) => watchRows.filter((row) => keys.includes(watchKey(row)));
  for (const [keys, reason] of [
    [watchChanges.pause, PLAN_LIMIT_REASON],
    [watchChanges.resume, null],
  ] as const) {
    for (const row of watchRowsOf(keys)) {
      statements.push(
        orm
          .update(watchlist)
          .set({ pausedReason: reason })
          .where(and(eq(watchlist.userId, userId), eq(watchlist.asin, row.asin), eq(watchlist.marketplace, row.marketplace))),
      );
    }
  }
  const [first, ...rest] = statements;
  // One batch: the alerts and watchlist change together or not at all.
  if (first) await orm.batch([first, ...rest]);
  return {
    paused: alertChanges.pause.length + watchChanges.pause.length,
    resumed: alertChanges.resume.length + watchChanges.resume.length,
  };
}
