import { hasRoomToTrack, trackedLimitDetail, watchlistSize } from "../billing/tracked-limit-store";
import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { planCoversMarketplace } from "../billing/entitlements";
import { callerPlan } from "./caller-plan";
import { upgradeHint } from "../contract/billing";
import { watchlistEntryPathSchema, watchlistEntrySchema, type WatchlistResponse } from "../contract/history";
import { LOOKUP_MARKETPLACES } from "../contract/marketplaces";
import { pageQuerySchema, type Page } from "../contract/pagination";
import { addToWatchlist, listWatchlist, removeFromWatchlist, WATCHLIST_ORDER } from "../history/watchlist-store";
import { commonErrors, KEY_ONLY, noContent, notFound, ok } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { paginate } from "../shared/paginate";
import { ApiError } from "../shared/api-error";
import { cursorRefusal } from "../validation";

export const pausedReasonSchema = z
  .enum(["plan_limit"])
  .nullable()
  .openapi({ description: "plan_limit: a downgrade paused it (upgrading resumes it); null otherwise." });

const watchlistItemSchema = z
  .object({
    asin: z.string().openapi({ example: "B08N5WRWNW" }),
    marketplace: z.enum(LOOKUP_MARKETPLACES),
    addedAt: z.string().openapi({ format: "date-time" }),
    paused: z.boolean(),
    paused_reason: pausedReasonSchema,
  })
  .openapi("WatchlistItem");
const watchlistSchema: z.ZodType<WatchlistResponse & Page> = z
  .object({
    items: z.array(watchlistItemSchema),
    next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` to get the next page; null on the last page." }),
  })
  .openapi("Watchlist");
const itemBodySchema = z.object({ item: watchlistItemSchema });

const list = createRoute({
  method: "get",
  path: "/",
  operationId: "listWatchlist",
  tags: ["Watchlist"],
  summary: "The ASINs you track, in the order added",
  security: KEY_ONLY,
  middleware: [requireAccount] as const,
  request: { query: pageQuerySchema },
  responses: { 200: ok("One page of the watchlist.", watchlistSchema), ...commonErrors },
});

const add = createRoute({
  method: "post",
  path: "/",
  operationId: "addToWatchlist",
  tags: ["Watchlist"],
  summary: "Track an ASIN",
  security: KEY_ONLY,
  middleware: [requireAccount] as const,
  request: {
    body: { required: true, content: { "application/json": { schema: watchlistEntrySchema, example: { asin: "B08N5WRWNW", marketplace: "US" } } } },
  },
  responses: {
    200: ok("It was on the list already.", itemBodySchema),
    201: ok("Added.", itemBodySchema),
    ...commonErrors,
  },
});

const remove = createRoute({
  method: "delete",
  path: "/{marketplace}/{asin}",
  operationId: "removeFromWatchlist",
  tags: ["Watchlist"],
  summary: "Stop tracking an ASIN",
  security: KEY_ONLY,
  middleware: [requireAccount] as const,
  request: { params: watchlistEntryPathSchema },
  responses: { 204: noContent, 404: notFound("watchlist entry"), ...commonErrors },
});

/** GET/POST /api/watchlist and DELETE /api/watchlist/<marketplace>/<asin> (and the same under /api/v1). */
export const watchlistRoutes = createRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const items = await listWatchlist(c.env.DB, currentAccount(c).workspace.id);
    const page = paginate(items, WATCHLIST_ORDER, c.req.valid("query"));
    if (!page.ok) throw cursorRefusal(page.detail);
    const body: WatchlistResponse & Page = { items: page.items, next_cursor: page.next_cursor };
    return c.json(body, 200);
  })
  .openapi(add, async (c) => {
    const { workspace } = currentAccount(c);
    const { asin, marketplace } = c.req.valid("json");
    const plan = await callerPlan(c);
    if (!planCoversMarketplace(plan, marketplace)) {
      throw new ApiError(403, "plan_limit", `Your ${plan.name} plan covers the ${plan.marketplaces.join(", ")} marketplace only, not ${marketplace}.${upgradeHint(plan)}`);
    }
    // Alerts (paused too) fill the same tracked-ASIN allowance; a full watchlist keeps its own message below.
    const full = plan.watchlistLimit !== null && (await watchlistSize(c.env.DB, workspace.id)) >= plan.watchlistLimit;
    if (!full && !(await hasRoomToTrack(c.env.DB, workspace.id, { asin, marketplace }, plan.watchlistLimit))) {
      throw new ApiError(403, "plan_limit", trackedLimitDetail(plan, upgradeHint(plan)));
    }
    const addition = await addToWatchlist(c.env.DB, workspace.id, asin, marketplace, plan.watchlistLimit);
    if (addition.status === "limit") {
      // Refused by the insert's own count: the watchlist filled up, or (adds at once) the ASINs tracked with alerts.
      if (plan.watchlistLimit !== null && (await watchlistSize(c.env.DB, workspace.id)) < plan.watchlistLimit) {
        throw new ApiError(403, "plan_limit", trackedLimitDetail(plan, upgradeHint(plan)));
      }
      throw new ApiError(403, "plan_limit", `Your ${plan.name} plan can watch up to ${plan.watchlistLimit} ASINs. Remove one first.${upgradeHint(plan)}`);
    }
    return addition.status === "added" ? c.json({ item: addition.item }, 201) : c.json({ item: addition.item }, 200);
  })
  .openapi(remove, async (c) => {
    const { asin, marketplace } = c.req.valid("param");
    if (!(await removeFromWatchlist(c.env.DB, currentAccount(c).workspace.id, asin, marketplace))) {
      throw new ApiError(404, "not_found", `${asin} (${marketplace}) is not on your watchlist`);
    }
    return c.body(null, 204);
  });
