import type { Services } from "../services";
import type { UserRecord } from "../accounts/user-store";
import type { PortfolioQuery, PortfolioResponse } from "../contract/dashboard";
import { HISTORY_RANGE_DAYS } from "../contract/history";
import { ACCOUNT_MARKETPLACES, isAccountMarketplace } from "../contract/account";
import { revenueDays, revenueRunDay } from "../upstreams/spapi/sales-days";
import { dayWindow } from "./dashboard-service";
import { listConnections, type ConnectionRecord } from "../connections/connection-store";
import { trackedOfConnection } from "./connection-scope";
import { aggregateClients } from "./client-portfolio";
import { figureSource, newest } from "./kpis";
import { connectionAssetsAndRevenue, type RevenueTotals } from "./client-portfolio-store";
import { portfolioPass, type PassScope } from "./portfolio-pass-store";
import { listTrackedAsins } from "../history/watchlist-store";
import { summaryView } from "./summary-rows";
import { asinRevenueFromTotals, buildPortfolio, noRevenueRows, revenueKey, revenueSourceOfTotals, type AsinRevenue } from "./portfolio";
import { connectionMarketplaces, notSellingDetail } from "../seller/participations";
import type { Marketplace } from "../contract/marketplaces";
import { matchesFilter } from "./row-filter";

/**
 * The portfolio of a workspace's tracked ASINs: the brands and categories of one marketplace
 * (filtered by brand and category), and the clients overview across every marketplace and seller
 * connection, or of the one connection drilled into (`connection`): one loader for the screen
 * (GET /api/portfolio) and its CSV/PDF export. The caller checks the range against the plan first.
 * `user` says the marketplace to start on and whether it is the demo; the data is the workspace's.
 */
export async function loadPortfolio(services: Services, user: UserRecord, workspaceId: string, query: PortfolioQuery, now: number): Promise<PortfolioResponse> {
  const db = services.env.DB;
  const days = HISTORY_RANGE_DAYS[query.range];
  const connection = query.connection ?? null;
  const [workspaceConnections, tracked] = await Promise.all([listConnections(db, workspaceId), listTrackedAsins(db, workspaceId)]);
  const connections = workspaceConnections.filter((row) => !connection || row.id === connection);
  // A drill-down shows the client's own ASINs: the tracked ones its seller has data on (404 for another workspace's).
  const scoped = await trackedOfConnection(db, workspaceId, tracked, connection ?? undefined, days, now, workspaceConnections);
  const marketplaces = [...new Set(scoped.map((key) => key.marketplace))].sort();
  const marketplace = query.marketplace ?? (marketplaces.includes(user.marketplace as never) ? (user.marketplace as (typeof marketplaces)[number]) : marketplaces[0]);
  // The two reads are independent: issued together, so D1's round trips overlap. The revenue rows
  // are read once for the clients' sums and the ASINs' (an agency's 300,000 rows, ~0.15 s).
  const [{ assets, revenue: clientRevenue, asinTotals }, view] = await Promise.all([
    connectionAssetsAndRevenue(db, passScope(workspaceId, days, now, connection, marketplace), new Set(scoped.map(revenueKey))),
    // Every marketplace's rows from the summaries in one read (the clients overview spans them all); no screen of it draws sparklines.
    summaryView(services, workspaceId, { connection: connection ?? undefined }, days, now, scoped, { sparklines: false }),
  ]);
  const revenue = marketplace ? revenueByAsin(asinTotals, marketplace, days, now) : new Map<string, AsinRevenue>();
  const everywhere = view.rows;
  // Brand and category options come from the whole marketplace, so a filter can always be changed back.
  const all = marketplace ? everywhere.filter((row) => row.marketplace === marketplace) : [];
  const rows = all.filter((row) => matchesFilter(row, query));
  const clients = aggregateClients({
    connections,
    assets: assets.map((asset) => ({ connectionId: asset.connectionId, key: revenueKey(asset) })),
    figures: new Map(everywhere.map((row) => [revenueKey(row), { rank: row.rank, rankChangePercent: row.velocity.rankChangePercent }])),
    revenue: clientRevenue,
    // Every marketplace's, as the block spans them all.
    sources: {
      revenue: newest(asinTotals.map(revenueSourceOfTotals)),
      rank: figureSource(everywhere.map((row) => row.rankSource)),
    },
  });
  return {
    connection,
    clients,
    marketplace: marketplace ?? null,
    marketplaces,
    range: query.range,
    brands: [...new Set(all.map((row) => row.brand).filter((brand): brand is string => brand !== null))].sort(),
    categories: [...new Set(all.map((row) => row.category).filter((category): category is string => category !== null))].sort(),
    ...buildPortfolio(rows, revenue, marketplace ? revenueWithoutRows(connections, user.isDemo, marketplace) : noRevenueRows()),
    demo: user.isDemo,
  };
}

/**
 * Computes and keeps the roll-up a view of every client for `range` reads today (portfolio-pass-store.ts):
 * the nightly run's last step, so an agency's first view after it does not pay for the pass.
 */
export async function warmPortfolioRollup(db: D1Database, workspaceId: string, nowMs: number, range: PortfolioQuery["range"] = "30d"): Promise<void> {
  await portfolioPass(db, passScope(workspaceId, HISTORY_RANGE_DAYS[range], nowMs, null));
}

/**
 * The windows of the pass over the seller rows for `days` at `now` (the UTC window, each
 * marketplace's revenue window): one place for the view and the nightly run's warm-up, so both
 * name the same roll-up.
 */
function passScope(workspaceId: string, days: number, now: number, connectionId: string | null, shown?: Marketplace): PassScope {
  return { workspaceId, ...dayWindow(days, now), connectionId, revenueWindows: revenueWindowsOf(days, now, shown) };
}

/**
 * Each marketplace's revenue window: its own `days` complete days before the last nightly run
 * (sales-days.ts), for every marketplace a seller account sells in and the one shown.
 */
function revenueWindowsOf(days: number, now: number, shown?: Marketplace): Record<string, { fromDay: string; toDay: string }> {
  const marketplaces = new Set<Marketplace>([...ACCOUNT_MARKETPLACES, ...(shown ? [shown] : [])]);
  return Object.fromEntries(
    [...marketplaces].map((marketplace) => {
      const window = revenueDays(revenueRunDay(now), marketplace, days);
      return [marketplace, { fromDay: window[0]!, toDay: window.at(-1)! }];
    }),
  );
}

/** The revenue per ASIN of the marketplace shown, from the totals read over its window (revenueWindowsOf). */
function revenueByAsin(totals: readonly RevenueTotals[], marketplace: Marketplace, days: number, now: number): Map<string, AsinRevenue> {
  const rangeDays = revenueDays(revenueRunDay(now), marketplace, days);
  return new Map(totals.filter((row) => row.marketplace === marketplace).map((row) => [revenueKey(row), asinRevenueFromTotals(row, rangeDays)]));
}

const NO_CONNECTION_NOTE = "No seller account is connected: sales figures come from a connected account (Settings → Connection Status).";

/**
 * What an ASIN of `marketplace` without revenue rows shows: "not fetched yet" where a seller account
 * in scope sells, else that none does (revenue is read only there, so the nightly run never will).
 */
function revenueWithoutRows(connections: readonly ConnectionRecord[], isDemo: boolean, marketplace: Marketplace): AsinRevenue {
  // The demo's mock seller sells in every seller marketplace, and in no other (JP has no seller data here).
  if (isDemo) return isAccountMarketplace(marketplace) ? noRevenueRows() : noRevenueRows(notSellingDetail(marketplace, ACCOUNT_MARKETPLACES, "sales figures"));
  const live = connections.filter((row) => row.status !== "disconnected");
  if (live.length === 0) return noRevenueRows(NO_CONNECTION_NOTE);
  const selling = new Set<string>(live.flatMap(connectionMarketplaces));
  if (selling.has(marketplace)) return noRevenueRows();
  return noRevenueRows(notSellingDetail(marketplace, ACCOUNT_MARKETPLACES.filter((code) => selling.has(code)), "sales figures"));
}

/** Why a plan may not read `range` of the portfolio, or null when it may. */
export function portfolioRangeRefusal(planName: string, planDays: number, proDays: number, range: PortfolioQuery["range"]): string | null {
  return HISTORY_RANGE_DAYS[range] > planDays ? `Your ${planName} plan shows ${planDays} days. Upgrade to Pro for up to ${proDays} days.` : null;
}
