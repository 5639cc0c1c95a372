import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { archiveBucketMonth } from "../../worker/history/archive-store";
import { readStoredPoints } from "../../worker/history/history-store";
import type { StoredPoint } from "../../worker/history/point-codec";
import { BUCKETS, bucketOf, monthDays, monthsBetween } from "../../worker/history/sharding";
import { writeRankPoints } from "../../worker/history/rank-points-store";
import { clearHistory, shardDb, SHARD_COUNT } from "../worker/support/history-shards";
import { buildServices } from "../../worker/services";
import { dayNumber, dayText } from "../../worker/contract/time";

/**
 * Two years of daily points for a sample of the real layout: every ASIN of SIM_BUCKETS buckets
 * (default 5 of 4,096, about 0.12 %), filled as 1,000,000 tracked ASINs fill them (~244 ASINs
 * each), written through writeRankPoints, the months past the hot window moved to R2 by
 * archiveBucketMonth, and read back by readStoredPoints. Sizes come from D1's own size_after.
 */
const TRACKED = 1_000_000;
const SAMPLE_BUCKETS = Number((env as unknown as Record<string, string>).SIM_BUCKETS ?? "5");
const PER_BUCKET = Math.round(TRACKED / BUCKETS);
const DAYS = 730;
const HOT_DAYS = 120;
const TODAY = dayNumber("2026-11-22");
const CATEGORIES = ["Electronics", "Home & Kitchen", "Sports & Outdoors", "Toys & Games", "Beauty", "Books"];
const SUBCATEGORIES = ["Earbud Headphones", "Coffee Grinders", "Yoga Mats", "Building Sets", "Face Serums", "Thrillers"];

/** ASINs that fall in the first SAMPLE_BUCKETS buckets, PER_BUCKET each. */
function sampleAsins(): { asin: string; marketplace: string }[] {
  const want = new Map<number, number>(Array.from({ length: SAMPLE_BUCKETS }, (_, i) => [i * 997 % BUCKETS, 0]));
  const keys = [];
  for (let i = 0; keys.length < SAMPLE_BUCKETS * PER_BUCKET; i++) {
    const asin = `B0${i.toString(36).toUpperCase().padStart(8, "0")}`;
    const bucket = bucketOf("US", asin);
    const have = want.get(bucket);
    if (have === undefined || have >= PER_BUCKET) continue;
    want.set(bucket, have + 1);
    keys.push({ asin, marketplace: "US" });
  }
  return keys;
}

function pointsOfDay(keys: { asin: string; marketplace: string }[], day: number, seed: Map<string, number>): StoredPoint[] {
  return keys.map(({ asin, marketplace }, i) => {
    const rank = Math.max(1, Math.round((seed.get(asin) ?? 1000 + i * 37) * (0.9 + Math.random() * 0.2)));
    seed.set(asin, rank);
    return {
      asin,
      marketplace,
      day: dayText(day),
      hour: null,
      source: "live",
      rank,
      categoryRanks: [
        { category: CATEGORIES[i % CATEGORIES.length]!, rank },
        { category: SUBCATEGORIES[i % SUBCATEGORIES.length]!, rank: Math.max(1, Math.round(rank / 40)) },
      ],
      price: Math.round(999 + (i % 50) * 100 + Math.random() * 300) / 100,
      currency: "USD",
      offers: 1 + (i % 12),
      rating: 4.2 + (i % 8) / 10,
      reviewCount: 10 + i * 7,
      capturedAt: new Date(day * 86_400_000 + 2 * 3600_000 + (i % 3600) * 1000).toISOString(),
    };
  });
}

async function sizeOf(db: D1Database): Promise<number> {
  return (await db.prepare("SELECT 1").run()).meta.size_after;
}
const totalSize = async () => (await Promise.all(Array.from({ length: SHARD_COUNT }, (_, i) => sizeOf(shardDb(i))))).reduce((a, b) => a + b, 0);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

describe("simulation: two years of rank history through the storage layer", () => {
  it("measures bytes per point hot and archived, and the dashboard read of 1,000 ASINs × 90 days", async () => {
    await clearHistory();
    const keys = sampleAsins();
    const seed = new Map<string, number>();
    const first = TODAY - DAYS + 1;
    const hotFrom = TODAY - HOT_DAYS;
    const lines = [`history storage simulation: ${keys.length.toLocaleString("en")} ASINs (${SAMPLE_BUCKETS} of ${BUCKETS} buckets, ${((100 * SAMPLE_BUCKETS) / BUCKETS).toFixed(2)} % of ${TRACKED.toLocaleString("en")}), ${DAYS} days`];

    // Legacy layout, for the before figure: the same points in the old rank_snapshots table.
    const legacyBefore = await sizeOf(env.DB);
    const legacyDays = 30;
    for (let day = first; day < first + legacyDays; day++) {
      const points = pointsOfDay(keys, day, new Map(seed));
      for (let i = 0; i < points.length; i += 50) {
        await env.DB.batch(
          points.slice(i, i + 50).map((p) =>
            env.DB.prepare(
              "INSERT INTO rank_snapshots (asin, marketplace, day, source, rank, category_ranks, price_amount, price_currency, offers, captured_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            ).bind(p.asin, p.marketplace, p.day, p.source, p.rank, JSON.stringify(p.categoryRanks), p.price, p.currency, p.offers, p.capturedAt),
          ),
        );
      }
    }
    const legacyBytes = (await sizeOf(env.DB)) - legacyBefore;
    const legacyRows = legacyDays * keys.length;
    await env.DB.prepare("DELETE FROM rank_snapshots").run();

    const hotBefore = await totalSize();
    const writeStart = performance.now();
    let written = 0;
    let archivedPoints = 0;
    let archivedBytes = 0;
    for (let day = first; day <= TODAY; day++) {
      const points = pointsOfDay(keys, day, seed);
      await writeRankPoints(buildServices(env).history, points);
      written += points.length;
      // A month that has left the hot window goes to R2 as soon as it has (the nightly step).
      const month = dayText(day).slice(0, 7);
      if (monthDays(month).last === day && day < hotFrom) {
        for (let b = 0; b < SAMPLE_BUCKETS; b++) {
          const done = await archiveBucketMonth(buildServices(env).history, (b * 997) % BUCKETS, month);
          archivedPoints += done.points;
          archivedBytes += done.bytes;
        }
      }
    }
    const writeSeconds = (performance.now() - writeStart) / 1000;
    const hotRows = written - archivedPoints;
    // Deleted rows leave free pages behind; a fresh copy of the hot rows is what they cost.
    const hotBytes = (await totalSize()) - hotBefore;

    lines.push(`  written: ${written.toLocaleString("en")} points in ${writeSeconds.toFixed(0)} s (${Math.round(written / writeSeconds).toLocaleString("en")} points/s on this machine)`);
    lines.push(`  before (rank_snapshots, JSON categories, text day): ${(legacyBytes / legacyRows).toFixed(1)} bytes per point (${legacyRows.toLocaleString("en")} rows)`);
    lines.push(`  hot (rank_points WITHOUT ROWID, in D1): ${(hotBytes / hotRows).toFixed(1)} bytes per point (${hotRows.toLocaleString("en")} rows, database files incl. free pages)`);
    lines.push(`  archived (R2, gzip JSON lines per bucket-month): ${(archivedBytes / archivedPoints).toFixed(1)} bytes per point (${archivedPoints.toLocaleString("en")} points)`);

    // The dashboard: 1,000 ASINs × 90 days, from the hot window.
    const dashboard = keys.slice(0, 1000);
    const timings: number[] = [];
    let rows = 0;
    for (let run = 0; run < 25; run++) {
      const started = performance.now();
      const result = await readStoredPoints(buildServices(env).history, dashboard, dayText(TODAY - 89), dayText(TODAY), { nowMs: TODAY * 86_400_000 });
      timings.push(performance.now() - started);
      rows = [...result.values()].reduce((n, points) => n + points.length, 0);
    }
    const queries = new Set(dashboard.map((key) => bucketOf(key.marketplace, key.asin))).size;
    lines.push(`  dashboard read, 1,000 ASINs × 90 days: ${rows.toLocaleString("en")} points, p50 ${percentile(timings, 50).toFixed(0)} ms, p99 ${percentile(timings, 99).toFixed(0)} ms (local D1; ${Math.ceil(1000 / 100)}+ queries of ≤100 ASINs, sample in ${queries} buckets)`);

    // A two-year export of one ASIN: 20 months from R2 plus the hot window.
    const exportStart = performance.now();
    const twoYears = await readStoredPoints(buildServices(env).history, [keys[0]!], dayText(first), dayText(TODAY), { nowMs: TODAY * 86_400_000 });
    lines.push(`  two-year read of one ASIN: ${twoYears.get(`US:${keys[0]!.asin}`)?.length} points (${monthsBetween(first, hotFrom).length - 1} archived months) in ${(performance.now() - exportStart).toFixed(0)} ms`);
    console.info(lines.join("\n"));

    expect(rows).toBe(90_000);
    expect(twoYears.get(`US:${keys[0]!.asin}`)).toHaveLength(DAYS);
  });
});
