import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";
import { workspaces } from "./workspaces";

/** A seller account (or a browser's demo account), keyed by its selling-partner id. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  sellingPartnerId: text("selling_partner_id").notNull().unique(),
  marketplace: text("marketplace").notNull().default("US"),
  brandName: text("brand_name"),
  isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
  onboardedAt: text("onboarded_at"),
  /** Last signed-in request (to the hour) of a demo account: nightly retention removes demos unused for 7 days. */
  lastActiveAt: text("last_active_at"),
  /** When the account signed out every other browser: known-accounts entries from before it no longer open it with Amazon (auth/known-browser.ts). */
  knownBrowsersResetAt: text("known_browsers_reset_at"),
  createdAt: createdNow("created_at"),
  updatedAt: createdNow("updated_at"),
});

/** The owning user's id on a row that goes when its user goes. */
export const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * A seller account connected to a workspace (migrations/0120_seller_connections.sql): one per
 * workspace, Amazon seller id and region. While `connected` it holds the SP-API refresh token,
 * encrypted at rest (AES-256-GCM, key named by key_id, the connection id as associated data);
 * `disconnected` rows keep their seller data until removed; a demo workspace's mock seller is
 * a `demo` connection without a token.
 */
export const sellerConnections = sqliteTable(
  "seller_connections",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sellingPartnerId: text("selling_partner_id").notNull(),
    /** SP-API region: na, eu or fe. */
    region: text("region").notNull(),
    /** What the workspace calls it ("Acme EU"). */
    name: text("name").notNull(),
    refreshTokenCiphertext: text("refresh_token_ciphertext"),
    keyId: text("key_id"),
    /** Authorizations lapse 365 days after this. */
    grantedAt: text("granted_at"),
    /** connected, disconnected or demo. */
    status: text("status").notNull().default("connected"),
    /** JSON array of the marketplace codes the seller sells in; null: not read yet. */
    marketplaces: text("marketplaces"),
    createdAt: createdNow("created_at"),
    updatedAt: createdNow("updated_at"),
  },
  (table) => [uniqueIndex("seller_connections_seller_unique").on(table.workspaceId, table.sellingPartnerId, table.region)],
);

/** The owning connection's id on a seller data row that goes when its connection goes. */
export const connectionOwnerId = () =>
  text("connection_id")
    .notNull()
    .references(() => sellerConnections.id, { onDelete: "cascade" });

/** Server-side session records, so a session can be revoked before its JWT expires. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    createdAt: createdNow("created_at"),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    /** When its person last re-verified (passkey or emailed code); null: only at sign-in (createdAt). */
    verifiedAt: text("verified_at"),
    /** The workspace this session works in; null (or one the account left) means the personal one. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/** Per-workspace preferences from /settings. */
export const userSettings = sqliteTable("user_settings", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  emailAlerts: integer("email_alerts", { mode: "boolean" }).notNull().default(true),
  inAppAlerts: integer("in_app_alerts", { mode: "boolean" }).notNull().default(true),
  weeklyReport: integer("weekly_report", { mode: "boolean" }).notNull().default(false),
  /** The daily report (after the 02:00 UTC snapshot): on its own switch, beside the weekly one. */
  dailyReport: integer("daily_report", { mode: "boolean" }).notNull().default(false),
  rankDrops: integer("rank_drops", { mode: "boolean" }).notNull().default(true),
  buyBoxLoss: integer("buy_box_loss", { mode: "boolean" }).notNull().default(true),
  /** hourly, six_hours, daily or manual. */
  syncFrequency: text("sync_frequency").notNull().default("daily"),
  marketplace: text("marketplace").notNull().default("US"),
  /** Where alert emails go; the seller's Amazon sign-in shares no email address with us. */
  alertEmail: text("alert_email"),
  /**
   * The HTTPS endpoint that receives signed alert webhooks, sealed like the secret below: a Slack or
   * Discord URL is itself the credential (worker/notifications/sealed-webhook-url.ts reads it).
   */
  webhookUrlCiphertext: text("webhook_url_ciphertext"),
  /** A URL saved before sealing, in plain text: read as it is until the delivery job seals it. Never written otherwise. */
  legacyWebhookUrl: text("webhook_url"),
  /** The HMAC-SHA256 key webhooks are signed with, encrypted like refresh tokens. */
  webhookSecretCiphertext: text("webhook_secret_ciphertext"),
  updatedAt: createdNow("updated_at"),
});

/**
 * Server-generated secrets, one row per name. Holds the local/dev session signing key
 * generated when SESSION_SECRET is not set; never a seller's token.
 */
export const appSecrets = sqliteTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdNow("created_at"),
});

/** OAuth state nonces already presented at the callback: each state works once. */
export const usedOauthStates = sqliteTable(
  "used_oauth_states",
  {
    nonce: text("nonce").primaryKey(),
    /** After this the state's own expiry rejects it, so the row may be pruned. */
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("used_oauth_states_expires_at_idx").on(table.expiresAt)],
);
