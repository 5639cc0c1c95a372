import type { DashboardRow } from "../contract/dashboard";
import type { Marketplace } from "../contract/marketplaces";
import type { Services } from "../services";
import { dayPointsByAsin } from "../history/history-store";
import { trackedSummaries, writeAsinSummaries } from "./summary-store";
import { listTrackedAsins } from "../history/watchlist-store";
import { buildAsinSummary, DayNames, rowFromSummary, SUMMARY_DAYS, windowStart, type AsinSummary } from "./asin-summary";
import type { RowFilter } from "./dashboard-service";
import { matchesFilter } from "./row-filter";

/** What building and reading summaries needs of the services: D1 and the history shards. */
type SummaryServices = Pick<Services, "env" | "history">;

/** ASINs per history read when summaries are built: the reader splits further per shard. */
const ASINS_PER_BUILD = 500;

/** Summaries of some ASINs of one marketplace, built from their last 90 days of day points (not written). */
export async function summariesFromPoints(services: SummaryServices, marketplace: string, asins: readonly string[], nowMs: number): Promise<AsinSummary[]> {
  const summaries: AsinSummary[] = [];
  for (let i = 0; i < asins.length; i += ASINS_PER_BUILD) {
    const chunk = asins.slice(i, i + ASINS_PER_BUILD);
    const series = await dayPointsByAsin(services.history, marketplace, chunk, windowStart(SUMMARY_DAYS, nowMs), new Date(nowMs).toISOString().slice(0, 10));
    for (const asin of chunk) summaries.push(buildAsinSummary(marketplace, asin, series.get(asin) ?? [], nowMs));
  }
  return summaries;
}

/**
 * Rebuilds and stores the summaries of the given ASINs (the nightly run after each batch of
 * points it writes, an extra refresh after its capture). Keys of any marketplaces.
 */
export async function refreshAsinSummaries(services: SummaryServices, keys: readonly { asin: string; marketplace: string }[], nowMs: number): Promise<number> {
  let written = 0;
  for (const marketplace of new Set(keys.map((key) => key.marketplace))) {
    const asins = [...new Set(keys.filter((key) => key.marketplace === marketplace).map((key) => key.asin))];
    const summaries = await summariesFromPoints(services, marketplace, asins, nowMs);
    await writeAsinSummaries(services.env.DB, summaries);
    written += summaries.length;
  }
  return written;
}

/**
 * One row per tracked ASIN of the user from the stored summaries (one query for every ASIN):
 * what /api/dashboard, /api/portfolio and the portfolio export show, with the marketplaces the
 * user tracks ASINs in (sorted), from the same read of the tracked list. An ASIN tracked since the
 * last nightly run has no summary yet: its row is built from its points, in memory, until the run
 * writes one. Filtered by marketplace, brand and category; ordered by marketplace, then ASIN.
 * `sparklines: false` leaves the stored summaries' sparklines out (withSparklines adds a page's).
 */
export async function summaryView(
  services: SummaryServices,
  userId: string,
  filter: RowFilter,
  days: number,
  nowMs: number,
  /** The user's tracked list when the caller has read it already. */
  trackedList?: readonly { asin: string; marketplace: Marketplace }[],
  { sparklines = true }: { sparklines?: boolean } = {},
): Promise<{ rows: DashboardRow[]; marketplaces: Marketplace[] }> {
  const tracked = trackedList ?? (await listTrackedAsins(services.env.DB, userId));
  const marketplaces = [...new Set(tracked.map((key) => key.marketplace))].sort();
  const keys = tracked
    .filter((key) => !filter.marketplace || key.marketplace === filter.marketplace)
    .sort((a, b) => (a.marketplace === b.marketplace ? (a.asin < b.asin ? -1 : 1) : a.marketplace < b.marketplace ? -1 : 1));
  const found = await trackedSummaries(services.env.DB, userId, keys, windowStart(days, nowMs), new Date(nowMs).toISOString().slice(0, 10), filter.connection ?? null, sparklines);
  const missing = new Map<string, string[]>();
  for (const row of found) if (!row.summary) missing.set(row.marketplace, [...(missing.get(row.marketplace) ?? []), row.asin]);
  const built = new Map<string, AsinSummary>();
  for (const [marketplace, asins] of missing) {
    for (const summary of await summariesFromPoints(services, marketplace, asins, nowMs)) built.set(`${marketplace}:${summary.asin}`, summary);
  }
  const dayNames = new DayNames();
  const readAt = new Date(nowMs).toISOString();
  const rows = found
    .map((row) =>
      rowFromSummary(
        { ...row, marketplace: row.marketplace as Marketplace, summary: row.summary ?? built.get(`${row.marketplace}:${row.asin}`) ?? null },
        days,
        dayNames,
        readAt,
      ),
    )
    .filter((row) => matchesFilter(row, filter));
  return { rows, marketplaces };
}

/**
 * Rows read without sparklines (summaryView's `sparklines: false`) given theirs, in one read of
 * their summaries: a paged dashboard sorts and counts every row, and shows the sparklines of 50.
 * Only the sparkline is taken from the second read, so each row keeps the figures it was sorted by.
 */
export async function withSparklines(
  services: SummaryServices,
  userId: string,
  rows: readonly DashboardRow[],
  days: number,
  nowMs: number,
  connection?: string,
): Promise<DashboardRow[]> {
  if (rows.length === 0) return [];
  const keys = rows.map((row) => ({ asin: row.asin, marketplace: row.marketplace }));
  const { rows: full } = await summaryView(services, userId, { connection }, days, nowMs, keys);
  const sparklines = new Map(full.map((row) => [`${row.marketplace}:${row.asin}`, row.sparkline]));
  return rows.map((row) => ({ ...row, sparkline: sparklines.get(`${row.marketplace}:${row.asin}`) ?? row.sparkline }));
}
