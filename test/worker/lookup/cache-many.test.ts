import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CACHE_MAX_AGE_MS, HOT_TTL_MS, LookupCache } from "../../../worker/lookup/cache";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import { countingKv } from "./counting-kv";

const NOW = Date.parse("2026-11-26T02:00:00.000Z");

/** A product as the live source maps one (the schema takes Amazon's image host only). */
const liveProduct = (asin: string) => ({ ...mockProduct(asin, "US"), image: `https://m.media-amazon.com/images/I/${asin}.jpg`, rating: null, reviewCount: null });

async function store(asin: string, refreshedAt: string, product: unknown = liveProduct(asin)) {
  await env.LOOKUP_CACHE.put(LookupCache.key("US", asin), JSON.stringify({ product, refreshedAt }));
}

describe("LookupCache.getMany: a compare's cached copies in one pass", () => {
  const asins = Array.from({ length: 10 }, (_, i) => `LCMANY00${String(i).padStart(2, "0")}`);

  it("reads the ASINs missing from memory in one bulk KV read, then serves them from memory", async () => {
    for (const asin of asins) await store(asin, new Date(NOW - 60_000).toISOString());
    const { kv, reads } = countingKv();
    const cache = new LookupCache(kv, new Map());
    const first = await cache.getMany("US", asins, NOW);
    expect([...first.values()].map((entry) => entry?.product.asin)).toEqual(asins);
    expect(reads).toEqual([asins.map((asin) => LookupCache.key("US", asin))]);
    const again = await cache.getMany("US", [...asins, "LCMANYNONE"], NOW + 1_000);
    expect(again.get(asins[3]!)?.product.asin).toBe(asins[3]);
    expect(again.get("LCMANYNONE")).toBeNull();
    // Only the one ASIN not held in memory was read, once.
    expect(reads.slice(1)).toEqual([[LookupCache.key("US", "LCMANYNONE")]]);
  });

  it("never serves a copy 24 h old or one that fails the product schema (and does not keep the bad one in memory)", async () => {
    await store("LCMANYOLD1", new Date(NOW - CACHE_MAX_AGE_MS).toISOString());
    await store("LCMANYBAD1", new Date(NOW).toISOString(), { asin: "LCMANYBAD1", marketplace: "US" });
    const hot = new Map();
    const found = await new LookupCache(env.LOOKUP_CACHE, hot).getMany("US", ["LCMANYOLD1", "LCMANYBAD1"], NOW);
    expect([...found.values()]).toEqual([null, null]);
    expect(hot.has(LookupCache.key("US", "LCMANYBAD1"))).toBe(false);
  });

  it("ages a copy held in memory too: past 24 h it is not served", async () => {
    await store("LCMANYAGE1", new Date(NOW - CACHE_MAX_AGE_MS + 1_000).toISOString());
    const cache = new LookupCache(env.LOOKUP_CACHE, new Map());
    expect((await cache.getMany("US", ["LCMANYAGE1"], NOW)).get("LCMANYAGE1")).not.toBeNull();
    expect((await cache.getMany("US", ["LCMANYAGE1"], NOW + 2_000)).get("LCMANYAGE1")).toBeNull();
  });
});

describe("LookupCache.inMemory: the copy this isolate holds, without a read", () => {
  it("answers a copy held in memory and nothing else: never KV, never past the memory's 60 s or the copy's 24 h", async () => {
    await store("LCMEM00001", new Date(NOW - CACHE_MAX_AGE_MS + 30_000).toISOString());
    const { kv, reads } = countingKv();
    const cache = new LookupCache(kv, new Map());
    // Not read yet: memory holds nothing, and inMemory does not read KV to find out.
    expect(cache.inMemory("US", "LCMEM00001", NOW)).toBeNull();
    expect(reads).toEqual([]);
    await cache.getMany("US", ["LCMEM00001"], NOW);
    expect(cache.inMemory("US", "LCMEM00001", NOW + 1_000)?.product.asin).toBe("LCMEM00001");
    expect(cache.inMemory("DE", "LCMEM00001", NOW + 1_000)).toBeNull();
    // 24 h old at NOW + 30 s; held in memory until NOW + 60 s.
    expect(cache.inMemory("US", "LCMEM00001", NOW + 30_000)).toBeNull();
    expect(reads).toHaveLength(1);
  });

  it("forgets a copy after the memory's HOT_TTL_MS, so other isolates' writes are read again", async () => {
    await store("LCMEM00002", new Date(NOW).toISOString());
    const cache = new LookupCache(env.LOOKUP_CACHE, new Map());
    await cache.getMany("US", ["LCMEM00002"], NOW);
    expect(cache.inMemory("US", "LCMEM00002", NOW + HOT_TTL_MS - 1_000)).not.toBeNull();
    expect(cache.inMemory("US", "LCMEM00002", NOW + HOT_TTL_MS)).toBeNull();
  });
});

