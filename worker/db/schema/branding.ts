import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sellerConnections } from "./accounts";
import { createdNow } from "./columns";
import { workspaceOwnerId } from "./workspaces";

/** A workspace's branding for its reports (docs/branding.md); the logo bytes are in R2. */
export const workspaceBranding = sqliteTable("workspace_branding", {
  workspaceId: workspaceOwnerId().primaryKey(),
  displayName: text("display_name"),
  /** #rrggbb, lower case, dark enough for white text. */
  accentColor: text("accent_color"),
  /** Random per upload: the public logo URL's last segment and the R2 key's. */
  logoId: text("logo_id").unique(),
  logoType: text("logo_type", { enum: ["image/png", "image/svg+xml"] }),
  logoBytes: integer("logo_bytes"),
  updatedAt: createdNow("updated_at"),
});

/** Addresses a workspace's weekly report goes to, each only once confirmed by its link. */
export const reportRecipients = sqliteTable(
  "report_recipients",
  {
    workspaceId: workspaceOwnerId(),
    email: text("email").notNull(),
    /** SHA-256 (hex) of the confirmation token mailed to the address. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdNow("created_at"),
    confirmedAt: text("confirmed_at"),
    /** The seller connection whose report it gets (migration 0125); null: the whole workspace's. */
    connectionId: text("connection_id").references(() => sellerConnections.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.email] }), index("report_recipients_connection_idx").on(table.connectionId)],
);
