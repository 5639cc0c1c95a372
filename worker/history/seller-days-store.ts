import { deleteInChunks } from "../shared/delete-in-chunks";

/**
 * Deletes sellers' own day rows (stock and Buy Box in seller_snapshots, sales in seller_revenue)
 * of days before `beforeDay` (YYYY-MM-DD), `chunk` rows a statement, found through each table's
 * day index (migration 0132). Raw SQL: drizzle cannot say DELETE … WHERE rowid IN (… LIMIT).
 * How many rows went.
 */
export async function deleteSellerDaysBefore(db: D1Database, beforeDay: string, chunk: number): Promise<number> {
  let deleted = 0;
  for (const table of ["seller_snapshots", "seller_revenue"]) {
    const statement = db.prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE day < ?1 LIMIT ?2)`).bind(beforeDay, chunk);
    deleted += await deleteInChunks(chunk, async () => (await statement.run()).meta.changes);
  }
  return deleted;
}
