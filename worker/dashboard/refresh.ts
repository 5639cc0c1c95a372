import { drizzle } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import { isMarketplace, type Marketplace } from "../contract/marketplaces";
import { MAX_ITEMS_PER_CALL, UpstreamError, type ProductSource } from "../upstreams/creators/product-source";
import { asinDetailsUpsert } from "../history/asin-details-store";
import { rankSnapshotUpsert, recordIntradayPoint } from "../history/snapshot-store";

/** "Refresh now" may run once per 10 minutes per user. */
export const MANUAL_REFRESH_INTERVAL_MS = 10 * 60_000;

/**
 * Captures `keys` now through the product source, at most `maxCalls` getItems calls of 10:
 * each item updates its day's snapshot in place (the daily rules still see one point a day)
 * and is kept as an intraday point under the current UTC hour. Answers how many were captured.
 */
export async function captureNow(
  db: D1Database,
  /** Each marketplace's source: credentials are per region. */
  sourceFor: (marketplace: Marketplace) => ProductSource,
  keys: readonly { asin: string; marketplace: string }[],
  nowMs: number,
  maxCalls: number,
  /** Paces the calls; false stops the capture (the budget's deadline). */
  beforeCall: () => Promise<boolean> = async () => true,
): Promise<{ captured: number; calls: number }> {
  const capturedAt = new Date(nowMs).toISOString();
  let captured = 0;
  let calls = 0;
  const byMarketplace = new Map<Marketplace, string[]>();
  for (const key of keys) if (isMarketplace(key.marketplace)) byMarketplace.set(key.marketplace, [...(byMarketplace.get(key.marketplace) ?? []), key.asin]);
  for (const [marketplace, asins] of byMarketplace) {
    const source = sourceFor(marketplace);
    for (let i = 0; i < asins.length && calls < maxCalls; i += MAX_ITEMS_PER_CALL) {
      if (!(await beforeCall())) return { captured, calls };
      calls += 1;
      const outcomes = await source.getItems(asins.slice(i, i + MAX_ITEMS_PER_CALL), marketplace).catch((error: unknown) => {
        if (error instanceof UpstreamError) return null;
        throw error;
      });
      if (!outcomes) continue;
      const rows: BatchItem<"sqlite">[] = [];
      for (const outcome of outcomes.values()) {
        if (!outcome.ok) continue;
        const { product } = outcome;
        rows.push(
          rankSnapshotUpsert(db, { product, categoryRanks: outcome.categoryRanks, source: source.kind, capturedAt }),
          asinDetailsUpsert(db, product, source.kind, capturedAt),
          recordIntradayPoint(db, { asin: product.asin, marketplace, rank: product.rank, price: product.price, source: source.kind, capturedAt }),
        );
        captured += 1;
      }
      if (rows.length) await drizzle(db).batch(rows as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    }
  }
  return { captured, calls };
}
