import type { Services } from "../services";
import type { UserRecord } from "../accounts/user-store";
import type { PortfolioQuery, PortfolioResponse } from "../contract/dashboard";
import { HISTORY_RANGE_DAYS } from "../contract/history";
import { revenueByAsin } from "./dashboard-service";
import { listTrackedAsins } from "../history/watchlist-store";
import { summaryView } from "./summary-rows";
import { buildPortfolio } from "./portfolio";

/**
 * The portfolio of a user's tracked ASINs in one marketplace, filtered by brand and category:
 * one loader for the screen (GET /api/portfolio) and its CSV/PDF export. The caller checks the
 * range against the plan first.
 */
/** `user` says the marketplace to start on and whether it is the demo; the data is the workspace's. */
export async function loadPortfolio(services: Services, user: UserRecord, workspaceId: string, query: PortfolioQuery, now: number): Promise<PortfolioResponse> {
  const days = HISTORY_RANGE_DAYS[query.range];
  const tracked = await listTrackedAsins(services.env.DB, workspaceId);
  const marketplaces = [...new Set(tracked.map((key) => key.marketplace))].sort();
  const marketplace = query.marketplace ?? (marketplaces.includes(user.marketplace as never) ? (user.marketplace as (typeof marketplaces)[number]) : marketplaces[0]);
  // Brand and category options come from the whole marketplace, so a filter can always be changed back.
  const all = marketplace ? (await summaryView(services, workspaceId, { marketplace }, days, now, tracked)).rows : [];
  const rows = all.filter((row) => (!query.brand || row.brand === query.brand) && (!query.category || row.category === query.category));
  const revenue = marketplace ? await revenueByAsin(services.env.DB, workspaceId, marketplace, days, now) : new Map();
  return {
    marketplace: marketplace ?? null,
    marketplaces,
    range: query.range,
    brands: [...new Set(all.map((row) => row.brand).filter((brand): brand is string => brand !== null))].sort(),
    categories: [...new Set(all.map((row) => row.category).filter((category): category is string => category !== null))].sort(),
    ...buildPortfolio(rows, revenue),
    demo: user.isDemo,
  };
}

/** Why a plan may not read `range` of the portfolio, or null when it may. */
export function portfolioRangeRefusal(planName: string, planDays: number, proDays: number, range: PortfolioQuery["range"]): string | null {
  return HISTORY_RANGE_DAYS[range] > planDays ? `Your ${planName} plan shows ${planDays} days. Upgrade to Pro for up to ${proDays} days.` : null;
}
