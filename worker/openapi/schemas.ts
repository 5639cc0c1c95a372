import { z } from "@hono/zod-openapi";
import { ALERT_CONDITIONS, type AlertList, type AlertView } from "../contract/alerts";
import type { HistoryResponse, WatchlistResponse } from "../contract/history";
import { LOOKUP_MARKETPLACES, type Marketplace } from "../contract/marketplaces";
import type { NotificationList, NotificationView } from "../contract/notifications";
import type { LookupResult } from "../contract/product";

/**
 * Zod schemas of the API's answers, for the OpenAPI document and the contract test. Each is
 * typed against the contract interface the route builds its body with, so the two cannot drift.
 */
const marketplace = z.enum(LOOKUP_MARKETPLACES as [Marketplace, ...Marketplace[]]).openapi({ example: "US" });
const asin = z.string().regex(/^[A-Z0-9]{10}$/).openapi({ example: "B08N5WRWNW" });
const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-24T04:00:00.000Z" });
const day = z.string().openapi({ format: "date", example: "2026-11-24" });
const nextCursor = z
  .string()
  .nullable()
  .openapi({ description: "Pass as `cursor` to get the next page; null on the last page.", example: null });

export const errorSchema = z
  .object({ detail: z.string().openapi({ example: "Sign in first." }) })
  .openapi("Error", { description: "Every error answer: a human-readable `detail`." });

export const validationErrorSchema = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])).openapi({ example: ["query", "asin"] }),
        msg: z.string().openapi({ example: "ASIN must be 10 letters or digits" }),
        type: z.string().openapi({ example: "invalid_format" }),
      }),
    ),
  })
  .openapi("ValidationError", { description: "422: one entry per bad value." });

export const lookupResultSchema: z.ZodType<LookupResult> = z
  .object({
    asin,
    marketplace,
    source: z.enum(["live", "cache", "mock"]),
    title: z.string().nullable(),
    image: z.string().nullable(),
    categoryPath: z.array(z.string()),
    rank: z.number().int().nullable(),
    price: z.object({ amount: z.number(), currency: z.string() }).nullable(),
    offers: z.number().int().nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().int().nullable(),
    detailPageUrl: z.string().nullable(),
    refreshedAt: isoTime,
  })
  .openapi("LookupResult");

export const historySchema: z.ZodType<HistoryResponse> = z
  .object({
    asin,
    marketplace,
    range: z.enum(["7d", "30d", "90d"]),
    days: z.number().int(),
    points: z.array(
      z.object({
        day,
        source: z.enum(["live", "mock"]),
        rank: z.number().int().nullable(),
        categoryRanks: z.array(z.object({ category: z.string(), rank: z.number().int() })),
        price: z.number().nullable(),
        currency: z.string().nullable(),
        offers: z.number().int().nullable(),
      }),
    ),
    velocity: z.object({
      rankChangePercent: z.number().nullable(),
      slopePerDay: z.number().nullable(),
      best: z.number().nullable(),
      worst: z.number().nullable(),
    }),
  })
  .openapi("History");

const pausedReason = z
  .enum(["plan_limit"])
  .nullable()
  .openapi({ description: "plan_limit: a downgrade paused it (upgrading resumes it); null otherwise." });
const watchlistItemSchema = z
  .object({ asin, marketplace, addedAt: isoTime, paused: z.boolean(), paused_reason: pausedReason })
  .openapi("WatchlistItem");
export const watchlistSchema: z.ZodType<WatchlistResponse & { next_cursor: string | null }> = z
  .object({ items: z.array(watchlistItemSchema), next_cursor: nextCursor })
  .openapi("Watchlist");
export const watchlistItemBodySchema = z.object({ item: watchlistItemSchema });

export const alertSchema: z.ZodType<AlertView> = z
  .object({
    id: z.string(),
    asin,
    conditionType: z.enum(ALERT_CONDITIONS),
    threshold: z.number().int().nullable(),
    marketplace,
    email_enabled: z.boolean(),
    in_app_enabled: z.boolean(),
    last_triggered: isoTime.nullable(),
    paused: z.boolean(),
    paused_reason: pausedReason,
    last_result: z.enum(["fired", "ok", "no_data"]).nullable(),
    last_checked_day: day.nullable(),
    created_at: isoTime,
  })
  .openapi("Alert");
export const alertBodySchema = z.object({ alert: alertSchema });
export const alertListSchema: z.ZodType<AlertList & { next_cursor: string | null }> = z
  .object({
    alerts: z.array(alertSchema),
    active: z.number().int(),
    activeLimit: z.number().int().nullable(),
    next_cursor: nextCursor,
  })
  .openapi("AlertList");

const notificationSchema: z.ZodType<NotificationView> = z
  .object({
    id: z.string(),
    alertId: z.string().nullable(),
    asin,
    marketplace,
    conditionType: z.enum(ALERT_CONDITIONS),
    message: z.string(),
    day,
    createdAt: isoTime,
    readAt: isoTime.nullable(),
  })
  .openapi("Notification");
export const notificationBodySchema = z.object({ notification: notificationSchema });
export const unreadCountSchema = z.object({ unread: z.number().int() }).openapi("UnreadCount");
export const notificationListSchema: z.ZodType<NotificationList & { next_cursor: string | null }> = z
  .object({ notifications: z.array(notificationSchema), unread: z.number().int(), next_cursor: nextCursor })
  .openapi("NotificationList");
