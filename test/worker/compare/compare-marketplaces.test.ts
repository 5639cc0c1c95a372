import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { breakdownItems } from "../../../worker/compare/compare-rules";
import type { MarketplaceBreakdown } from "../../../worker/contract/compare";
import { LOOKUP_MARKETPLACES } from "../../../worker/contract/marketplaces";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";
import { sellerOnPlan } from "../api-keys/support";
import { calls, control, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv } from "../lookup/live-env";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("breakdownItems (pure)", () => {
  it("gives a row per marketplace in the order given, with the lookup's answer or why there is none", () => {
    const product = { asin: "B000000001", marketplace: "UK" } as never;
    const items = breakdownItems(["US", "UK", "DE"], new Map([
      ["UK", { ok: true, result: product }],
      ["US", { ok: false, status: 404, reason: "not_accessible", detail: "not sold there" }],
    ] as never));
    expect(items).toEqual([
      { marketplace: "US", ok: false, error: "not_accessible", detail: "not sold there" },
      { marketplace: "UK", ok: true, product },
      { marketplace: "DE", ok: false, error: "unavailable", detail: "No answer for this ASIN. Please try again." },
    ]);
  });
});

describe("GET /api/v1/compare/marketplaces", () => {
  it("as Pro answers the product in each of the plan's nine marketplaces, in order, at one lookup each", async () => {
    const { browser } = await sellerOnPlan("pro");
    const asin = newAsin();
    const before = readRateLimit((await browser.request(`/api/v1/lookup?asin=${newAsin()}`)).headers, "minute")!.remaining;
    const res = await browser.request(`/api/v1/compare/marketplaces?asin=${encodeURIComponent(`https://www.amazon.co.uk/dp/${asin.toLowerCase()}`)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<MarketplaceBreakdown>();
    expect(body.asin).toBe(asin);
    expect(body.items.map((item) => item.marketplace)).toEqual([...LOOKUP_MARKETPLACES]);
    for (const item of body.items) expect(item).toMatchObject({ ok: true, product: { asin, marketplace: item.marketplace, source: "mock" } });
    // Nine lookups of the minute's allowance, as a compare of nine would take.
    expect(readRateLimit(res.headers, "minute")!.remaining).toBe(before - 9);
  });

  it("says per marketplace what Amazon answered there, and gives back the lookups it failed", async () => {
    const { browser } = await sellerOnPlan("pro");
    const clientId = uniqueClient();
    browser.bindings = { ...browser.bindings, ...liveEnv(clientId) };
    const [sold, blocked] = [newAsin(), newAsin()];
    await control("script", { asin: blocked, behavior: "not_accessible" });
    const res = await browser.request(`/api/v1/compare/marketplaces?asin=${sold}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<MarketplaceBreakdown>();
    // NA's stores have credentials here (liveEnv); the others are answered from the labelled mock.
    expect(body.items.find((item) => item.marketplace === "US")).toMatchObject({ ok: true, product: { source: "live" } });
    expect((await calls({ kind: "getItems", clientId })).map((call) => call.itemIds)).toContainEqual([sold]);
    const notSold = await (await browser.request(`/api/v1/compare/marketplaces?asin=${blocked}`)).json<MarketplaceBreakdown>();
    expect(notSold.items.find((item) => item.marketplace === "US")).toMatchObject({ ok: false, error: "not_accessible" });
  });

  it("is Pro's: Free gets 403 naming it, bad input 422, and nothing is taken", async () => {
    const ctx = createExecutionContext();
    const free = await app.request(`/api/v1/compare/marketplaces?asin=${newAsin()}`, { headers: { "CF-Connecting-IP": "198.51.100.77" } }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(free.status).toBe(403);
    expect(await free.json()).toEqual({ code: "plan_limit", detail: "Marketplace breakdowns come with Pro: your Free plan covers US." });
    expect(free.headers.get("RateLimit")).toBeNull();
    const { browser } = await sellerOnPlan("pro");
    const bad = await browser.request("/api/v1/compare/marketplaces?asin=nope");
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ code: "validation_failed", detail: [{ loc: ["query", "asin"] }] });
  });
});
