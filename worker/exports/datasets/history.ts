import { ANONYMOUS_HISTORY_RANGE, HISTORY_RANGE_DAYS, historyQuerySchema } from "../../contract/history";
import { PRO_PLAN } from "../../contract/plans";
import { rankHistory } from "../../history/history-store";
import { dataset } from "../dataset";
import { MOCK_ROWS_NOTE, SOURCE_LABEL } from "../export-table";
import { amountCell } from "../../shared/money-text";
import { priceBasis } from "../price-basis";
import { DAY_MS, utcDay } from "../../contract/time";


/** The days a history export covers: `days` when given (it wins over `range`), as GET /v1/history reads them. */
const daysOf = ({ range, days }: { range: keyof typeof HISTORY_RANGE_DAYS; days?: number }) => days ?? HISTORY_RANGE_DAYS[range];

/** One ASIN's daily rank history over 7, 30 or 90 days (or `days`), within the plan's history, with its chart. */
export const historyExport = dataset({
  query: historyQuerySchema,
  needsAccount: false,
  refuse({ c, plan }, query) {
    const days = daysOf(query);
    const anonymousDays = HISTORY_RANGE_DAYS[ANONYMOUS_HISTORY_RANGE];
    if (!c.get("account") && days > anonymousDays) return { status: 401, detail: `Sign in to export more than ${anonymousDays} days of rank history` };
    if (days > plan.historyDays) {
      return {
        status: 403,
        detail: `Your ${plan.name} plan covers ${plan.historyDays} days of rank history. Upgrade to ${PRO_PLAN.name} for up to ${PRO_PLAN.historyDays} days.`,
      };
    }
    return null;
  },
  async load({ c, now }, query) {
    const { asin, marketplace } = query;
    const days = daysOf(query);
    const [from, to] = [utcDay(now - (days - 1) * DAY_MS), utcDay(now)];
    const points = await rankHistory(c.get("services").history, asin, marketplace, from, to);
    return {
      fileStem: `history-${asin}-${marketplace}-${days}d`,
      title: `Rank history of ${asin} in the ${marketplace} marketplace, last ${days} days`,
      columns: ["Day (UTC)", "ASIN", "Marketplace", "Rank", "Price", "Price is", "Currency", "Offers", "Rating", "Reviews", "Source"],
      rows: points.map((p) => [
        p.day, asin, marketplace, p.rank, amountCell(p.price, p.currency), priceBasis(p), p.currency, p.offers, p.rating, p.reviewCount,
        SOURCE_LABEL[p.source === "live" ? "live" : "mock"],
      ]),
      chart: { title: "Best Sellers Rank (lower is better)", from, to, series: [{ label: asin, points: points.map((p) => ({ at: p.day, value: p.rank })) }] },
      notes: [
        "One snapshot per UTC day, taken by RankLayer's nightly run or the day's first lookup; each row's figures (rank, price, rating, reviews) are as of that day, from the row's Source.",
        "Rating and Reviews are empty where Amazon gave none (and on days captured before RankLayer kept them).",
        ...(points.some((p) => p.source === "mock") ? [MOCK_ROWS_NOTE] : []),
        ...(points.length === 0 ? ["No snapshots of this ASIN in this range yet."] : []),
      ],
    };
  },
});
