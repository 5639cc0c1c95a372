import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { userRefresh, userSettings } from "../db/schema";

/**
 * Takes the user's "Refresh now" slot when the last one is at least `minIntervalMs` old.
 * The check and the write are one statement, so two clicks at once cannot both pass.
 * Answers null when taken, or the time the next refresh is allowed.
 */
export async function claimManualRefresh(db: D1Database, userId: string, nowMs: number, minIntervalMs: number): Promise<string | null> {
  const nowIso = new Date(nowMs).toISOString();
  const oldest = new Date(nowMs - minIntervalMs).toISOString();
  const orm = drizzle(db);
  await orm.insert(userRefresh).values({ workspaceId: userId }).onConflictDoNothing();
  const taken = await orm
    .update(userRefresh)
    .set({ lastManualAt: nowIso })
    .where(and(eq(userRefresh.workspaceId, userId), or(isNull(userRefresh.lastManualAt), lte(userRefresh.lastManualAt, oldest))))
    .returning({ userId: userRefresh.workspaceId });
  if (taken.length > 0) return null;
  const [row] = await orm.select().from(userRefresh).where(eq(userRefresh.workspaceId, userId)).limit(1);
  return new Date(Date.parse(row?.lastManualAt ?? nowIso) + minIntervalMs).toISOString();
}

/** Gives back the slot claimManualRefresh took at `claimedAtMs` (Amazon answered none of it), unless a later claim replaced it. */
export async function releaseManualRefresh(db: D1Database, userId: string, claimedAtMs: number): Promise<void> {
  await drizzle(db)
    .update(userRefresh)
    .set({ lastManualAt: null })
    .where(and(eq(userRefresh.workspaceId, userId), eq(userRefresh.lastManualAt, new Date(claimedAtMs).toISOString())));
}

/** Users whose Data Refresh asks for more than the nightly run (hourly or every 6 hours), with that choice. */
export async function extraRefreshUsers(db: D1Database): Promise<{ userId: string; frequency: "hourly" | "six_hours" }[]> {
  const rows = await drizzle(db)
    .select({ userId: userSettings.workspaceId, frequency: userSettings.syncFrequency })
    .from(userSettings)
    .where(inArray(userSettings.syncFrequency, ["hourly", "six_hours"]));
  return rows as { userId: string; frequency: "hourly" | "six_hours" }[];
}
