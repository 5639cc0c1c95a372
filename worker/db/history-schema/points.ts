import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The tables of one history shard: a D1 database of its own (bindings HISTORY_0 … HISTORY_{n-1},
 * migrations in migrations/history, drizzle.history.config.ts). Only worker/history/*-store.ts
 * reads or writes them.
 */

/**
 * One data point of one ASIN in one marketplace: the daily point (hour = -1) or an intraday
 * one (hour 0–23, UTC). Compact on purpose, since there are billions: the key is the row
 * (WITHOUT ROWID, added by the hand-written migration 0001), the day is an integer, the first
 * two category ranks are columns with their names in `categories`, the price is in minor units.
 */
export const rankPoints = sqliteTable(
  "rank_points",
  {
    /** bucketOf(marketplace, asin): 0–4095. Leads the key so a bucket moves or archives as one range. */
    bucket: integer("bucket").notNull(),
    marketplace: text("marketplace").notNull(),
    asin: text("asin").notNull(),
    /** UTC day as days since 1970-01-01. */
    day: integer("day").notNull(),
    /** -1 for the day's point; 0–23 for an intraday point taken in that UTC hour. */
    hour: integer("hour").notNull(),
    /** 1 live, 0 mock: mock data is labelled, never shown as live. */
    live: integer("live").notNull(),
    rank: integer("rank"),
    /** First and second category ranks: categories.id and rank. */
    c1: integer("c1"),
    r1: integer("r1"),
    c2: integer("c2"),
    r2: integer("r2"),
    /** JSON [[name, rank], …] of the categories past the second; null (no bytes) nearly always. */
    more: text("more"),
    /** Price × 100, in `currency`, or in the marketplace's currency when currency is null. */
    price: integer("price"),
    currency: text("currency"),
    offers: integer("offers"),
    /** Star rating × 100 (4.6 → 460) and the ratings count, from customerReviews; null when Amazon has none (and on points older than migration 0002). */
    rating: integer("rating"),
    reviews: integer("reviews"),
    /** 1 when no offer won the Buy Box and `price` is the lowest offer's (labelled so wherever shown); null otherwise. */
    lowest: integer("lowest"),
    /** Capture time, Unix seconds. */
    captured: integer("captured").notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.marketplace, table.asin, table.day, table.hour] })],
);

/** Category names of one shard, so a point stores a small integer instead of the name. */
export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});
