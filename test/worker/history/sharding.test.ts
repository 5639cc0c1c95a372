import { describe, expect, it } from "vitest";
import { BUCKETS, bucketOf, jumpHash, monthDays, monthsBetween, movingBuckets, readShards, shardOfBucket } from "../../../worker/history/sharding";
import { decodePoint, encodePoint, type StoredPoint } from "../../../worker/history/point-codec";
import { dayNumber, dayText } from "../../../worker/contract/time";
import { fromLine, toLine } from "../../../worker/history/archive-store";

describe("sharding", () => {
  it("puts a marketplace + ASIN in the same bucket on every run (FNV-1a, fixed values)", () => {
    expect(bucketOf("US", "B0CHX3QBCH")).toBe(bucketOf("US", "B0CHX3QBCH"));
    // Pinned: the bucket is part of the stored key and the archive's file names.
    expect([bucketOf("US", "B0CHX3QBCH"), bucketOf("DE", "B0CHX3QBCH"), bucketOf("US", "B000000001")]).toEqual([3261, 1352, 1392]);
    const seen = new Set(Array.from({ length: 20_000 }, (_, i) => bucketOf("US", `B${String(i).padStart(9, "0")}`)));
    // 20,000 ASINs reach nearly every one of the 4,096 buckets.
    expect(seen.size).toBeGreaterThan(BUCKETS * 0.98);
  });

  it("spreads buckets evenly over the shards", () => {
    for (const shards of [2, 4, 8]) {
      const counts = Array(shards).fill(0);
      for (let bucket = 0; bucket < BUCKETS; bucket++) counts[shardOfBucket(bucket, shards)] += 1;
      for (const count of counts) expect(Math.abs(count - BUCKETS / shards)).toBeLessThan((BUCKETS / shards) * 0.15);
    }
  });

  it("raising the shard count moves only about 1 − old/new of the buckets, each onto a new shard", () => {
    for (const [from, to] of [[4, 5], [4, 8], [1, 4]] as const) {
      const moves = movingBuckets(from, to);
      expect(moves.every((move) => move.target >= from)).toBe(true);
      const expected = BUCKETS * (1 - from / to);
      expect(Math.abs(moves.length - expected)).toBeLessThan(expected * 0.15 + 20);
    }
    // Jump hash: never a shard outside the range, and one shard means shard 0.
    expect(Array.from({ length: 100 }, (_, key) => jumpHash(key, 1))).toEqual(Array(100).fill(0));
  });

  it("reads the new shard first and the old one too while a re-shard runs", () => {
    const moved = movingBuckets(4, 5)[0]!;
    expect(readShards({ shards: 5, from: 4 }, moved.bucket)).toEqual([moved.target, moved.source]);
    expect(readShards({ shards: 5, from: null }, moved.bucket)).toEqual([moved.target]);
    const stays = Array.from({ length: BUCKETS }, (_, b) => b).find((b) => shardOfBucket(b, 4) === shardOfBucket(b, 5))!;
    expect(readShards({ shards: 5, from: 4 }, stays)).toEqual([shardOfBucket(stays, 5)]);
  });

  it("stores days as integers and knows months", () => {
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dayText(dayNumber("2026-11-22"))).toBe("2026-11-22");
    expect(monthDays("2024-02")).toEqual({ first: dayNumber("2024-02-01"), last: dayNumber("2024-02-29") });
    expect(monthsBetween(dayNumber("2025-12-30"), dayNumber("2026-02-01"))).toEqual(["2025-12", "2026-01", "2026-02"]);
  });
});

describe("compact point encoding", () => {
  const point: StoredPoint = {
    asin: "B0CHX3QBCH",
    marketplace: "DE",
    day: "2026-11-22",
    hour: null,
    source: "live",
    rank: 812,
    categoryRanks: [
      { category: "Elektronik & Foto", rank: 812 },
      { category: "Kopfhörer", rank: 14 },
      { category: "In-Ear-Kopfhörer", rank: 3 },
    ],
    price: 19.99,
    currency: "EUR",
    offers: 7,
    rating: 4.6,
    reviewCount: 12873,
    capturedAt: "2026-11-22T02:05:11.000Z",
  };

  it("round-trips a point, intraday hour and extra categories included", () => {
    expect(decodePoint(encodePoint(point))).toEqual(point);
    const hourly = { ...point, hour: 13, source: "mock" as const, price: null, currency: null, categoryRanks: [] };
    expect(decodePoint(encodePoint(hourly))).toEqual(hourly);
  });

  it("reads a point written before ratings existed (a row or an archive line without them) as rating and reviews null", () => {
    const { rating: _rating, reviews: _reviews, ...older } = encodePoint(point);
    expect(decodePoint(older)).toMatchObject({ rank: 812, rating: null, reviewCount: null });
    const line = JSON.parse(toLine(point)) as unknown[];
    expect(line.slice(-3)).toEqual([460, 12873, null]);
    expect(fromLine(older.bucket, JSON.stringify(line.slice(0, -3)))).toMatchObject({ rank: 812, rating: null, reviewCount: null });
    expect(fromLine(older.bucket, JSON.stringify(line))).toEqual(point);
  });

  it("keeps a lowest-offer price labelled as such, and never labels a missing price", () => {
    const lowest = { ...point, priceSource: "lowest_offer" as const };
    expect(encodePoint(lowest).lowest).toBe(1);
    expect(decodePoint(encodePoint(lowest))).toEqual(lowest);
    expect(encodePoint(point).lowest).toBeNull();
    expect(decodePoint(encodePoint({ ...lowest, price: null, currency: null })).priceSource).toBeUndefined();
  });

  it("spends no bytes on what it can infer: the marketplace's currency, a day point's hour", () => {
    const row = encodePoint(point);
    expect(row).toMatchObject({ day: dayNumber("2026-11-22"), hour: -1, live: 1, price: 1999, currency: null, cat1: "Elektronik & Foto", r2: 14 });
    // Stars as a small integer (× 100), the count as is.
    expect(row).toMatchObject({ rating: 460, reviews: 12873 });
    expect(row.more).toBe(JSON.stringify([["In-Ear-Kopfhörer", 3]]));
    expect(encodePoint({ ...point, currency: "USD" }).currency).toBe("USD");
  });
});
