import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { recordDayPoint } from "../../../worker/history/rank-points-store";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import type { HistoryResponse } from "../../../worker/contract/history";
import type { Marketplace } from "../../../worker/contract/marketplaces";
import { newAsin } from "../support/creators-fake";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { freeBrowser, proBrowser } from "./accounts";
import { buildServices } from "../../../worker/services";
import { DAY_MS, utcDay } from "../../../worker/contract/time";


/** Snapshots of one ASIN `daysAgo` UTC days before today, each with its rank. */
async function seed(asin: string, ranks: Record<number, number | null>, marketplace: Marketplace = "US", source: "live" | "mock" = "live") {
  const product = mockProduct(asin, marketplace);
  for (const [daysAgo, rank] of Object.entries(ranks)) {
    await recordDayPoint(buildServices(env).history, {
      product: { ...product, rank },
      categoryRanks: rank === null ? [] : [{ category: "Electronics", rank }],
      source,
      capturedAt: new Date(Date.now() - Number(daysAgo) * DAY_MS).toISOString(),
    });
  }
}

const dayAgo = (days: number) => utcDay(Date.now() - days * DAY_MS);
const anonymous = () => new TestBrowser(demoEnv());

describe("GET /api/history", () => {
  it("answers an anonymous visitor the last 7 days, oldest first, with velocity", async () => {
    const asin = newAsin();
    await seed(asin, { 9: 50, 7: 60, 6: 1000, 4: null, 3: 900, 0: 800 });
    const res = await anonymous().request(`/api/history?asin=${asin.toLowerCase()}&marketplace=us`);
    expect(res.status).toBe(200);
    const body = await res.json<HistoryResponse>();
    const product = mockProduct(asin, "US");
    expect(body).toEqual({
      asin,
      marketplace: "US",
      range: "7d",
      days: 7,
      points: [6, 4, 3, 0].map((daysAgo) => {
        const rank = { 6: 1000, 4: null, 3: 900, 0: 800 }[daysAgo] ?? null;
        return {
          day: dayAgo(daysAgo),
          source: "live",
          rank,
          categoryRanks: rank === null ? [] : [{ category: "Electronics", rank }],
          price: product.price?.amount,
          currency: "USD",
          offers: product.offers,
          // The rating and review count of the same capture, with its source.
          rating: product.rating,
          reviewCount: product.reviewCount,
        };
      }),
      // 1000, 900, 800 three days apart lie on a line falling 100 every 3 days.
      velocity: { rankChangePercent: -20, slopePerDay: -33.33, best: 800, worst: 1000 },
    });
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("labels mock points and keeps marketplaces apart", async () => {
    const asin = newAsin();
    await seed(asin, { 1: 10, 0: 12 }, "DE", "mock");
    await seed(asin, { 0: 99 }, "US");
    const body = await (await anonymous().request(`/api/history?asin=${asin}&marketplace=DE&range=7d`)).json<HistoryResponse>();
    expect(body.points.map(({ source, rank }) => ({ source, rank }))).toEqual([
      { source: "mock", rank: 10 },
      { source: "mock", rank: 12 },
    ]);
  });

  it("measures velocity within the latest point's source: a store's mock days never count against its first live day", async () => {
    const asin = newAsin();
    // Tracked by a demo only (mock snapshots), then live once a real account tracks it.
    await seed(asin, { 3: 500, 2: 400 }, "US", "mock");
    await seed(asin, { 1: 1000, 0: 1100 }, "US", "live");
    for (const path of [`/api/history?asin=${asin}&marketplace=US&range=7d`, `/api/v1/history?asin=${asin}&marketplace=US&range=7d`]) {
      const history = await (await anonymous().request(path)).json<HistoryResponse>();
      // Every point is still answered, each with its source.
      expect(history.points.map(({ source, rank }) => ({ source, rank }))).toEqual([
        { source: "mock", rank: 500 },
        { source: "mock", rank: 400 },
        { source: "live", rank: 1000 },
        { source: "live", rank: 1100 },
      ]);
      // 1000 → 1100 live, not 500 (a mock figure) → 1100 with a mock best.
      expect(history.velocity).toEqual({ rankChangePercent: 10, slopePerDay: 100, best: 1000, worst: 1100 });
    }
  });

  it("answers an empty series without velocity for an ASIN never captured", async () => {
    const body = await (await anonymous().request(`/api/history?asin=${newAsin()}`)).json<HistoryResponse>();
    expect(body).toMatchObject({
      range: "7d",
      points: [],
      velocity: { rankChangePercent: null, slopePerDay: null, best: null, worst: null },
    });
  });

  it.each(["30d", "90d"])("asks an anonymous visitor to sign in for %s", async (range) => {
    const res = await anonymous().request(`/api/history?asin=${newAsin()}&range=${range}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Sign in to see 30 and 90 days", code: "unauthenticated" });
  });

  it("gives the Free plan 7 days and refuses longer ranges with 403", async () => {
    const browser = await freeBrowser();
    const asin = newAsin();
    expect((await browser.request(`/api/history?asin=${asin}&range=7d`)).status).toBe(200);
    for (const range of ["30d", "90d"]) {
      const res = await browser.request(`/api/history?asin=${asin}&range=${range}`);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        detail: "Your Free plan shows 7 days of rank history. Upgrade to Pro at /billing to lift it.",
        code: "plan_limit",
      });
    }
  });

  it("takes any number of days up to the plan's instead of a range", async () => {
    const asin = newAsin();
    await seed(asin, { 13: 400, 8: 300, 0: 200 });
    const pro = await proBrowser();
    const res = await pro.request(`/api/history?asin=${asin}&days=14`);
    expect(res.status).toBe(200);
    const body = await res.json<HistoryResponse>();
    expect(body.days).toBe(14);
    expect(body.points.map((p) => p.rank)).toEqual([400, 300, 200]);
    expect((await anonymous().request(`/api/history?asin=${asin}&days=8`)).status).toBe(401);
    expect((await anonymous().request(`/api/history?asin=${asin}&days=7`)).status).toBe(200);
    expect((await (await freeBrowser()).request(`/api/history?asin=${asin}&days=8`)).status).toBe(403);
    const bad = await pro.request(`/api/history?asin=${asin}&days=91`);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ detail: [{ loc: ["query", "days"], msg: "days must be a whole number from 1 to 90", type: expect.any(String) }], code: "validation_failed" });
  });

  it("gives Pro 30 and 90 days, ending today", async () => {
    const browser = await proBrowser();
    const asin = newAsin();
    await seed(asin, { 90: 1, 89: 400, 30: 300, 29: 200, 0: 100 });
    const thirty = await (await browser.request(`/api/history?asin=${asin}&range=30d`)).json<HistoryResponse>();
    expect(thirty.points.map((point) => point.day)).toEqual([dayAgo(29), dayAgo(0)]);
    const ninety = await (await browser.request(`/api/history?asin=${asin}&range=90d`)).json<HistoryResponse>();
    expect(ninety).toMatchObject({ range: "90d", velocity: { rankChangePercent: -75, best: 100, worst: 400 } });
    expect(ninety.points.map((point) => point.day)).toEqual([dayAgo(89), dayAgo(30), dayAgo(29), dayAgo(0)]);
  });

  it.each([
    ["asin=short", "asin"],
    ["", "asin"],
    ["asin=B08N5WRWNW&marketplace=BR", "marketplace"],
    ["asin=B08N5WRWNW&range=365d", "range"],
  ])("rejects %j with 422 naming %s", async (query, field) => {
    const res = await anonymous().request(`/api/history?${query}`);
    expect(res.status).toBe(422);
    const body = await res.json<{ detail: { loc: string[] }[] }>();
    expect(body.detail.map((entry) => entry.loc)).toEqual([["query", field]]);
  });
});

describe("GET /api/history errors", () => {
  it("keep the headers set before the refusal: a plan refusal is not cacheable either", async () => {
    const res = await new TestBrowser(demoEnv()).request("/api/history?asin=B08N5WRWNW&range=30d");
    expect(res.status).toBe(401);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ detail: "Sign in to see 30 and 90 days", code: "unauthenticated" });
  });
});
