import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import type { CompareResponse } from "../../../worker/contract/compare";
import { calls, control, newAsin, uniqueClient } from "../support/creators-fake";
import { freeBrowser, proBrowser } from "../history/accounts";
import { sellerOnPlan } from "../api-keys/support";
import { liveEnv } from "../lookup/live-env";

let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

/** One anonymous compare against the fake Creators API. */
async function compare(query: string, bindings: Env, ip = freshIp()) {
  const ctx = createExecutionContext();
  const res = await app.request(`/api/v1/compare?${query}`, { headers: { "CF-Connecting-IP": ip } }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const asinsOf = (n: number) => Array.from({ length: n }, newAsin);

describe("GET /api/v1/compare upstream calls", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("fetches 10 cold ASINs in one getItems call, then answers them from the cache with none", async () => {
    const clientId = uniqueClient();
    const asins = asinsOf(10);
    // Pro: a compare of 10 is beyond Free (a paying seller: a demo Pro sees sample data only).
    const { browser } = await sellerOnPlan("pro");
    browser.bindings = { ...browser.bindings, ...liveEnv(clientId) };
    const first = await browser.request(`/api/v1/compare?asins=${asins.join(",")}`);
    expect(first.status).toBe(200);
    const body = await first.json<CompareResponse>();
    expect(body.items.map((item) => item.asin)).toEqual(asins);
    expect(body.items.every((item) => item.ok && item.product.source === "live")).toBe(true);
    let getItems = await calls({ kind: "getItems", clientId });
    expect(getItems).toHaveLength(1);
    expect(getItems[0]!.itemIds).toEqual(asins);

    const again = await browser.request(`/api/v1/compare?asins=${asins.join(",")}`);
    const cached = await again.json<CompareResponse>();
    expect(cached.items.every((item) => item.ok && item.product.source === "cache")).toBe(true);
    getItems = await calls({ kind: "getItems", clientId });
    expect(getItems).toHaveLength(1);
  });

  it("makes one upstream call for 50 concurrent identical compares", async () => {
    const clientId = uniqueClient();
    const asins = asinsOf(5);
    await control("script", { asins, behavior: "slow", delayMs: 300 });
    const bindings = liveEnv(clientId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => compare(`asins=${asins.join(",")}`, bindings)));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    expect(await calls({ kind: "getItems", clientId })).toHaveLength(1);
    // Fifty whole requests (limits, cache, log) in one isolate: give a busy machine time.
  }, 30_000);

  it("asks only for the misses, and a lookup joins a compare's call in flight", async () => {
    const clientId = uniqueClient();
    const [cachedAsin, ...cold] = asinsOf(4);
    const bindings = liveEnv(clientId);
    expect((await compare(`asins=${cachedAsin}`, bindings)).status).toBe(200);
    await control("script", { asins: cold, behavior: "slow", delayMs: 200 });
    const ctx = createExecutionContext();
    const [compared, looked] = await Promise.all([
      compare(`asins=${[cachedAsin, ...cold].join(",")}`, bindings),
      app.request(`/api/v1/lookup?asin=${cold[1]}`, { headers: { "CF-Connecting-IP": freshIp() } }, bindings, ctx),
    ]);
    expect(compared.status).toBe(200);
    expect(looked.status).toBe(200);
    const getItems = await calls({ kind: "getItems", clientId });
    // Whichever registered first, every ASIN went upstream exactly once.
    expect(getItems[0]!.itemIds).toEqual([cachedAsin]);
    expect(getItems.slice(1).flatMap((call) => call.itemIds).sort()).toEqual([...cold].sort());
  });

  it("reports per-ASIN errors in input order without failing the compare", async () => {
    const clientId = uniqueClient();
    const [good, unknown, blocked] = asinsOf(3);
    await control("script", { asin: unknown, behavior: "invalid" });
    await control("script", { asin: blocked, behavior: "not_accessible" });
    const res = await compare(`asins=${[unknown, good, blocked, good].join(",")}`, liveEnv(clientId));
    expect(res.status).toBe(200);
    const body = await res.json<CompareResponse>();
    expect(body.items).toEqual([
      { asin: unknown, ok: false, error: "not_found", detail: `No product found for ASIN ${unknown} in the US marketplace` },
      expect.objectContaining({ asin: good, ok: true }),
      { asin: blocked, ok: false, error: "not_accessible", detail: expect.stringContaining("not available in the US marketplace") },
    ]);
  });

  it("answers 503 with Retry-After when Amazon fails for every ASIN", async () => {
    const asins = asinsOf(2);
    await control("script", { asins, behavior: "throttled", retryAfterSeconds: 12 });
    const res = await compare(`asins=${asins.join(",")}`, liveEnv(uniqueClient()));
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("12");
    expect(await res.json()).toEqual({ detail: expect.any(String), code: "upstream_unavailable" });
  });
});

describe("GET /api/v1/compare input and plans", () => {
  it("reads pasted forms, drops repeats and answers mock data labelled as such", async () => {
    const res = await compare(
      `asins=${encodeURIComponent(" b08n5wrwnw ,https://www.amazon.com/dp/B07XJ8C8F5?th=1,B08N5WRWNW")}`,
      env,
    );
    expect(res.status).toBe(200);
    const body = await res.json<CompareResponse>();
    expect(body.items.map((item) => item.asin)).toEqual(["B08N5WRWNW", "B07XJ8C8F5"]);
    expect(body.items.every((item) => item.ok && item.product.source === "mock")).toBe(true);
  });

  it("rejects bad pieces with 422 in the lookup's list shape", async () => {
    const res = await compare("asins=B08N5WRWNW,abc,B0!", env);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [{ loc: ["query", "asins"], msg: "Not ASINs (10 letters or digits): ABC, B0!", type: "custom" }],
      code: "validation_failed",
    });
    expect((await compare("", env)).status).toBe(422);
    expect((await compare("asins=B08N5WRWNW&marketplace=BR", env)).status).toBe(422);
  });

  it("compares in the marketplace an Amazon URL names when no marketplace is given", async () => {
    const pro = await proBrowser();
    const res = await pro.request(`/api/v1/compare?asins=${encodeURIComponent("https://www.amazon.de/dp/B08N5WRWNW,B07XJ8C8F5")}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<CompareResponse>();
    expect(body.marketplace).toBe("DE");
    expect(body.items).toEqual([
      expect.objectContaining({ asin: "B08N5WRWNW", product: expect.objectContaining({ marketplace: "DE", detailPageUrl: expect.stringContaining("amazon.de") }) }),
      expect.objectContaining({ asin: "B07XJ8C8F5", product: expect.objectContaining({ marketplace: "DE" }) }),
    ]);
  });

  it("refuses a marketplace that contradicts an Amazon URL, and URLs of different marketplaces, with 422 naming them", async () => {
    const de = encodeURIComponent("https://www.amazon.de/dp/B08N5WRWNW");
    const conflict = await compare(`asins=${de}&marketplace=US`, env);
    expect(conflict.status).toBe(422);
    expect(await conflict.json()).toEqual({
      detail: [{ loc: ["query", "marketplace"], msg: "marketplace is US, but an Amazon URL is on DE (amazon.de): leave marketplace out or make them agree.", type: "custom" }],
      code: "validation_failed",
    });
    const mixed = await compare(`asins=${de},${encodeURIComponent("https://www.amazon.fr/dp/B07XJ8C8F5")}`, env);
    expect(mixed.status).toBe(422);
    expect(await mixed.json()).toEqual({
      detail: [{ loc: ["query", "asins"], msg: expect.stringContaining("different marketplaces (DE (amazon.de), FR (amazon.fr))"), type: "custom" }],
      code: "validation_failed",
    });
  });

  it("holds anonymous and Free callers to 5 ASINs and the Free marketplaces, with the way to Pro", async () => {
    const six = asinsOf(6).join(",");
    const anonymous = await compare(`asins=${six}`, env);
    expect(anonymous.status).toBe(403);
    expect(((await anonymous.json()) as { detail: string }).detail).toMatch(/up to 5 ASINs.*Upgrade to Pro to compare up to 10/);
    const free = await freeBrowser();
    expect((await free.request(`/api/v1/compare?asins=${six}`)).status).toBe(403);
    expect((await free.request(`/api/v1/compare?asins=${asinsOf(5).join(",")}`)).status).toBe(200);
    const germany = await compare(`asins=${asinsOf(1)[0]}&marketplace=DE`, env);
    expect(germany.status).toBe(403);
  });

  it("lets Pro compare 10 in any marketplace, and no plan more than 10", async () => {
    const pro = await proBrowser();
    expect((await pro.request(`/api/v1/compare?asins=${asinsOf(10).join(",")}&marketplace=JP`)).status).toBe(200);
    const eleven = await pro.request(`/api/v1/compare?asins=${asinsOf(11).join(",")}`);
    expect(eleven.status).toBe(403);
    expect(await eleven.json()).toEqual({ detail: "Your Pro plan compares up to 10 ASINs at once; you asked for 11.", code: "plan_limit" });
  });

  it("answers more than 10 on Free once, with Free's own limit: not 'at most 10' first and 'up to 5' after trimming", async () => {
    const res = await compare(`asins=${asinsOf(12).join(",")}`, env);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: "Your Free plan compares up to 5 ASINs at once; you asked for 12. Upgrade to Pro to compare up to 10.",
      code: "plan_limit",
    });
  });

  it("counts each ASIN as one lookup of the anonymous monthly allowance", async () => {
    const ip = freshIp();
    const limited = { ...env, LOOKUP_LIMIT_PER_MONTH: "6" };
    const first = await compare(`asins=${asinsOf(5).join(",")}`, limited, ip);
    expect(first.status).toBe(200);
    const second = await compare(`asins=${asinsOf(2).join(",")}`, limited, ip);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await second.json()) as { detail: string }).detail).toMatch(/needs 2 lookups and 1 are left/);
    // The refused compare took nothing: one single lookup is still allowed.
    expect((await compare(`asins=${asinsOf(1).join(",")}`, limited, ip)).status).toBe(200);
    expect((await compare(`asins=${asinsOf(1).join(",")}`, limited, ip)).status).toBe(429);
  });
});
