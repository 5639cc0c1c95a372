import { Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { planOfUser } from "../billing/user-plan";
import { portfolioQuerySchema, type PortfolioResponse } from "../contract/dashboard";
import { HISTORY_RANGE_DAYS } from "../contract/history";
import { PRO_PLAN } from "../contract/plans";
import { revenueByAsin, trackedMarketplaces, trackedRows } from "../dashboard/dashboard-service";
import { buildPortfolio } from "../dashboard/portfolio";
import type { AppEnv } from "../env";
import { zodValidator } from "../validation";

/** The portfolio: brands, categories and revenue of the user's tracked ASINs in one marketplace. */
export const portfolioRoutes = new Hono<AppEnv>().get("/", requireAccount, zodValidator("query", portfolioQuerySchema), async (c) => {
  c.header("Cache-Control", "private, no-store");
  const { user } = currentAccount(c);
  const query = c.req.valid("query");
  const days = HISTORY_RANGE_DAYS[query.range];
  const plan = await planOfUser(c.env.DB, user);
  if (days > plan.historyDays) {
    return c.json({ detail: `Your ${plan.name} plan shows ${plan.historyDays} days. Upgrade to Pro for up to ${PRO_PLAN.historyDays} days.` }, 403);
  }
  const marketplaces = await trackedMarketplaces(c.env.DB, user.id);
  const marketplace = query.marketplace ?? (marketplaces.includes(user.marketplace as never) ? (user.marketplace as (typeof marketplaces)[number]) : marketplaces[0]);
  const now = Date.now();
  // Brand and category options come from the whole marketplace, so a filter can always be changed back.
  const all = marketplace ? await trackedRows(c.env, user.id, { marketplace }, days, now) : [];
  const rows = all.filter((row) => (!query.brand || row.brand === query.brand) && (!query.category || row.category === query.category));
  const revenue = marketplace ? await revenueByAsin(c.env.DB, user.id, marketplace, days, now) : new Map();
  const body: PortfolioResponse = {
    marketplace: marketplace ?? null,
    marketplaces,
    range: query.range,
    brands: [...new Set(all.map((row) => row.brand).filter((brand): brand is string => brand !== null))].sort(),
    categories: [...new Set(all.map((row) => row.category).filter((category): category is string => category !== null))].sort(),
    ...buildPortfolio(rows, revenue),
    demo: user.isDemo,
  };
  return c.json(body, 200);
});
