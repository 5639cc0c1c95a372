import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdNow } from "./columns";
import { workspaceOwnerId } from "./workspaces";
import { WORKSPACE_ROLES } from "../../contract/workspaces";

/** An account's membership of a workspace, with its role. */
export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: workspaceOwnerId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: createdNow("created_at"),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index("workspace_members_user_id_idx").on(table.userId),
  ],
);

/** An emailed invitation to a workspace: only the token's SHA-256 is kept; valid 7 days, once. */
export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceOwnerId(),
    /** Trimmed and lower-cased: accepted only by an account with this address confirmed. */
    email: text("email").notNull(),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdNow("created_at"),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: text("revoked_at"),
  },
  (table) => [
    uniqueIndex("workspace_invitations_token_hash_unique").on(table.tokenHash),
    index("workspace_invitations_workspace_idx").on(table.workspaceId, table.createdAt),
  ],
);

/** Who did what in a workspace (invites, roles, keys, connections, billing, deletions); kept one year. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceOwnerId(),
    /** The member who acted; kept as is after their account goes. */
    actorUserId: text("actor_user_id"),
    /** e.g. member.invite, member.role, key.create (worker/workspaces/audit-store.ts). */
    action: text("action").notNull(),
    target: text("target"),
    /** JSON object with the action's particulars. */
    detail: text("detail").notNull().default("{}"),
    clientAddress: text("client_address"),
    createdAt: createdNow("created_at"),
  },
  (table) => [
    index("audit_log_workspace_created_idx").on(table.workspaceId, table.createdAt),
    index("audit_log_created_idx").on(table.createdAt),
  ],
);
