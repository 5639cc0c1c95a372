import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { HistoryResponse } from "../../../worker/contract/history";
import type { LookupResult } from "../../../worker/contract/product";
import { DAY_MS, utcDay } from "../../../worker/contract/time";
import { recordDayPoint } from "../../../worker/history/rank-points-store";
import { buildServices } from "../../../worker/services";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import { freeBrowser, proBrowser } from "../history/accounts";
import { newAsin } from "../support/creators-fake";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import type { OpenApiDocument } from "../openapi/support";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

let nextIp = 1;
/** Each request series gets its own client address, so the anonymous quota never leaks between tests. */
const freshIp = () => `203.0.113.${nextIp++}`;

/** One snapshot `daysAgo` UTC days before today at the given rank. */
async function seed(asin: string, ranks: Record<number, number>) {
  const product = mockProduct(asin, "US");
  for (const [daysAgo, rank] of Object.entries(ranks)) {
    await recordDayPoint(buildServices(env).history, {
      product: { ...product, rank },
      categoryRanks: [{ category: "Electronics", rank }],
      source: "live",
      capturedAt: new Date(Date.now() - Number(daysAgo) * DAY_MS).toISOString(),
    });
  }
}

const dayAgo = (days: number) => utcDay(Date.now() - days * DAY_MS);

function get(browser: TestBrowser, path: string, ip: string) {
  return browser.request(path, { headers: { "CF-Connecting-IP": ip } });
}

describe("GET /api/v1/lookup?history=…", () => {
  it("answers the lookup without a history field when not asked for one", async () => {
    const res = await get(new TestBrowser(demoEnv()), `/api/v1/lookup?asin=${newAsin()}`, freshIp());
    expect(res.status).toBe(200);
    const body = await res.json<LookupResult>();
    expect(body.rank).toEqual(expect.any(Number));
    expect("history" in body).toBe(false);
  });

  it("adds the same history GET /api/v1/history answers, for one lookup of quota", async () => {
    const asin = newAsin();
    await seed(asin, { 9: 50, 6: 1000, 3: 900 });
    const browser = new TestBrowser(demoEnv());
    const ip = freshIp();
    const plain = await get(browser, `/api/v1/lookup?asin=${asin}`, ip);
    const remainingBefore = readRateLimit(plain.headers)!.remaining;
    const res = await get(browser, `/api/v1/lookup?asin=${asin.toLowerCase()}&history=7`, ip);
    expect(res.status).toBe(200);
    expect(readRateLimit(res.headers)!.remaining).toBe(remainingBefore - 1);
    const body = await res.json<LookupResult>();
    expect(body).toMatchObject({ asin, marketplace: "US", rank: expect.any(Number) });
    // The lookup itself writes today's point, so both reads see the same three or four days.
    const history = await (await get(browser, `/api/v1/history?asin=${asin}&days=7`, ip)).json<HistoryResponse>();
    expect(body.history).toEqual(history);
    expect(body.history).toMatchObject({ asin, range: "7d", days: 7 });
    expect(body.history?.points.slice(0, 2).map((point) => [point.day, point.rank])).toEqual([
      [dayAgo(6), 1000],
      [dayAgo(3), 900],
    ]);
  });

  it("gives Pro 90 days", async () => {
    const asin = newAsin();
    await seed(asin, { 89: 400, 40: 300 });
    const res = await get(await proBrowser(), `/api/v1/lookup?asin=${asin}&history=90`, freshIp());
    expect(res.status).toBe(200);
    const { history } = await res.json<LookupResult>();
    expect(history).toMatchObject({ range: "90d", days: 90 });
    expect(history?.points.slice(0, 2).map((point) => point.day)).toEqual([dayAgo(89), dayAgo(40)]);
  });

  it("refuses more days than the plan shows, as the history route does, without taking a lookup", async () => {
    const free = await freeBrowser();
    const ip = freshIp();
    const refused = await get(free, `/api/v1/lookup?asin=${newAsin()}&history=30`, ip);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      detail: "Your Free plan shows 7 days of rank history. Upgrade to Pro at /billing to lift it.",
      code: "plan_limit",
    });
    const remaining = readRateLimit(refused.headers)!.remaining;
    const allowed = await get(free, `/api/v1/lookup?asin=${newAsin()}&history=7`, ip);
    expect(allowed.status).toBe(200);
    expect(readRateLimit(allowed.headers)!.remaining).toBe(remaining - 1);

    const anonymous = await get(new TestBrowser(demoEnv()), `/api/v1/lookup?asin=${newAsin()}&history=90`, freshIp());
    expect(anonymous.status).toBe(401);
    // The API's callers (scripts, the extension) cannot sign in: they are told to send a key.
    expect(await anonymous.json()).toEqual({
      detail: "Without an API key the history covers 7 days: send your key as `Authorization: Bearer rl_live_…` for your plan's days.",
      code: "unauthenticated",
    });
    const v1History = await get(new TestBrowser(demoEnv()), `/api/v1/history?asin=${newAsin()}&days=14`, freshIp());
    expect(v1History.status).toBe(401);
    expect((await v1History.json<{ detail: string }>()).detail).toMatch(/^Without an API key the history covers 7 days/);
  });

  it.each(["14", "365", "7d", ""])("rejects history=%j with 422 naming the allowed days", async (value) => {
    const res = await get(new TestBrowser(demoEnv()), `/api/v1/lookup?asin=${newAsin()}&history=${value}`, freshIp());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [{ loc: ["query", "history"], msg: "history must be one of 7, 30, 90 (days)", type: expect.any(String) }],
      code: "validation_failed",
    });
  });
});

describe("the public OpenAPI document", () => {
  it("lists the lookup's history parameter and the answer's optional history field", async () => {
    const document = await (await SELF.fetch("https://ranklayer.test/api/openapi.json")).json<OpenApiDocument>();
    const lookup = document.paths["/v1/lookup"]?.get as unknown as { parameters: { name: string; in: string; required?: boolean; schema: { enum?: string[] } }[] };
    const history = lookup.parameters.find((parameter) => parameter.name === "history");
    expect(history).toMatchObject({ in: "query", schema: { enum: ["7", "30", "90"] } });
    expect(history?.required ?? false).toBe(false);
    const result = document.components.schemas?.LookupResult as { properties: Record<string, unknown>; required: string[] };
    expect(JSON.stringify(result.properties.history)).toContain("#/components/schemas/History");
    expect(result.required).not.toContain("history");
  });
});
