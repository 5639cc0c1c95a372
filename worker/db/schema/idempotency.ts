import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/**
 * A create request sent with an Idempotency-Key (routes/idempotent-creates.ts): claimed when it
 * starts, its answer kept once it passed, so a retry with the same key gets that answer again
 * instead of a second alert, key or invitation. Per person; kept 24 hours (the retention run
 * deletes older rows). `fingerprint` is the SHA-256 of the route and body.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The key's SHA-256 (answer-seal.ts), never the key itself. */
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** The answer's status, Content-Type and body (sealed under the key) once the request passed; null while it runs. */
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    /** When the key was claimed (ISO): the 24 hours and the wait for a running request count from it. */
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index("idempotency_keys_created_at_idx").on(table.createdAt)],
);
