import { and, eq, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { upstreamAttention } from "../db/schema";

export type AttentionRow = typeof upstreamAttention.$inferSelect;
/** "app": RankLayer's own SP-API app (its LWA client credentials), one row for every seller. */
export type AttentionScopeName = "marketplace" | "region" | "seller" | "app";

/** Records (or refreshes) a permanent refusal of `scope`/`key`; the first sighting's time is kept. */
export async function markAttention(
  db: D1Database,
  entry: { scope: AttentionScopeName; key: string; code: string; detail: string; setting: string; runDay?: string; nowIso: string },
): Promise<void> {
  await drizzle(db)
    .insert(upstreamAttention)
    .values({ scope: entry.scope, key: entry.key, code: entry.code, detail: entry.detail, setting: entry.setting, runDay: entry.runDay ?? null, firstSeenAt: entry.nowIso, lastSeenAt: entry.nowIso })
    .onConflictDoUpdate({
      target: [upstreamAttention.scope, upstreamAttention.key],
      set: {
        code: entry.code,
        detail: entry.detail,
        // A new setting refused again is a new problem: its first sighting starts over.
        firstSeenAt: sql`CASE WHEN ${upstreamAttention.setting} = ${entry.setting} THEN ${upstreamAttention.firstSeenAt} ELSE ${entry.nowIso} END`,
        setting: entry.setting,
        runDay: entry.runDay ?? sql`${upstreamAttention.runDay}`,
        lastSeenAt: entry.nowIso,
      },
    });
}

/** Forgets a scope once a call in it succeeded. */
export async function clearAttention(db: D1Database, scope: AttentionScopeName, key: string): Promise<void> {
  await drizzle(db).delete(upstreamAttention).where(and(eq(upstreamAttention.scope, scope), eq(upstreamAttention.key, key)));
}

/** A seller's refusal, as Settings → Connection Status shows it. */
export async function sellerAttention(db: D1Database, userId: string): Promise<{ code: string; detail: string; since: string }[]> {
  const rows = await drizzle(db)
    .select({ code: upstreamAttention.code, detail: upstreamAttention.detail, since: upstreamAttention.firstSeenAt })
    .from(upstreamAttention)
    .where(and(eq(upstreamAttention.scope, "seller"), eq(upstreamAttention.key, userId)));
  return rows;
}

/** The refusal detail of each of these seller keys that has one (a connection list's, in one read). */
export async function sellersAttention(db: D1Database, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  // One JSON parameter, however many keys: D1 binds at most 100 per statement.
  const rows = await drizzle(db)
    .select({ key: upstreamAttention.key, detail: upstreamAttention.detail })
    .from(upstreamAttention)
    .where(and(eq(upstreamAttention.scope, "seller"), sql`${upstreamAttention.key} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`));
  return new Map(rows.map((row) => [row.key, row.detail]));
}

/** The refusals of RankLayer's own setup (stores' tags, regions' credentials, the SP-API app): every scope but a seller's. */
export async function readServiceAttention(db: D1Database): Promise<AttentionRow[]> {
  return drizzle(db).select().from(upstreamAttention).where(ne(upstreamAttention.scope, "seller"));
}

export async function readAttention(db: D1Database, scope?: AttentionScopeName): Promise<AttentionRow[]> {
  const query = drizzle(db).select().from(upstreamAttention);
  return scope ? query.where(eq(upstreamAttention.scope, scope)) : query;
}
