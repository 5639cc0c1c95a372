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
import { backfillDemoSamples, createSampleAlerts, DEMO_SAMPLE_ALERTS, DEMO_SAMPLE_ASINS, DEMO_SAMPLE_DAYS, sampleMarketplace } from "../dashboard/demo-samples";
import { checkAlertsNow } from "../jobs/alert-check/alert-check";
import { marketplaceCodeSchema } from "../contract/lookup";
import { isAccountMarketplace } from "../contract/account";
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

const samplesSchema = z
  .object({
    items: z.array(watchlistItemSchema),
    mock_history: z.object({
      asins: z.array(z.string()).openapi({ description: "The sample ASINs this call gave mock history: those without it yet (never one a real account tracks)." }),
      days: z.number().int(),
    }),
    alerts_added: z.number().int().openapi({ description: `Sample alerts this call created (at most ${DEMO_SAMPLE_ALERTS.length}, as the plan's alert limit allows), already checked on the sample history.` }),
  })
  .openapi("DemoSamples");

const addSamples = createRoute({
  method: "post",
  path: "/samples",
  operationId: "addDemoSamples",
  tags: ["Watchlist"],
  summary: "Demo accounts: track the sample products, with 90 days of mock history",
  description: `Puts ${DEMO_SAMPLE_ASINS.length} sample ASINs (${DEMO_SAMPLE_ASINS[0]} …) on the watchlist with ${DEMO_SAMPLE_DAYS} days of mock rank, price, Buy Box, stock and sales history, labelled mock, and ${DEMO_SAMPLE_ALERTS.length} sample alerts checked on it at once, so the dashboards and notifications show full data from the start. Demo accounts only; called again, it adds only what is missing and writes only history not there yet.`,
  security: KEY_ONLY,
  middleware: [requireAccount] as const,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            marketplace: marketplaceCodeSchema.optional().openapi({ description: "Where the samples go; default: your account's marketplace if your plan covers it, else the plan's first (US)." }),
          }),
          example: { marketplace: "US" },
        },
      },
    },
  },
  responses: {
    200: ok("They were all on the list already (history an interrupted call left out is filled in).", samplesSchema),
    201: ok("Added (samples or sample alerts).", samplesSchema),
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

/** GET/POST /api/watchlist, POST /api/watchlist/samples (demo accounts) and DELETE /api/watchlist/<marketplace>/<asin> (and the same under /api/v1). */
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
  .openapi(addSamples, async (c) => {
    const { user, workspace } = currentAccount(c);
    if (!user.isDemo) {
      throw new ApiError(403, "forbidden", "Sample products are for demo accounts only: their history is mock data, and your account shows Amazon's.");
    }
    const plan = await callerPlan(c);
    const marketplace = c.req.valid("json").marketplace ?? sampleMarketplace(user.marketplace, plan);
    if (!planCoversMarketplace(plan, marketplace)) {
      throw new ApiError(403, "plan_limit", `Your ${plan.name} plan covers the ${plan.marketplaces.join(", ")} marketplace only, not ${marketplace}.${upgradeHint(plan)}`);
    }
    const watched = await listWatchlist(c.env.DB, workspace.id);
    const samples = new Set<string>(DEMO_SAMPLE_ASINS);
    const items = watched.filter((item) => item.marketplace === marketplace && samples.has(item.asin));
    const missing = DEMO_SAMPLE_ASINS.filter((asin) => !items.some((item) => item.asin === asin));
    const room = plan.watchlistLimit === null ? Infinity : plan.watchlistLimit - watched.length;
    if (missing.length > room) {
      throw new ApiError(403, "plan_limit", `The sample products need ${missing.length} free places on your watchlist and it has ${Math.max(0, room)}. Remove some ASINs first.${upgradeHint(plan)}`);
    }
    for (const asin of missing) {
      const addition = await addToWatchlist(c.env.DB, workspace.id, asin, marketplace, plan.watchlistLimit);
      if (addition.status === "limit") throw new ApiError(403, "plan_limit", trackedLimitDetail(plan, upgradeHint(plan)));
      items.push(addition.item);
    }
    // The personal workspace's mock seller has the workspace's id (migration 0120); a team workspace's demo has none of its own.
    const seller = workspace.id === user.id ? { workspaceId: workspace.id, connectionId: workspace.id, sellingPartnerId: user.sellingPartnerId } : null;
    // Only samples whose history is not all there: none after a complete call, the rest of one interrupted.
    const now = Date.now();
    const asins = await backfillDemoSamples(c.get("services"), seller, DEMO_SAMPLE_ASINS, marketplace, now);
    // The sample alerts are checked at once on that history, as tonight's check would, so their notifications are there too.
    const alertIds = await createSampleAlerts(c.env.DB, workspace.id, marketplace, seller !== null && isAccountMarketplace(marketplace), { activeLimit: plan.activeAlertLimit, trackedLimit: plan.watchlistLimit });
    // Checked now, after the alerts exist: a firing never predates its alert.
    if (alertIds.length > 0) await checkAlertsNow(c.get("services"), Date.now(), workspace.id, alertIds);
    return c.json({ items, mock_history: { asins, days: DEMO_SAMPLE_DAYS }, alerts_added: alertIds.length }, missing.length > 0 || alertIds.length > 0 ? 201 : 200);
  })
  .openapi(remove, async (c) => {
    const { asin, marketplace } = c.req.valid("param");
    if (!(await removeFromWatchlist(c.env.DB, currentAccount(c).workspace.id, asin, marketplace))) {
      throw new ApiError(404, "not_found", `${asin} (${marketplace}) is not on your watchlist`);
    }
    return c.body(null, 204);
  });
