import { createRoute } from "@hono/zod-openapi";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { callerPlan } from "./caller-plan";
import { planHasExtraRefreshes } from "../billing/entitlements";
import { dashboardQuerySchema, asinsOverRangeQuerySchema, type BuyBoxShareResponse, type DashboardResponse, type IntradayResponse, type RefreshResponse } from "../contract/dashboard";
import { HISTORY_RANGE_DAYS, type HistoryRange } from "../contract/history";
import type { Plan } from "../contract/plans";
import { buyBoxDayRowsOf, hourPointsByAsin } from "../history/history-store";
import { buyBoxShare } from "../dashboard/buy-box-days";
import { dayWindow } from "../dashboard/dashboard-service";
import { summaryView, withSparklines } from "../dashboard/summary-rows";
import { dashboardBody, isPaged } from "../dashboard/dashboard-page";
import { trackedOfConnection } from "../dashboard/connection-scope";
import { captureNow, MANUAL_REFRESH_INTERVAL_MS } from "../dashboard/refresh";
import { claimManualRefresh, releaseManualRefresh } from "../dashboard/refresh-store";
import { listTrackedAsins } from "../history/watchlist-store";
import { sliceLimits } from "../jobs/nightly-run/slice";
import { failure, json, retryAfter, sessionErrors } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { refreshSourceFor } from "../dashboard/refresh-source";
import { BILLING_PATH } from "../contract/billing";
import { buyBoxShareSchema, dashboardSchema, intradaySchema, refreshSchema } from "./dashboard-schemas";

const common = { tags: ["Dashboard"], middleware: [requireAccount] };

const routes = {
  dashboard: createRoute({
    ...common, method: "get", path: "/", operationId: "dashboard", summary: "KPI cards and the tracked-ASIN table (7 days), all rows or one sorted page",
    request: { query: dashboardQuerySchema },
    responses: { 200: json("The dashboard.", dashboardSchema), ...sessionErrors, 404: failure("No such seller connection in this workspace (`connection`).") },
  }),
  intraday: createRoute({
    ...common, method: "get", path: "/intraday", operationId: "intraday", summary: "The extra refreshes' hourly points (Pro)",
    request: { query: asinsOverRangeQuerySchema },
    responses: { 200: json("One series per tracked ASIN asked for.", intradaySchema), ...sessionErrors },
  }),
  buyBox: createRoute({
    ...common, method: "get", path: "/buy-box", operationId: "buyBoxShare", summary: "Buy Box share over time of up to 10 ASINs, from the workspace's own seller data",
    request: { query: asinsOverRangeQuerySchema },
    responses: { 200: json("One item per ASIN asked for, in that order (no days for one the workspace's sellers have no data on).", buyBoxShareSchema), ...sessionErrors },
  }),
  refresh: createRoute({
    ...common, method: "post", path: "/refresh", operationId: "refreshNow", summary: "Refresh now (once every 10 minutes)",
    responses: { 200: json("How many ASINs were refreshed, and when the next refresh is allowed.", refreshSchema), 401: sessionErrors[401], 403: sessionErrors[403], 429: failure("Refreshed less than 10 minutes ago.", retryAfter), 503: failure("Amazon answered none of the refresh's calls; the refresh is not used up.", retryAfter) },
  }),
};

/** A 403 for a range longer than the plan shows. */
function refusePastPlanDays(plan: Plan, range: HistoryRange): void {
  if (HISTORY_RANGE_DAYS[range] > plan.historyDays) throw new ApiError(403, "plan_limit", `Your ${plan.name} plan shows ${plan.historyDays} days.`);
}

/** The seller dashboard: KPI cards and the tracked-ASIN table (7 days), and "Refresh now". */
export const dashboardRoutes = createRouter()
  .openapi(routes.dashboard, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user, workspace } = currentAccount(c);
    const { marketplace, brand, connection, ...paging } = c.req.valid("query");
    const now = Date.now();
    // A connection filter: that client's ASINs, with its own stock and Buy Box.
    const [tracked, plan] = await Promise.all([
      listTrackedAsins(c.env.DB, workspace.id).then((keys) => trackedOfConnection(c.env.DB, workspace.id, keys, connection, 7, now)),
      callerPlan(c),
    ]);
    // A page's rows get their sparklines afterwards: the KPIs and the sort read every row, not their sparklines.
    const paged = isPaged(paging);
    const { rows, marketplaces } = await summaryView(c.get("services"), workspace.id, { marketplace, brand, connection }, 7, now, tracked, { sparklines: !paged });
    const body: DashboardResponse = dashboardBody(rows, paging, { marketplaces, brand: brand ?? null, demo: user.isDemo, intraday: planHasExtraRefreshes(plan) });
    if (paged) body.rows = await withSparklines(c.get("services"), workspace.id, body.rows, 7, now, connection);
    return c.json(body, 200);
  })
  .openapi(routes.intraday, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { workspace } = currentAccount(c);
    const plan = await callerPlan(c);
    const { marketplace, asins, range } = c.req.valid("query");
    if (!planHasExtraRefreshes(plan)) throw new ApiError(403, "plan_limit", "Intraday points come with Pro's 6-hourly and hourly refresh.");
    refusePastPlanDays(plan, range);
    // Only the user's own tracked ASINs: the list is not a way to read anyone else's.
    const tracked = new Set((await listTrackedAsins(c.env.DB, workspace.id)).filter((key) => key.marketplace === marketplace).map((key) => key.asin));
    const wanted = [...new Set(asins.toUpperCase().split(","))].filter((asin) => tracked.has(asin));
    const series = await hourPointsByAsin(c.get("services").history, marketplace, wanted, dayWindow(HISTORY_RANGE_DAYS[range], Date.now()).fromDay);
    const body: IntradayResponse = { series: wanted.map((asin) => ({ asin, marketplace, points: series.get(asin) ?? [] })) };
    return c.json(body, 200);
  })
  .openapi(routes.buyBox, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { workspace } = currentAccount(c);
    const plan = await callerPlan(c);
    const { marketplace, asins, range } = c.req.valid("query");
    refusePastPlanDays(plan, range);
    const wanted = [...new Set(asins.toUpperCase().split(","))];
    const { fromDay, toDay } = dayWindow(HISTORY_RANGE_DAYS[range], Date.now());
    // The workspace's own snapshots only: another customer's Buy Box answers never reach it.
    const rows = await buyBoxDayRowsOf(c.env.DB, workspace.id, marketplace, wanted, fromDay, toDay);
    const body: BuyBoxShareResponse = { marketplace, fromDay, toDay, items: buyBoxShare(wanted, rows) };
    return c.json(body, 200);
  })
  .openapi(routes.refresh, async (c) => {
    const { user, workspace } = currentAccount(c);
    // Intraday capture is Pro's (like the hourly refresh): the plan is checked before any upstream call.
    const plan = await callerPlan(c);
    if (!planHasExtraRefreshes(plan)) throw new ApiError(403, "plan_limit", `Refresh now comes with Pro. Upgrade at ${BILLING_PATH}; the nightly run refreshes Free accounts.`);
    const now = Date.now();
    const nextAllowedAt = await claimManualRefresh(c.env.DB, workspace.id, now, MANUAL_REFRESH_INTERVAL_MS);
    if (nextAllowedAt) {
      throw new ApiError(429, "rate_limited", `Refresh now works once every 10 minutes. Next at ${nextAllowedAt.slice(11, 16)} UTC.`, {
        "Retry-After": String(Math.max(1, Math.ceil((Date.parse(nextAllowedAt) - now) / 1000))),
      });
    }
    const keys = await listTrackedAsins(c.env.DB, workspace.id);
    // The same per-invocation call budget as a slice of the nightly run.
    const { captured, calls, failedCalls, retryAfterSeconds } = await captureNow(c.get("services"), refreshSourceFor(c.get("services").sources, user), keys, now, sliceLimits(c.get("services").config).maxCalls);
    if (calls > 0 && failedCalls === calls) {
      // Nothing was refreshed: the user may try again as soon as Amazon is back, not in 10 minutes.
      await releaseManualRefresh(c.env.DB, workspace.id, now);
      throw new ApiError(503, "upstream_unavailable", "Amazon did not answer the refresh, so nothing changed and it is not used up. Please try again shortly.", {
        "Retry-After": String(retryAfterSeconds ?? 30),
      });
    }
    const body: RefreshResponse = { refreshed: captured, nextAllowedAt: new Date(now + MANUAL_REFRESH_INTERVAL_MS).toISOString() };
    return c.json(body, 200);
  });
