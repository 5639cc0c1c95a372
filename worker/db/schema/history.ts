import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";
import { workspaceOwnerId } from "./workspaces";
import { connectionOwnerId } from "./accounts";

/** ASINs a signed-in user follows without an alert. Each one is snapshotted nightly. */
export const watchlist = sqliteTable(
  "watchlist",
  {
    workspaceId: workspaceOwnerId(),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    createdAt: createdNow("created_at"),
    /** plan_limit: past the plan's watchlist size or marketplaces, still listed but not snapshotted until an upgrade. */
    pausedReason: text("paused_reason"),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.asin, table.marketplace] }),
    // paused_reason too, so the nightly job's read of running entries stays an index-only walk.
    index("watchlist_marketplace_asin_idx").on(table.marketplace, table.asin, table.pausedReason),
  ],
);

/**
 * Legacy: rank history before it moved to the history shards (worker/db/history-schema, read
 * and written only by worker/history/*-store.ts). Nothing writes here any more; the table is
 * kept until moveLegacySnapshots has copied an existing deployment's rows.
 */
export const legacyRankSnapshots = sqliteTable(
  "rank_snapshots",
  {
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    /** live or mock: mock data is labelled, never shown as live. */
    source: text("source").notNull(),
    rank: integer("rank"),
    /** JSON list of {category, rank}, website category first. */
    categoryRanks: text("category_ranks").notNull().default("[]"),
    priceAmount: real("price_amount"),
    priceCurrency: text("price_currency"),
    offers: integer("offers"),
    capturedAt: text("captured_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.asin, table.marketplace, table.day] })],
);

/**
 * A connected seller's private data on one of its own ASINs for one UTC day. Kept apart
 * from rank_snapshots so one seller's stock is never visible to another user.
 */
export const sellerSnapshots = sqliteTable(
  "seller_snapshots",
  {
    connectionId: connectionOwnerId(),
    workspaceId: workspaceOwnerId(),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    day: text("day").notNull(),
    /** spapi or mock. */
    source: text("source").notNull(),
    /** Fulfillable FBA units (FBA Inventory API); null when the seller has no FBA stock record. */
    fulfillableUnits: integer("fulfillable_units"),
    /** Seller id of the Buy Box winner (Product Pricing API); null when nobody holds it or it is unknown. */
    buyBoxSellerId: text("buy_box_seller_id"),
    /** Whether this seller held the Buy Box most shoppers see (the Prime one where there is one); null when unknown. */
    holdsBuyBox: integer("holds_buy_box", { mode: "boolean" }),
    /**
     * The Prime and the non-Prime Buy Box apart: holder seller id, "unknown", "suppressed" (offers, no
     * winner) or null (no offer), and whether this seller holds it (null: unknown or suppressed).
     */
    primeSellerId: text("prime_seller_id"),
    nonPrimeSellerId: text("non_prime_seller_id"),
    holdsPrime: integer("holds_prime", { mode: "boolean" }),
    holdsNonPrime: integer("holds_non_prime", { mode: "boolean" }),
    capturedAt: text("captured_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.asin, table.marketplace, table.day] }),
    index("seller_snapshots_workspace_asin_idx").on(table.workspaceId, table.asin, table.marketplace, table.day),
    // The nightly retention finds the days past SELLER_DATA_RETENTION_DAYS without reading every row.
    index("seller_snapshots_day_idx").on(table.day),
  ],
);
