import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Per-ASIN summaries (migrations/0104_asin_summaries.sql): the figures the dashboards show, one
 * row per (marketplace, ASIN), rebuilt by the nightly run and each extra refresh. `figures` is
 * the JSON of SummaryFigures (dashboard/asin-summary.ts): 7/30/90-day velocity, 7/30-day
 * change and the compact 30-day sparkline.
 */
export const asinSummaries = sqliteTable(
  "asin_summaries",
  {
    marketplace: text("marketplace").notNull(),
    asin: text("asin").notNull(),
    rank: integer("rank"),
    price: real("price"),
    currency: text("currency"),
    /** live or mock: the latest point's source; null when there is no point yet. */
    source: text("source"),
    rankCapturedAt: text("rank_captured_at"),
    /** UTC day of the latest point. */
    lastDay: text("last_day"),
    figures: text("figures").notNull(),
    computedAt: text("computed_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.marketplace, table.asin] })],
);
