import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";

/**
 * A workspace: what a watchlist, alerts, keys, settings, billing and seller connections belong
 * to (migrations/0105_workspaces.sql). Every account has a personal one whose id is the
 * account's id; members and roles are in workspace-members.ts.
 */
export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdNow("created_at"),
  updatedAt: createdNow("updated_at"),
});

/** The owning workspace's id on a row that goes when its workspace goes. */
export const workspaceOwnerId = () =>
  text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
