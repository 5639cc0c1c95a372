import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { workspaceOwnerId } from "./workspaces";
import { createdNow } from "./columns";

/**
 * API keys. Only the SHA-256 of a key is stored (hex), with its first characters to
 * recognise it by; the full key is shown once, when created. A revoked key keeps its row
 * so its usage stays visible; deleting the workspace deletes its keys.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceOwnerId(),
    name: text("name").notNull(),
    /** "rl_live_" and the key's first random characters. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: createdNow("created_at"),
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
    /** The member who made the key: it acts with their role, and stops when they leave. */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("api_keys_workspace_id_idx").on(table.workspaceId)],
);

/** Requests made with one key in one UTC hour ("2026-11-24T14"), for Settings → API Access. */
export const apiKeyUsage = sqliteTable(
  "api_key_usage",
  {
    keyId: text("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    hour: text("hour").notNull(),
    requests: integer("requests").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.hour] })],
);
