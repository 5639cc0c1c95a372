import type { RecordedBuyBox } from "../../upstreams/spapi/buybox";
import { trackedArms } from "./tracked-store";

/**
 * The Buy Box rows other connections of a workspace wrote today (seller_snapshots), for the
 * sellers phase to share (buy-box-share.ts), and where a connection's share of a marketplace starts.
 */

/** How many ASINs the workspace tracks in the marketplace. */
export async function trackedCountIn(db: D1Database, workspaceId: string, marketplace: string): Promise<number> {
  const row = await db.prepare(`SELECT count(*) AS n FROM (${trackedArms().join(" UNION ")})`).bind(workspaceId, marketplace).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The tracked ASIN at `offset` in ASIN order, or null past the last. */
export async function trackedAsinAt(db: D1Database, workspaceId: string, marketplace: string, offset: number): Promise<string | null> {
  const row = await db.prepare(`${trackedArms().join(" UNION ")} ORDER BY asin LIMIT 1 OFFSET ?3`).bind(workspaceId, marketplace, offset).first<{ asin: string }>();
  return row?.asin ?? null;
}

/**
 * Today's Buy Box of each of `asins` as another live connection of the workspace recorded it (any
 * one: the Buy Box is the same whoever asks; a row naming its holders first). Rows with stock only
 * are left out, and so are rows whose answer could tell neither Buy Box: this seller asks itself.
 */
export async function sharedBuyBoxRows(
  db: D1Database,
  scope: { workspaceId: string; marketplace: string; day: string; connectionId: string },
  asins: readonly string[],
): Promise<Map<string, RecordedBuyBox>> {
  const { results } = await db
    .prepare(
      `SELECT asin, prime_seller_id, non_prime_seller_id, holds_prime, holds_non_prime FROM seller_snapshots
       WHERE workspace_id = ?1 AND asin IN (SELECT value FROM json_each(?5)) AND marketplace = ?2 AND day = ?3
         AND connection_id != ?4 AND source = 'spapi'
         AND (prime_seller_id IS NOT NULL OR non_prime_seller_id IS NOT NULL OR holds_prime IS NOT NULL OR holds_non_prime IS NOT NULL)
         AND NOT (coalesce(prime_seller_id = 'unknown', 0) AND coalesce(non_prime_seller_id = 'unknown', 0))
       ORDER BY asin, coalesce(prime_seller_id = 'unknown', 0) + coalesce(non_prime_seller_id = 'unknown', 0)`,
    )
    .bind(scope.workspaceId, scope.marketplace, scope.day, scope.connectionId, JSON.stringify(asins))
    .all<{ asin: string; prime_seller_id: string | null; non_prime_seller_id: string | null; holds_prime: number | null; holds_non_prime: number | null }>();
  const flag = (value: number | null) => (value === null ? null : value === 1);
  const rows = new Map<string, RecordedBuyBox>();
  for (const row of results) {
    if (rows.has(row.asin)) continue;
    rows.set(row.asin, { primeSellerId: row.prime_seller_id, nonPrimeSellerId: row.non_prime_seller_id, holdsPrime: flag(row.holds_prime), holdsNonPrime: flag(row.holds_non_prime) });
  }
  return rows;
}
