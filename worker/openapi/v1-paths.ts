import { alertPatchSchema, newAlertSchema } from "../contract/alerts";
import { historyQuerySchema, watchlistEntrySchema } from "../contract/history";
import { lookupQuerySchema } from "../contract/lookup";
import { LOOKUP_MARKETPLACES } from "../contract/marketplaces";
import { pageQuerySchema } from "../contract/pagination";
import { notificationQuerySchema } from "../contract/notifications-query";
import { parametersOf, requestJsonSchema } from "./from-validators";
import { commonErrors, noContent, notFound, ok, SECURITY_SCHEME, type OpenAPIRegistry } from "./responses";
import {
  alertBodySchema,
  alertListSchema,
  errorSchema,
  historySchema,
  lookupResultSchema,
  notificationBodySchema,
  notificationListSchema,
  unreadCountSchema,
  watchlistItemBodySchema,
  watchlistSchema,
} from "./schemas";

/**
 * The /api/v1 operations served by plain Hono routers (mounted in app.ts), documented with
 * the very zod schemas their validators use. Routes written with createRoute on an
 * OpenAPIHono document themselves when mounted; nothing here for them.
 */
const about = {
  asin: { description: "The 10-character ASIN (case and spaces ignored).", example: "B08N5WRWNW" },
  marketplace: { description: `One of ${LOOKUP_MARKETPLACES.join(", ")}; default US.`, example: "US" },
  cursor: { description: "The `next_cursor` of the previous page." },
  limit: { description: "Items per page, 1–1000; without it, the whole list.", example: "50" },
  range: { description: "7d, 30d or 90d, up to the plan's history days; default 7d.", example: "30d" },
  days: { description: "Any number of days, 1–90, up to the plan's history days; wins over `range`.", example: "14" },
  id: { description: "The alert's id." },
};
const keyOnly = [{ [SECURITY_SCHEME]: [] }];
const jsonBody = (schema: Parameters<typeof requestJsonSchema>[0], example: unknown) => ({
  required: true,
  content: { "application/json": { schema: requestJsonSchema(schema), example } },
});

export function registerV1Paths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "get",
    path: "/v1/lookup",
    operationId: "lookup",
    tags: ["Products"],
    summary: "Look up one ASIN",
    description:
      "Best Sellers Rank, price, offers and category of one product. Anonymous callers share the monthly free quota of their IP; with a key it counts against the hourly key limit.",
    security: [...keyOnly, {}],
    parameters: parametersOf("query", lookupQuerySchema, about),
    responses: {
      200: ok("The product.", lookupResultSchema),
      404: notFound("product (unknown ASIN)"),
      503: { description: "Amazon is failing and no copy under 24 h old exists.", content: { "application/json": { schema: errorSchema } } },
      ...commonErrors,
    },
  });
  registry.registerPath({
    method: "get",
    path: "/v1/history",
    operationId: "history",
    tags: ["Products"],
    summary: "Daily rank history of one ASIN",
    description:
      "One point per UTC day with a snapshot, oldest first, and the rank velocity over the range. Without a key or session: 7 days only.",
    security: [...keyOnly, {}],
    parameters: parametersOf("query", historyQuerySchema, about),
    responses: { 200: ok("The history.", historySchema), ...commonErrors },
  });
  registry.registerPath({
    method: "get",
    path: "/v1/watchlist",
    operationId: "listWatchlist",
    tags: ["Watchlist"],
    summary: "The ASINs you track, in the order added",
    security: keyOnly,
    parameters: parametersOf("query", pageQuerySchema, about),
    responses: { 200: ok("One page of the watchlist.", watchlistSchema), ...commonErrors },
  });
  registry.registerPath({
    method: "post",
    path: "/v1/watchlist",
    operationId: "addToWatchlist",
    tags: ["Watchlist"],
    summary: "Track an ASIN",
    security: keyOnly,
    requestBody: jsonBody(watchlistEntrySchema, { asin: "B08N5WRWNW", marketplace: "US" }),
    responses: {
      200: ok("It was on the list already.", watchlistItemBodySchema),
      201: ok("Added.", watchlistItemBodySchema),
      ...commonErrors,
    },
  });
  registry.registerPath({
    method: "delete",
    path: "/v1/watchlist/{marketplace}/{asin}",
    operationId: "removeFromWatchlist",
    tags: ["Watchlist"],
    summary: "Stop tracking an ASIN",
    security: keyOnly,
    parameters: parametersOf("path", watchlistEntrySchema, about),
    responses: { 204: noContent, 404: notFound("watchlist entry"), ...commonErrors },
  });
  registry.registerPath({
    method: "get",
    path: "/v1/alerts",
    operationId: "listAlerts",
    tags: ["Alerts"],
    summary: "Your alerts, oldest first",
    security: keyOnly,
    parameters: parametersOf("query", pageQuerySchema, about),
    responses: { 200: ok("One page of alerts, with the active count and the plan's cap.", alertListSchema), ...commonErrors },
  });
  registry.registerPath({
    method: "post",
    path: "/v1/alerts",
    operationId: "createAlert",
    tags: ["Alerts"],
    summary: "Create an alert",
    description: "`buybox_lost` takes no threshold; every other condition needs one. Checked every night at 02:30 UTC.",
    security: keyOnly,
    requestBody: jsonBody(newAlertSchema, { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" }),
    responses: { 201: ok("Created.", alertBodySchema), ...commonErrors },
  });
  registry.registerPath({
    method: "patch",
    path: "/v1/alerts/{id}",
    operationId: "updateAlert",
    tags: ["Alerts"],
    summary: "Change an alert's threshold or channels, or pause it",
    security: keyOnly,
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, ...about.id }],
    requestBody: jsonBody(alertPatchSchema, { paused: true }),
    responses: { 200: ok("The alert after the change.", alertBodySchema), 404: notFound("alert"), ...commonErrors },
  });
  registry.registerPath({
    method: "delete",
    path: "/v1/alerts/{id}",
    operationId: "deleteAlert",
    tags: ["Alerts"],
    summary: "Delete an alert (its past notifications stay)",
    security: keyOnly,
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, ...about.id }],
    responses: { 204: noContent, 404: notFound("alert"), ...commonErrors },
  });
  registry.registerPath({
    method: "get",
    path: "/v1/notifications",
    operationId: "listNotifications",
    tags: ["Alerts"],
    summary: "Alert notifications, newest first (at most 50)",
    security: keyOnly,
    parameters: parametersOf("query", notificationQuerySchema, {
      ...about,
      unread: { description: "`true` for unread notifications only.", example: "true" },
    }),
    responses: { 200: ok("One page of notifications and the unread count.", notificationListSchema), ...commonErrors },
  });
  registry.registerPath({
    method: "get",
    path: "/v1/notifications/unread-count",
    operationId: "unreadCount",
    tags: ["Alerts"],
    summary: "How many notifications are unread",
    security: keyOnly,
    responses: { 200: ok("The unread count.", unreadCountSchema), ...commonErrors },
  });
  registry.registerPath({
    method: "post",
    path: "/v1/notifications/{id}/read",
    operationId: "markNotificationRead",
    tags: ["Alerts"],
    summary: "Mark one notification read (the first read time is kept)",
    security: keyOnly,
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, description: "The notification's id." }],
    responses: { 200: ok("The notification.", notificationBodySchema), 404: notFound("notification"), ...commonErrors },
  });
  registry.registerPath({
    method: "post",
    path: "/v1/notifications/read-all",
    operationId: "markAllNotificationsRead",
    tags: ["Alerts"],
    summary: "Mark every notification read",
    security: keyOnly,
    responses: { 200: ok("Nothing is unread now.", unreadCountSchema), ...commonErrors },
  });
}
