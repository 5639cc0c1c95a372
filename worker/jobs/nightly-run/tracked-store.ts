import { and, eq, exists, gt, inArray, notExists, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alerts, sellerConnections, userSettings, watchlist } from "../../db/schema";
import { realOwner } from "../../history/real-owner-store";

/**
 * Tracked ASINs: per marketplace, every ASIN with an alert or on a watchlist, and whether a
 * real account tracks it (an ASIN only demo accounts track is snapshotted from the mock).
 *
 * Paused alerts count too: a paused alert can be resumed at any time and its rule needs the
 * history of the days it was paused (rank_drop and price_change look back 7 days), and the
 * history chart of that ASIN should have no hole. Watchlist entries and alerts a downgrade
 * paused (paused_reason set: past the plan's size or marketplaces) are not tracked until an upgrade.
 *
 * The two page reads are raw SQL because drizzle cannot say them: a row-value comparison
 * (marketplace, asin) > (?, ?) and a UNION of two separately limited subqueries.
 * Both walk the (marketplace, asin) indexes in key order from a cursor (keyset
 * pagination), each arm limited before the UNION removes duplicates, so a page costs the
 * same whether it is the first or the ten-thousandth, and no read loads every row at once.
 */

export interface TrackedKey {
  marketplace: string;
  asin: string;
}

/** "US:B0…": the cursor text of a key, ordered like the key itself. */
export function keyCursor(key: TrackedKey): string {
  return `${key.marketplace}:${key.asin}`;
}

/** The position past every tracked key of `marketplace` ("~" sorts after every ASIN character). */
export function pastMarketplace(marketplace: string): TrackedKey {
  return { marketplace, asin: "~" };
}

export function parseKeyCursor(cursor: string | null): TrackedKey | null {
  if (!cursor) return null;
  const at = cursor.indexOf(":");
  return at < 0 ? null : { marketplace: cursor.slice(0, at), asin: cursor.slice(at + 1) };
}

const BEFORE_EVERY_KEY: TrackedKey = { marketplace: "", asin: "" };
const NOT_MANUAL = "workspace_id NOT IN (SELECT workspace_id FROM user_settings WHERE sync_frequency = 'manual')";

/** The watchlist arms' filter: entries a downgrade paused are not snapshotted. */
const WATCHLIST_RUNNING = " AND paused_reason IS NULL";
/** The alerts arms' filter: an alert a downgrade paused (paused_reason plan_limit) is not snapshotted either; one the user paused is. */
const ALERT_NOT_PLAN_PAUSED = " AND paused_reason IS NULL";

/**
 * The SQL of a workspace's running tracked ASINs of one marketplace (?1 the workspace, ?2 the
 * marketplace), one SELECT of `asin` per table (aliased `t`), each with `where` added: the caller
 * joins them with UNION, limiting each arm first when it pages.
 */
export function trackedArms(where = ""): string[] {
  return ["watchlist", "alerts"].map((table) => `SELECT asin FROM ${table} t WHERE workspace_id = ?1 AND marketplace = ?2 AND paused_reason IS NULL${where}`);
}

/** A tracked key and whether a real (non-demo) account tracks it: only those may spend the live upstream's budget. */
export interface TrackedProduct extends TrackedKey {
  live: boolean;
}

/**
 * Up to `limit` tracked keys after `after` (exclusive), deduplicated, in (marketplace, asin)
 * order. The key scan is the plain keyset walk; whether a real account tracks a key is two
 * index probes per key of the page, so a page costs the same as before plus 2 × `limit` lookups.
 */
export async function trackedAsinsPage(db: D1Database, after: TrackedKey | null, limit: number): Promise<TrackedProduct[]> {
  const from = after ?? BEFORE_EVERY_KEY;
  // A user on "manual only" Data Refresh gets no scheduled snapshots: their entries do not count.
  const arm = (table: string, extra = "") =>
    `SELECT * FROM (SELECT DISTINCT marketplace, asin FROM ${table}
       WHERE (marketplace, asin) > (?1, ?2) AND ${NOT_MANUAL}${extra}
       ORDER BY marketplace, asin LIMIT ?3)`;
  const { results } = await db
    .prepare(
      `SELECT k.marketplace, k.asin, (${realOwner("watchlist")} OR ${realOwner("alerts")}) AS live
       FROM (${arm("watchlist", WATCHLIST_RUNNING)} UNION ${arm("alerts", ALERT_NOT_PLAN_PAUSED)} ORDER BY marketplace, asin LIMIT ?3) k
       ORDER BY k.marketplace, k.asin`,
    )
    .bind(from.marketplace, from.asin, limit)
    .all<{ marketplace: string; asin: string; live: number }>();
  return results.map((row) => ({ marketplace: row.marketplace, asin: row.asin, live: row.live === 1 }));
}

/**
 * Up to `limit` of one user's tracked keys after `after`, limited to `marketplaces` (the ones
 * the user's seller account can reach), in (marketplace, asin) order.
 */
export async function userTrackedAsinsPage(
  db: D1Database,
  userId: string,
  marketplaces: readonly string[],
  after: TrackedKey | null,
  limit: number,
): Promise<TrackedKey[]> {
  if (marketplaces.length === 0) return [];
  const from = after ?? BEFORE_EVERY_KEY;
  const inList = marketplaces.map((_, i) => `?${i + 5}`).join(", ");
  const arm = (table: string, extra = "") =>
    `SELECT * FROM (SELECT DISTINCT marketplace, asin FROM ${table}
       WHERE workspace_id = ?1 AND marketplace IN (${inList}) AND (marketplace, asin) > (?2, ?3)${extra}
       ORDER BY marketplace, asin LIMIT ?4)`;
  const { results } = await db
    .prepare(`${arm("watchlist", WATCHLIST_RUNNING)} UNION ${arm("alerts", ALERT_NOT_PLAN_PAUSED)} ORDER BY marketplace, asin LIMIT ?4`)
    .bind(userId, from.marketplace, from.asin, limit, ...marketplaces)
    .all<TrackedKey>();
  return results;
}

/**
 * The next seller connection after `afterConnectionId` with something to snapshot: a connected
 * seller or a demo workspace's mock seller, whose workspace has at least one alert or watchlist
 * entry (the walk's unit is the connection; its workspace's tracked ASINs are its ASINs).
 */
export async function nextSellerWithTrackedAsins(
  db: D1Database,
  afterConnectionId: string,
): Promise<{ id: string; workspaceId: string; sellingPartnerId: string; isDemo: boolean } | null> {
  const orm = drizzle(db);
  const ownedBy = (table: typeof watchlist | typeof alerts) =>
    exists(orm.select({ one: sql`1` }).from(table).where(eq(table.workspaceId, sellerConnections.workspaceId)));
  const [row] = await orm
    .select({ id: sellerConnections.id, workspaceId: sellerConnections.workspaceId, sellingPartnerId: sellerConnections.sellingPartnerId, status: sellerConnections.status })
    .from(sellerConnections)
    .where(
      and(
        gt(sellerConnections.id, afterConnectionId),
        inArray(sellerConnections.status, ["connected", "demo"]),
        or(ownedBy(watchlist), ownedBy(alerts)),
        // "Manual only" Data Refresh: no scheduled snapshots of the seller's own data either.
        notExists(
          orm
            .select({ one: sql`1` })
            .from(userSettings)
            .where(and(eq(userSettings.workspaceId, sellerConnections.workspaceId), eq(userSettings.syncFrequency, "manual"))),
        ),
      ),
    )
    .orderBy(sellerConnections.id)
    .limit(1);
  return row ? { id: row.id, workspaceId: row.workspaceId, sellingPartnerId: row.sellingPartnerId, isDemo: row.status === "demo" } : null;
}

/**
 * Whether a workspace's tracked ASINs may spend the live upstream: "live" when a real (non-demo)
 * account is its member (or is the personal workspace's own user), "demo" when only demo accounts
 * are, null when nobody is (a workspace being deleted). Team workspaces have ids of their own, so
 * looking the id up among users alone would miss them.
 */
export async function workspaceKind(db: D1Database, workspaceId: string): Promise<"live" | "demo" | null> {
  const row = await db
    .prepare(
      `SELECT count(*) AS accounts, coalesce(sum(u.is_demo = 0), 0) AS real FROM users u
       WHERE u.id = ?1 OR u.id IN (SELECT user_id FROM workspace_members WHERE workspace_id = ?1)`,
    )
    .bind(workspaceId)
    .first<{ accounts: number; real: number }>();
  if (!row || row.accounts === 0) return null;
  return row.real > 0 ? "live" : "demo";
}
