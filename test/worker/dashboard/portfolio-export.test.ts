import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PortfolioResponse } from "../../../worker/contract/dashboard";
import { freeBrowser, proBrowser } from "../history/accounts";
import { resetHistoryTables, runSlicesToEnd, virtualClock } from "../jobs/nightly-run/support";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { utcDay } from "../../../worker/contract/time";

const ASINS = ["B08N5WRWNW", "B07XJ8C8F5"];

beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM asin_details").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const runNightly = () => runSlicesToEnd(demoEnv(), utcDay(Date.now()), { clock: virtualClock(Date.now()) });

async function watch(browser: TestBrowser, asins: readonly string[]) {
  for (const asin of asins) expect((await browser.json("/api/watchlist", "POST", { asin, marketplace: "US" })).status).toBe(201);
}

describe("GET /api/exports/portfolio", () => {
  it("exports the brand table the portfolio screen shows, with its KPIs and the demo label as notes", async () => {
    const browser = await proBrowser();
    await watch(browser, ASINS);
    await runNightly();
    const screen = await (await browser.request("/api/portfolio")).json<PortfolioResponse>();
    expect(screen.brandRows.length).toBeGreaterThan(0);

    const res = await browser.request("/api/exports/portfolio?format=csv");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Content-Disposition")).toContain(`ranklayer-portfolio-US-7d-${utcDay(Date.now())}.csv`);
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Brand,Products,Average rank,Rank change %,Revenue,Currency,Status,Source,As of");
    for (const row of screen.brandRows) expect(lines.some((line) => line.startsWith(`${row.brand},${row.products},`))).toBe(true);

    const pdf = await browser.request("/api/exports/portfolio?format=pdf&paper=letter");
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("refuses ranges past the plan and callers who are not signed in", async () => {
    const free = await freeBrowser();
    const refused = await free.request("/api/exports/portfolio?format=csv&range=30d");
    expect(refused.status).toBe(403);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/Free plan shows 7 days/);

    const anonymous = new TestBrowser(demoEnv());
    const res = await anonymous.request("/api/exports/portfolio?format=csv");
    expect(res.status).toBe(401);
  });
});
