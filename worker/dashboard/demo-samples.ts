import { drizzle } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import { isAccountMarketplace, type AccountMarketplace } from "../contract/account";
import { SELLER_CONDITIONS, type NewAlert } from "../contract/alerts";
import type { Marketplace } from "../contract/marketplaces";
import type { Plan } from "../contract/plans";
import { addDays, utcDay } from "../contract/time";
import { asinDetailsUpserts } from "../history/asin-details-store";
import { dayPointsByAsin, sellerDayRowsOf } from "../history/history-store";
import { pointOf, sellerDayRowUpsert, writeRankPoints, type RankPointInput } from "../history/rank-points-store";
import { revenueUpsert } from "../history/revenue-store";
import { keysTrackedByRealAccounts } from "../history/real-owner-store";
import type { Services } from "../services";
import { buyBoxRecord, UNKNOWN_BUY_BOX } from "../upstreams/spapi/buybox";
import { MockProductSource } from "../upstreams/creators/mock";
import { MockSellerApi } from "../upstreams/spapi/mock";
import { REVENUE_DAYS, revenueDays, revenueRunDay } from "../upstreams/spapi/sales-days";
import { refreshAsinSummaries } from "./summary-rows";
import { createAlert, type ActivationLimits } from "../alerts/alert-store";

/**
 * The demo's sample products: ASINs that say what they are, picked for a spread the screens
 * show well (ranks from the top ten to past #50,000, deals, low stock, a Buy Box often lost, one
 * with a different Prime and non-Prime holder, one suppressed: the mock seller's parts, upstreams/spapi/mock.ts).
 */
export const DEMO_SAMPLE_ASINS = ["B0SAMPLE01", "B0SAMPLE02", "B0SAMPLE03", "B0SAMPLE04", "B0SAMPLE05", "B0SAMPLE07", "B0SAMPLE10", "B0SAMPLE12"] as const;

/**
 * The demo's sample alerts, on two of the sample products: one on the product's rank, one on the
 * demo seller's Buy Box. In the app only: a demo account has no address to mail.
 */
export const DEMO_SAMPLE_ALERTS: readonly Omit<NewAlert, "marketplace">[] = [
  { asin: "B0SAMPLE01", conditionType: "rank_above", threshold: 50_000, email_enabled: false, in_app_enabled: true },
  { asin: "B0SAMPLE07", conditionType: "buybox_lost", threshold: null, email_enabled: false, in_app_enabled: true },
];

/** Days of mock history a sample product starts with: what Pro's longest dashboard range shows. */
export const DEMO_SAMPLE_DAYS = 90;

/** Seller rows per write batch. */
const ROWS_PER_BATCH = 100;

/** Where the samples go when the caller names no marketplace: the account's own if its plan covers it, else the plan's first. */
export function sampleMarketplace(accountMarketplace: string | null, plan: Pick<Plan, "marketplaces">): Marketplace {
  return plan.marketplaces.find((marketplace) => marketplace === accountMarketplace) ?? plan.marketplaces[0] ?? "US";
}

/** When the nightly run would have captured `day`: 02:00 UTC, its hour, or `nowMs` if that is earlier. */
const nightlyCaptureTime = (day: string, nowMs: number) => new Date(Math.min(Date.parse(`${day}T02:00:00.000Z`), nowMs)).toISOString();

/** The last `count` UTC days up to and including `today`, oldest first. */
export function sampleDays(today: string, count = DEMO_SAMPLE_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/**
 * The captures the nightly run would have made of the sample products on each of `days`: its
 * demo source (the mock, for the run's own day), at the run's hour.
 */
export async function sampleCaptures(asins: readonly string[], marketplace: Marketplace, days: readonly string[], nowMs: number): Promise<RankPointInput[]> {
  const perDay = await Promise.all(days.map((day) => new MockProductSource(day).getItems(asins, marketplace)));
  return perDay.flatMap((outcomes, i) => {
    const capturedAt = nightlyCaptureTime(days[i]!, nowMs);
    return [...outcomes.values()].flatMap((outcome) => (outcome.ok ? [{ product: outcome.product, categoryRanks: outcome.categoryRanks, source: "mock" as const, capturedAt }] : []));
  });
}

/**
 * Gives sample products on a demo workspace's watchlist the history a few months of nightly runs
 * would have left, all from the mock and labelled so: day points (only on days without one: a
 * point is never replaced), their details and summaries, and the demo seller's Buy Box, stock and
 * sales on each day. Only samples whose history is not all there yet, so a second call writes
 * nothing and one interrupted midway is completed. An ASIN a real account tracks keeps only what
 * its live captures wrote. Answers the ASINs it backfilled.
 */
export async function backfillDemoSamples(
  { env, history }: Pick<Services, "env" | "history">,
  /** The demo seller whose rows to write (the personal workspace's mock connection), or null for none. */
  seller: DemoSeller | null,
  samples: readonly string[],
  marketplace: Marketplace,
  nowMs: number,
): Promise<string[]> {
  const liveTracked = await keysTrackedByRealAccounts(env.DB, samples.map((asin) => ({ asin, marketplace })));
  const days = sampleDays(utcDay(nowMs));
  const sellerDays = seller && isAccountMarketplace(marketplace) ? { seller, marketplace } : null;
  const asins = await lackingHistory(
    { env, history },
    sellerDays,
    samples.filter((asin) => !liveTracked.has(`${marketplace}:${asin}`)),
    marketplace,
    days[0]!,
  );
  if (asins.length === 0) return [];
  const captures = await sampleCaptures(asins, marketplace, days, nowMs);
  const latest = captures.slice(-asins.length);
  const [firstDetail, ...moreDetails] = asinDetailsUpserts(env.DB, latest);
  await Promise.all([
    writeRankPoints(history, captures.map((capture) => pointOf(capture)), { ifAbsent: true }),
    firstDetail ? drizzle(env.DB).batch([firstDetail, ...moreDetails]) : undefined,
    sellerDays ? writeSellerDays(env.DB, sellerDays.seller, asins, sellerDays.marketplace, days, nowMs) : undefined,
  ]);
  await refreshAsinSummaries({ env, history }, asins.map((asin) => ({ asin, marketplace })), nowMs);
  return asins;
}

/**
 * The samples whose history is not all there: no point on the window's oldest day (an ASIN's
 * points are one batch of its shard), or no seller row on it (written last, writeSellerDays).
 */
async function lackingHistory(
  { env, history }: Pick<Services, "env" | "history">,
  sellerDays: { seller: DemoSeller; marketplace: AccountMarketplace } | null,
  asins: readonly string[],
  marketplace: Marketplace,
  oldestDay: string,
): Promise<string[]> {
  if (asins.length === 0) return [];
  const [points, sellerRows] = await Promise.all([
    dayPointsByAsin(history, marketplace, asins, oldestDay, oldestDay),
    sellerDays ? sellerDayRowsOf(env.DB, sellerDays.seller.workspaceId, oldestDay, oldestDay, sellerDays.seller.connectionId) : null,
  ]);
  const sellerHas = new Set(sellerRows?.filter((row) => row.marketplace === marketplace).map((row) => row.asin));
  return asins.filter((asin) => (points.get(asin)?.length ?? 0) === 0 || (sellerRows !== null && !sellerHas.has(asin)));
}

/** A demo workspace and its mock seller connection. */
export interface DemoSeller {
  workspaceId: string;
  connectionId: string;
  sellingPartnerId: string;
}

/** The demo seller's own rows: Buy Box, FBA stock and sales per day. */
async function writeSellerDays(
  db: D1Database,
  seller: DemoSeller,
  asins: readonly string[],
  marketplace: AccountMarketplace,
  days: readonly string[],
  nowMs: number,
): Promise<void> {
  const ids = { userId: seller.workspaceId, connectionId: seller.connectionId };
  // Sales first, then stock and Buy Box newest day first: the oldest day's stock rows go in the
  // last batch, so when they are there every batch before them is too (lackingHistory).
  const salesOf = new MockSellerApi(seller.sellingPartnerId);
  const statements: BatchItem<"sqlite">[] = [];
  // Sales are the marketplace's own local days, as the nightly run reads them: exactly the days the
  // portfolio's ranges cover (sales-days.ts), so none shows as missing. Each night re-reads the last
  // REVENUE_DAYS, so a day's figure is as of the run that last read it.
  const runDay = revenueRunDay(nowMs);
  for (const asin of asins) {
    for (const sold of await salesOf.getSalesDays(asin, marketplace, revenueDays(runDay, marketplace, days.length))) {
      const { day, amount, currency, units } = sold;
      const readOn = addDays(day, REVENUE_DAYS) < runDay ? addDays(day, REVENUE_DAYS) : runDay;
      statements.push(revenueUpsert(db, { ...ids, asin, marketplace, day, source: "mock", status: "ok", amount, currency, units, capturedAt: nightlyCaptureTime(readOn, nowMs) }));
    }
  }
  for (const day of [...days].reverse()) {
    const api = new MockSellerApi(seller.sellingPartnerId, day);
    const capturedAt = nightlyCaptureTime(day, nowMs);
    const [units, winners] = await Promise.all([api.getFulfillableUnits(asins, marketplace), api.getBuyBoxWinners(asins, marketplace)]);
    for (const asin of asins) {
      statements.push(
        sellerDayRowUpsert(db, { ...ids, asin, marketplace, source: "mock", fulfillableUnits: units.get(asin) ?? null, ...buyBoxRecord(winners.get(asin) ?? UNKNOWN_BUY_BOX, seller.sellingPartnerId), capturedAt }),
      );
    }
  }
  const orm = drizzle(db);
  for (let i = 0; i < statements.length; i += ROWS_PER_BATCH) {
    const [first, ...rest] = statements.slice(i, i + ROWS_PER_BATCH);
    if (first) await orm.batch([first, ...rest]);
  }
}

/**
 * Creates the sample alerts the workspace has room for (its plan's active-alert limit; a rule it
 * already has is not repeated), the seller one only where the demo seller's data is. Their ids.
 */
export async function createSampleAlerts(db: D1Database, workspaceId: string, marketplace: Marketplace, withSeller: boolean, limits: ActivationLimits): Promise<string[]> {
  const created: string[] = [];
  for (const sample of DEMO_SAMPLE_ALERTS) {
    if (SELLER_CONDITIONS.includes(sample.conditionType) && !withSeller) continue;
    const alert = await createAlert(db, workspaceId, { ...sample, marketplace }, limits);
    if (alert) created.push(alert.id);
  }
  return created;
}

