import { Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { dashboardQuerySchema, type DashboardResponse, type RefreshResponse } from "../contract/dashboard";
import { trackedMarketplaces, trackedRows } from "../dashboard/dashboard-service";
import { dashboardKpis } from "../dashboard/kpis";
import { captureNow, MANUAL_REFRESH_INTERVAL_MS } from "../dashboard/refresh";
import { claimManualRefresh } from "../dashboard/refresh-store";
import type { AppEnv } from "../env";
import { listTrackedAsins } from "../history/watchlist-store";
import { sliceLimits } from "../jobs/snapshot/slice";
import { productSourceFor } from "../upstreams/creators/select";
import { zodValidator } from "../validation";

/** The seller dashboard: KPI cards and the tracked-ASIN table (7 days), and "Refresh now". */
export const dashboardRoutes = new Hono<AppEnv>()
  .get("/", requireAccount, zodValidator("query", dashboardQuerySchema), async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user } = currentAccount(c);
    const { marketplace, brand } = c.req.valid("query");
    const rows = await trackedRows(c.env.DB, user.id, { marketplace, brand }, 7, Date.now());
    const body: DashboardResponse = {
      marketplaces: await trackedMarketplaces(c.env.DB, user.id),
      brand: brand ?? null,
      kpis: dashboardKpis(rows),
      rows,
      demo: user.isDemo,
    };
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
    const { captured } = await captureNow(c.env.DB, productSourceFor(c.env), keys, now, sliceLimits(c.env).maxCalls);
    const body: RefreshResponse = { refreshed: captured, nextAllowedAt: new Date(now + MANUAL_REFRESH_INTERVAL_MS).toISOString() };
    return c.json(body, 200);
  });
