import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { Bindings } from "../../../worker/env";
import { readStoredPoints } from "../../../worker/history/history-store";
import { pointOf, writeRankPoints } from "../../../worker/history/rank-points-store";
import { moveLegacySnapshots, reshardStep } from "../../../worker/history/reshard-store";
import { bucketOf, movingBuckets, shardOfBucket } from "../../../worker/history/sharding";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import { clearHistory, shardPoints } from "../support/history-shards";
import { buildServices } from "../../../worker/services";
import { DAY_MS } from "../../../worker/contract/time";

const START = Date.UTC(2026, 9, 1, 2, 0);
const ASINS = Array.from({ length: 60 }, (_, i) => `BRS${String(i).padStart(7, "0")}`);
const at = (shards: number, from?: number): Bindings => ({ ...env, HISTORY_SHARDS: String(shards), HISTORY_RESHARD_FROM: from === undefined ? "" : String(from) });

async function seed(bindings: Bindings, days: number, rank = 100) {
  const points = ASINS.flatMap((asin) =>
    Array.from({ length: days }, (_, day) => pointOf({ product: { ...mockProduct(asin, "US"), rank: rank + day }, source: "live", capturedAt: new Date(START + day * DAY_MS).toISOString() })),
  );
  for (let i = 0; i < points.length; i += 50) await writeRankPoints(buildServices(bindings).history, points.slice(i, i + 50));
}

const read = (bindings: Bindings) => readStoredPoints(buildServices(bindings).history, ASINS.map((asin) => ({ asin, marketplace: "US" })), "2026-10-01", "2026-10-31");

beforeEach(clearHistory);

describe("re-sharding rank history from 2 to 3 shards", () => {
  it("keeps every point readable while buckets move, then leaves each on its new shard", { timeout: 60_000 }, async () => {
    await seed(at(2), 5);
    const before = await read(at(2));
    expect([...before.values()].flat()).toHaveLength(ASINS.length * 5);
    expect((await shardPoints(2)).length).toBe(0);

    // Deployed with 3 shards while the move runs: new writes go to the new shard at once,
    // reads of a moved bucket ask the new shard and then the old one.
    const during = at(3, 2);
    const moving = new Set(movingBuckets(2, 3).map((move) => move.bucket));
    const mover = ASINS.find((asin) => moving.has(bucketOf("US", asin)))!;
    await writeRankPoints(buildServices(during).history, [pointOf({ product: { ...mockProduct(mover, "US"), rank: 1 }, source: "live", capturedAt: new Date(START + 5 * DAY_MS).toISOString() })]);
    const midway = await read(during);
    expect(midway.get(`US:${mover}`)?.map((point) => point.rank)).toEqual([100, 101, 102, 103, 104, 1]);
    for (const asin of ASINS.filter((asin) => asin !== mover)) expect(midway.get(`US:${asin}`)).toEqual(before.get(`US:${asin}`));

    // The move, in small steps as the nightly run takes them.
    let progress = await reshardStep(buildServices(during).history, 0, 2);
    let steps = 1;
    while (progress.next !== null) {
      progress = await reshardStep(buildServices(during).history, progress.next, 2);
      steps += 1;
    }
    expect(steps).toBeGreaterThan(1);

    const after = await read(at(3));
    expect(after).toEqual(midway);
    for (let shard = 0; shard < 3; shard++) {
      for (const point of await shardPoints(shard)) expect(shardOfBucket(bucketOf(point.marketplace, point.asin), 3)).toBe(shard);
    }
    expect((await shardPoints(2)).length).toBeGreaterThan(0);
  });

  it("never lets an old copy overwrite what a new write put on the new shard", { timeout: 60_000 }, async () => {
    await seed(at(2), 1, 500);
    const during = at(3, 2);
    const mover = ASINS.find((asin) => shardOfBucket(bucketOf("US", asin), 2) !== shardOfBucket(bucketOf("US", asin), 3))!;
    await writeRankPoints(buildServices(during).history, [pointOf({ product: { ...mockProduct(mover, "US"), rank: 7 }, source: "live", capturedAt: new Date(START + 3600_000).toISOString() })]);
    for (let progress = await reshardStep(buildServices(during).history); progress.next !== null; progress = await reshardStep(buildServices(during).history, progress.next)) {
      // until done
    }
    expect((await read(at(3))).get(`US:${mover}`)?.map((point) => point.rank)).toEqual([7]);
  });
});

describe("moving the single-database history of earlier versions", () => {
  it("copies DB.rank_snapshots into the shards, keeps newer shard points, and empties the table", { timeout: 60_000 }, async () => {
    await env.DB.prepare("DELETE FROM rank_snapshots").run();
    const insert = (asin: string, day: string, rank: number) =>
      env.DB.prepare(
        `INSERT INTO rank_snapshots (asin, marketplace, day, source, rank, category_ranks, price_amount, price_currency, offers, captured_at)
         VALUES (?, 'US', ?, 'live', ?, ?, 12.5, 'USD', 4, ?)`,
      ).bind(asin, day, rank, JSON.stringify([{ category: "Toys & Games", rank }]), `${day}T02:05:00.000Z`);
    await env.DB.batch([insert(ASINS[0]!, "2026-10-01", 10), insert(ASINS[0]!, "2026-10-02", 11), insert(ASINS[1]!, "2026-10-01", 20)]);
    // A point the shards got since (a lookup after the upgrade) is not overwritten.
    await writeRankPoints(buildServices(env).history, [pointOf({ product: { ...mockProduct(ASINS[1]!, "US"), rank: 99 }, source: "live", capturedAt: "2026-10-01T09:00:00.000Z" })]);

    expect(await moveLegacySnapshots(buildServices(env).history, 2)).toBe(2);
    expect(await moveLegacySnapshots(buildServices(env).history, 2)).toBe(1);
    expect(await moveLegacySnapshots(buildServices(env).history, 2)).toBe(0);
    const history = await readStoredPoints(buildServices(env).history, [ASINS[0]!, ASINS[1]!].map((asin) => ({ asin, marketplace: "US" })), "2026-10-01", "2026-10-31");
    expect(history.get(`US:${ASINS[0]}`)?.map((p) => [p.day, p.rank, p.price, p.currency, p.categoryRanks])).toEqual([
      ["2026-10-01", 10, 12.5, "USD", [{ category: "Toys & Games", rank: 10 }]],
      ["2026-10-02", 11, 12.5, "USD", [{ category: "Toys & Games", rank: 11 }]],
    ]);
    expect(history.get(`US:${ASINS[1]}`)?.map((p) => p.rank)).toEqual([99]);
  });
});
