import { and, asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alerts, watchlist } from "../db/schema";
import type { WatchlistResponse } from "../contract/history";
import type { Marketplace } from "../contract/marketplaces";
import type { ListOrder } from "../shared/paginate";
import { roomToTrack } from "../billing/tracked-limit-store";

export type WatchlistItem = WatchlistResponse["items"][number];

export type WatchlistAddition =
  | { status: "added" | "present"; item: WatchlistItem }
  | { status: "limit" };

/** Every query names the user: one user's list is never read or changed through another's. */
function ownEntry(userId: string, asin: string, marketplace: Marketplace) {
  return and(eq(watchlist.workspaceId, userId), eq(watchlist.asin, asin), eq(watchlist.marketplace, marketplace));
}

function toItem(row: { asin: string; marketplace: string; createdAt: string; pausedReason?: string | null }): WatchlistItem {
  // Rows are only written from validated input, so the marketplace is one of ours.
  const paused = row.pausedReason === "plan_limit";
  return { asin: row.asin, marketplace: row.marketplace as Marketplace, addedAt: row.createdAt, paused, paused_reason: paused ? "plan_limit" : null };
}

/** The order of listWatchlist, as a page cursor reads it: keep the two in step. */
export const WATCHLIST_ORDER: ListOrder<WatchlistItem> = { by: ["addedAt", "marketplace", "asin"] };

/** The user's watchlist, in the order it was built. */
export async function listWatchlist(db: D1Database, userId: string): Promise<WatchlistItem[]> {
  const rows = await drizzle(db)
    .select()
    .from(watchlist)
    .where(eq(watchlist.workspaceId, userId))
    .orderBy(asc(watchlist.createdAt), asc(watchlist.marketplace), asc(watchlist.asin));
  return rows.map(toItem);
}

/**
 * Adds an ASIN unless the list is full (`limit` entries; null: no limit) or the workspace
 * already tracks `limit` ASINs, watchlist and alerts together (what the nightly run fetches:
 * entries a downgrade paused do not count; tracked-limit-store.ts says the same). The counts
 * and the insert are one statement, so requests at once cannot both pass the limit: raw SQL,
 * because drizzle's insert cannot carry the WHERE of INSERT … SELECT; the tracked count is
 * tracked-limit-store.ts' roomToTrack, as alerts use it.
 */
export async function addToWatchlist(
  db: D1Database,
  userId: string,
  asin: string,
  marketplace: Marketplace,
  limit: number | null,
): Promise<WatchlistAddition> {
  const key = { asin, marketplace };
  const inserted = await drizzle(db).get<{ createdAt: string } | undefined>(
    sql`INSERT INTO watchlist (workspace_id, asin, marketplace)
        SELECT ${userId}, ${asin}, ${marketplace} WHERE ${
          limit === null ? sql`1` : sql`(SELECT count(*) FROM watchlist WHERE workspace_id = ${userId}) < ${limit} AND ${roomToTrack(userId, key, limit)}`
        }
        ON CONFLICT DO NOTHING
        RETURNING created_at AS createdAt`,
  );
  if (inserted) return { status: "added", item: toItem({ asin, marketplace, createdAt: inserted.createdAt }) };

  const [present] = await drizzle(db).select().from(watchlist).where(ownEntry(userId, asin, marketplace)).limit(1);
  return present ? { status: "present", item: toItem(present) } : { status: "limit" };
}

/** Removes an ASIN from the user's own list; false when it was not on it. */
export async function removeFromWatchlist(db: D1Database, userId: string, asin: string, marketplace: Marketplace): Promise<boolean> {
  const removed = await drizzle(db)
    .delete(watchlist)
    .where(ownEntry(userId, asin, marketplace))
    .returning({ asin: watchlist.asin });
  return removed.length > 0;
}

/**
 * Every ASIN the user tracks, on the watchlist or under an alert (paused ones too), each
 * once: what the dashboard, portfolio and trends screens show.
 */
export async function listTrackedAsins(db: D1Database, userId: string): Promise<{ asin: string; marketplace: Marketplace }[]> {
  const orm = drizzle(db);
  const watched = await orm.select({ asin: watchlist.asin, marketplace: watchlist.marketplace }).from(watchlist).where(eq(watchlist.workspaceId, userId));
  const alerted = await orm.selectDistinct({ asin: alerts.asin, marketplace: alerts.marketplace }).from(alerts).where(eq(alerts.workspaceId, userId));
  const seen = new Map<string, { asin: string; marketplace: Marketplace }>();
  for (const row of [...watched, ...alerted]) seen.set(`${row.marketplace}:${row.asin}`, { asin: row.asin, marketplace: row.marketplace as Marketplace });
  return [...seen.values()];
}
