import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alerts, watchlist } from "../db/schema";
import { PLAN_LIMIT_REASON, PLAN_TRACKED_REASON } from "../contract/billing";
import type { Plan } from "../contract/plans";
import { limitChanges, type LimitedItem, planCoversMarketplace, trackedOverflow } from "./entitlements";

/**
 * Applies a user's plan to their alerts and watchlist after the plan changed: a downgrade
 * pauses what is past the new limits (marked plan_limit, never deleted), an upgrade resumes
 * exactly those. Idempotent: applying the same plan twice changes nothing.
 */
export async function applyPlanLimits(db: D1Database, userId: string, plan: Plan): Promise<{ paused: number; resumed: number }> {
  const orm = drizzle(db);
  const [alertRows, watchRows] = await Promise.all([
    orm
      .select({ id: alerts.id, asin: alerts.asin, marketplace: alerts.marketplace, createdAt: alerts.createdAt, paused: alerts.paused, reason: alerts.pausedReason })
      .from(alerts)
      .where(eq(alerts.workspaceId, userId)),
    orm
      .select({ asin: watchlist.asin, marketplace: watchlist.marketplace, createdAt: watchlist.createdAt, reason: watchlist.pausedReason })
      .from(watchlist)
      .where(eq(watchlist.workspaceId, userId)),
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
  const overflow = trackedOverflowAfter(alertRows, watchRows.map((row) => ({ ...row, key: watchKey(row) })), alertChanges, watchChanges, plan);
  // Past the tracked-ASIN cap: running items pause (plan_limit) instead of resuming; user-paused alerts stop being snapshotted.
  alertChanges.resume = alertChanges.resume.filter((id) => !overflow.has(id));
  watchChanges.resume = watchChanges.resume.filter((key) => !overflow.has(key));
  alertChanges.pause.push(...alertRows.filter((row) => !row.paused && overflow.has(row.id) && !alertChanges.pause.includes(row.id)).map((row) => row.id));
  watchChanges.pause.push(...watchRows.filter((row) => row.reason === null && overflow.has(watchKey(row))).map(watchKey).filter((key) => !watchChanges.pause.includes(key)));
  const userPaused = alertRows.filter((row) => row.paused && (row.reason === null || row.reason === PLAN_TRACKED_REASON));
  // A user's pause outside the plan's marketplaces is not fetched either (plan_tracked); an upgrade makes it fetched again, still paused.
  const untracked = (row: { id: string; marketplace: string }) => overflow.has(row.id) || !planCoversMarketplace(plan, row.marketplace);
  const marks = userPaused.filter((row) => untracked(row) !== (row.reason === PLAN_TRACKED_REASON));

  const now = new Date().toISOString();
  const statements = [];
  if (alertChanges.pause.length > 0) {
    statements.push(
      orm
        .update(alerts)
        .set({ paused: true, pausedReason: PLAN_LIMIT_REASON, updatedAt: now })
        .where(and(eq(alerts.workspaceId, userId), inArray(alerts.id, alertChanges.pause))),
    );
  }
  if (alertChanges.resume.length > 0) {
    statements.push(
      orm
        .update(alerts)
        .set({ paused: false, pausedReason: null, updatedAt: now })
        .where(and(eq(alerts.workspaceId, userId), eq(alerts.pausedReason, PLAN_LIMIT_REASON), inArray(alerts.id, alertChanges.resume))),
    );
  }
  for (const row of marks) {
    statements.push(
      orm
        .update(alerts)
        .set({ pausedReason: untracked(row) ? PLAN_TRACKED_REASON : null })
        .where(and(eq(alerts.workspaceId, userId), eq(alerts.id, row.id), eq(alerts.paused, true))),
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
          .where(and(eq(watchlist.workspaceId, userId), eq(watchlist.asin, row.asin), eq(watchlist.marketplace, row.marketplace))),
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

/**
 * The tracked items past the plan's tracked-ASIN cap once the per-kind changes are applied:
 * running alerts, user-paused ones in the plan's marketplaces and running watchlist entries are
 * what the nightly run fetches.
 */
function trackedOverflowAfter(
  alertRows: { id: string; marketplace: string; createdAt: string; paused: boolean; reason: string | null; asin?: string }[],
  watchRows: { key: string; createdAt: string; reason: string | null }[],
  alertChanges: { pause: string[]; resume: string[] },
  watchChanges: { pause: string[]; resume: string[] },
  plan: Plan,
): Set<string> {
  const alertTracked = alertRows.filter((row) =>
    row.paused
      ? (row.reason !== PLAN_LIMIT_REASON && planCoversMarketplace(plan, row.marketplace)) || alertChanges.resume.includes(row.id)
      : !alertChanges.pause.includes(row.id),
  );
  const watchTracked = watchRows.filter((row) => (row.reason === null ? !watchChanges.pause.includes(row.key) : watchChanges.resume.includes(row.key)));
  return trackedOverflow(
    [
      ...alertTracked.map((row) => ({ key: row.id, product: `${row.marketplace}:${row.asin}`, createdAt: row.createdAt })),
      ...watchTracked.map((row) => ({ key: row.key, product: row.key, createdAt: row.createdAt })),
    ],
    plan.watchlistLimit,
  );
}
