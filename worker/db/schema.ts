import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [index("lookup_log_created_at_idx").on(table.createdAt)],
);

/** A message sent through /contact. Stored before the sender is told it arrived. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** not_configured, sent or failed: the notification email, never the message itself. */
    emailStatus: text("email_status").notNull().default("not_configured"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [index("contact_messages_created_at_idx").on(table.createdAt)],
);

/** A seller account (or a browser's demo account), keyed by its selling-partner id. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  sellingPartnerId: text("selling_partner_id").notNull().unique(),
  marketplace: text("marketplace").notNull().default("US"),
  brandName: text("brand_name"),
  isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
  onboardedAt: text("onboarded_at"),
  createdAt: text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  updatedAt: text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/** The seller's SP-API refresh token, encrypted at rest (AES-256-GCM, key named by key_id). */
export const sellerCredentials = sqliteTable("seller_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  refreshTokenCiphertext: text("refresh_token_ciphertext").notNull(),
  keyId: text("key_id").notNull(),
  /** SP-API region: na, eu or fe. */
  region: text("region").notNull(),
  /** Authorizations lapse 365 days after this. */
  grantedAt: text("granted_at").notNull(),
  updatedAt: text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/** Server-side session records, so a session can be revoked before its JWT expires. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/** Per-user preferences from /settings. */
export const userSettings = sqliteTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailAlerts: integer("email_alerts", { mode: "boolean" }).notNull().default(true),
  inAppAlerts: integer("in_app_alerts", { mode: "boolean" }).notNull().default(true),
  weeklyReport: integer("weekly_report", { mode: "boolean" }).notNull().default(false),
  rankDrops: integer("rank_drops", { mode: "boolean" }).notNull().default(true),
  buyBoxLoss: integer("buy_box_loss", { mode: "boolean" }).notNull().default(true),
  /** hourly, six_hours, daily or manual. */
  syncFrequency: text("sync_frequency").notNull().default("daily"),
  marketplace: text("marketplace").notNull().default("US"),
  /** Where alert emails go; the seller's Amazon sign-in shares no email address with us. */
  alertEmail: text("alert_email"),
  /** Optional HTTPS endpoint that receives signed alert webhooks. */
  webhookUrl: text("webhook_url"),
  /** The HMAC-SHA256 key webhooks are signed with, encrypted like refresh tokens. */
  webhookSecretCiphertext: text("webhook_secret_ciphertext"),
  updatedAt: text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/**
 * Server-generated secrets, one row per name. Holds the local/dev session signing key
 * generated when SESSION_SECRET is not set; never a seller's token.
 */
export const appSecrets = sqliteTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
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

/** ASINs a signed-in user follows without an alert. Each one is snapshotted nightly. */
export const watchlist = sqliteTable(
  "watchlist",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.asin, table.marketplace] }),
    index("watchlist_marketplace_asin_idx").on(table.marketplace, table.asin),
  ],
);

/** A user's alert rule on one ASIN, checked every night at 02:30 UTC. */
export const alerts = sqliteTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    /** rank_above, rank_drop, price_change, low_stock or buybox_lost. */
    conditionType: text("condition_type").notNull(),
    /** Null for buybox_lost, which has no threshold. */
    threshold: integer("threshold"),
    emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(true),
    inAppEnabled: integer("in_app_enabled", { mode: "boolean" }).notNull().default(true),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    /** ISO time of the last firing; null until the alert first fires. */
    lastTriggered: text("last_triggered"),
    /** UTC day (YYYY-MM-DD) of the last check, and what it found: fired, ok or no_data. */
    lastCheckedDay: text("last_checked_day"),
    lastResult: text("last_result"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [
    index("alerts_user_id_idx").on(table.userId),
    index("alerts_marketplace_asin_idx").on(table.marketplace, table.asin),
  ],
);

/**
 * Public product data of one ASIN in one marketplace on one UTC day: one row, updated in
 * place when the same day is captured again (a live lookup, then the 02:00 job).
 */
export const rankSnapshots = sqliteTable(
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
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    day: text("day").notNull(),
    /** spapi or mock. */
    source: text("source").notNull(),
    /** Fulfillable FBA units (FBA Inventory API); null when the seller has no FBA stock record. */
    fulfillableUnits: integer("fulfillable_units"),
    /** Seller id of the Buy Box winner (Product Pricing API); null when nobody holds it or it is unknown. */
    buyBoxSellerId: text("buy_box_seller_id"),
    /** Whether this seller held the Buy Box; null when unknown. */
    holdsBuyBox: integer("holds_buy_box", { mode: "boolean" }),
    capturedAt: text("captured_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.asin, table.marketplace, table.day] })],
);

/**
 * Progress of one nightly job for one UTC day. The cursor is written in the same D1
 * batch as the rows it covers, so a run that stops anywhere resumes without skipping
 * or repeating work.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    job: text("job").notNull(),
    day: text("day").notNull(),
    /** running or done. */
    status: text("status").notNull(),
    /** Job-defined phase and position, e.g. "products" and "US:B00000000X". */
    phase: text("phase").notNull(),
    cursor: text("cursor"),
    processed: integer("processed").notNull().default(0),
    startedAt: text("started_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (table) => [primaryKey({ columns: [table.job, table.day] })],
);

/**
 * One firing of an alert on one UTC day: the in-app notification, and the record that
 * makes a second check on the same day send nothing again.
 */
export const alertEvents = sqliteTable(
  "alert_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    alertId: text("alert_id").references(() => alerts.id, { onDelete: "set null" }),
    day: text("day").notNull(),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    conditionType: text("condition_type").notNull(),
    threshold: integer("threshold"),
    /** What was seen, in words: "Rank #812 is worse than your threshold #500". */
    message: text("message").notNull(),
    /** Shown in the app (the alert's in-app channel was on when it fired). */
    inApp: integer("in_app", { mode: "boolean" }).notNull(),
    readAt: text("read_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("alert_events_alert_day_unique").on(table.alertId, table.day),
    index("alert_events_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * Outbox of an alert event's email and webhook messages. Each channel has its own row,
 * so one failing channel never holds up another; failures are retried with backoff.
 */
export const notificationDeliveries = sqliteTable(
  "notification_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => alertEvents.id, { onDelete: "cascade" }),
    /** email or webhook. */
    channel: text("channel").notNull(),
    /** pending, sent, failed (gave up) or not_configured. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    sentAt: text("sent_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("notification_deliveries_event_channel_unique").on(table.eventId, table.channel),
    index("notification_deliveries_status_next_idx").on(table.status, table.nextAttemptAt),
  ],
);
