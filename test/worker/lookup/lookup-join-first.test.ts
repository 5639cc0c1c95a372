import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { LookupCache } from "../../../worker/lookup/cache";
import { lookupProduct, type LookupDeps } from "../../../worker/lookup/lookup-service";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import type { Marketplace } from "../../../worker/contract/marketplaces";
import { UpstreamError, type ItemOutcome, type ProductSource } from "../../../worker/upstreams/creators/product-source";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 26, 4, 0, 0);

/** A live source that answers when the test opens its gate. */
function gatedSource(answer: (asin: string, marketplace: Marketplace) => ItemOutcome | Error) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const source: ProductSource & { calls: number } = {
    kind: "live",
    calls: 0,
    async getItems(asins, marketplace) {
      source.calls += 1;
      await gate;
      const outcomes = asins.map((asin) => [asin, answer(asin, marketplace)] as const);
      const failure = outcomes.find(([, outcome]) => outcome instanceof Error);
      if (failure) throw failure[1];
      return new Map(outcomes as [string, ItemOutcome][]);
    },
  };
  return { source, open };
}

/** Every lookup has its own empty hot tier (a request of its own), sharing KV, whose reads are counted. */
function counted(source: ProductSource) {
  const reads = { count: 0 };
  const kv = new Proxy(env.LOOKUP_CACHE, {
    get(target, name) {
      if (name === "get") return (...args: unknown[]) => ((reads.count += 1), (target.get as (...a: unknown[]) => unknown).apply(target, args));
      const value = Reflect.get(target, name) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const deps = (): LookupDeps => ({ source, cache: new LookupCache(kv, new Map()), now: () => NOW, refreshAfterMs: 6 * HOUR });
  return { reads, deps };
}

describe("a lookup that finds its ASIN's miss in flight", () => {
  it("joins it without reading the cache: 50 concurrent cold lookups make one cache read and one call", async () => {
    const { source, open } = gatedSource((asin, marketplace) => ({ ok: true, product: mockProduct(asin, marketplace) }));
    const { reads, deps } = counted(source);
    const first = lookupProduct(deps(), "B0JOINF001", "US");
    // The first lookup's cache read is out; once it has registered its call, 49 more arrive.
    await vi.waitFor(() => expect(source.calls).toBe(1));
    const rest = Array.from({ length: 49 }, () => lookupProduct(deps(), "B0JOINF001", "US"));
    open();
    const outcomes = await Promise.all([first, ...rest]);
    expect(outcomes.every((outcome) => outcome.ok && outcome.result.source === "live")).toBe(true);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.joined)).toHaveLength(49);
    expect(source.calls).toBe(1);
    expect(reads.count).toBe(1);
  });

  it("the call others join runs under the waitUntil of the lookup that made it, so a cancelled request leaves nobody waiting", async () => {
    const { source, open } = gatedSource((asin, marketplace) => ({ ok: true, product: mockProduct(asin, marketplace) }));
    const { deps } = counted(source);
    const kept: Promise<unknown>[] = [];
    const first = lookupProduct({ ...deps(), background: (work) => void kept.push(work) }, "B0JOINF003", "US");
    await vi.waitFor(() => expect(source.calls).toBe(1));
    const joined = lookupProduct(deps(), "B0JOINF003", "US");
    // Handed over while the call is out, not after: the first request could be cancelled now.
    expect(kept).toHaveLength(1);
    open();
    expect(await Promise.all([first, joined])).toMatchObject([{ ok: true }, { ok: true, joined: true }]);
    // What was kept is the call itself: it settles with the call's outcomes.
    expect(((await kept[0]) as Map<string, { ok: boolean }>).get("B0JOINF003")).toMatchObject({ ok: true });
  });

  it("still answers the copy under 24 h old when the call it joined fails", async () => {
    // As the live source maps a product (a real image host, no rating): what the cache accepts.
    const product = { ...mockProduct("B0JOINF002", "US"), image: "https://m.media-amazon.com/images/I/B0JOINF002.jpg", rating: null, reviewCount: null, title: "Cached title" };
    await env.LOOKUP_CACHE.put(LookupCache.key("US", "B0JOINF002"), JSON.stringify({ product, refreshedAt: new Date(NOW - 12 * HOUR).toISOString() }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { source, open } = gatedSource(() => new UpstreamError("unavailable", "Amazon is down"));
    const { deps } = counted(source);
    const first = lookupProduct(deps(), "B0JOINF002", "US");
    await vi.waitFor(() => expect(source.calls).toBe(1));
    const joined = lookupProduct(deps(), "B0JOINF002", "US");
    open();
    for (const outcome of await Promise.all([first, joined])) expect(outcome).toMatchObject({ ok: true, result: { source: "cache", title: "Cached title" } });
    expect(source.calls).toBe(1);
  });
});
