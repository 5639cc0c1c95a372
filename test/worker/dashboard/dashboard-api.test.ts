import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DashboardResponse, PortfolioResponse } from "../../../worker/contract/dashboard";
import type { Bindings } from "../../../worker/env";
import { NOT_GRANTED_NOTE } from "../../../worker/dashboard/portfolio";
import { ORDER_METRICS_INTERVAL_MS } from "../../../worker/jobs/nightly-run/revenue-phase";
import { orderMetricsInterval, REVENUE_DAYS, revenueDays, revenueRunDay } from "../../../worker/upstreams/spapi/sales-days";
import { freeBrowser, proBrowser, userIdOf } from "../history/accounts";
import { resetHistoryTables, runSlicesToEnd, virtualClock } from "../jobs/nightly-run/support";
import { historyPoints } from "../support/history-shards";
import { connectSeller, demoEnv, fakeCalls, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../support/seller-browser";

const ASINS = ["B08N5WRWNW", "B07XJ8C8F5", "B0C1H26C46"];

beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.batch(["asin_details", "seller_revenue", "user_refresh"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/**
 * Runs today's snapshot job to its end, as the 02:00 cron's alarm chain would; the fake SP-API
 * counts the usage plans of the sellers of `refreshTokens` in the run's virtual time.
 */
/**
 * The run day the screens show now: today's once its 02:00 UTC run has started, else yesterday's.
 * Running that day's run (not the UTC date's) keeps the file true at any hour, 00:00–02:00 included.
 */
const shownRunDay = () => revenueRunDay(Date.now());

async function runNightly(bindings: Bindings, ...refreshTokens: string[]) {
  await runSlicesToEnd(bindings, shownRunDay(), { clock: virtualClock(Date.now(), spApiTimeOf(...refreshTokens)) });
}

async function watch(browser: TestBrowser, asins: readonly string[], marketplace = "US") {
  for (const asin of asins) expect((await browser.json("/api/watchlist", "POST", { asin, marketplace })).status).toBe(201);
}

describe("GET /api/dashboard as the demo account, after the nightly run", () => {
  it("starts empty, then shows every tracked ASIN with KPIs from the snapshots, labelled mock", async () => {
    const browser = await proBrowser();
    const empty = await (await browser.request("/api/dashboard")).json<DashboardResponse>();
    expect(empty).toMatchObject({ rows: [], kpis: { tracked: { value: 0 }, averageRank: { value: null } }, demo: true });

    await watch(browser, ASINS);
    await runNightly(demoEnv());
    const res = await browser.request("/api/dashboard");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await res.json<DashboardResponse>();
    expect(body.rows.map((row) => row.asin).sort()).toEqual([...ASINS].sort());
    for (const row of body.rows) {
      expect(row.rank).toBeGreaterThan(0);
      expect(row.brand).toBeTruthy();
      expect(row.title).toContain(row.brand!);
      expect(row.rankSource).toMatchObject({ kind: "mock", label: "Mock data (not live)" });
      expect(row.buyBox).toMatch(/^(you|other)$/);
      expect(row.sellerSource.kind).toBe("mock");
    }
    const ranks = body.rows.map((row) => row.rank!);
    expect(body.kpis.tracked.value).toBe(3);
    expect(body.kpis.averageRank.value).toBe(Math.round(ranks.reduce((a, b) => a + b, 0) / 3));
    expect(body.kpis.buyBox.of).toBe(3);
    expect(body.kpis.buyBox.held).toBe(body.rows.filter((row) => row.buyBox === "you").length);
    expect(body.marketplaces).toEqual(["US"]);

    // One page of the sorted rows: the same rows, sparklines included (read for the page alone).
    expect(body.rows.every((row) => row.sparkline.length > 0)).toBe(true);
    const page = await (await browser.request("/api/dashboard?page=1&pageSize=2&sort=rank&order=desc")).json<DashboardResponse>();
    expect(page.page).toMatchObject({ number: 1, size: 2, total: 3, pages: 2 });
    const byRankDesc = [...body.rows].sort((a, b) => b.rank! - a.rank!).slice(0, 2);
    expect(page.rows).toEqual(byRankDesc);

    const brand = body.rows[0]!.brand!;
    const filtered = await (await browser.request(`/api/dashboard?brand=${encodeURIComponent(brand)}`)).json<DashboardResponse>();
    expect(filtered.rows.every((row) => row.brand === brand)).toBe(true);
    expect(filtered.brand).toBe(brand);
  });

  it("never shows one user's ASINs or seller data to another", async () => {
    const owner = await proBrowser();
    await watch(owner, ASINS.slice(0, 1));
    await runNightly(demoEnv());
    const other = await proBrowser();
    expect((await (await other.request("/api/dashboard")).json<DashboardResponse>()).rows).toEqual([]);
    expect((await (await other.request("/api/portfolio")).json<PortfolioResponse>()).brandRows).toEqual([]);
  });

  it("answers 401 to anonymous visitors and 422 to bad filters", async () => {
    const anonymous = new TestBrowser(demoEnv());
    expect((await anonymous.request("/api/dashboard")).status).toBe(401);
    expect((await anonymous.request("/api/portfolio")).status).toBe(401);
    const browser = await proBrowser();
    expect((await browser.request("/api/portfolio?range=1y")).status).toBe(422);
    expect((await browser.request("/api/dashboard?marketplace=XX")).status).toBe(422);
  });
});

describe("GET /api/portfolio", () => {
  it("groups the demo account's ASINs by brand with mock revenue for the last complete days, labelled", async () => {
    const browser = await proBrowser();
    await watch(browser, ASINS);
    await runNightly(demoEnv());
    const body = await (await browser.request("/api/portfolio?range=7d")).json<PortfolioResponse>();
    expect(body.marketplace).toBe("US");
    expect(body.brandRows.reduce((sum, row) => sum + row.products, 0)).toBe(3);
    expect(body.kpis.revenueSource).toMatchObject({ kind: "mock", label: "Mock revenue (demo)" });
    expect(body.kpis.totalRevenue?.currency).toBe("USD");
    const { results } = await env.DB.prepare("SELECT asin, day, source, status FROM seller_revenue WHERE workspace_id = ? ORDER BY asin, day").bind(userIdOf(browser)).all();
    const days = revenueDays(shownRunDay(), "US", REVENUE_DAYS);
    expect(results).toEqual([...ASINS].sort().flatMap((asin) => days.map((day) => ({ asin, day, source: "mock", status: "ok" }))));
    expect(body.heatmap.length).toBeGreaterThan(0);
    expect(body.categories.length).toBe(body.heatmap.length);

    const category = body.categories[0]!;
    const narrowed = await (await browser.request(`/api/portfolio?category=${encodeURIComponent(category)}`)).json<PortfolioResponse>();
    expect(narrowed.heatmap.map((cell) => cell.category)).toEqual([category]);
    expect(narrowed.categories).toEqual(body.categories);
  });
});

describe("revenue of a connected seller (SP-API Sales getOrderMetrics, fake)", () => {
  it("asks for the last complete days in the marketplace's time zone per ASIN at 0.5 rps, stores them, counts a day Amazon left out as missing, and shows no figure where the Sales role is not granted", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connectSeller(new TestBrowser(bindings));
    await watch(seller.browser, ["B00CGZQU42", "B00505DW2I"]);
    const days = revenueDays(shownRunDay(), "US", REVENUE_DAYS);
    await fakeControl(SPAPI_FAKE, "sales", { asin: "B00CGZQU42", amount: 45.9, units: 2 });
    // Amazon leaves one day of B00505DW2I out of its answer: missing, never zero.
    await fakeControl(SPAPI_FAKE, "sales", { asin: "B00505DW2I", omitDays: [days[3]] });
    await runNightly(bindings, seller.refreshToken);

    // The fake serves every test file at once: other files' nightly runs ask about the same sandbox ASINs for their own days.
    const { interval } = orderMetricsInterval(days[0]!, days.at(-1)!, "US");
    expect(interval).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00-0[78]:00--\d{4}-\d{2}-\d{2}T00:00:00-0[78]:00$/);
    const calls = (await fakeCalls(SPAPI_FAKE, { kind: "sales" })).filter(
      (call) => call.status === 200 && call.query!.interval === interval && ["B00CGZQU42", "B00505DW2I"].includes(call.query!.asin!),
    );
    expect(calls.map((call) => call.query)).toEqual(
      ["B00505DW2I", "B00CGZQU42"].map((asin) => ({
        marketplaceIds: "ATVPDKIKX0DER",
        interval,
        granularity: "Day",
        granularityTimeZone: "America/Los_Angeles",
        asin,
      })),
    );
    const { results: stored } = await env.DB.prepare("SELECT day, status, amount FROM seller_revenue WHERE asin = 'B00505DW2I' AND workspace_id = (SELECT id FROM users WHERE selling_partner_id = ?) ORDER BY day")
      .bind(seller.sellingPartnerId)
      .all();
    expect(stored).toEqual(days.map((day, i) => (i === 3 ? { day, status: "missing", amount: null } : { day, status: "ok", amount: 22.95 })));

    const portfolio = await (await seller.browser.request("/api/portfolio")).json<PortfolioResponse>();
    // Between 00:00 and 02:00 UTC the screen's range is a day behind this run's: the day it lacks is missing too.
    const shown = new Set(revenueDays(revenueRunDay(Date.now()), "US", 7));
    const read = days.filter((day) => shown.has(day));
    expect(portfolio.kpis.revenueMissingDays).toBe(7 - read.length + (shown.has(days[3]!) ? 1 : 0));
    const expected = read.reduce((sum, day) => sum + 45.9 + (day === days[3] ? 0 : 22.95), 0);
    expect(portfolio.kpis.totalRevenue).toEqual({ amount: Math.round(expected * 100) / 100, currency: "USD" });
    expect(portfolio.kpis.revenueSource.kind).toBe("spapi");
    expect(ORDER_METRICS_INTERVAL_MS).toBe(2000);

    // A seller whose grant lacks the Sales role: "—" with the reason, never a number.
    const other = await connectSeller(new TestBrowser(bindings));
    await watch(other.browser, ["B0FORBIDN1"]);
    await fakeControl(SPAPI_FAKE, "sales", { asin: "B0FORBIDN1", behavior: "forbidden" });
    await env.DB.prepare("DELETE FROM job_runs").run();
    await runNightly(bindings, seller.refreshToken, other.refreshToken);
    const refused = await (await other.browser.request("/api/portfolio")).json<PortfolioResponse>();
    expect(refused.kpis).toMatchObject({ totalRevenue: null, revenueNote: NOT_GRANTED_NOTE });
  });
});

describe("POST /api/dashboard/refresh", () => {
  it("captures the tracked ASINs now as an intraday point, then refuses for 10 minutes", async () => {
    const browser = await proBrowser();
    await watch(browser, ASINS.slice(0, 2));
    const first = await browser.request("/api/dashboard/refresh", { method: "POST" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ refreshed: 2 });
    const results = (await historyPoints({ intraday: true })).filter((point) => point.hour !== null);
    expect(results.map((point) => point.asin)).toEqual([...ASINS.slice(0, 2)].sort());
    expect(`${results[0]!.day}T${String(results[0]!.hour).padStart(2, "0")}`).toBe(new Date().toISOString().slice(0, 13));

    // Pro charts read the intraday points of the user's own tracked ASINs only.
    const intraday = await browser.request(`/api/dashboard/intraday?marketplace=US&asins=${ASINS.join(",")}&range=7d`);
    expect(intraday.status).toBe(200);
    const { series } = await intraday.json<{ series: { asin: string; points: { at: string }[] }[] }>();
    expect(series.map((s) => [s.asin, s.points.length])).toEqual([
      [ASINS[0], 1],
      [ASINS[1], 1],
    ]);
    expect(series[0]!.points[0]!.at).toBe(`${new Date().toISOString().slice(0, 13)}:00:00Z`);
    expect((await (await freeBrowser()).request(`/api/dashboard/intraday?marketplace=US&asins=${ASINS[0]}`)).status).toBe(403);
    expect((await browser.request("/api/dashboard/intraday?marketplace=US&asins=bad")).status).toBe(422);

    const second = await browser.request("/api/dashboard/refresh", { method: "POST" });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("Retry-After"))).toBeGreaterThan(590);
    expect((await second.json<{ detail: string }>()).detail).toMatch(/once every 10 minutes/);
  });
});
