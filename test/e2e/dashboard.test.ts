/**
 * The seller dashboard, portfolio and rank trends as the demo account in real Chromium against
 * the file's own app server (local-app.ts, since it fires the crons): ASINs added from the empty state,
 * data made by firing the 02:00 cron and by "Refresh now", then
 * the three screens with their filters and "Clear filters", axe-clean and at 390 px.
 */
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";
import { useOwnAppServer } from "./own-app-server.ts";
import { signInAsFree, signInAsPro } from "./pro-account.ts";

const server = useOwnAppServer();
const tab = useBrowserTab();
const ASINS = ["B08N5WRWNW", "B07XJ8C8F5", "B0C1H26C46"];
const main = () => tab.page.getByRole("main");

/** The demo account on demo Pro (upgraded on /billing, as a visitor would): the screens' Pro figures and ranges. */
async function signInWithDemo() {
  await signInAsPro(tab.page, server.url);
  await tab.page.goto(`${server.url}/seller-central`);
}

function apiJson<T>(path: string): Promise<T> {
  return tab.page.evaluate(async (url) => (await (await fetch(url)).json()) as T, path);
}

const card = (title: string) => main().locator(".kpi").filter({ has: tab.page.getByRole("heading", { name: title, exact: true }) });

describe("the Pro dashboard screens as the demo account", () => {
  it("builds the dashboard, portfolio and rank trends from snapshots the crons took", async () => {
    await signInWithDemo();
    await main().getByRole("heading", { name: "No tracked ASINs yet" }).waitFor();
    expect(await seriousViolations(tab.page), "empty dashboard").toEqual([]);
    const form = main().getByRole("form", { name: "Add to watchlist" });
    for (const asin of ASINS) {
      await form.getByLabel("ASIN").fill(asin);
      await form.getByRole("button", { name: "Add to watchlist" }).click();
      await main().getByText(`${asin} is now on your watchlist.`).waitFor();
    }

    await server.fireCron("0 2 * * *");
    // The run snapshots the three ASINs in its alarm chain; "Refresh now" below captures them
    // too, so the screens always have today's point.
    const ranked = async () => (await apiJson<{ rows: { rank: number | null }[] }>("/api/dashboard")).rows.filter((row) => row.rank !== null).length;
    for (let wait = 0; wait < 20 && (await ranked()) < 3; wait++) await new Promise((resolve) => setTimeout(resolve, 1_000));
    await tab.page.reload();
    await main().getByRole("button", { name: "Refresh now" }).click();
    await main().getByText(/^Refreshed 3 ASINs\./).waitFor();

    // Dashboard: every figure from the snapshots, each card with its source.
    const dashboard = await apiJson<{ rows: { asin: string; rank: number }[]; kpis: { averageRank: { value: number } } }>("/api/dashboard");
    expect(dashboard.rows.map((row) => row.asin).sort()).toEqual([...ASINS].sort());
    expect(await card("ASINs tracked").locator(".kpi__value").textContent()).toBe("3");
    expect(await card("Average rank").locator(".kpi__value").textContent()).toBe(`#${dashboard.kpis.averageRank.value.toLocaleString("en-US")}`);
    expect(await card("Average rank").locator(".kpi__source").textContent()).toMatch(/Mock data \(not live\) · as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(await card("Buy Box held").locator(".kpi__value").textContent()).toMatch(/^\d of 3$/);
    const table = main().getByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    expect(await table.locator("tbody tr").count()).toBe(3);
    await table.getByRole("button", { name: "Rank" }).click();
    expect(await table.locator("th[aria-sort]").first().getAttribute("aria-sort")).not.toBeNull();
    await main().getByLabel("Filter by marketplace").selectOption("US");
    await expect.poll(() => table.locator("tbody tr").count()).toBe(3);
    expect(await seriousViolations(tab.page), "dashboard with data").toEqual([]);

    // Portfolio: brands from the item data, revenue labelled mock (or "—" with its reason).
    await tab.page.goto(`${server.url}/portfolio`);
    expect(await tab.page.title()).toBe("Portfolio | RankLayer");
    const brands = main().getByRole("table").first();
    await brands.locator("tbody tr").first().waitFor();
    const revenue = await card("Total revenue").textContent();
    expect(revenue).toMatch(/(\$[\d,.]+.*Mock revenue \(demo\))|(—.*(nightly|not granted))/);
    expect(await seriousViolations(tab.page), "portfolio").toEqual([]);
    expect(await main().getByRole("button", { name: "Clear filters" }).count()).toBe(0);
    const firstBrand = (await brands.locator("tbody tr th a").first().textContent())!;
    await main().getByLabel("Brand", { exact: true }).selectOption(firstBrand);
    await expect.poll(() => brands.locator("tbody tr th a").allTextContents()).toEqual([firstBrand]);
    await main().getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => tab.page.url()).toBe(`${server.url}/portfolio`);
    // The URL changes before React renders the unfiltered view.
    await expect.poll(() => main().getByRole("button", { name: "Clear filters" }).count()).toBe(0);

    // A brand links to its own dashboard view.
    await brands.getByRole("link", { name: firstBrand }).click();
    await tab.page.waitForURL(/\/dashboard\?brand=/);
    await main().getByRole("heading", { name: `Dashboard: ${firstBrand}` }).waitFor();
    await main().getByRole("table").locator("tbody tr").first().waitFor();
    expect(await seriousViolations(tab.page), "brand dashboard").toEqual([]);

    // Rank trends: one chart of the tracked ASINs, price beside it, velocity from /api/history.
    await tab.page.goto(`${server.url}/rank-trends`);
    await main().getByRole("heading", { name: "Rank, 7 days" }).waitFor();
    await main().getByRole("img", { name: "Best Sellers Rank over 7 days" }).waitFor();
    expect(await main().getByRole("checkbox").count()).toBe(3);
    await main().getByLabel("Range").selectOption("30d");
    // 30 days is a Pro range: the upgraded demo gets the chart.
    await main().getByRole("heading", { name: "Rank, 30 days" }).waitFor();
    expect(await seriousViolations(tab.page), "rank trends").toEqual([]);

    // Readable on a phone: nothing wider than the window but the scrolling tables.
    await tab.page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/seller-central", "/portfolio", "/rank-trends"]) {
      await tab.page.goto(`${server.url}${path}`);
      await main().locator(".kpi, .time-chart, .chart-empty").first().waitFor();
      expect(await tab.page.evaluate(() => document.documentElement.scrollWidth), `${path} at 390px`).toBeLessThanOrEqual(390);
      expect(await seriousViolations(tab.page), `${path} at 390px`).toEqual([]);
    }
    expect(tab.consoleErrors).toEqual([]);
  }, 120_000);

  it("fills a new demo account's screens with the sample products in one click", async () => {
    await signInAsFree(tab.page, server.url);
    await main().getByRole("heading", { name: "No tracked ASINs yet" }).waitFor();
    await main().getByRole("button", { name: "Add sample products" }).click();
    const table = main().getByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(8);
    // Every row has its 7-day change and the demo seller's Buy Box, from the mock history, labelled so.
    const rows = (await apiJson<{ rows: { rankChange7d: number | null; buyBox: string; rankSource: { kind: string } }[] }>("/api/dashboard")).rows;
    expect(rows.every((row) => row.rankChange7d !== null && row.buyBox !== "unknown" && row.rankSource.kind === "mock")).toBe(true);
    expect(await card("Biggest 7-day mover").locator(".kpi__value").textContent()).toMatch(/^B0SAMPLE\d\d$/);
    expect(await seriousViolations(tab.page), "dashboard with the sample products").toEqual([]);

    await tab.page.goto(`${server.url}/rank-trends`);
    await main().getByRole("img", { name: "Best Sellers Rank over 7 days" }).waitFor();
    const velocity = main().getByRole("table").last();
    await expect.poll(() => velocity.locator("tbody tr").count()).toBe(8);
    // A week of points each on the first day, not one.
    const basis = await velocity.locator("tbody tr td:last-child").allTextContents();
    expect(basis.every((text) => /^7 ranked days of 7, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/.test(text)), basis.join("; ")).toBe(true);
    expect(await main().getByText("Every point comes from RankLayer's mock source, not from Amazon.").count()).toBe(1);

    // The two sample alerts are listed, each already checked today.
    await tab.page.goto(`${server.url}/alerts`);
    for (const asin of ["B0SAMPLE01", "B0SAMPLE07"]) await main().getByText(asin, { exact: false }).first().waitFor();
    const alerts = (await apiJson<{ alerts: { last_result: string | null }[] }>("/api/alerts")).alerts;
    expect(alerts.map((alert) => alert.last_result === "fired" || alert.last_result === "ok")).toEqual([true, true]);
    expect(tab.consoleErrors).toEqual([]);
  }, 60_000);

  it("keeps the marketing pages for anonymous visitors, and /portfolio answers 200 with its own head tags", async () => {
    await tab.page.goto(`${server.url}/rank-trends`);
    await main().getByRole("heading", { name: "Rank Trends", level: 1 }).waitFor();
    await tab.page.goto(`${server.url}/dashboard?brand=Acme`);
    await main().getByRole("heading", { name: "Brand view: Acme" }).waitFor();
    const response = await fetch(`${server.url}/portfolio`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Portfolio | RankLayer</title>");
    expect(html).toContain('<meta name="robots" content="noindex');
  });
});
