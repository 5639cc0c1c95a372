import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

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

/**
 * The portfolio's pass over a workspace's seller rows for one range, kept until they change
 * (migrations/0130_portfolio_rollups.sql: triggers on seller_revenue and seller_snapshots drop it).
 * `windowKey` is the exact windows it holds (portfolio-pass-store.ts); a view of other windows
 * computes it again.
 */
export const portfolioRollups = sqliteTable(
  "portfolio_rollups",
  {
    id: integer("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    rangeDays: integer("range_days").notNull(),
    windowKey: text("window_key").notNull(),
    computedAt: text("computed_at").notNull(),
  },
  (table) => [uniqueIndex("portfolio_rollups_workspace_range_idx").on(table.workspaceId, table.rangeDays)],
);

/** A roll-up's rows: a group of revenue rows (connection, marketplace, ASIN, currency), or a key with seller snapshots (`snapshot` 1). */
export const portfolioRollupRows = sqliteTable(
  "portfolio_rollup_rows",
  {
    rollupId: integer("rollup_id")
      .notNull()
      .references(() => portfolioRollups.id, { onDelete: "cascade" }),
    snapshot: integer("snapshot").notNull(),
    connectionId: text("connection_id").notNull(),
    marketplace: text("marketplace").notNull(),
    asin: text("asin").notNull(),
    currency: text("currency"),
    amount: real("amount"),
    /** Null when every day of the group's window is ok (okCount says how many are). */
    okDays: text("ok_days"),
    okCount: integer("ok_count").notNull().default(0),
    notGranted: integer("not_granted").notNull(),
    anyMock: integer("any_mock").notNull(),
    newest: text("newest").notNull(),
  },
  (table) => [index("portfolio_rollup_rows_rollup_connection_idx").on(table.rollupId, table.connectionId)],
);
