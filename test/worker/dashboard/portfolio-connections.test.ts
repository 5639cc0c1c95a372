import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PortfolioResponse } from "../../../worker/contract/dashboard";
import { revenueDays, revenueRunDay } from "../../../worker/upstreams/spapi/sales-days";
import { proBrowser, userIdOf } from "../history/accounts";
import { resetHistoryTables } from "../jobs/nightly-run/support";
import type { TestBrowser } from "../support/seller-browser";
import { insertConnection } from "../support/seller-connections";
import { readPdf } from "../exports/pdf-reader";

/**
 * /api/portfolio and its export across a workspace's seller connections: revenue in each
 * marketplace's currency (totals per currency), a row per client, and the drill-down to one
 * client (`?connection=`), which the CSV export follows.
 */
const US_ASIN = "B0PORTUS01";
const DE_ASIN = "B0PORTDE01";

beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM seller_revenue").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/** Stores a revenue row of `connection` (by default on the marketplace's last complete day). */
type AddRevenue = (connection: string, asin: string, marketplace: "US" | "DE", amount: number, currency: string, day?: string) => Promise<unknown>;

async function twoClients(): Promise<{ browser: TestBrowser; us: string; eu: string; revenue: AddRevenue }> {
  const browser = await proBrowser();
  const workspaceId = userIdOf(browser);
  const eu = `${workspaceId}-eu`;
  await env.DB.prepare("UPDATE seller_connections SET name = 'Acme US' WHERE id = ?").bind(workspaceId).run();
  await insertConnection({ id: eu, workspaceId, sellingPartnerId: "DEMO-EU-CLIENT", region: "eu", name: "Acme EU", status: "demo" });
  expect((await browser.json("/api/watchlist", "POST", { asin: US_ASIN, marketplace: "US" })).status).toBe(201);
  expect((await browser.json("/api/watchlist", "POST", { asin: DE_ASIN, marketplace: "DE" })).status).toBe(201);
  // The last complete day of the marketplace's own time zone: what the revenue window covers.
  const revenue = (connection: string, asin: string, marketplace: "US" | "DE", amount: number, currency: string, day = revenueDays(revenueRunDay(Date.now()), marketplace, 7).at(-1)!) =>
    env.DB.prepare(
      "INSERT INTO seller_revenue (connection_id, workspace_id, asin, marketplace, day, source, status, amount, currency, units, captured_at) VALUES (?, ?, ?, ?, ?, 'mock', 'ok', ?, ?, 2, ?)",
    )
      .bind(connection, workspaceId, asin, marketplace, day, amount, currency, `${day}T02:10:00.000Z`)
      .run();
  await revenue(workspaceId, US_ASIN, "US", 10.5, "USD");
  await revenue(eu, DE_ASIN, "DE", 20, "EUR");
  return { browser, us: workspaceId, eu, revenue };
}

async function portfolio(browser: TestBrowser, query = ""): Promise<PortfolioResponse> {
  const res = await browser.request(`/api/portfolio${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<PortfolioResponse>();
}

describe("the aggregated portfolio across seller connections", () => {
  it("totals revenue per currency across clients, with a row per client", async () => {
    const { browser, us, eu } = await twoClients();
    const all = await portfolio(browser);
    expect(all.connection).toBeNull();
    expect(all.clients!.revenueByCurrency).toEqual([
      { currency: "EUR", amount: 20 },
      { currency: "USD", amount: 10.5 },
    ]);
    expect(all.clients!.rows.map((row) => [row.connectionId, row.name, row.products, row.revenue])).toEqual([
      [us, "Acme US", 1, [{ currency: "USD", amount: 10.5 }]],
      [eu, "Acme EU", 1, [{ currency: "EUR", amount: 20 }]],
    ]);
    expect(all.marketplaces).toEqual(["DE", "US"]);
    // The block's figures say where they come from over every marketplace: the newest revenue capture of US and DE.
    const newestDay = [revenueDays(revenueRunDay(Date.now()), "US", 7).at(-1)!, revenueDays(revenueRunDay(Date.now()), "DE", 7).at(-1)!].sort().at(-1)!;
    expect(all.clients!.revenueSource).toMatchObject({ kind: "mock", asOf: `${newestDay}T02:10:00.000Z` });
  });

  it("counts each marketplace's own complete days in the clients' totals, as in the per-ASIN revenue", async () => {
    const { browser, us, revenue } = await twoClients();
    // A US row dated after the US window's last complete day (a Los Angeles day not over yet at the run).
    const after = revenueDays(revenueRunDay(Date.now()), "US", 7).at(-1)!;
    const later = new Date(Date.parse(`${after}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await revenue(us, US_ASIN, "US", 99, "USD", later);
    const all = await portfolio(browser);
    expect(all.clients!.revenueByCurrency).toContainEqual({ currency: "USD", amount: 10.5 });
    expect(all.kpis.totalRevenue).toMatchObject({ currency: "USD", amount: 10.5 });
  });

  it("a client's products and revenue are its tracked ASINs': an ASIN no longer tracked leaves them, as it leaves the brand table", async () => {
    const { browser, us, revenue } = await twoClients();
    const untracked = "B0PORTUS99";
    // Tracked, sold, then untracked: its seller rows stay (data is kept), but it is no longer in the portfolio.
    expect((await browser.json("/api/watchlist", "POST", { asin: untracked, marketplace: "US" })).status).toBe(201);
    await revenue(us, untracked, "US", 500, "USD");
    expect((await browser.request(`/api/watchlist/US/${untracked}`, { method: "DELETE" })).status).toBe(204);
    const all = await portfolio(browser);
    const row = all.clients!.rows.find((client) => client.connectionId === us)!;
    expect(row.products).toBe(1);
    expect(row.revenue).toEqual([{ currency: "USD", amount: 10.5 }]);
    expect(all.clients!.revenueByCurrency).toContainEqual({ currency: "USD", amount: 10.5 });
    expect(all.kpis.totalRevenue).toEqual({ currency: "USD", amount: 10.5 });
  });

  it("drills down to one client: its marketplaces, revenue and row only; another workspace's connection is 404", async () => {
    const { browser, eu } = await twoClients();
    const one = await portfolio(browser, `?connection=${encodeURIComponent(eu)}`);
    expect(one.connection).toBe(eu);
    expect(one.marketplaces).toEqual(["DE"]);
    expect(one.marketplace).toBe("DE");
    expect(one.clients!.revenueByCurrency).toEqual([{ currency: "EUR", amount: 20 }]);
    expect(one.clients!.rows.map((row) => row.name)).toEqual(["Acme EU"]);

    const other = await twoClients();
    const refused = await other.browser.request(`/api/portfolio?connection=${encodeURIComponent(eu)}`);
    expect(refused.status).toBe(404);
    expect((await refused.json<{ detail: string }>()).detail).toBe("No such seller connection in this workspace.");
  });

  it("the CSV and PDF exports follow the same scope", async () => {
    const { browser, eu } = await twoClients();
    const lines = async (res: Response) => (await res.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    const all = await browser.request("/api/exports/portfolio?format=csv");
    expect(all.headers.get("Content-Disposition")).toContain("portfolio-US-7d");
    expect((await lines(all)).slice(1).map((line) => line.split(",").slice(1, 6))).toEqual([["1", "", "", "10.50", "USD"]]);

    const one = await browser.request(`/api/exports/portfolio?format=csv&connection=${encodeURIComponent(eu)}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("Content-Disposition")).toContain(`portfolio-DE-7d-${eu.slice(0, 12)}`);
    expect((await lines(one)).slice(1).map((line) => line.split(",").slice(1, 6))).toEqual([["1", "", "", "20.00", "EUR"]]);

    const pdf = await browser.request(`/api/exports/portfolio?format=pdf&connection=${encodeURIComponent(eu)}`);
    expect(pdf.status).toBe(200);
    // The revenue total says what the card says: its "as of", and the days left out of it.
    const { kpis } = await (await browser.request(`/api/portfolio?connection=${encodeURIComponent(eu)}`)).json<PortfolioResponse>();
    const { text } = await readPdf(new Uint8Array(await pdf.clone().arrayBuffer()));
    expect(kpis.revenueMissingDays).toBeGreaterThan(1);
    expect(text).toContain(`${kpis.revenueMissingDays} days are missing`);
    expect(text).toContain(`as of ${kpis.revenueSource.asOf}`);
    expect(pdf.headers.get("Content-Disposition")).toContain(`portfolio-DE-7d-${eu.slice(0, 12)}`);
    expect((await browser.request("/api/exports/portfolio?format=csv&connection=c-elsewhere")).status).toBe(404);
  });

  it("the dashboard and the alerts take the same connection filter", async () => {
    const { browser, eu } = await twoClients();
    for (const [asin, marketplace] of [[US_ASIN, "US"], [DE_ASIN, "DE"]]) {
      const res = await browser.json("/api/alerts", "POST", { asin, marketplace, conditionType: "rank_above", threshold: 5000 });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const dashboard = async (query: string) => (await (await browser.request(`/api/dashboard${query}`)).json<{ rows: { asin: string }[] }>()).rows.map((row) => row.asin);
    expect((await dashboard("")).sort()).toEqual([DE_ASIN, US_ASIN]);
    expect(await dashboard(`?connection=${encodeURIComponent(eu)}`)).toEqual([DE_ASIN]);
    expect((await browser.request("/api/dashboard?connection=c-elsewhere")).status).toBe(404);

    const alerts = async (query: string) => (await (await browser.request(`/api/alerts${query}`)).json<{ alerts: { asin: string }[] }>()).alerts.map((alert) => alert.asin);
    expect((await alerts("")).sort()).toEqual([DE_ASIN, US_ASIN]);
    expect(await alerts(`?connection=${encodeURIComponent(eu)}`)).toEqual([DE_ASIN]);
    // The plan's count stays the workspace's: two active alerts, whichever client is shown.
    expect((await (await browser.request(`/api/alerts?connection=${encodeURIComponent(eu)}`)).json<{ active: number }>()).active).toBe(2);
    expect((await browser.request("/api/alerts?connection=c-elsewhere")).status).toBe(404);
  });

  it("an alert may watch one connection: the same rule on another connection is another alert, another workspace's connection a 404", async () => {
    const { browser, us, eu } = await twoClients();
    const rule = { asin: DE_ASIN, marketplace: "DE", conditionType: "low_stock", threshold: 5 };
    const onEu = await browser.json("/api/alerts", "POST", { ...rule, connectionId: eu });
    expect(onEu.status, await onEu.clone().text()).toBe(201);
    expect((await onEu.json<{ alert: { connectionId: string | null } }>()).alert.connectionId).toBe(eu);
    expect((await browser.json("/api/alerts", "POST", { ...rule, connectionId: us })).status).toBe(201);
    expect((await browser.json("/api/alerts", "POST", { ...rule, connectionId: eu })).status).toBe(409);
    const other = await twoClients();
    expect((await other.browser.json("/api/alerts", "POST", { ...rule, connectionId: eu })).status).toBe(404);
    const listed = await (await browser.request(`/api/alerts?connection=${encodeURIComponent(eu)}`)).json<{ alerts: { connectionId: string | null }[] }>();
    expect(listed.alerts.map((alert) => alert.connectionId)).toEqual([eu]);

    // The alerts export takes the same filter and names the seller account each alert watches.
    const csvRows = async (query: string) => (await (await browser.request(`/api/exports/alerts?format=csv${query}`)).text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n").slice(1);
    expect((await csvRows("")).map((line) => line.split(",")[4])).toEqual(["Acme EU", "Acme US"]);
    expect((await csvRows(`&connection=${encodeURIComponent(eu)}`)).map((line) => line.split(",")[4])).toEqual(["Acme EU"]);
    expect((await browser.request("/api/exports/alerts?format=csv&connection=c-elsewhere")).status).toBe(404);
  });
});
