import { drizzle } from "drizzle-orm/d1";
import type { Services } from "../services";
import { isMarketplace, type Marketplace } from "../contract/marketplaces";
import { MAX_ITEMS_PER_CALL, UpstreamError, type ProductSource } from "../upstreams/creators/product-source";
import { asinDetailsUpserts, type ItemCapture } from "../history/asin-details-store";
import type { StoredPoint } from "../history/point-codec";
import { pointOf, writeRankPoints } from "../history/rank-points-store";
import { refreshAsinSummaries } from "./summary-rows";

/** "Refresh now" may run once per 10 minutes per user. */
export const MANUAL_REFRESH_INTERVAL_MS = 10 * 60_000;

/**
 * Captures `keys` now through each marketplace's product source, at
 * most `maxCalls` getItems calls of 10: each item updates its day's point in the history shards
 * in place (the daily rules still see one point a day) and is kept there as an intraday point
 * under the current UTC hour; its details go to asin_details. Answers how many were captured,
 * and how many calls Amazon failed (with the longest Retry-After it asked for).
 */
export async function captureNow(
  { env, history }: Pick<Services, "env" | "history">,
  /** Each marketplace's source: credentials are per region. */
  sourceFor: (marketplace: Marketplace) => ProductSource,
  keys: readonly { asin: string; marketplace: string }[],
  nowMs: number,
  maxCalls: number,
  /** Paces the calls; false stops the capture (the budget's deadline). */
  beforeCall: () => Promise<boolean> = async () => true,
): Promise<{ captured: number; calls: number; failedCalls: number; retryAfterSeconds?: number }> {
  const capturedAt = new Date(nowMs).toISOString();
  const hour = new Date(nowMs).getUTCHours();
  let captured = 0;
  let calls = 0;
  let failedCalls = 0;
  let retryAfterSeconds: number | undefined;
  const byMarketplace = new Map<Marketplace, string[]>();
  for (const key of keys) if (isMarketplace(key.marketplace)) byMarketplace.set(key.marketplace, [...(byMarketplace.get(key.marketplace) ?? []), key.asin]);
  for (const [marketplace, asins] of byMarketplace) {
    const source = sourceFor(marketplace);
    for (let i = 0; i < asins.length && calls < maxCalls; i += MAX_ITEMS_PER_CALL) {
      if (!(await beforeCall())) return { captured, calls, failedCalls, retryAfterSeconds };
      calls += 1;
      const outcomes = await source.getItems(asins.slice(i, i + MAX_ITEMS_PER_CALL), marketplace).catch((error: unknown) => {
        if (!(error instanceof UpstreamError)) throw error;
        failedCalls += 1;
        if (error.retryAfterSeconds) retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, error.retryAfterSeconds);
        return null;
      });
      if (!outcomes) continue;
      const points: StoredPoint[] = [];
      const captures: ItemCapture[] = [];
      for (const outcome of outcomes.values()) {
        if (!outcome.ok) continue;
        const input = { product: outcome.product, categoryRanks: outcome.categoryRanks, source: source.kind, capturedAt };
        points.push(pointOf(input), pointOf(input, hour));
        captures.push(input);
        captured += 1;
      }
      const [first, ...more] = asinDetailsUpserts(env.DB, captures);
      if (first) await Promise.all([writeRankPoints(history, points), drizzle(env.DB).batch([first, ...more])]);
      if (first) await refreshAsinSummaries({ env, history }, points, nowMs);
    }
  }
  return { captured, calls, failedCalls, retryAfterSeconds };
}
