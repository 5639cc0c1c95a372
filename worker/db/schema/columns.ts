import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/**
 * A time column set by D1 on insert: ISO 8601 UTC with milliseconds, the same text the
 * Worker writes with toISOString(), so stored times compare and sort as text.
 */
export const createdNow = (name: string) =>
  text(name)
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
