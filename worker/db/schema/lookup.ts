import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";

/**
 * Public lookups, for usage figures and support: one row per ASIN, marketplace and outcome in
 * each write window of the Worker that answered them (`lookups` says how many). It holds no IP
 * address or other client identifier, and the nightly retention job deletes rows after 30 days.
 */
export const lookupLog = sqliteTable(
  "lookup_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    /** HTTP status answered to the client. */
    status: integer("status").notNull(),
    /** cache, live or mock on success; null when no data was served. */
    source: text("source"),
    /** The summed answer time of the row's lookups, in ms. */
    durationMs: integer("duration_ms").notNull(),
    /** How many lookups the row stands for (1 for rows before migration 0144). */
    lookups: integer("lookups").notNull().default(1),
    createdAt: createdNow("created_at"),
  },
  (table) => [index("lookup_log_created_at_idx").on(table.createdAt)],
);
