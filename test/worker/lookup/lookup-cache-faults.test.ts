import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LookupCache } from "../../../worker/lookup/cache";
import { lookupProduct, lookupProducts } from "../../../worker/lookup/lookup-service";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import type { Marketplace } from "../../../worker/contract/marketplaces";
import { UpstreamError, type ItemOutcome, type ProductSource } from "../../../worker/upstreams/creators/product-source";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** KV whose reads fail (an outage, a KV 429 or 500): writes still go to the real namespace. */
const failingReads = {
  get: () => Promise.reject(new Error("KV GET failed: 500 Internal Server Error")),
  put: (key: string, value: string, options?: KVNamespacePutOptions) => env.LOOKUP_CACHE.put(key, value, options),
} as unknown as KVNamespace;

/** A live source answering every ASIN, or failing every call with `error`. */
function source(error?: UpstreamError): ProductSource & { calls: number } {
  return {
    kind: "live",
    calls: 0,
    async getItems(asins: readonly string[], marketplace: Marketplace) {
      this.calls++;
      if (error) throw error;
      const image = (asin: string) => `https://m.media-amazon.com/images/I/${asin}.jpg`;
      return new Map(asins.map((asin): [string, ItemOutcome] => [asin, { ok: true, product: { ...mockProduct(asin, marketplace), image: image(asin) } }]));
    },
  };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("a lookup cache that cannot be read", () => {
  it("is a miss, not a failed lookup: the product comes live from Amazon", async () => {
    const live = source();
    const deps = { source: live, cache: new LookupCache(failingReads, new Map()), now: () => NOW, refreshAfterMs: 6 * 3600_000 };
    const outcomes = await lookupProducts(deps, ["KVFAULT001", "KVFAULT002"], "US");
    expect([...outcomes.values()].map((outcome) => outcome.ok && outcome.result.source)).toEqual(["live", "live"]);
    expect(live.calls).toBe(1);
  });

  it("with Amazon failing too, answers the 503 with its Retry-After, never throws", async () => {
    const deps = { source: source(new UpstreamError("throttled", "slow down", 9)), cache: new LookupCache(failingReads, new Map()), now: () => NOW, refreshAfterMs: 6 * 3600_000 };
    expect(await lookupProduct(deps, "KVFAULT003", "US")).toMatchObject({ ok: false, status: 503, retryAfterSeconds: 9 });
  });
});
