import { Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { dashboardQuerySchema, intradayQuerySchema, type DashboardResponse, type IntradayResponse, type RefreshResponse } from "../contract/dashboard";
import { HISTORY_RANGE_DAYS } from "../contract/history";
import { planOfUser } from "../billing/user-plan";
import { hourPointsByAsin } from "../history/history-store";
import { dayWindow, trackedMarketplaces, trackedRows } from "../dashboard/dashboard-service";
import { dashboardKpis } from "../dashboard/kpis";
import { captureNow, MANUAL_REFRESH_INTERVAL_MS } from "../dashboard/refresh";
import { claimManualRefresh } from "../dashboard/refresh-store";
import type { AppEnv } from "../env";
import { listTrackedAsins } from "../history/watchlist-store";
import { sliceLimits } from "../jobs/nightly-run/slice";
import { zodValidator } from "../validation";

/** The seller dashboard: KPI cards and the tracked-ASIN table (7 days), and "Refresh now". */
export const dashboardRoutes = new Hono<AppEnv>()
  .get("/", requireAccount, zodValidator("query", dashboardQuerySchema), async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user } = currentAccount(c);
    const { marketplace, brand } = c.req.valid("query");
    const rows = await trackedRows(c.var.services, user.id, { marketplace, brand }, 7, Date.now());
    const body: DashboardResponse = {
      marketplaces: await trackedMarketplaces(c.env.DB, user.id),
      brand: brand ?? null,
      kpis: dashboardKpis(rows),
      rows,
      demo: user.isDemo,
    };
    return c.json(body, 200);
  })
  .get("/intraday", requireAccount, zodValidator("query", intradayQuerySchema), async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user } = currentAccount(c);
    const plan = await planOfUser(c.env.DB, user);
    const { marketplace, asins, range } = c.req.valid("query");
    if (plan.id === "free") return c.json({ detail: "Intraday points come with Pro's 6-hourly and hourly refresh." }, 403);
    if (HISTORY_RANGE_DAYS[range] > plan.historyDays) return c.json({ detail: `Your ${plan.name} plan shows ${plan.historyDays} days.` }, 403);
    // Only the user's own tracked ASINs: the list is not a way to read anyone else's.
    const tracked = new Set((await listTrackedAsins(c.env.DB, user.id)).filter((key) => key.marketplace === marketplace).map((key) => key.asin));
    const wanted = [...new Set(asins.toUpperCase().split(","))].filter((asin) => tracked.has(asin));
    const series = await hourPointsByAsin(c.var.services.history, marketplace, wanted, dayWindow(HISTORY_RANGE_DAYS[range], Date.now()).fromDay);
    const body: IntradayResponse = { series: wanted.map((asin) => ({ asin, marketplace, points: series.get(asin) ?? [] })) };
    return c.json(body, 200);
  })
  .post("/refresh", requireAccount, async (c) => {
    const { user } = currentAccount(c);
    const now = Date.now();
    const nextAllowedAt = await claimManualRefresh(c.env.DB, user.id, now, MANUAL_REFRESH_INTERVAL_MS);
    if (nextAllowedAt) {
      c.header("Retry-After", String(Math.max(1, Math.ceil((Date.parse(nextAllowedAt) - now) / 1000))));
      return c.json({ detail: `Refresh now works once every 10 minutes. Next at ${nextAllowedAt.slice(11, 16)} UTC.` }, 429);
    }
    const keys = await listTrackedAsins(c.env.DB, user.id);
    // The same per-invocation call budget as a slice of the nightly run.
    const { captured } = await captureNow(c.var.services, (marketplace) => c.var.services.sources.product(marketplace), keys, now, sliceLimits(c.var.services.config).maxCalls);
    const body: RefreshResponse = { refreshed: captured, nextAllowedAt: new Date(now + MANUAL_REFRESH_INTERVAL_MS).toISOString() };
    return c.json(body, 200);
  });
