import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CACHE_MAX_AGE_MS, HOT_TTL_MS, LookupCache } from "../../../worker/lookup/cache";
import { lookupProduct, lookupProducts, type LookupDeps } from "../../../worker/lookup/lookup-service";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import type { ProductData } from "../../../worker/contract/product";
import { UpstreamError, type ItemOutcome, type ProductSource } from "../../../worker/upstreams/creators/product-source";
import type { Marketplace } from "../../../worker/contract/marketplaces";
import { countingKv } from "./counting-kv";

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A live source whose answer each test scripts, counting its calls. */
class ScriptedSource implements ProductSource {
  readonly kind: "live" | "mock";
  calls = 0;
  constructor(
    private readonly answer: (asin: string, marketplace: Marketplace) => Promise<ItemOutcome>,
    kind: "live" | "mock" = "live",
  ) {
    this.kind = kind;
  }
  async getItems(asins: readonly string[], marketplace: Marketplace) {
    this.calls++;
    return new Map(await Promise.all(asins.map(async (a) => [a, await this.answer(a, marketplace)] as const)));
  }
}

/** A product as the live source maps one: the mock's shape with a real image host and no rating. */
const liveProduct = (asin: string, marketplace: Marketplace): ProductData => ({
  ...mockProduct(asin, marketplace),
  image: `https://m.media-amazon.com/images/I/${asin}.jpg`,
  rating: null,
  reviewCount: null,
});
const found = (asin: string, marketplace: Marketplace): Promise<ItemOutcome> =>
  Promise.resolve({ ok: true, product: liveProduct(asin, marketplace) });
const failing = (error: unknown) => () => Promise.reject(error);

/** Each lookup gets an empty hot tier, so what a test seeds in KV is what it reads. */
function deps(source: ProductSource, now = NOW): LookupDeps {
  return { source, cache: new LookupCache(env.LOOKUP_CACHE, new Map()), now: () => now, refreshAfterMs: 6 * HOUR };
}

async function seedCache(asin: string, ageMs: number, marketplace: Marketplace = "US"): Promise<ProductData> {
  const product = { ...liveProduct(asin, marketplace), title: "Cached title" };
  await env.LOOKUP_CACHE.put(
    LookupCache.key(marketplace, asin),
    JSON.stringify({ product, refreshedAt: new Date(NOW - ageMs).toISOString() }),
  );
  return product;
}

describe("lookup service", () => {
  // Upstream failures are logged for operators; keep them out of the test output.
  let errorLog: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("on a miss asks the source, answers live and caches the copy for 24 hours", async () => {
    const source = new ScriptedSource(found);
    const outcome = await lookupProduct(deps(source), "LSMISS0001", "US");
    expect(source.calls).toBe(1);
    expect(outcome).toMatchObject({ ok: true, result: { asin: "LSMISS0001", source: "live", refreshedAt: new Date(NOW).toISOString() } });
    const stored = await env.LOOKUP_CACHE.getWithMetadata(LookupCache.key("US", "LSMISS0001"), "json");
    expect(stored.value).toMatchObject({ refreshedAt: new Date(NOW).toISOString(), product: { asin: "LSMISS0001" } });
  });

  it("passes the source's category ranks on with fresh data, but keeps them out of the result and the cache", async () => {
    const categoryRanks = [{ category: "Electronics", rank: 812 }];
    const source = new ScriptedSource(async (asin, marketplace) => ({ ...(await found(asin, marketplace)), categoryRanks }) as ItemOutcome);
    const fresh = await lookupProduct(deps(source), "LSRANKS001", "US");
    expect(fresh).toMatchObject({ ok: true, categoryRanks });
    expect(fresh.ok && fresh.result).not.toHaveProperty("categoryRanks");

    const hit = await lookupProduct(deps(source, NOW + HOUR), "LSRANKS001", "US");
    expect(hit).toMatchObject({ ok: true, result: { source: "cache" } });
    expect(hit).not.toHaveProperty("categoryRanks");
  });

  it("answers a cache hit without the source, keeping the original refreshedAt", async () => {
    await seedCache("LSHIT00001", 2 * HOUR);
    const source = new ScriptedSource(found);
    const outcome = await lookupProduct(deps(source), "LSHIT00001", "US");
    expect(source.calls).toBe(0);
    expect(outcome).toMatchObject({
      ok: true,
      result: { source: "cache", title: "Cached title", refreshedAt: new Date(NOW - 2 * HOUR).toISOString() },
    });
  });

  it("keeps marketplaces apart in the cache", async () => {
    await seedCache("LSMKT00001", HOUR, "UK");
    const source = new ScriptedSource(found);
    const outcome = await lookupProduct(deps(source), "LSMKT00001", "DE");
    expect(source.calls).toBe(1);
    expect(outcome).toMatchObject({ ok: true, result: { marketplace: "DE", source: "live" } });
  });

  it("never serves a copy that is 24 hours old or older, even when the source fails", async () => {
    await seedCache("LSEXP00001", CACHE_MAX_AGE_MS);
    const source = new ScriptedSource(failing(new UpstreamError("unavailable", "down")));
    const outcome = await lookupProduct(deps(source), "LSEXP00001", "US");
    expect(source.calls).toBe(1);
    expect(outcome).toMatchObject({ ok: false, status: 503 });
  });

  it("refreshes a copy past the refresh age from the source", async () => {
    await seedCache("LSOLD00001", 7 * HOUR);
    const source = new ScriptedSource(found);
    const outcome = await lookupProduct(deps(source), "LSOLD00001", "US");
    expect(source.calls).toBe(1);
    expect(outcome).toMatchObject({ ok: true, result: { source: "live", refreshedAt: new Date(NOW).toISOString() } });
  });

  it.each([
    ["throttled", new UpstreamError("throttled", "slow down", 7)],
    ["timed out", new UpstreamError("timeout", "no answer")],
    ["broken", new Error("socket hang up")],
  ])("serves the copy younger than 24 h when the source is %s", async (_, error) => {
    const asin = `LSFB${Math.random().toString(36).slice(2, 8).toUpperCase()}`.padEnd(10, "0");
    await seedCache(asin, 20 * HOUR);
    const outcome = await lookupProduct(deps(new ScriptedSource(failing(error))), asin, "US");
    expect(outcome).toMatchObject({ ok: true, result: { source: "cache", title: "Cached title" } });
  });

  it.each([
    [new UpstreamError("throttled", "slow down", 7), 7, /limiting/],
    [new UpstreamError("throttled", "slow down"), 10, /limiting/],
    [new UpstreamError("timeout", "no answer"), 30, /temporarily unavailable/],
    [new UpstreamError("not_eligible", "account"), 30, /temporarily unavailable/],
    [new TypeError("cannot read properties of undefined"), 30, /temporarily unavailable/],
  ])("without a usable copy, upstream trouble is a 503 with Retry-After (%s)", async (error, retryAfter, detail) => {
    const outcome = await lookupProduct(deps(new ScriptedSource(failing(error))), "LSNONE0001", "US");
    expect(outcome).toMatchObject({ ok: false, status: 503, retryAfterSeconds: retryAfter });
    expect(outcome.ok ? "" : outcome.detail).toMatch(detail);
    // The user sees a plain message; the operator's log names the real cause.
    expect(errorLog).toHaveBeenCalledWith("product source failed", error instanceof UpstreamError ? error.kind : "unexpected", error);
  });

  it("answers 404 for an unknown ASIN, naming it and the marketplace", async () => {
    const source = new ScriptedSource(() => Promise.resolve({ ok: false, reason: "not_found", message: "invalid" }));
    expect(await lookupProduct(deps(source), "LSUNKNOWN1", "US")).toEqual({
      ok: false,
      status: 404,
      reason: "not_found",
      detail: "No product found for ASIN LSUNKNOWN1 in the US marketplace",
    });
  });

  it("answers 404 for an item Amazon will not serve, and caches neither", async () => {
    const source = new ScriptedSource(() => Promise.resolve({ ok: false, reason: "not_accessible", message: "no" }));
    const outcome = await lookupProduct(deps(source), "LSNOACC001", "UK");
    expect(outcome).toMatchObject({ ok: false, status: 404, detail: expect.stringMatching(/LSNOACC001.*UK marketplace/) });
    expect(await env.LOOKUP_CACHE.get(LookupCache.key("UK", "LSNOACC001"))).toBeNull();
  });

  it("makes concurrent misses for one ASIN share a single upstream call", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const source = new ScriptedSource(async (asin, marketplace) => {
      await gate;
      return found(asin, marketplace);
    });
    const all = Promise.all(Array.from({ length: 50 }, () => lookupProduct(deps(source), "LSSHARED01", "US")));
    release();
    const outcomes = await all;
    expect(source.calls).toBe(1);
    expect(outcomes.every((o) => o.ok && o.result.source === "live")).toBe(true);
    // Only the request that made the call keeps the day's snapshot; the 49 that joined it do not.
    expect(outcomes.filter((o) => o.ok && !o.joined)).toHaveLength(1);
    // Once settled, the next miss makes a new call.
    await env.LOOKUP_CACHE.delete(LookupCache.key("US", "LSSHARED01"));
    await lookupProduct(deps(source), "LSSHARED01", "US");
    expect(source.calls).toBe(2);
  });

  it("does not share a call between different ASINs or marketplaces", async () => {
    const source = new ScriptedSource(found);
    await Promise.all([
      lookupProduct(deps(source), "LSPAIR0001", "US"),
      lookupProduct(deps(source), "LSPAIR0002", "US"),
      lookupProduct(deps(source), "LSPAIR0001", "CA"),
    ]);
    expect(source.calls).toBe(3);
  });

  it("never caches mock data, so it can never come back labelled as a cache hit", async () => {
    const source = new ScriptedSource(found, "mock");
    const first = await lookupProduct(deps(source), "LSMOCK0001", "US");
    const second = await lookupProduct(deps(source), "LSMOCK0001", "US");
    expect(first).toMatchObject({ ok: true, result: { source: "mock" } });
    expect(second).toMatchObject({ ok: true, result: { source: "mock" } });
    expect(await env.LOOKUP_CACHE.get(LookupCache.key("US", "LSMOCK0001"))).toBeNull();
  });
});

describe("several products at once", () => {
  /** A live source that records each call's ids and answers when the test releases it. */
  function gatedSource() {
    const batches: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const source: ProductSource = {
      kind: "live",
      async getItems(asins, marketplace) {
        batches.push([...asins]);
        await gate;
        return new Map(await Promise.all(asins.map(async (a) => [a, await found(a, marketplace)] as const)));
      },
    };
    return { source, batches, release };
  }

  it("answers cached ones from the cache and every miss in one call, keyed in the order asked", async () => {
    await seedCache("LSBATCH001", HOUR);
    const source = new ScriptedSource(found);
    const answers = await lookupProducts(deps(source), ["LSBATCH002", "LSBATCH001", "LSBATCH003", "LSBATCH002"], "US");
    expect(source.calls).toBe(1);
    expect([...answers.keys()]).toEqual(["LSBATCH002", "LSBATCH001", "LSBATCH003"]);
    expect([...answers.values()].map((a) => a.ok && a.result.source)).toEqual(["live", "cache", "live"]);
  });

  it("splits more than 10 misses into calls of at most 10", async () => {
    const source = new ScriptedSource(found);
    const asins = Array.from({ length: 12 }, (_, i) => `LSBIG${String(i).padStart(5, "0")}`);
    await lookupProducts(deps(source), asins, "US");
    expect(source.calls).toBe(2);
  });

  it("lets a single lookup join a batch in flight, and a batch join a lookup in flight", async () => {
    const { source, batches, release } = gatedSource();
    const batch = lookupProducts(deps(source), ["LSJOIN0001", "LSJOIN0002"], "US");
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    const single = lookupProduct(deps(source), "LSJOIN0002", "US");
    const other = lookupProducts(deps(source), ["LSJOIN0001", "LSJOIN0003"], "US");
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    release();
    expect((await single).ok).toBe(true);
    expect((await batch).size).toBe(2);
    expect((await other).get("LSJOIN0003")).toMatchObject({ ok: true });
    expect(batches).toEqual([["LSJOIN0001", "LSJOIN0002"], ["LSJOIN0003"]]);
  });

  it("gives every ASIN of a failed call the failure, and a cached copy where one exists", async () => {
    await seedCache("LSFAIL0001", 7 * HOUR);
    const source = new ScriptedSource(failing(new UpstreamError("throttled", "slow down", 7)));
    const answers = await lookupProducts(deps(source), ["LSFAIL0001", "LSFAIL0002"], "US");
    expect(source.calls).toBe(1);
    expect(answers.get("LSFAIL0001")).toMatchObject({ ok: true, result: { source: "cache" } });
    expect(answers.get("LSFAIL0002")).toMatchObject({ ok: false, status: 503, reason: "unavailable", retryAfterSeconds: 7 });
  });
});

describe("lookups answered from this isolate's memory", () => {
  /** A cache whose KV reads are counted, over one shared hot tier. */
  function countedCache() {
    const { kv, reads } = countingKv();
    return { cache: new LookupCache(kv, new Map()), reads };
  }

  it("answers copies fresh in memory with no KV read and no call, as the cache it came from", async () => {
    const product = await seedCache("LSMEM00001", HOUR);
    await seedCache("LSMEM00002", HOUR);
    const source = new ScriptedSource(found);
    const { cache, reads } = countedCache();
    const at = (now: number): LookupDeps => ({ source, cache, now: () => now, refreshAfterMs: 6 * HOUR });
    await lookupProducts(at(NOW), ["LSMEM00001", "LSMEM00002"], "US");
    expect(reads).toHaveLength(1);
    const again = await lookupProducts(at(NOW + 1_000), ["LSMEM00001", "LSMEM00002", "LSMEM00001"], "US");
    expect(reads).toHaveLength(1);
    expect(source.calls).toBe(0);
    expect([...again.keys()]).toEqual(["LSMEM00001", "LSMEM00002"]);
    expect(again.get("LSMEM00001")).toEqual({ ok: true, result: { ...product, source: "cache", refreshedAt: new Date(NOW - HOUR).toISOString() } });
  });

  it("asks the source for a copy held in memory past the refresh age, and reads KV for one memory lacks", async () => {
    await seedCache("LSMEM00003", 6 * HOUR - 1_000);
    const source = new ScriptedSource(found);
    const { cache, reads } = countedCache();
    const at = (now: number): LookupDeps => ({ source, cache, now: () => now, refreshAfterMs: 6 * HOUR });
    expect((await lookupProduct(at(NOW), "LSMEM00003", "US")).ok).toBe(true);
    expect(source.calls).toBe(0);
    // Held in memory, but now past 6 hours old: refreshed from the source.
    expect(await lookupProduct(at(NOW + 2_000), "LSMEM00003", "US")).toMatchObject({ ok: true, result: { source: "live" } });
    expect(source.calls).toBe(1);
    // With one ASIN memory lacks, the whole batch takes the ordinary path: one bulk read.
    await seedCache("LSMEM00004", HOUR);
    await lookupProducts(at(NOW + 3_000), ["LSMEM00003", "LSMEM00004"], "US");
    expect(reads.at(-1)).toEqual([LookupCache.key("US", "LSMEM00004")]);
    expect(source.calls).toBe(1);
  });
});

describe("lookup cache hot tier", () => {
  it("serves a KV entry from memory for a minute, then reads KV again", async () => {
    const hot = new Map();
    const cache = new LookupCache(env.LOOKUP_CACHE, hot);
    const product = await seedCache("LSHOT00001", HOUR);
    expect(await cache.get("US", "LSHOT00001", NOW)).toMatchObject({ product });

    await env.LOOKUP_CACHE.delete(LookupCache.key("US", "LSHOT00001"));
    expect(await cache.get("US", "LSHOT00001", NOW + HOT_TTL_MS - 1)).toMatchObject({ product });
    expect(await cache.get("US", "LSHOT00001", NOW + HOT_TTL_MS)).toBeNull();
  });

  it("never serves a held entry once it is 24 hours old", async () => {
    const cache = new LookupCache(env.LOOKUP_CACHE, new Map());
    await seedCache("LSHOT00002", CACHE_MAX_AGE_MS - 1000);
    expect(await cache.get("US", "LSHOT00002", NOW)).not.toBeNull();
    expect(await cache.get("US", "LSHOT00002", NOW + 1000)).toBeNull();
  });

  it("never serves a stored copy that fails the product schema (a -5 price, a numeric title, another ASIN)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const cache = new LookupCache(env.LOOKUP_CACHE, new Map());
    const good = liveProduct("LSBAD00001", "US");
    const refreshedAt = new Date(NOW - HOUR).toISOString();
    for (const product of [
      { ...good, price: { amount: -5, currency: "USD" } },
      { ...good, title: 42 },
      { ...good, image: "https://evil.example/a.jpg" },
      { ...good, asin: "LSBAD00002" },
    ]) {
      await env.LOOKUP_CACHE.put(LookupCache.key("US", "LSBAD00001"), JSON.stringify({ product, refreshedAt }));
      expect(await new LookupCache(env.LOOKUP_CACHE, new Map()).get("US", "LSBAD00001", NOW)).toBeNull();
    }
    await env.LOOKUP_CACHE.put(LookupCache.key("US", "LSBAD00001"), JSON.stringify({ product: good, refreshedAt }));
    expect(await cache.get("US", "LSBAD00001", NOW)).toMatchObject({ product: good });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("fails the product schema"));
  });
});
