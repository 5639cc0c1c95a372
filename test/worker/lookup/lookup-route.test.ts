import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { flushLookupLog } from "../../../worker/lookup/lookup-log-store";
import { clearOfMinuteEnd } from "../support/minute-window";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

let nextIp = 1;
/** Each test gets its own client address, so limits never leak between tests. */
const freshIp = () => `198.51.100.${nextIp++}`;

function lookup(query: string, ip: string) {
  return exports.default.fetch(`http://localhost/api/v1/lookup?${query}`, { headers: { "CF-Connecting-IP": ip } });
}

/** Runs the app with some vars changed, e.g. lower limits. */
async function lookupWith(vars: Partial<Env>, query: string, ip: string) {
  const ctx = createExecutionContext();
  const res = await app.request(`/api/v1/lookup?${query}`, { headers: { "CF-Connecting-IP": ip } }, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("GET /api/v1/lookup input", () => {
  it.each([
    ["asin=abc", "ASIN must be 10 letters or digits"],
    ["asin=B08N5WRWN!", "ASIN must be 10 letters or digits"],
    ["asin=B08N5WRWNW1", "ASIN must be 10 letters or digits"],
    ["asin=", "ASIN is required"],
    ["asin=%20%20", "ASIN is required"],
    ["", "ASIN is required"],
  ])("rejects %j with 422 and a readable message", async (query, msg) => {
    const res = await lookup(query, freshIp());
    expect(res.status).toBe(422);
    const body = await res.json<{ detail: { loc: string[]; msg: string; type: string }[] }>();
    expect(body.detail).toEqual([{ loc: ["query", "asin"], msg, type: expect.any(String) }]);
  });

  it("says a parameter given twice is given twice (not that it is missing or not text)", async () => {
    const res = await lookup("asin=B08N5WRWNW&asin=B07XJ8C8F5&marketplace=US&marketplace=DE", freshIp());
    expect(res.status).toBe(422);
    expect((await res.json<{ detail: unknown }>()).detail).toEqual([
      { loc: ["query", "asin"], msg: "asin is given 2 times; give it once.", type: "repeated" },
      { loc: ["query", "marketplace"], msg: "marketplace is given 2 times; give it once.", type: "repeated" },
    ]);
    const compare = await exports.default.fetch("http://localhost/api/v1/compare?asins=B08N5WRWNW&asins=B07XJ8C8F5", { headers: { "CF-Connecting-IP": freshIp() } });
    expect((await compare.json<{ detail: unknown }>()).detail).toEqual([{ loc: ["query", "asins"], msg: "asins is given 2 times; give it once.", type: "repeated" }]);
  });

  it("rejects an unknown marketplace, naming the allowed ones", async () => {
    const res = await lookup("asin=B08N5WRWNW&marketplace=BR", freshIp());
    expect(res.status).toBe(422);
    const body = await res.json<{ detail: { loc: string[]; msg: string }[] }>();
    expect(body.detail).toEqual([
      expect.objectContaining({ loc: ["query", "marketplace"], msg: "Marketplace must be one of US, CA, MX, UK, DE, FR, IT, ES, JP" }),
    ]);
  });

  it("trims and upper-cases the ASIN and defaults the marketplace to US", async () => {
    const res = await lookup("asin=%20b08n5wrwnw%20", freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ asin: "B08N5WRWNW", marketplace: "US" });
  });

  it("accepts every supported marketplace, in any case", async () => {
    for (const marketplace of ["us", "CA", "MX", "UK", "de", "FR", "IT", "ES", "JP"]) {
      const res = await lookup(`asin=B08N5WRWNW&marketplace=${marketplace}`, freshIp());
      expect(res.status, marketplace).toBe(200);
      expect(await res.json()).toMatchObject({ marketplace: marketplace.toUpperCase() });
    }
  });

  it("reads GB (the UK's ISO code, which some Amazon APIs use) as UK, alone or with a UK product URL", async () => {
    for (const marketplace of ["GB", "gb", " Gb "]) {
      const res = await lookup(`asin=B08N5WRWNW&marketplace=${encodeURIComponent(marketplace)}`, freshIp());
      expect(res.status, marketplace).toBe(200);
      expect(await res.json()).toMatchObject({ marketplace: "UK", detailPageUrl: "https://www.amazon.co.uk/dp/B08N5WRWNW" });
    }
    const url = encodeURIComponent("https://www.amazon.co.uk/dp/B08N5WRWNW");
    expect((await lookup(`asin=${url}&marketplace=GB`, freshIp())).status).toBe(200);
  });

  it("reads a pasted Amazon product URL as the forms do: its ASIN, and its marketplace when none is given", async () => {
    const url = encodeURIComponent("https://www.amazon.de/Some-Product/dp/b08n5wrwnw/ref=sr_1_1?keywords=x");
    const res = await lookup(`asin=${url}`, freshIp());
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ asin: "B08N5WRWNW", marketplace: "DE", detailPageUrl: "https://www.amazon.de/dp/B08N5WRWNW" });
    expect((await lookup(`asin=${url}&marketplace=de`, freshIp())).status).toBe(200);
  });

  it("refuses a marketplace that contradicts the pasted URL's, naming both, and a URL that is no product page", async () => {
    const conflict = await lookup(`asin=${encodeURIComponent("https://www.amazon.de/dp/B08N5WRWNW")}&marketplace=US`, freshIp());
    expect(conflict.status).toBe(422);
    expect(await conflict.json()).toEqual({
      detail: [{ loc: ["query", "marketplace"], msg: "marketplace is US, but an Amazon URL is on DE (amazon.de): leave marketplace out or make them agree.", type: "custom" }],
      code: "validation_failed",
    });
    const search = await lookup(`asin=${encodeURIComponent("https://www.amazon.de/s?k=B08N5WRWNW")}`, freshIp());
    expect(search.status).toBe(422);
    expect(await search.json()).toMatchObject({ detail: [{ loc: ["query", "asin"], msg: "ASIN must be 10 letters or digits" }] });
  });
});

describe("GET /api/v1/lookup in mock mode (no Creators credentials)", () => {
  it("answers the documented body, labelled mock", async () => {
    const res = await lookup("asin=B08N5WRWNW&marketplace=US", freshIp());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    const body = await res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
      ["asin", "marketplace", "source", "title", "image", "categoryPath", "rank", "price", "offers", "rating", "reviewCount", "detailPageUrl", "refreshedAt", "brand"].sort(),
    );
    expect(body).toMatchObject({
      asin: "B08N5WRWNW",
      marketplace: "US",
      source: "mock",
      title: expect.any(String),
      categoryPath: expect.arrayContaining([expect.any(String)]),
      rank: expect.any(Number),
      price: { amount: expect.any(Number), currency: "USD" },
      detailPageUrl: "https://www.amazon.com/dp/B08N5WRWNW",
    });
    expect(new Date(body.refreshedAt as string).toISOString()).toBe(body.refreshedAt);
  });

  it("gives the same product on every call", async () => {
    const ip = freshIp();
    const strip = ({ refreshedAt: _, ...rest }: Record<string, unknown>) => rest;
    const a = strip(await (await lookup("asin=B07XJ8C8F5", ip)).json());
    const b = strip(await (await lookup("asin=B07XJ8C8F5", ip)).json());
    expect(a).toEqual(b);
  });

  it("serves the mock image it links to", async () => {
    const body = await (await lookup("asin=B07XJ8C8F5&marketplace=UK", freshIp())).json<{ image: string }>();
    const image = await exports.default.fetch(`http://localhost${body.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await image.text()).toContain("B07XJ8C8F5");
  });

  it("logs the lookup without any client address", async () => {
    const ctx = createExecutionContext();
    await app.request("/api/v1/lookup?asin=LOGGED0001", { headers: { "CF-Connecting-IP": "203.0.113.77" } }, env, ctx);
    await waitOnExecutionContext(ctx);
    // Rows are written in batches; another test's request may own the current window.
    await flushLookupLog(env.DB);
    const row = await env.DB.prepare("SELECT * FROM lookup_log WHERE asin = ?").bind("LOGGED0001").first();
    expect(row).toMatchObject({ asin: "LOGGED0001", marketplace: "US", status: 200, source: "mock" });
    expect(JSON.stringify(row)).not.toContain("203.0.113.77");
  });
});

describe("GET /api/v1/lookup rate limits", () => {
  it("reports the limit closest to running out on every answer, in the IETF draft's two fields only", async () => {
    const ip = freshIp();
    const res = await lookup("asin=B08N5WRWNW", ip);
    expect(res.headers.get("RateLimit-Policy")).toBe('"minute";q=30;w=60');
    const [, reset] = /^"minute";r=29;t=(\d+)$/.exec(res.headers.get("RateLimit") ?? "") ?? [];
    expect(Number(reset)).toBeGreaterThanOrEqual(1);
    expect(Number(reset)).toBeLessThanOrEqual(60);
    // The draft's older trio said the same again; it is no longer sent.
    for (const old of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) expect(res.headers.has(old)).toBe(false);
  });

  it("allows 30 a minute, then answers 429 with Retry-After and which limit was hit", async () => {
    const ip = freshIp();
    await clearOfMinuteEnd();
    for (let i = 0; i < 30; i++) expect((await lookup("asin=B08N5WRWNW", ip)).status).toBe(200);
    const res = await lookup("asin=B08N5WRWNW", ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(readRateLimit(res.headers)?.remaining).toBe(0);
    expect((await res.json<{ detail: string }>()).detail).toMatch(/at most 30 a minute\. Try again in \d+ seconds/);
    // Another client is unaffected.
    expect((await lookup("asin=B08N5WRWNW", freshIp())).status).toBe(200);
  });

  it("allows the monthly quota, then says when it resets", async () => {
    const ip = freshIp();
    const vars = { LOOKUP_LIMIT_PER_MONTH: "3" };
    for (let i = 0; i < 3; i++) expect((await lookupWith(vars, "asin=B08N5WRWNW", ip)).status).toBe(200);
    const res = await lookupWith(vars, "asin=B08N5WRWNW", ip);
    expect(res.status).toBe(429);
    const now = new Date();
    const nextMonth = `${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)} 00:00 UTC`;
    expect((await res.json<{ detail: string }>()).detail).toBe(
      `Monthly lookup limit reached: 3 lookups per calendar month (UTC). It resets at ${nextMonth}.`,
    );
    // A calendar month has no fixed length: its policy states no window, its reset says when it ends.
    expect(res.headers.get("RateLimit-Policy")).toBe('"month";q=3');
    expect(readRateLimit(res.headers)).toMatchObject({ window: "month", limit: 3, remaining: 0 });
    expect(Number(res.headers.get("Retry-After"))).toBe(readRateLimit(res.headers)?.resetSeconds);
  });

  it("does not charge rejected input, but still reports the limits", async () => {
    const ip = freshIp();
    const bad = await lookup("asin=nope", ip);
    expect(bad.status).toBe(422);
    expect(readRateLimit(bad.headers)?.remaining).toBe(30);
    const good = await lookup("asin=B08N5WRWNW", ip);
    expect(readRateLimit(good.headers)?.remaining).toBe(29);
  });
});

describe("HEAD of a lookup or compare (a link checker, curl -I)", () => {
  it("spends no lookup of the caller's quota, as an export's HEAD spends no export", async () => {
    const ip = "192.0.2.201";
    const first = await lookup("asin=B08N5WRWNW", ip);
    const before = readRateLimit(first.headers)!.remaining;
    for (const path of ["/api/v1/lookup?asin=B08N5WRWNW", "/api/v1/compare?asins=B08N5WRWNW,B07XJ8C8F5"]) {
      const head = await exports.default.fetch(`http://localhost${path}`, { method: "HEAD", headers: { "CF-Connecting-IP": ip } });
      expect(head.status, path).toBe(200);
      expect(head.headers.get("Content-Type"), path).toMatch(/^application\/json/);
    }
    // Still checked like the GET: bad input is refused.
    const bad = await exports.default.fetch("http://localhost/api/v1/lookup?asin=nope", { method: "HEAD", headers: { "CF-Connecting-IP": ip } });
    expect(bad.status).toBe(422);
    const after = await lookup("asin=B08N5WRWNW", ip);
    expect(readRateLimit(after.headers)!.remaining).toBe(before - 1);
  });
});

describe("API surface", () => {
  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await exports.default.fetch("http://localhost/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "No API route for GET /api/nope", code: "not_found" });
  });

  it("names the route a path with a trailing slash meant, which the routes do not take", async () => {
    const res = await exports.default.fetch("http://localhost/api/v1/compare/plan/");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "No API route for GET /api/v1/compare/plan/: paths take no trailing slash, try GET /api/v1/compare/plan.", code: "not_found" });
  });

  it.each(["/api/health", "/api/nope"])("sends security headers on API answers (%s)", async (path) => {
    const res = await exports.default.fetch(`http://localhost${path}`);
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  });
});
