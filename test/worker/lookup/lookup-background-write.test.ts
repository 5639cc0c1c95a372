import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Marketplace } from "../../../worker/contract/marketplaces";
import { HOT_TTL_MS, LookupCache } from "../../../worker/lookup/cache";
import { lookupProducts } from "../../../worker/lookup/lookup-service";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import type { ItemOutcome, ProductSource } from "../../../worker/upstreams/creators/product-source";

const liveSource: ProductSource = {
  kind: "live",
  async getItems(asins: readonly string[], marketplace: Marketplace) {
    return new Map<string, ItemOutcome>(
      asins.map((asin) => [asin, { ok: true, product: { ...mockProduct(asin, marketplace), image: `https://m.media-amazon.com/images/I/${asin}.jpg`, rating: null, reviewCount: null } }]),
    );
  },
};

describe("a fresh copy's KV write runs after the answer (background)", () => {
  it("answers before the write, holds the copy in memory at once, and the write lands in KV", async () => {
    const background: Promise<unknown>[] = [];
    const hot = new Map();
    const now = Date.now();
    const deps = { source: liveSource, cache: new LookupCache(env.LOOKUP_CACHE, hot), now: () => now, refreshAfterMs: HOT_TTL_MS, background: (work: Promise<unknown>) => background.push(work) };
    const answered = await lookupProducts(deps, ["LBGWRITE01"], "US");
    expect(answered.get("LBGWRITE01")).toMatchObject({ ok: true, result: { source: "live" } });
    // The upstream call (kept alive for lookups joining it) and the KV write.
    expect(background).toHaveLength(2);
    expect(hot.has(LookupCache.key("US", "LBGWRITE01"))).toBe(true);
    // A second lookup in this isolate is a cache hit before KV has the copy.
    expect((await lookupProducts(deps, ["LBGWRITE01"], "US")).get("LBGWRITE01")).toMatchObject({ ok: true, result: { source: "cache" } });
    await Promise.all(background);
    expect(await env.LOOKUP_CACHE.get(LookupCache.key("US", "LBGWRITE01"), "json")).toMatchObject({ product: { asin: "LBGWRITE01" } });
  });
});
