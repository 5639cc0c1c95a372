import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaceOwnerId, workspaces } from "./workspaces";
import { connectionOwnerId } from "./accounts";
import { createdNow } from "./columns";

/**
 * What Amazon's item data says an ASIN is (brand, title, image, top category), kept from the
 * latest capture so the dashboard and portfolio can group and label snapshots without a call.
 */
export const asinDetails = sqliteTable(
  "asin_details",
  {
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    /** Creators byLineInfo brand (or SP-API catalog summaries); null when Amazon gave none. */
    brand: text("brand"),
    title: text("title"),
    image: text("image"),
    /** Website (top-level) category, the first of the item's category path. */
    category: text("category"),
    /** live or mock. */
    source: text("source").notNull(),
    capturedAt: text("captured_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.asin, table.marketplace] })],
);

/**
 * A connected seller's ordered product sales on one ASIN for one UTC day (SP-API Sales
 * getOrderMetrics). A row with status not_granted or missing carries no amount: the screens
 * show "—" with the reason, never a made-up figure.
 */
export const sellerRevenue = sqliteTable(
  "seller_revenue",
  {
    connectionId: connectionOwnerId(),
    workspaceId: workspaceOwnerId(),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    day: text("day").notNull(),
    /** spapi or mock. */
    source: text("source").notNull(),
    /** ok, not_granted or missing. */
    status: text("status").notNull(),
    amount: real("amount"),
    currency: text("currency"),
    units: integer("units"),
    capturedAt: text("captured_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.asin, table.marketplace, table.day] }),
    // Covers the portfolio's one pass over the revenue rows: per connection, ASIN and currency (migrations 0126, 0127).
    index("seller_revenue_workspace_connection_idx").on(
      table.workspaceId, table.connectionId, table.marketplace, table.asin, table.currency, table.day, table.status, table.amount, table.source, table.capturedAt,
    ),
    // The nightly retention finds the days past SELLER_DATA_RETENTION_DAYS without reading every row.
    index("seller_revenue_day_idx").on(table.day),
  ],
);

/** Per-workspace refresh bookkeeping: the last "Refresh now". */
export const userRefresh = sqliteTable("user_refresh", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  lastManualAt: text("last_manual_at"),
});

/**
 * The report emails' outbox (migration 0135): one row per report, period and recipient. The row
 * makes a period's send happen once; a failed attempt is retried within the period.
 */
export const reportSends = sqliteTable(
  "report_sends",
  {
    workspaceId: workspaceOwnerId(),
    /** daily or weekly. */
    kind: text("kind").notNull(),
    /** The UTC day of a daily report, the Monday of a weekly one. */
    period: text("period").notNull(),
    /** '' for the workspace's own report (to its alert email), else an address the workspace chose. */
    recipient: text("recipient").notNull(),
    /** pending, sending (handed to the email binding, no outcome written yet), sent, failed (for good) or cancelled. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a pending row may be tried (null: now); on a claimed or sending row, when its lease runs out. */
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    /** The address Email Service refused for good (with `refusalCode`, its code); null for any other failure and rows before 0141. */
    refusedAddress: text("refused_address"),
    refusalCode: text("refusal_code"),
    sentAt: text("sent_at"),
    createdAt: createdNow("created_at"),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.kind, table.period, table.recipient] }),
    index("report_sends_status_next_idx").on(table.status, table.nextAttemptAt),
  ],
);
