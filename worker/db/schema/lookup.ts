import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";

/**
 * One row per public lookup, for usage figures and support. It holds no IP address
 * or other client identifier, and the nightly retention job deletes rows after 30 days.
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
    durationMs: integer("duration_ms").notNull(),
    createdAt: createdNow("created_at"),
  },
  (table) => [index("lookup_log_created_at_idx").on(table.createdAt)],
);
