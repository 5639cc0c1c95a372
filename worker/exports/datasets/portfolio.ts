import { currentAccount } from "../../auth/session-middleware";
import { portfolioQuerySchema, type PortfolioResponse } from "../../contract/dashboard";
import { PRO_PLAN } from "../../contract/plans";
import { portfolioExportRows } from "../../dashboard/portfolio";
import { loadPortfolio, portfolioRangeRefusal } from "../../dashboard/portfolio-service";
import { amountWithCode } from "../../shared/money-text";
import { dataset } from "../dataset";
import { MOCK_ROWS_NOTE } from "../export-table";

/** Every client's revenue per currency (never converted) and status: the aggregated portfolio as notes. */
export function clientNotes(clients: NonNullable<PortfolioResponse["clients"]>): string[] {
  const money = (totals: { amount: number; currency: string }[]) => (totals.length ? totals.map((t) => amountWithCode(t.amount, t.currency)).join(" + ") : "—");
  return [
    `All clients: revenue ${money(clients.revenueByCurrency)} (per currency, not converted); average rank ${clients.averageRank ?? "—"}; ` +
      `${clients.topPerformers} top performing and ${clients.needsAttention} needing attention.`,
    ...clients.rows.map((row) => `Client ${row.name} (${row.region.toUpperCase()}): ${row.products} products, average rank ${row.averageRank ?? "—"}, revenue ${money(row.revenue)}, ${row.status}.`),
  ];
}

/** The revenue total as the card shows it: its source and "as of", the products and days left out of it (never counted as zero). */
export function revenueNote(kpis: PortfolioResponse["kpis"]): string {
  const total = kpis.totalRevenue!;
  const source = `${kpis.revenueSource.label}${kpis.revenueSource.asOf ? `, as of ${kpis.revenueSource.asOf}` : ""}`;
  const missing = kpis.revenueMissingDays;
  const gap = missing > 0 ? ` ${missing === 1 ? "1 day is" : `${missing} days are`} missing: Amazon has not answered ${missing === 1 ? "it" : "them"} yet, so the total leaves ${missing === 1 ? "it" : "them"} out (not counted as zero).` : "";
  // A total that leaves products out says so (dashboard/portfolio.ts, sumRevenue).
  const leftOut = kpis.revenueNote ? ` ${kpis.revenueNote}` : "";
  return `${amountWithCode(total.amount, total.currency)} (${source}).${leftOut}${gap}`;
}

/** The portfolio's brand table as on /portfolio (same marketplace, filters, range and client), with its KPIs and clients as notes. */
export const portfolioExport = dataset({
  query: portfolioQuerySchema,
  needsAccount: true,
  refuse({ plan }, { range }) {
    const detail = portfolioRangeRefusal(plan.name, plan.historyDays, PRO_PLAN.historyDays, range);
    return detail ? { status: 403, detail } : null;
  },
  async load({ c, now }, query) {
    const { user, workspace } = currentAccount(c);
    const portfolio = await loadPortfolio(c.get("services"), user, workspace.id, query, now);
    const [columns, ...rows] = portfolioExportRows(portfolio);
    const { kpis } = portfolio;
    const where = portfolio.marketplace ?? "no marketplace";
    const clients = portfolio.clients!;
    const client = portfolio.connection ? clients.rows[0]?.name ?? portfolio.connection : null;
    return {
      fileStem: `portfolio-${where}-${portfolio.range}${portfolio.connection ? `-${portfolio.connection.slice(0, 12)}` : ""}`,
      title: `Portfolio in the ${where} marketplace, last ${portfolio.range}${client ? `, client ${client}` : ""}`,
      columns: columns!,
      rows,
      notes: [
        `Average portfolio rank: ${kpis.averageRank ?? "—"} (${kpis.rankSource.label}${kpis.rankSource.asOf ? `, as of ${kpis.rankSource.asOf}` : ""}).`,
        kpis.totalRevenue ? `Total revenue: ${revenueNote(kpis)}` : `Total revenue: — (${kpis.revenueNote ?? "no figure"}).`,
        `Top performers: ${kpis.topPerformers}; needs attention: ${kpis.needsAttention}.`,
        ...clientNotes(clients),
        ...(query.brand ? [`Brand: ${query.brand}.`] : []),
        ...(query.category ? [`Category: ${query.category}.`] : []),
        ...(portfolio.demo ? ["Demo account: mock data, not live."] : portfolio.brandRows.some((row) => row.source.kind === "mock") ? [MOCK_ROWS_NOTE] : []),
      ],
    };
  },
});
