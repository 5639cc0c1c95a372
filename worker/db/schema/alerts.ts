import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";
import { sellerConnections } from "./accounts";
import { workspaceOwnerId } from "./workspaces";

/** A user's alert rule on one ASIN, checked every night at 02:30 UTC. */
export const alerts = sqliteTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceOwnerId(),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    /** rank_above, rank_drop, price_change, low_stock or buybox_lost. */
    conditionType: text("condition_type").notNull(),
    /** Null for buybox_lost, which has no threshold. */
    threshold: integer("threshold"),
    emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(true),
    inAppEnabled: integer("in_app_enabled", { mode: "boolean" }).notNull().default(true),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    /** Why a paused alert is paused: null when the user paused it, plan_limit when a downgrade did (an upgrade resumes it). */
    pausedReason: text("paused_reason"),
    /** ISO time of the last firing; null until the alert first fires. */
    lastTriggered: text("last_triggered"),
    /** UTC day (YYYY-MM-DD) of the last check, and what it found: fired, ok or no_data. */
    lastCheckedDay: text("last_checked_day"),
    lastResult: text("last_result"),
    /** The data that result was judged on: live or mock; null when none was read that day, or before it was kept (0139). */
    lastResultSource: text("last_result_source", { enum: ["live", "mock"] }),
    /** ISO time of the last check: a later check pass re-checks a no_data alert, one pass never twice (0128). */
    lastCheckedAt: text("last_checked_at"),
    createdAt: createdNow("created_at"),
    updatedAt: createdNow("updated_at"),
    /**
     * A seller alert (Buy Box, low stock) on one connection's data; null: any of the workspace's connections.
     * Removing the connection deletes its alerts first (deleteConnection), so none widens to "any" by this set null.
     */
    connectionId: text("connection_id").references(() => sellerConnections.id, { onDelete: "set null" }),
  },
  (table) => [
    index("alerts_workspace_id_idx").on(table.workspaceId),
    // paused_reason last: the nightly walk skips alerts a downgrade paused straight from the index.
    index("alerts_marketplace_asin_idx").on(table.marketplace, table.asin, table.pausedReason),
  ],
);

/**
 * One firing of an alert on one UTC day: the in-app notification, and the record that
 * makes a second check on the same day send nothing again.
 */
export const alertEvents = sqliteTable(
  "alert_events",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceOwnerId(),
    alertId: text("alert_id").references(() => alerts.id, { onDelete: "set null" }),
    day: text("day").notNull(),
    asin: text("asin").notNull(),
    marketplace: text("marketplace").notNull(),
    conditionType: text("condition_type").notNull(),
    threshold: integer("threshold"),
    /** What was seen, in words: "Rank #812 is worse than your threshold #500". */
    message: text("message").notNull(),
    /** The data it fired on: live (Amazon's) or mock; null for events from before migration 0134. */
    source: text("source", { enum: ["live", "mock"] }),
    /** Shown in the app (the alert's in-app channel was on when it fired). */
    inApp: integer("in_app", { mode: "boolean" }).notNull(),
    readAt: text("read_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("alert_events_alert_day_unique").on(table.alertId, table.day),
    index("alert_events_workspace_created_idx").on(table.workspaceId, table.createdAt),
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
    /** pending, sent, failed (gave up), not_configured, or cancelled (its alert was deleted or paused before it went out). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    /** The address Email Service refused for good (with `refusalCode`, its code); null for any other failure and rows before 0141. */
    refusedAddress: text("refused_address"),
    refusalCode: text("refusal_code"),
    /** A webhook row one of whose attempts timed out, so it may have arrived: every later send says it may repeat (0142). */
    mayHaveArrived: integer("may_have_arrived", { mode: "boolean" }).notNull().default(false),
    sentAt: text("sent_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("notification_deliveries_event_channel_unique").on(table.eventId, table.channel),
    index("notification_deliveries_status_next_idx").on(table.status, table.nextAttemptAt),
  ],
);
