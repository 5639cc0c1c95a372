import { ANONYMOUS_HISTORY_RANGE, HISTORY_RANGE_DAYS, historyQuerySchema } from "../../contract/history";
import { PRO_PLAN } from "../../contract/plans";
import { rankHistory } from "../../history/history-store";
import { dataset } from "../dataset";
import { priceBasis } from "../price-basis";
import { DAY_MS, utcDay } from "../../contract/time";


/** One ASIN's daily rank history over 7, 30 or 90 days, within the plan's history, with its chart. */
export const historyExport = dataset({
  query: historyQuerySchema,
  needsAccount: false,
  refuse({ c, plan }, { range }) {
    if (!c.get("account") && range !== ANONYMOUS_HISTORY_RANGE) return { status: 401, detail: "Sign in to export 30 and 90 days" };
    if (HISTORY_RANGE_DAYS[range] > plan.historyDays) {
      return {
        status: 403,
        detail: `Your ${plan.name} plan covers ${plan.historyDays} days of rank history. Upgrade to ${PRO_PLAN.name} for up to ${PRO_PLAN.historyDays} days.`,
      };
    }
    return null;
  },
  async load({ c, now }, { asin, marketplace, range }) {
    const days = HISTORY_RANGE_DAYS[range];
    const points = await rankHistory(c.var.services.history, asin, marketplace, utcDay(now - (days - 1) * DAY_MS), utcDay(now));
    return {
      fileStem: `history-${asin}-${marketplace}-${range}`,
      title: `Rank history of ${asin} in the ${marketplace} marketplace, last ${days} days`,
      columns: ["Day (UTC)", "ASIN", "Marketplace", "Rank", "Price", "Price is", "Currency", "Offers", "Rating", "Reviews", "Source"],
      rows: points.map((p) => [
        p.day, asin, marketplace, p.rank, p.price, priceBasis(p), p.currency, p.offers, p.rating, p.reviewCount,
        p.source === "live" ? "Amazon (live)" : "Mock data (not live)",
      ]),
      chart: { title: "Best Sellers Rank (lower is better)", series: [{ label: asin, points: points.map((p) => ({ at: p.day, value: p.rank })) }] },
      notes: [
        "One snapshot per UTC day, taken by RankLayer's nightly run or the day's first lookup; each row's figures (rank, price, rating, reviews) are as of that day, from the row's Source.",
        "Rating and Reviews are empty where Amazon gave none (and on days captured before RankLayer kept them).",
        ...(points.length === 0 ? ["No snapshots of this ASIN in this range yet."] : []),
      ],
    };
  },
});
