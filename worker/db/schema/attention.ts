import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A marketplace, region or seller Amazon refused for good (see upstreams/amazon-errors.ts).
 * `setting` is what was in use (the partner tag, the credential id or the seller id, never a
 * secret): once the operator changes it, the row no longer applies.
 */
export const upstreamAttention = sqliteTable(
  "upstream_attention",
  {
    /** marketplace | region | seller */
    scope: text("scope").notNull(),
    /** "UK", "eu", or the seller's user id. */
    key: text("key").notNull(),
    /** Amazon's reason or error code. */
    code: text("code").notNull(),
    /** What to do about it, shown as is. */
    detail: text("detail").notNull(),
    setting: text("setting").notNull(),
    /** The nightly run (its day) that last saw it: that run skips the scope. */
    runDay: text("run_day"),
    firstSeenAt: text("first_seen_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/** One region's part of a finished nightly run: done (all answered), partial, or failed (nothing answered). */
export const nightlyRunRegions = sqliteTable(
  "nightly_run_regions",
  {
    day: text("day").notNull(),
    region: text("region").notNull(),
    status: text("status").notNull(),
    answered: integer("answered").notNull(),
    failed: integer("failed").notNull(),
    finishedAt: text("finished_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.region] })],
);
