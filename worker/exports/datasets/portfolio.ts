import { currentAccount } from "../../auth/session-middleware";
import { portfolioQuerySchema } from "../../contract/dashboard";
import { PRO_PLAN } from "../../contract/plans";
import { portfolioExportRows } from "../../dashboard/portfolio";
import { loadPortfolio, portfolioRangeRefusal } from "../../dashboard/portfolio-service";
import { dataset } from "../dataset";

/** The portfolio's brand table as on /portfolio (same marketplace, filters and range), with its KPIs as notes. */
export const portfolioExport = dataset({
  query: portfolioQuerySchema,
  needsAccount: true,
  refuse({ plan }, { range }) {
    const detail = portfolioRangeRefusal(plan.name, plan.historyDays, PRO_PLAN.historyDays, range);
    return detail ? { status: 403, detail } : null;
  },
  async load({ c, now }, query) {
    const { user, workspace } = currentAccount(c);
    const portfolio = await loadPortfolio(c.var.services, user, workspace.id, query, now);
    const [columns, ...rows] = portfolioExportRows(portfolio);
    const { kpis } = portfolio;
    const where = portfolio.marketplace ?? "no marketplace";
    return {
      fileStem: `portfolio-${where}-${portfolio.range}`,
      title: `Portfolio in the ${where} marketplace, last ${portfolio.range}`,
      columns: columns!,
      rows,
      notes: [
        `Average portfolio rank: ${kpis.averageRank ?? "—"} (${kpis.rankSource.label}${kpis.rankSource.asOf ? `, as of ${kpis.rankSource.asOf}` : ""}).`,
        kpis.totalRevenue
          ? `Total revenue: ${kpis.totalRevenue.amount.toFixed(2)} ${kpis.totalRevenue.currency} (${kpis.revenueSource.label}).`
          : `Total revenue: — (${kpis.revenueNote ?? "no figure"}).`,
        `Top performers: ${kpis.topPerformers}; needs attention: ${kpis.needsAttention}.`,
        ...(query.brand ? [`Brand: ${query.brand}.`] : []),
        ...(query.category ? [`Category: ${query.category}.`] : []),
        ...(portfolio.demo ? ["Demo account: mock data, not live."] : []),
      ],
    };
  },
});
