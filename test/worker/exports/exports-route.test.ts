import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { BOM } from "../../../worker/exports/csv";
import { freeBrowser, proBrowser } from "../history/accounts";
import { readPdf } from "./pdf-reader";
import { control, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv, lookup } from "../lookup/live-env";
import { seedPoint } from "../support/history-shards";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

let nextIp = 1;
const freshIp = () => `192.0.2.${nextIp++}`;
const today = () => new Date().toISOString().slice(0, 10);

async function get(path: string, ip: string, vars: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers: { "CF-Connecting-IP": ip } }, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("GET /api/exports/compare", () => {
  it("answers the compare as CSV with a BOM, a dated file name and a row per ASIN in order", async () => {
    const res = await get("/api/exports/compare?format=csv&asins=b07xj8c8f5,B08N5WRWNW&marketplace=US", freshIp());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="ranklayer-compare-US-${today()}.csv"`);
    const text = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(await res.arrayBuffer());
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("ASIN,Marketplace,Title,Category,Rank,Price,Price is,Currency,Offers,Rating,Reviews,Source,As of (UTC),Error");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["B07XJ8C8F5", "B08N5WRWNW"]);
    expect(lines[1]).toMatch(/Mock data \(not live\),\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,$/);
  });

  it("answers the compare as a PDF on Letter paper (landscape: a wide table) that holds the ASINs", async () => {
    const res = await get("/api/exports/compare?format=pdf&paper=letter&asins=B07XJ8C8F5,B08N5WRWNW", freshIp());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="ranklayer-compare-US-${today()}.pdf"`);
    const { text, sizes } = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(sizes[0]).toEqual([792, 612]);
    expect(text).toContain("B07XJ8C8F5");
    expect(text).toContain("B08N5WRWNW");
    expect(text).toContain("Mock data (not live)");
  });

  it("reads the compare's query as GET /v1/compare does: an Amazon URL picks the marketplace, a contradicting one is 422", async () => {
    const pro = await proBrowser();
    const res = await pro.request(`/api/exports/compare?format=csv&asins=${encodeURIComponent("https://www.amazon.de/dp/B08N5WRWNW")}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="ranklayer-compare-DE-${today()}.csv"`);
    expect((await res.text()).split("\r\n")[1]).toMatch(/^B08N5WRWNW,DE,/);
    const conflict = await get(`/api/exports/compare?format=csv&marketplace=US&asins=${encodeURIComponent("https://www.amazon.de/dp/B08N5WRWNW")}`, freshIp());
    expect(conflict.status).toBe(422);
  });

  it("takes one lookup per ASIN from the caller's allowance, as the compare does, so the file is no way around the lookup limit", async () => {
    const ip = freshIp();
    const vars = { LOOKUP_LIMIT_PER_MONTH: "3" };
    expect((await get(`/api/exports/compare?format=csv&asins=${newAsin()},${newAsin()}`, ip, vars)).status).toBe(200);
    expect((await get(`/api/v1/lookup?asin=${newAsin()}`, ip, vars)).status).toBe(200);
    expect((await get(`/api/v1/lookup?asin=${newAsin()}`, ip, vars)).status).toBe(429);

    const refused = await get(`/api/exports/compare?format=csv&asins=${newAsin()}`, ip, vars);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "rate_limited", detail: expect.stringMatching(/^Monthly lookup limit reached: 3 lookups per calendar month \(UTC\)\./) });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The refused file costs no export: one of the day's five was spent, by the first file.
    expect(readRateLimit(refused.headers)?.remaining).toBe(4);
  });

  it("rejects bad input with 422 and unknown datasets with 404, and holds compares to the plan", async () => {
    expect((await get("/api/exports/compare?asins=B08N5WRWNW", freshIp())).status).toBe(422);
    expect((await get("/api/exports/compare?format=xls&asins=B08N5WRWNW", freshIp())).status).toBe(422);
    expect((await get("/api/exports/compare?format=csv&asins=nope", freshIp())).status).toBe(422);
    expect((await get("/api/exports/portfolio2?format=csv", freshIp())).status).toBe(404);
    const six = "B000000001,B000000002,B000000003,B000000004,B000000005,B000000006";
    expect((await get(`/api/exports/compare?format=csv&asins=${six}`, freshIp())).status).toBe(403);
  });
});

describe("export quota", () => {
  it("gives an anonymous browser 5 exports a UTC day; the 6th answers 429 with detail and Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await get("/api/exports/history?format=csv&asin=B08N5WRWNW", ip);
      expect(res.status).toBe(200);
      expect(readRateLimit(res.headers)?.remaining).toBe(4 - i);
    }
    const sixth = await get("/api/exports/history?format=pdf&asin=B08N5WRWNW", ip);
    expect(sixth.status).toBe(429);
    const wait = Number(sixth.headers.get("Retry-After"));
    const untilMidnight = (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(0);
    expect(Math.abs(wait - untilMidnight)).toBeLessThan(5);
    const { detail } = (await sixth.json()) as { detail: string };
    expect(detail).toMatch(/5 exports a day \(UTC\); the next is available at \d{4}-\d\d-\d\d 00:00 UTC\. Pro exports without a daily limit/);
    // Behind a shared address (an office, a mobile network) the five may be someone else's: the answer says how to have one's own.
    expect(detail).toMatch(/counted per network address; a free account has 5 of its own\.$/);
    // Another browser has its own quota, and a refused export costs none of it.
    const other = freshIp();
    expect((await get("/api/exports/history?format=csv&asin=B08N5WRWNW&range=30d", other)).status).toBe(401);
    expect((await get("/api/exports/compare?format=csv&asins=nope", other)).status).toBe(422);
    expect(readRateLimit((await get("/api/exports/history?format=csv&asin=B08N5WRWNW", other)).headers)?.remaining).toBe(4);
    expect((await get("/api/exports/history?format=csv&asin=B08N5WRWNW", freshIp())).status).toBe(200);
  });

  it("counts an IPv6 browser per /64: a new address in the same /64 (any one its owner picks) gets no fresh 5", async () => {
    const prefix = `2001:db8:${(nextIp++).toString(16)}:1`;
    for (let i = 1; i <= 5; i += 1) expect((await get("/api/exports/history?format=csv&asin=B08N5WRWNW", `${prefix}::${i.toString(16)}`)).status).toBe(200);
    const sixth = await get("/api/exports/history?format=csv&asin=B08N5WRWNW", `${prefix}:dead:beef:1:6`);
    expect(sixth.status).toBe(429);
    // The next /64 is someone else.
    expect((await get("/api/exports/history?format=csv&asin=B08N5WRWNW", `2001:db8:${(nextIp++).toString(16)}:1::1`)).status).toBe(200);
  });

  it("counts a Free demo account's exports as its address's: a new demo account (5 an hour from one network) is no fresh 5 a day", async () => {
    const ip = freshIp();
    const demoAt = async () => {
      const browser = new TestBrowser(demoEnv());
      await browser.request("/api/auth/demo", { method: "POST", headers: { "CF-Connecting-IP": ip } });
      return (path: string) => browser.request(path, { headers: { "CF-Connecting-IP": ip } });
    };
    expect((await get("/api/exports/history?format=csv&asin=B08N5WRWNW", ip)).status).toBe(200);
    const first = await demoAt();
    for (let i = 0; i < 4; i += 1) expect((await first("/api/exports/history?format=csv&asin=B08N5WRWNW")).status).toBe(200);
    const second = await demoAt();
    const refused = await second("/api/exports/history?format=csv&asin=B08N5WRWNW");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/5 exports a day \(UTC\)/);
  });

  it("answers 503 with Retry-After when Amazon fails for every ASIN of a compare, and gives the export back", async () => {
    const [down, alsoDown, fine] = [newAsin(), newAsin(), newAsin()];
    // A copy of one product under 24 h old (Amazon answered it through another credential).
    expect((await lookup(`asin=${fine}`, liveEnv(uniqueClient()))).status).toBe(200);
    for (const asin of [down, alsoDown]) await control("script", { asin, behavior: "error503", retryAfterSeconds: 45 });
    const bindings = liveEnv(uniqueClient());
    const ip = freshIp();
    const exportOf = async (asins: string) => {
      const ctx = createExecutionContext();
      const res = await app.request(`/api/exports/compare?format=csv&asins=${asins}`, { headers: { "CF-Connecting-IP": ip } }, bindings, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };

    for (let attempt = 0; attempt < 6; attempt += 1) {
      const res = await exportOf(`${down},${alsoDown}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("45");
      expect(res.headers.get("Content-Disposition")).toBeNull();
      // The first is Amazon's 503; the next find the credential paused for its Retry-After (busy, with the wait).
      expect(await res.json()).toMatchObject({ code: "upstream_unavailable", detail: expect.stringMatching(/try again shortly|retry in 45 s\./) });
      // Six failed exports, more than the day's five, and none of them spent.
      expect(readRateLimit(res.headers)?.remaining).toBe(5);
    }
    // With one ASIN answered (from that copy), the compare is a file with the failed ASIN as an error row; it counts.
    const partial = await exportOf(`${down},${fine}`);
    expect(partial.status).toBe(200);
    expect(readRateLimit(partial.headers)?.remaining).toBe(4);
    const rows = (await partial.text()).trimEnd().split("\r\n").slice(1);
    expect(rows.map((row) => row.split(",")[0])).toEqual([down, fine]);
    expect(rows[0]).toMatch(/try again|retry/i);
  });

  it("counts a signed-in Free user's exports per account", async () => {
    const browser = await freeBrowser();
    for (let i = 0; i < 5; i += 1) expect((await browser.request("/api/exports/alerts?format=csv")).status).toBe(200);
    const refused = await browser.request("/api/exports/alerts?format=csv");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).not.toMatch(/network address/);
  });

  it("lets Pro export without a daily cap", async () => {
    const browser = await proBrowser();
    for (let i = 0; i < 8; i += 1) {
      const res = await browser.request("/api/exports/alerts?format=csv");
      expect(res.status).toBe(200);
      expect(res.headers.has("RateLimit")).toBe(false);
    }
  });
});

describe("history and alerts exports", () => {
  it("says in the history file what its mock rows are, as the compare's does, not only that product data comes from the Creators API", async () => {
    const asin = newAsin();
    await seedPoint({ asin, day: today(), rank: 4_321, source: "mock" });
    const res = await get(`/api/exports/history?format=pdf&asin=${asin}`, freshIp());
    expect(res.status).toBe(200);
    const { text } = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Mock data (not live)");
    expect(text).toContain("Rows marked Mock data are deterministic samples for trying RankLayer, not Amazon data.");
    const csv = await (await get(`/api/exports/history?format=csv&asin=${asin}`, freshIp())).text();
    expect(csv).toContain("Mock data (not live)");
  });

  it("exports the signed-in user's alerts, and asks anonymous callers to sign in", async () => {
    expect((await get("/api/exports/alerts?format=csv", freshIp())).status).toBe(401);
    const browser = await proBrowser();
    const created = await browser.json("/api/alerts", "POST", { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 100 });
    expect(created.status).toBe(201);
    const res = await browser.request("/api/exports/alerts?format=csv");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="ranklayer-alerts-${today()}.csv"`);
    const lines = (await res.text()).replace(BOM, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    // A rank alert watches Amazon's public data, not "Any" seller account: its Seller account cell is empty.
    expect(lines[1]).toMatch(/^B08N5WRWNW,US,rank_above,100,,true,true,false,,,,,\d{4}-\d\d-\d\dT/);
  });

  it("says what each alert last fired on and on which data, so a firing on mock data is never read as Amazon's", async () => {
    const demo = new TestBrowser(demoEnv());
    const ip = { headers: { "CF-Connecting-IP": freshIp() } };
    await demo.request("/api/auth/demo", { method: "POST", ...ip });
    // Two sample alerts, checked at once against the samples' mock history: the rank one fires.
    expect((await demo.json("/api/watchlist/samples", "POST", {}, ip)).status).toBe(201);
    const [header, ...rows] = (await (await demo.request("/api/exports/alerts?format=csv", ip)).text()).replace(BOM, "").trimEnd().split("\r\n");
    expect(header!.split(",").slice(-2)).toEqual(["Last alert", "Last alert data"]);
    const fired = rows.find((row) => row.includes(",fired,"))!;
    // Its words without the ASIN and marketplace the row names already.
    expect(fired).toMatch(/,"rank #[\d,]+ is worse than your threshold #[\d,]+ \(mock data\)",Mock data \(not live\)$/);
    // An alert that never fired has both empty.
    expect(rows.find((row) => !row.includes(",fired,"))).toMatch(/,,$/);
    // Each last result, fired or not, names the data it was found on: the demo's mock, never Amazon's.
    expect(header!.split(",").slice(8, 10)).toEqual(["Last result", "Last result data"]);
    for (const row of rows) expect(row).toMatch(/,(fired|ok|no_data),Mock data \(not live\),/);
  });

  it("exports one ASIN's rank history as a PDF with its chart, within the plan's days", async () => {
    const pro = await proBrowser();
    // Today's snapshot (a demo Pro's own lookups keep none: its data is the labelled sample).
    await seedPoint({ asin: "B0HISTEXP1", day: today(), rank: 2_468, source: "live" });
    const res = await pro.request("/api/exports/history?format=pdf&asin=B0HISTEXP1&range=90d");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="ranklayer-history-B0HISTEXP1-US-90d-${today()}.pdf"`);
    const { text } = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Best Sellers Rank (lower is better)");
    expect(text).toContain(today());
    // The chart spans the 90 days asked for, though only today has a rank.
    expect(text).toContain(new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10));
    expect(text).toContain("B0HISTEXP1");
    expect(text).toContain("2,468");
    expect((await get("/api/exports/history?format=csv&asin=B0HISTEXP1&range=30d", freshIp())).status).toBe(401);
    const free = await freeBrowser();
    expect((await free.request("/api/exports/history?format=csv&asin=B0HISTEXP1&range=30d")).status).toBe(403);
  });
});
